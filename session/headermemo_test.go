package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// The header and the psychic's "you are" line are kept while what they
// show is unchanged (state.Table.Header, psychicScreen.youLine): through a
// game played one move at a time (a discard, visions, intuitions on the
// right cards, ready marks, reveals, then moves at random), each seat's
// long-lived session shows the header and the first line of its body that
// a session opened afresh on the same update shows.
func TestHeaderAndYouLineFollowTheTable(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	seats := []game.PlayerID{pGhost, pAnn, pBen, pWatch}
	sizes := [][2]int{{80, 24}, {140, 45}}
	ms := map[string]*Model{}
	for _, p := range seats {
		for _, sz := range sizes {
			ms[fmt.Sprint(p, sz)] = modelAt(t, pt, p, sz[0], sz[1])
		}
	}
	check := func(what string) {
		t.Helper()
		for _, p := range seats {
			for _, sz := range sizes {
				m := ms[fmt.Sprint(p, sz)]
				refresh(m, pt)
				m.table.Knock.Text = "" // the knock over, as seconds after a reveal
				got := strings.Split(m.View(), "\n")
				want := strings.Split(modelAt(t, pt, p, sz[0], sz[1]).View(), "\n")
				for _, i := range []int{0, 2} {
					if got[i] != want[i] {
						t.Fatalf("%s, %s at %dx%d, line %d is stale:\n got %q\nwant %q", what, p, sz[0], sz[1], i, got[i], want[i])
					}
				}
			}
		}
	}
	check("start")
	pt.must(t, pGhost, game.Discard{Cards: pt.st.ViewFor(pGhost).(*game.GhostView).Hand[:1]})
	check("the ghost discarded")
	psychics := map[game.Colour]game.PlayerID{}
	for _, s := range pt.st.ViewFor(pGhost).Public().Seats {
		for _, c := range s.Colours {
			psychics[c] = s.Player
		}
	}
	found := false
	for round := 0; round < 3 && pt.st.Phase() != game.PhaseFinished; round++ {
		ghostGiveAll(t, pt)
		check("visions given")
		g := pt.st.ViewFor(pGhost).(*game.GhostView)
		for _, tr := range g.Trails {
			p := g.Psychic(tr.Psychic)
			if p.Finished {
				continue
			}
			pt.must(t, psychics[tr.Psychic], game.PlaceIntuition{Psychic: tr.Psychic, Card: tr.Cards[p.Category]}, game.SetReady{Psychic: tr.Psychic, Ready: true})
			check("an intuition placed")
		}
		if pt.st.Phase() == game.PhaseReveal {
			pt.must(t, pGhost, game.RevealAll{})
			check("revealed")
		}
		found = found || len(pt.st.ViewFor(pAnn).Public().Psychics[0].Found) > 0
	}
	for step := 0; step < 20 && pt.st.Phase() != game.PhaseFinished; step++ {
		playRandomly(t, pt, uint64(step), 2, nil)
		check("random moves")
	}
	if !found {
		t.Error("no psychic found a card: the you-line's trail never changed")
	}
}
