package session

import (
	"math/rand/v2"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// memoKeys are the keys the stale-frame walk presses: every key some
// screen uses, typing included (t opens the chat line, letters go in).
var memoKeys = []string{
	"left", "right", "up", "down", "tab", "shift+tab", " ", "enter", "esc", "backspace",
	"t", "h", "i", "x", "?", "P", "T", "c", "d", "f", "g", "1", "2", "3", "v", "z", "r",
	"y", "n", "a", "b", "s", "u", "e", "w", "q", "l", "k", "j", "L",
}

// checkMemo fails when the frame View() returns is not what a fresh
// drawing of the model gives: a remembered frame gone stale.
func checkMemo(t *testing.T, m *Model, step int, what string) {
	t.Helper()
	got, want := m.View(), fresh(m)
	if got != want {
		t.Fatalf("step %d (%s): View() returned a stale frame.\ngot:\n%s\nwant:\n%s", step, what, plainText(got), plainText(want))
	}
}

// chatter fills the chat past what any pane shows, so that the chat pane
// takes every row left (and a row taken by a message shows).
func chatter(t *testing.T, pt *pureTable) {
	t.Helper()
	for i := range 40 {
		pt.must(t, []game.PlayerID{pAnn, pBen, pCat}[i%3], game.Chat{Text: "line " + layout.Itoa(i) + " of the chatter"})
	}
}

// fresh is the frame drawn from scratch, with no remembered part.
func fresh(m *Model) string {
	m.sh.NoMemo = true
	defer func() { m.sh.NoMemo = false }()
	return m.render()
}

func plainText(s string) string { return ansi.Strip(s) }

// memoWalk drives a model through random keys, resizes, clock steps and
// table changes, checking after each that the remembered frame is never
// stale. Every input of a frame must be part of the memo's key for this to
// pass: leave one out and a key that changes it shows the old frame.
func memoWalk(t *testing.T, m *Model, pt *pureTable, seed uint64, steps int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	now := fixedNow
	m.sh.Clock = func() time.Time { return now }
	sizes := [][2]int{{80, 24}, {140, 45}, {120, 40}, {100, 30}, {60, 20}, {150, 55}}
	checkMemo(t, m, 0, "start")
	for i := 1; i <= steps; i++ {
		var what string
		switch r := rng.IntN(20); {
		case r == 0:
			sz := sizes[rng.IntN(len(sizes))]
			m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			what = "resize"
		case r == 1:
			now = now.Add(time.Duration(rng.IntN(3000)) * time.Millisecond)
			what = "clock"
		case r == 2 && pt != nil:
			playRandomly(t, pt, rng.Uint64(), 3, nil)
			refresh(m, pt)
			what = "table update"
		case r == 3 && m.table != nil:
			// The knock's next frame, as its timer would deliver it.
			m.Update(state.KnockDoneMsg{Gen: m.table.Gen, Knock: m.table.Knock.N})
			what = "knock frame"
		case r == 4 && m.table != nil:
			// A submit answered: refused, or accepted.
			msg := state.SubmitMsg{Gen: m.table.Gen, Cmd: game.Chat{Text: "hi"}, Done: "Said."}
			if rng.IntN(2) == 0 {
				msg = state.SubmitMsg{Gen: m.table.Gen, Cmd: game.SetReady{}, Err: game.ErrTableStopped}
			}
			m.Update(msg)
			what = "submit answer"
		default:
			what = memoKeys[rng.IntN(len(memoKeys))]
			m.Update(keyMsg(what))
		}
		checkMemo(t, m, i, what)
	}
}

func TestFrameMemoNeverStale(t *testing.T) {
	type scenario struct {
		name  string
		p     game.PlayerID
		setup func(t *testing.T) *pureTable
		// after runs once the session has its first update.
		after func(t *testing.T, pt *pureTable)
	}
	started := func(t *testing.T) *pureTable {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		pt.deadline = fixedNow.Add(95 * time.Second)
		return pt
	}
	given := func(t *testing.T) *pureTable {
		pt := started(t)
		chatter(t, pt)
		// Visions of three cards, so that a cursor moves over them.
		for {
			v := pt.st.ViewFor(pGhost).(*game.GhostView)
			if len(v.WaitingVisions) == 0 {
				return pt
			}
			pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:3]})
		}
	}
	// reveal is a table whose results the ghost reveals after the
	// session's first update: the knock runs during the walk.
	reveal := func(t *testing.T) *pureTable {
		pt := given(t)
		for _, p := range pt.st.ViewFor(pGhost).Public().Psychics {
			for pl, c := range map[game.PlayerID]game.Colour{pAnn: game.Purple, pBen: game.Yellow, pCat: game.Red, pDan: game.Blue} {
				if c == p.Colour {
					pt.must(t, pl, game.PlaceIntuition{Psychic: c, Card: pt.st.ViewFor(pl).Public().TableCards[p.Category][0]},
						game.SetReady{Psychic: c, Ready: true})
				}
			}
		}
		return pt
	}
	// ghostAway is step 2 with the ghost's connection gone.
	ghostAway := func(t *testing.T) *pureTable {
		pt := reveal(t)
		pt.presence = map[game.PlayerID]game.Presence{pGhost: {AwaySince: fixedNow}}
		return pt
	}
	final := func(t *testing.T) *pureTable {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		playToFinal(t, pt, true)
		return pt
	}
	ended := func(t *testing.T) *pureTable {
		pt := final(t)
		voteAll(t, pt, 1)
		return pt
	}
	modern := func(t *testing.T) *pureTable {
		pt := playScenario(t, game.DefaultOptions(game.Modern))
		ghostGiveAll(t, pt)
		return pt
	}
	// completing is modern's round 2 after everyone failed: the ghost
	// completes visions of two old cards, and d marks which to drop.
	completing := func(t *testing.T) *pureTable {
		pt := playScenario(t, game.DefaultOptions(game.Modern))
		for {
			v := pt.st.ViewFor(pGhost).(*game.GhostView)
			if len(v.WaitingVisions) == 0 {
				break
			}
			pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
		}
		allReady(t, pt, false)
		pt.must(t, pGhost, game.RevealAll{})
		return pt
	}
	scenarios := []scenario{
		{"ghost-modern-completing", pGhost, completing, nil},
		{"psychic-ghost-away", pAnn, ghostAway, nil},
		{"seats-host", pGhost, seatScenario, nil},
		{"seats-psychic", pAnn, seatScenario, nil},
		{"ghost", pGhost, started, nil},
		{"ghost-modern", pGhost, modern, nil},
		{"psychic", pAnn, given, nil},
		{"spectator", pWatch, given, nil},
		{"final-ghost", pGhost, final, nil},
		{"final-psychic", pAnn, final, nil},
		{"end", pAnn, ended, nil},
		{"knock", pAnn, reveal, func(t *testing.T, pt *pureTable) { pt.must(t, pGhost, game.RevealAll{}) }},
		{"knock-ghost", pGhost, reveal, func(t *testing.T, pt *pureTable) { pt.must(t, pGhost, game.RevealAll{}) }},
	}
	for _, sc := range scenarios {
		for _, sz := range [][2]int{{80, 24}, {140, 45}} {
			t.Run(sc.name+"/"+sizeName(sz), func(t *testing.T) {
				pt := sc.setup(t)
				m := modelAt(t, pt, sc.p, sz[0], sz[1])
				if sc.after != nil {
					m.View()
					sc.after(t, pt)
					refresh(m, pt)
				}
				memoWalk(t, m, pt, uint64(sz[0])*7+uint64(len(sc.name)), 150)
			})
		}
	}
}

func TestFrameMemoNeverStaleLobby(t *testing.T) {
	hub := newFakeHub(TableInfo{Code: "K7QX", Name: "Samhain", Options: game.DefaultOptions(game.Classic), Host: "gwen", SeatsOpen: 7, Status: "waiting"})
	t.Cleanup(hub.stop)
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			m := newTestModel(t, hub, alice, sz[0], sz[1])
			m.Init()
			rng := rand.New(rand.NewPCG(uint64(sz[0]), 2))
			checkMemo(t, m, 0, "start")
			for i := 1; i <= 150; i++ {
				var what string
				switch rng.IntN(12) {
				case 0:
					// Another player opens a table: the next poll lists it.
					hub.mu.Lock()
					hub.infos = append(hub.infos, TableInfo{Code: "N" + layout.Itoa(i), Name: "new " + layout.Itoa(i),
						Options: game.DefaultOptions(game.Modern), SeatsOpen: 7, Status: "waiting"})
					hub.mu.Unlock()
					m.Update(lobbyPollMsg{gen: m.gen})
					what = "poll"
				case 1:
					m.Update(lobbyPollMsg{gen: m.gen})
					what = "poll, nothing new"
				default:
					// No enter in the lobby's list: it would open a table.
					keys := []string{"up", "down", "n", "c", "e", "esc", "tab", "left", "right", " ",
						"a", "b", "backspace", "?", "P", "T", "r", "x", "shift+tab", "L"}
					what = keys[rng.IntN(len(keys))]
					m.Update(keyMsg(what))
				}
				checkMemo(t, m, i, what)
			}
		})
	}
}

// The sand timer's countdown changes with the clock alone: no message, a
// new frame.
func TestFrameMemoFollowsTheClock(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	pt.deadline = fixedNow.Add(84 * time.Second)
	m := modelAt(t, pt, pAnn, 80, 24)
	now := fixedNow
	m.sh.Clock = func() time.Time { return now }
	before := m.View()
	now = now.Add(time.Second)
	after := m.View()
	if before == after {
		t.Fatal("the countdown did not move with the clock")
	}
	if after != fresh(m) {
		t.Fatal("stale frame after the clock moved")
	}
}

// A View() with nothing changed is the remembered frame: no drawing, no
// allocation.
func TestFrameMemoRemembers(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 140, 45)
	first := m.View()
	if n := testing.AllocsPerRun(20, func() { _ = m.View() }); n != 0 {
		t.Errorf("an unchanged View() allocated %.0f times: it redrew the frame", n)
	}
	// A key that does nothing on this screen keeps the frame too.
	m.Update(keyMsg("F"))
	if n := testing.AllocsPerRun(20, func() { _ = m.View() }); n != 0 {
		t.Errorf("View() after a no-op key allocated %.0f times", n)
	}
	if m.View() != first {
		t.Error("the frame changed without a change")
	}
}

// Inputs that the keys only ever change together with another one (P also
// sets a message, T too, t also focuses the line) are still part of the
// key on their own: changed directly, each must give a new frame.
func TestFrameMemoKeyHasEachInput(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	chatter(t, pt)
	m := modelAt(t, pt, pAnn, 140, 45)
	m.View()
	changes := []struct {
		name string
		do   func()
	}{
		{"plain mode", func() { m.sh.Plain = !m.sh.Plain }},
		{"colour profile", func() { m.sh.R.SetColorProfile(colorprofile.TrueColor) }},
		{"chat line shown", func() { m.table.Chat.On = true }},
		{"chat closed shown", func() { m.table.Chat.On = false; m.table.Chat.Shut = true }},
		{"chat closed gone", func() { m.table.Chat.Shut = false }},
		{"knock banner", func() { m.table.Knock.Text = "✔ knock — a test" }},
		{"knock gone", func() { m.table.Knock.Text = "" }},
		{"message shown", func() { m.sh.Flash = "a message" }},
		{"message gone", func() { m.sh.Flash = "" }},
	}
	for _, c := range changes {
		before := m.View()
		c.do()
		after := m.View()
		if after == before {
			t.Errorf("%s: the frame did not change", c.name)
		}
		if after != fresh(m) {
			t.Errorf("%s: stale frame", c.name)
		}
	}
}
