package session

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"

	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// maxUpdateFrameAllocs is what one frame after a table update may allocate
// on a psychic's or the ghost's 80x24 screen: every
// seat of a table pays it at once on every change, so it sets the
// collector's pace at a thousand sessions.
const maxUpdateFrameAllocs = 47

// maxUpdateFrameBytes is what one frame after a table update may allocate
// in bytes, by seat (BenchmarkViewUpdate*80x24's B/op): the frame itself
// (a new string the writer keeps) and little else. Before the body was
// written into the frame's builder, the psychic's took 16 KB and the
// ghost's 22 KB.
var maxUpdateFrameBytes = map[game.PlayerID]uint64{pAnn: 6 << 10, pGhost: 9 << 10}

// A frame after a table update allocates no more than maxUpdateFrameAllocs
// times and maxUpdateFrameBytes bytes: key maps and key bars are kept
// while what enables their keys is unchanged, not built again for every
// update, and the body is written into the frame, not copied into it.
func TestFrameAllocs(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("counts allocations of a few hundred frames, without the race detector's")
	}
	layout.VerifyTiles = false
	t.Cleanup(func() { layout.VerifyTiles = true })
	// The psychic's (BenchmarkViewUpdatePsychic80x24) and the ghost's
	// (BenchmarkViewUpdateGhost80x24) screens.
	for _, p := range []game.PlayerID{pAnn, pGhost} {
		frame := updateFrames(t, p, 80, 24)
		i := 0
		n := testing.AllocsPerRun(200, func() {
			frame(i)
			i++
		})
		if n > maxUpdateFrameAllocs {
			t.Errorf("%s: a frame after a table update allocates %.0f times, more than %d (go test ./session -run XXX -bench ViewUpdate.*80x24 -memprofile, then go tool pprof -sample_index=alloc_objects)", p, n, maxUpdateFrameAllocs)
		}
		// Bytes: the least of three runs, in case a goroutine of another
		// test allocated meanwhile.
		least := uint64(1 << 62)
		for range 3 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for range 100 {
				frame(i)
				i++
			}
			runtime.ReadMemStats(&after)
			least = min(least, (after.TotalAlloc-before.TotalAlloc)/100)
		}
		if least > maxUpdateFrameBytes[p] {
			t.Errorf("%s: a frame after a table update allocates %d bytes, more than %d (go test ./session -run XXX -bench ViewUpdate.*80x24 -memprofile, then go tool pprof -sample_index=alloc_space)", p, least, maxUpdateFrameBytes[p])
		}
	}
}

// The key maps kept between updates (mapMemo) never go stale: through a
// game played at random, each seat's long-lived session shows the key bar
// and the ? help that a session opened afresh on the same update shows,
// and the bar does change with the phase (i, a psychic's intuition, is
// offered while the psychics play and not during the reveal).
func TestKeyBarFollowsState(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	seats := []game.PlayerID{pGhost, pAnn, pBen, pWatch}
	ms := map[game.PlayerID]*Model{}
	for _, p := range seats {
		ms[p] = modelAt(t, pt, p, 80, 24)
	}
	barOf := func(m *Model) (string, []string) {
		return table.KeyBar(m.table), m.table.KeyMap().HelpLines(m.sh.Lang())
	}
	sawIntuition, sawNone := false, false
	check := func(what string) {
		t.Helper()
		for _, p := range seats {
			m := ms[p]
			refresh(m, pt)
			_ = m.View()
			bar, help := barOf(m)
			fresh := modelAt(t, pt, p, 80, 24)
			wantBar, wantHelp := barOf(fresh)
			if bar != wantBar || !slices.Equal(help, wantHelp) {
				t.Fatalf("%s, %s, phase %v: the kept key bar is stale:\n got %q\nwant %q\nhelp got %q\nwant %q", what, p, pt.st.Phase(), bar, wantBar, help, wantHelp)
			}
			if p == pAnn {
				if strings.Contains(bar, "i intuition") {
					sawIntuition = true
				} else {
					sawNone = true
				}
			}
		}
	}
	psychics := map[game.Colour]game.PlayerID{}
	for _, s := range pt.st.ViewFor(pGhost).Public().Seats {
		for _, c := range s.Colours {
			psychics[c] = s.Player
		}
	}
	// Rounds played one command at a time (visions, intuitions, ready
	// marks, the reveal), then a few random moves, seen after each.
	for round := 0; round < 3 && pt.st.Phase() != game.PhaseFinished; round++ {
		ghostGiveAll(t, pt)
		check("visions given")
		g := pt.st.ViewFor(pGhost).(*game.GhostView)
		for _, tr := range g.Trails {
			p := g.Psychic(tr.Psychic)
			if p.Finished {
				continue
			}
			pt.must(t, psychics[tr.Psychic], game.PlaceIntuition{Psychic: tr.Psychic, Card: tr.Cards[p.Category]})
			check("intuition placed")
			pt.must(t, psychics[tr.Psychic], game.SetReady{Psychic: tr.Psychic, Ready: true})
			check("ready")
		}
		if pt.st.Phase() == game.PhaseReveal {
			pt.must(t, pGhost, game.RevealAll{})
			check("revealed")
		}
	}
	for step := 0; step < 30 && pt.st.Phase() != game.PhaseFinished; step++ {
		playRandomly(t, pt, uint64(step), 2, nil)
		check("random moves")
	}
	if !sawIntuition || !sawNone {
		t.Errorf("the psychic's bar never changed with the phase (with i: %v, without: %v)", sawIntuition, sawNone)
	}
}
