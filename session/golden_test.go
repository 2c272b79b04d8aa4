package session

import (
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// tableGolden runs player p's session on the pure table in a real Bubble
// Tea program at each main size, after the keys, and compares the frame.
func tableGolden(t *testing.T, pt *pureTable, p game.PlayerID, want string, keys ...string) {
	t.Helper()
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			who := Identity{ID: p, Name: names[p], Fingerprint: string(p)}
			m := newTestModel(t, newFakeHub(), who, sz[0], sz[1])
			// Stable stand-in art: the goldens are about the layout, and
			// must not change when the deck's pictures do.
			m.sh.Cards = fakeCards{}
			m.attach(pt.code, pt, pt.subscribe(p), false)
			runGolden(t, m, sz[0], sz[1], "classic", want, keys...)
			picturesInTheSameCells(t, m, sz[0], sz[1])
		})
	}
}

func TestGoldenSeats(t *testing.T) {
	tableGolden(t, seatScenario(t), pGhost, "Press s to start")
}

func TestGoldenGhost(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	pt.must(t, pGhost, game.GiveVision{To: game.Yellow, Cards: pt.st.ViewFor(pGhost).(*game.GhostView).Hand[:2]})
	tableGolden(t, pt, pGhost, "(2 selected)", "right", " ", "right", " ")
}

func TestGoldenPsychic(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	cards := pt.st.ViewFor(pAnn).Public().TableCards[game.Character]
	pt.must(t, pBen, game.PlaceIntuition{Psychic: game.Yellow, Card: cards[2]}, game.SetReady{Psychic: game.Yellow, Ready: true})
	pt.must(t, pCat, game.PlaceIntuition{Psychic: game.Red, Card: cards[2]})
	pt.must(t, pAnn, game.PlaceIntuition{Psychic: game.Purple, Card: cards[0]}, game.PlaceToken{From: game.Purple, On: game.Yellow, Kind: game.TokenNo})
	pt.must(t, pBen, game.Chat{Text: "the green glass is the greenhouse, surely"})
	pt.must(t, pCat, game.Chat{Text: "or the chapel window?"})
	pt.deadline = fixedNow.Add(84 * time.Second)
	tableGolden(t, pt, pAnn, "1:24")
}

func TestGoldenSpectator(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	tableGolden(t, pt, pWatch, "Watching")
}

func TestGoldenFinal(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, true)
	tableGolden(t, pt, pAnn, "Vote now")
}

func TestGoldenEnd(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, true)
	voteAll(t, pt, 1)
	tableGolden(t, pt, pAnn, "psychics won", "right")
}
