package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestTableCardsNamedWhole: original hard with 6 psychics puts 11 objects
// on the table; at 120x40 their captions read "1 Hat …", "2 Prun…", and a
// psychic or spectator had to zoom each card to learn its name. Under the
// psychics' list, beside the vision, each card is named whole, and the
// one under the cursor is marked. Where the captions are whole (200x60)
// the names are not repeated. (At 140x45 the thumbnails take two rows,
// their captions lose a few letters, and no rows are left for the names.)
func TestTableCardsNamedWhole(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {200, 60}} {
		for _, p := range []game.PlayerID{pAnn, pWatch} {
			for _, intuitions := range []bool{false, true} {
				t.Run(fmt.Sprintf("%dx%d/%s/intuitions=%v", sz[0], sz[1], names[p], intuitions), func(t *testing.T) {
					opts := game.DefaultOptions(game.Original)
					opts.Difficulty = game.Hard
					pt := newPureTable(t, opts, pGhost, 11)
					pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
					for i := 0; i < 6; i++ {
						pt.must(t, psychicPlayers[i], game.Sit{Seat: game.Seats[i+1], Name: fmt.Sprintf("p%d", i+1)})
					}
					pt.must(t, pGhost, game.Start{})
					if intuitions {
						// A vision of 3 cards: the vision's pictures are thumbnails.
						v := pt.st.ViewFor(pGhost).(*game.GhostView)
						pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:3]})
					}
					ghostGiveAll(t, pt)
					if intuitions {
						// Intuitions on the table: a row of marks under the
						// captions, and the vision a thumbnail.
						pub := pt.st.ViewFor(pAnn).Public()
						for i, ps := range pub.Psychics[1:3] {
							pt.must(t, psychicPlayers[i+1], game.PlaceIntuition{Psychic: ps.Colour, Card: pub.TableCards[ps.Category][i]})
						}
					}
					m := modelAt(t, pt, p, sz[0], sz[1])
					view := plainView(m)
					checkFrame(t, view, sz[0], sz[1])
					pub := pt.st.ViewFor(p).Public()
					cards := pub.TableCards[pub.Psychics[0].Category]
					cut := strings.Contains(view, "…")
					for i, id := range cards {
						// Whole, or whole but for a leading "The".
						whole := fmt.Sprintf("%d %s", i+1, m.sh.CardName(id))
						short := fmt.Sprintf("%d %s", i+1, strings.TrimPrefix(m.sh.CardName(id), "The "))
						n := strings.Count(view, whole)
						if short != whole {
							n += strings.Count(view, short)
						}
						if cut && n == 0 {
							t.Errorf("%q is not on the screen, and the captions are cut:\n%s", whole, view)
						} else if !cut && n > 1 {
							t.Errorf("%q twice though the captions are whole", whole)
						}
					}
				})
			}
		}
	}
}
