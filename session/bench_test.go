package session

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// Frame benchmarks. Bubble Tea calls View() after every message, so two
// patterns matter at 1,000 sessions (docs/performance.md):
//
//   - a View() after a message that changed nothing visible (a key that does
//     nothing, a stale timer tick, the unchanged view repeated): the
//     Benchmark*Noop* and plain BenchmarkView* benchmarks;
//   - a View() right after a table update where only a little changed (one
//     other psychic became ready): all seats of a table repaint at once, the
//     latency tail. BenchmarkViewUpdate* alternate between two such updates
//     so that every iteration really draws a new frame.
//
// All use real (cached) card art at the 256-colour profile.

// benchModel is player p's session at w x h on a started classic game in
// step 1 (every vision given unless p is the ghost), its art cache warm.
func benchModel(b *testing.B, p game.PlayerID, w, h int) (*Model, *pureTable) {
	b.Helper()
	noTileChecks(b)
	t := &testing.T{}
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	if p != pGhost {
		ghostGiveAll(t, pt)
	}
	m := modelAt(t, pt, p, w, h)
	m.sh.R.SetColorProfile(colorprofile.ANSI256)
	_ = m.View() // fill the art cache
	return m, pt
}

// The cost of drawing one frame of the busiest screens with real (cached)
// card art, the model unchanged since the last frame.
func benchView(b *testing.B, p game.PlayerID, w, h int) {
	m, _ := benchModel(b, p, w, h)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

func BenchmarkViewPsychic140x45(b *testing.B)   { benchView(b, pAnn, 140, 45) }
func BenchmarkViewGhost140x45(b *testing.B)     { benchView(b, pGhost, 140, 45) }
func BenchmarkViewPsychic80x24(b *testing.B)    { benchView(b, pAnn, 80, 24) }
func BenchmarkViewSpectator140x45(b *testing.B) { benchView(b, pWatch, 140, 45) }

// benchNoop is a View() after each message of msgs in turn, none of which
// changes what the screen shows.
func benchNoop(b *testing.B, p game.PlayerID, w, h int, msgs ...tea.Msg) {
	m, _ := benchModel(b, p, w, h)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Update(msgs[i%len(msgs)])
		_ = m.View()
	}
}

// A key the psychic's screen does not use, then the frame.
func BenchmarkViewNoopKeyPsychic140x45(b *testing.B) {
	benchNoop(b, pAnn, 140, 45, keyMsg("F"))
}

func BenchmarkViewNoopKeyGhost140x45(b *testing.B) {
	benchNoop(b, pGhost, 140, 45, keyMsg("F"))
}

// A sand-timer tick that is not the one the session armed (a stale one, as
// after a phase with no visible timer), then the frame.
func BenchmarkViewStaleTickPsychic80x24(b *testing.B) {
	benchNoop(b, pAnn, 80, 24, state.TickMsg{Gen: 1})
}

// benchUpdate alternates between two updates of the table that differ by
// one other psychic's ready mark, and draws a frame after each: what every
// seat pays when the table changes a little.
func benchUpdate(b *testing.B, p game.PlayerID, w, h int) {
	noTileChecks(b)
	frame := updateFrames(b, p, w, h)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		frame(i)
	}
}

// updateFrames is the set-up of benchUpdate (and of TestFrameAllocs):
// player p's session at w x h, and a function that takes the i-th of the
// two alternating updates and draws the frame after it.
func updateFrames(tb testing.TB, p game.PlayerID, w, h int) func(i int) {
	tb.Helper()
	t := &testing.T{}
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	if p != pGhost {
		ghostGiveAll(t, pt)
	}
	m := modelAt(t, pt, p, w, h)
	m.sh.R.SetColorProfile(colorprofile.ANSI256)
	_ = m.View() // fill the art cache
	ghostGiveAll(t, pt)
	// ben (yellow) places an intuition: before and after he is ready.
	cards := pt.st.ViewFor(pBen).Public().TableCards[pt.st.ViewFor(pBen).Public().Psychic(game.Yellow).Category]
	pt.must(t, pBen, game.PlaceIntuition{Psychic: game.Yellow, Card: cards[1]})
	u1 := pt.update(p)
	pt.must(t, pBen, game.SetReady{Psychic: game.Yellow, Ready: true})
	u2 := pt.update(p)
	us := [2]game.Update{u1, u2}
	m.Update(state.UpdateMsg{Gen: m.gen, U: u1})
	_ = m.View()
	return func(i int) {
		u := us[i%2]
		u.Version = uint64(10 + i)
		m.Update(state.UpdateMsg{Gen: m.gen, U: u})
		_ = m.View()
	}
}

func BenchmarkViewUpdatePsychic140x45(b *testing.B)   { benchUpdate(b, pAnn, 140, 45) }
func BenchmarkViewUpdatePsychic80x24(b *testing.B)    { benchUpdate(b, pAnn, 80, 24) }
func BenchmarkViewUpdateGhost140x45(b *testing.B)     { benchUpdate(b, pGhost, 140, 45) }
func BenchmarkViewUpdateGhost80x24(b *testing.B)      { benchUpdate(b, pGhost, 80, 24) }
func BenchmarkViewUpdateSpectator140x45(b *testing.B) { benchUpdate(b, pWatch, 140, 45) }

// noTileChecks turns off the tests' check of every tile's width
// (layout.VerifyTiles) for a benchmark: production does not pay it.
func noTileChecks(b *testing.B) {
	layout.VerifyTiles = false
	b.Cleanup(func() { layout.VerifyTiles = true })
}

// The lobby with a few tables listed, unchanged between frames.
func BenchmarkViewLobby80x24(b *testing.B) {
	noTileChecks(b)
	t := &testing.T{}
	hub := newFakeHub(
		TableInfo{Code: "K7QX", Name: "Samhain at Warwick", Options: game.DefaultOptions(game.Classic), Host: "gwen", SeatsTaken: 3, SeatsOpen: 4, Status: "waiting"},
		TableInfo{Code: "B2RT", Name: "friday", Options: game.DefaultOptions(game.Modern), Host: "ann", SeatsTaken: 7, Status: "hour III"},
		TableInfo{Code: "Z9PL", Name: "the long night", Options: game.DefaultOptions(game.Original), Host: "ben", SeatsTaken: 2, SeatsOpen: 5, Status: "waiting", Private: true},
	)
	m := newTestModel(t, hub, alice, 80, 24)
	m.Init()
	_ = m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Update(keyMsg("F"))
		_ = m.View()
	}
}

// The after-game screen (replay of the last hour), unchanged between frames.
func BenchmarkViewEnd140x45(b *testing.B) {
	noTileChecks(b)
	t := &testing.T{}
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, true)
	voteAll(t, pt, 1)
	m := modelAt(t, pt, pAnn, 140, 45)
	_ = m.View()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

// The sand timer's countdown: a frame each second in which only the
// header's clock moved (the 2-minute timer is classic's default).
func BenchmarkViewCountdownPsychic80x24(b *testing.B) {
	m, pt := benchModel(b, pAnn, 80, 24)
	pt.deadline = fixedNow.Add(time.Hour)
	refresh(m, pt)
	now := fixedNow
	m.sh.Clock = func() time.Time { return now }
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// Never past the deadline: every frame shows another second.
		now = fixedNow.Add(time.Duration(i%3000) * time.Second)
		_ = m.View()
	}
}

// The knock after a reveal: 8 frames in which only the banner pulses.
func BenchmarkViewKnockPsychic140x45(b *testing.B) {
	m, _ := benchModel(b, pAnn, 140, 45)
	m.table.Knock.Text = "✔ knock — ▲ Alma Salvador is right."
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.table.Knock.Frame = i % state.KnockFrames
		_ = m.View()
	}
}

// benchTable is what the server pays for one change of a table: every
// seat (the ghost, four psychics and a spectator, as in the load run at
// 80x24 on the pane that lists the psychics) takes the update and draws
// its frame. The two updates alternate (one psychic ready, then not), so
// every iteration draws six new frames. allocs/op and B/op are per table
// update; they do not depend on how busy the machine is.
func benchTable(b *testing.B, w, h int) {
	noTileChecks(b)
	t := &testing.T{}
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	seats := []game.PlayerID{pGhost, pAnn, pBen, pCat, pDan, pWatch}
	ms := make([]*Model, len(seats))
	for i, p := range seats {
		ms[i] = modelAt(t, pt, p, w, h)
		ms[i].sh.R.SetColorProfile(colorprofile.ANSI256)
		if w < 120 {
			press(ms[i], "tab") // the pane that lists the psychics
		}
		_ = ms[i].View()
	}
	yellow := pt.st.ViewFor(pBen).Public().Psychic(game.Yellow)
	pt.must(t, pBen, game.PlaceIntuition{Psychic: game.Yellow, Card: pt.st.ViewFor(pBen).Public().TableCards[yellow.Category][1]})
	var us [2][]game.Update
	for j, ready := range []bool{true, false} {
		pt.must(t, pBen, game.SetReady{Psychic: game.Yellow, Ready: ready})
		for _, p := range seats {
			us[j] = append(us[j], pt.update(p))
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, m := range ms {
			u := us[i%2][j]
			u.Version = uint64(10 + i)
			m.Update(state.UpdateMsg{Gen: m.gen, U: u})
			_ = m.View()
		}
	}
}

func BenchmarkViewUpdateTable80x24(b *testing.B)  { benchTable(b, 80, 24) }
func BenchmarkViewUpdateTable120x40(b *testing.B) { benchTable(b, 120, 40) }
