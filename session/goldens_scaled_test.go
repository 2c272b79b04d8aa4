package session

import (
	"fmt"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestGoldenScreens draws every role's screen with 3 and 6 psychics at
// 80x24 (tabs), 120x40 (one screen) and 200x60 (larger cards) and
// compares each with its golden file (go test -run TestGoldenScreens
// -update rewrites them).
func TestGoldenScreens(t *testing.T) {
	roles := []struct {
		name  string
		p     game.PlayerID
		ready string
		setup func(t *testing.T, pt *pureTable)
	}{
		{"ghost", pGhost, "selected)", func(t *testing.T, pt *pureTable) {
			v := pt.st.ViewFor(pGhost).(*game.GhostView)
			pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
		}},
		{"psychic", pAnn, "trail:", func(t *testing.T, pt *pureTable) {
			ghostGiveAll(t, pt)
			cards := pt.st.ViewFor(pAnn).Public().TableCards
			for i, p := range pt.st.ViewFor(pAnn).Public().Psychics {
				if i%2 == 1 {
					pt.must(t, psychicPlayers[i], game.PlaceIntuition{Psychic: p.Colour, Card: cards[p.Category][i%len(cards[p.Category])]})
				}
			}
		}},
		{"spectator", pWatch, "Watching", func(t *testing.T, pt *pureTable) { ghostGiveAll(t, pt) }},
		{"final", pAnn, "SUSPECT GROUPS", func(t *testing.T, pt *pureTable) { playToFinal(t, pt, true) }},
		{"end", pAnn, "THE PSYCHICS", func(t *testing.T, pt *pureTable) {
			playToFinal(t, pt, true)
			voteAll(t, pt, 1)
		}},
	}
	for _, n := range []int{3, 6} {
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			// The seat picker, seen by the host (the ghost) before the
			// start, with n psychics seated.
			t.Run(fmt.Sprintf("seats/%d/%dx%d", n, sz[0], sz[1]), func(t *testing.T) {
				pt := seatedWith(t, game.Classic, n)
				// Six lines of talk: more than the four a small
				// terminal has room for.
				for i := 0; i < 6; i++ {
					pt.must(t, psychicPlayers[i%n], game.Chat{Text: fmt.Sprintf("line %d of the talk before the game", i+1)})
				}
				who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost)}
				m := newTestModel(t, newFakeHub(), who, sz[0], sz[1])
				m.sh.Cards = fakeCards{}
				m.attach(pt.code, pt, pt.subscribe(pGhost), false)
				runGolden(t, m, sz[0], sz[1], "Press s to start", "Press s to start")
			})
		}
	}
	for _, r := range roles {
		for _, n := range []int{3, 6} {
			for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
				t.Run(fmt.Sprintf("%s/%d/%dx%d", r.name, n, sz[0], sz[1]), func(t *testing.T) {
					pt := gameWith(t, game.Classic, n)
					r.setup(t, pt)
					who := Identity{ID: r.p, Name: names[r.p], Fingerprint: string(r.p)}
					m := newTestModel(t, newFakeHub(), who, sz[0], sz[1])
					m.sh.Cards = fakeCards{}
					m.attach(pt.code, pt, pt.subscribe(r.p), false)
					runGolden(t, m, sz[0], sz[1], r.ready, r.ready)
				})
			}
		}
	}
}
