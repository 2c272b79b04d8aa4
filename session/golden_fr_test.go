package session

import (
	"fmt"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestGoldenFrench draws each role's main screen in French at 80x24 (tabs)
// and 120x40 (one screen), with 3 psychics, and compares each with its
// golden file (go test -run TestGoldenFrench -update rewrites them).
// French runs longer than English: checkFrame (in runGolden) fails for any
// line wider than the terminal.
func TestGoldenFrench(t *testing.T) {
	roles := []struct {
		name  string
		p     game.PlayerID
		ready string
		setup func(t *testing.T, pt *pureTable)
	}{
		{"ghost", pGhost, "choisies)", func(t *testing.T, pt *pureTable) {
			v := pt.st.ViewFor(pGhost).(*game.GhostView)
			pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
		}},
		{"psychic", pAnn, "piste :", func(t *testing.T, pt *pureTable) {
			ghostGiveAll(t, pt)
			cards := pt.st.ViewFor(pAnn).Public().TableCards
			for i, p := range pt.st.ViewFor(pAnn).Public().Psychics {
				if i%2 == 1 {
					pt.must(t, psychicPlayers[i], game.PlaceIntuition{Psychic: p.Colour, Card: cards[p.Category][i%len(cards[p.Category])]})
				}
			}
		}},
		{"spectator", pWatch, "Vous regardez", func(t *testing.T, pt *pureTable) { ghostGiveAll(t, pt) }},
		{"final", pAnn, "GROUPES DE SUSPECTS", func(t *testing.T, pt *pureTable) { playToFinal(t, pt, true) }},
		{"end", pAnn, "LES MÉDIUMS", func(t *testing.T, pt *pureTable) {
			playToFinal(t, pt, true)
			voteAll(t, pt, 1)
		}},
	}
	sizes := [][2]int{{80, 24}, {120, 40}}
	french := func(m *Model) *Model {
		m.sh.Who.Lang = i18n.French
		return m
	}
	for _, sz := range sizes {
		t.Run(fmt.Sprintf("lobby/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := french(newTestModel(t, newFakeHub(sampleTables()...), alice, sz[0], sz[1]))
			runGolden(t, m, sz[0], sz[1], "TABLES", "Tuesday ghosts")
		})
		t.Run(fmt.Sprintf("seats/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			pt := seatedWith(t, game.Classic, 3)
			who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost)}
			m := french(newTestModel(t, newFakeHub(), who, sz[0], sz[1]))
			m.sh.Cards = fakeCards{}
			m.attach(pt.code, pt, pt.subscribe(pGhost), false)
			runGolden(t, m, sz[0], sz[1], "s lance la partie", "s lance la partie")
		})
		for _, r := range roles {
			t.Run(fmt.Sprintf("%s/%dx%d", r.name, sz[0], sz[1]), func(t *testing.T) {
				pt := gameWith(t, game.Classic, 3)
				r.setup(t, pt)
				who := Identity{ID: r.p, Name: names[r.p], Fingerprint: string(r.p)}
				m := french(newTestModel(t, newFakeHub(), who, sz[0], sz[1]))
				m.sh.Cards = fakeCards{}
				m.attach(pt.code, pt, pt.subscribe(r.p), false)
				runGolden(t, m, sz[0], sz[1], r.ready, r.ready)
			})
		}
	}
}
