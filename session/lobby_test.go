package session

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/internal/vt/vtgolden"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/term"
)

func sampleTables() []TableInfo {
	return []TableInfo{
		{Code: "K7QX", Name: "Samhain at Warwick", Options: game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: 2 * time.Minute},
			Host: "bob", SeatsTaken: 4, SeatsOpen: 1, Status: "waiting"},
		{Code: "P2MD", Name: "Tuesday ghosts", Options: game.Options{Edition: game.Modern}, Host: "carol",
			SeatsTaken: 5, SeatsOpen: 0, Status: "hour III"},
		{Code: "ZX9A", Name: "Old house", Options: game.Options{Edition: game.Original, Difficulty: game.VeryHard},
			Private: true, Host: "alice", SeatsTaken: 2, SeatsOpen: 5, Status: "day V"},
	}
}

// runGolden drives a model in a real Bubble Tea program (teatest) at a
// size until want appears, then compares the final frame with the golden
// file. The frame (View) is compared rather than the byte stream, which
// depends on the renderer's timing; for the same reason the waits look at
// the frames drawn, not the output (Bubble Tea v2's renderer rewrites only
// the cells that changed: "(0 selected)" becomes "(2 selected)" by one
// digit).
func runGolden(t *testing.T, m *Model, w, h int, ready, want string, keys ...string) {
	t.Helper()
	fr := &frames{}
	tm := teatest.NewTestModel(t, teaModel{m, fr}, teatest.WithInitialTermSize(w, h))
	// Keys go in only once the screen they are meant for is up.
	fr.wait(t, ready)
	for _, k := range keys {
		tm.Send(keyMsg(k))
	}
	fr.wait(t, want)
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
	view := fm.(teaModel).m.View()
	checkFrame(t, view, w, h)
	vtgolden.RequireEqual(t, []byte(view))
}

// teaModel runs a screen's model in a Bubble Tea program with its
// renderer, as teatest does: the frame becomes the program's view, and is
// kept in frames for the test to wait on.
type teaModel struct {
	m  term.Model
	fr *frames
}

func (t teaModel) Init() tea.Cmd { return t.m.Init() }

func (t teaModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := t.m.Update(msg)
	return teaModel{m, t.fr}, cmd
}

func (t teaModel) View() tea.View {
	v := t.m.View()
	t.fr.mu.Lock()
	t.fr.last = v
	t.fr.mu.Unlock()
	return tea.NewView(v)
}

// frames is the last frame a program drew.
type frames struct {
	mu   sync.Mutex
	last string
}

func (f *frames) wait(t *testing.T, text string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		f.mu.Lock()
		last := ansi.Strip(f.last)
		f.mu.Unlock()
		if strings.Contains(last, text) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%q never appeared; last frame:\n%s", text, last)
		}
		time.Sleep(10 * time.Millisecond) // polling the frames, not synchronising
	}
}

func TestLobbyGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			m := newTestModel(t, newFakeHub(sampleTables()...), alice, sz[0], sz[1])
			runGolden(t, m, sz[0], sz[1], "TABLES", "Tuesday ghosts")
		})
	}
}

func TestLobbyFormGolden(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			m := newTestModel(t, newFakeHub(), alice, sz[0], sz[1])
			runGolden(t, m, sz[0], sz[1], "No tables yet", "Hallowe", "n", "H", "a", "l", "l", "o", "w", "e", "'", "e", "n", "tab")
		})
	}
}

func sizeName(sz [2]int) string { return layout.Itoa(sz[0]) + "x" + layout.Itoa(sz[1]) }

func TestLobbyListAndCursor(t *testing.T) {
	m := newTestModel(t, newFakeHub(sampleTables()...), alice, 80, 24)
	m.Init()
	v := plainView(m)
	for _, want := range []string{"K7QX", "Samhain at Warwick", "classic", "medium", "4/5", "waiting", "P2MD", "modern", "hour III", "(private)", "you: alice (SHA256:3k9vQ2…)"} {
		if !strings.Contains(v, want) {
			t.Errorf("lobby lacks %q:\n%s", want, v)
		}
	}
	checkFrame(t, m.View(), 80, 24)
	press(m, "down", "down", "down")
	if m.lobby.Cursor != 2 {
		t.Errorf("cursor = %d after three downs over 3 tables, want 2", m.lobby.Cursor)
	}
	press(m, "k")
	if m.lobby.Cursor != 1 {
		t.Errorf("cursor = %d after k, want 1", m.lobby.Cursor)
	}
	if got := statusLine(m); got != "Choose a table: enter to join, w to watch, n to create a new one." {
		t.Errorf("status = %q", got)
	}
}

func TestLobbyEmptySaysWhatToDo(t *testing.T) {
	m := newTestModel(t, newFakeHub(), alice, 80, 24)
	m.Init()
	if got := statusLine(m); !strings.HasPrefix(got, "No tables yet. Press n") {
		t.Errorf("status = %q", got)
	}
	press(m, "enter")
	if !strings.Contains(m.sh.Flash, "press n") {
		t.Errorf("enter on an empty list should say what to do, flash = %q", m.sh.Flash)
	}
}

func TestLobbyCreateTable(t *testing.T) {
	hub := newFakeHub()
	defer hub.stop()
	m := newTestModel(t, hub, alice, 80, 24)
	m.Init()
	press(m, "n")
	for _, r := range "Night\x1b[31m" {
		press(m, string(r))
	}
	press(m, "tab", "right") // edition: classic → modern
	if ed := lobby.Editions[m.lobby.Form.Edition]; ed != game.Modern {
		t.Fatalf("edition = %s, want modern", ed)
	}
	if strings.Contains(plainView(m), "Difficulty    modern") {
		t.Error("modern shows a difficulty")
	}
	press(m, "tab", "right") // difficulty is skipped for modern: timer off → 30 s
	press(m, "tab", " ")     // private
	cmd := press(m, "enter")
	if len(hub.created) != 1 {
		t.Fatalf("created %d tables, want 1", len(hub.created))
	}
	spec := hub.created[0]
	if strings.ContainsRune(spec.Name, 0x1b) {
		t.Errorf("table name kept an escape: %q", spec.Name)
	}
	want := game.Options{Edition: game.Modern, Timer: 30 * time.Second}
	if spec.Options != want || !spec.Private {
		t.Errorf("spec = %+v, want options %+v and private", spec, want)
	}
	if m.screen != screenTable || m.table == nil || m.table.Code != "T001" {
		t.Fatalf("after creating, the session should be at the new table, screen=%d", m.screen)
	}
	if cmd == nil {
		t.Fatal("no pump started")
	}
	m.closeTable()
}

func TestLobbyCreateErrorKeepsForm(t *testing.T) {
	hub := newFakeHub()
	hub.nextErr = errTest("you already host 3 tables")
	m := newTestModel(t, hub, alice, 80, 24)
	m.Init()
	press(m, "n", "A", "enter")
	if m.lobby.Mode != lobby.LobbyCreate {
		t.Error("a refused creation closed the form")
	}
	if m.lobby.Form.Name.Value() != "A" {
		t.Errorf("the typed name was lost: %q", m.lobby.Form.Name.Value())
	}
	if !strings.Contains(plainView(m), "Table not created: you already host 3 tables") {
		t.Errorf("no error shown:\n%s", plainView(m))
	}
}

type errTest string

func (e errTest) Error() string { return string(e) }

func TestLobbyJoinUnknownCode(t *testing.T) {
	m := newTestModel(t, newFakeHub(), alice, 80, 24)
	m.Init()
	press(m, "c", "z", "z", "9", "9", "enter")
	if m.screen != screenLobby || m.lobby.Mode != lobby.LobbyCode {
		t.Errorf("screen = %d mode = %d; an unknown code should stay in the code field", m.screen, m.lobby.Mode)
	}
	if !strings.Contains(m.sh.Flash, "no table with the code ZZ99") {
		t.Errorf("flash = %q", m.sh.Flash)
	}
}

func TestLobbyChangeName(t *testing.T) {
	hub := newFakeHub()
	m := newTestModel(t, hub, alice, 80, 24)
	m.Init()
	press(m, "e")
	for i := 0; i < 5; i++ {
		press(m, "backspace")
	}
	press(m, "B", "o", "b", "enter")
	if m.sh.Who.Name != "Bob" || hub.names[alice.ID] != "Bob" {
		t.Errorf("name = %q (hub %q), want Bob", m.sh.Who.Name, hub.names[alice.ID])
	}
	if !strings.Contains(plainView(m), "you: Bob") {
		t.Error("header does not show the new name")
	}
}

func TestTooSmall(t *testing.T) {
	m := newTestModel(t, newFakeHub(sampleTables()...), alice, 80, 24)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 79, Height: 30})
	v := plainView(m)
	if !strings.Contains(v, "Window too small") || !strings.Contains(v, "79x30") {
		t.Errorf("79 columns should be too small:\n%s", v)
	}
	checkFrame(t, m.View(), 79, 30)
	press(m, "down", "n")
	if m.lobby.Mode != lobby.LobbyList || m.lobby.Cursor != 0 {
		t.Error("keys acted on the hidden lobby while too small")
	}
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 10})
	checkFrame(t, m.View(), 40, 10)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if strings.Contains(plainView(m), "too small") {
		t.Error("80x24 is big enough")
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 23})
	if !strings.Contains(plainView(m), "too small") {
		t.Error("23 rows should be too small")
	}
	if cmd := press(m, "q"); cmd == nil {
		t.Error("q should still quit on the too-small screen")
	}
}

func TestHelpOverlay(t *testing.T) {
	m := newTestModel(t, newFakeHub(sampleTables()...), alice, 80, 24)
	m.Init()
	press(m, "?")
	v := plainView(m)
	if !strings.Contains(v, "EVERYWHERE") || !strings.Contains(v, "join a table by its code") {
		t.Errorf("help lacks the lobby keys:\n%s", v)
	}
	checkFrame(t, m.View(), 80, 24)
	press(m, "n")
	if m.help || m.lobby.Mode != lobby.LobbyList {
		t.Error("the key that closes help must not also act")
	}
}

func TestToggles(t *testing.T) {
	m := newTestModel(t, newFakeHub(), alice, 80, 24)
	m.Init()
	press(m, "P")
	if !m.sh.Plain {
		t.Error("P did not switch to plain mode")
	}
	press(m, "T")
	if m.sh.R.ColorProfile() != colorprofile.TrueColor {
		t.Error("T did not switch to truecolor")
	}
	press(m, "T")
	if m.sh.R.ColorProfile() != colorprofile.ANSI256 {
		t.Error("T did not switch back")
	}
}

func TestStartAtUnknownTableFallsBackToLobby(t *testing.T) {
	m := New(context.Background(), newFakeHub(), alice, Start{TableCode: "nope"}, testRenderer(colorprofile.ASCII), 80, 24).(*Model)
	m.Init()
	if m.screen != screenLobby || !strings.Contains(m.sh.Flash, "NOPE") {
		t.Errorf("screen=%d flash=%q", m.screen, m.sh.Flash)
	}
}
