package session

import (
	"fmt"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// At 200x60 the cards take the room there is (they were thumbnails in the
// top third, the rest of the screen empty). Every
// edition, 3 and 6 psychics, 5 to 9 cards a category: a psychic's table
// cards are larger than thumbnails, in one row, beside a vision at card
// size; the ghost's targets are larger than thumbnails.
func TestBigScreenCards(t *testing.T) {
	for _, ed := range []game.Edition{game.Classic, game.Modern, game.Original} {
		for _, n := range []int{3, 6} {
			pt := gameWith(t, ed, n)
			ghostGiveAll(t, pt)
			for k := 5; k <= 9; k++ {
				for _, who := range []game.PlayerID{pAnn, pGhost} {
					name := fmt.Sprintf("%s/%dpsychics/%dcards/%s", ed, n, k, names[who])
					m := newTestModel(t, newFakeHub(), Identity{ID: who, Name: names[who], Fingerprint: string(who)}, 200, 60)
					m.sh.Cards = similarCards{}
					m.attach(pt.code, pt, nil, false)
					feed(m, pt, func(pub *game.TableView) {
						for _, p := range pub.Psychics {
							cards := make([]game.CardID, k)
							for i := range cards {
								cards[i] = game.CardID(fmt.Sprintf("S%02d", i))
							}
							pub.TableCards[p.Category] = cards
						}
					})
					_ = m.View()
					if who == pGhost {
						lay := m.table.Scr.Ghost.ColumnsLayout(min(layout.CardW+2, 199/n-1))
						if lay.Target.W <= layout.ThumbW || !lay.Vision {
							t.Errorf("%s: the ghost's columns %+v: a target no larger than a thumbnail", name, lay)
						}
						continue
					}
					lay := m.table.Scr.Psychic.Layout()
					if lay.Cards.Size.W <= layout.ThumbW || lay.Cards.Rows != 1 || lay.Vision != layout.SizeCard {
						t.Errorf("%s: %+v: the table's cards no larger than thumbnails, or the vision not a card", name, lay)
					}
				}
			}
		}
	}
}
