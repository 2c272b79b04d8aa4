package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/term"
)

// fakeHub is the server's registry as a test needs it: a list of table
// infos, real table actors by code, and a record of what was asked.
type fakeHub struct {
	mu      sync.Mutex
	infos   []TableInfo
	tables  map[string]*table.Table
	created []TableSpec
	names   map[game.PlayerID]string
	nextErr error
	again   []game.PlayerID // "who code" of each PlayAgain
	langs   map[game.PlayerID]i18n.Lang
}

func newFakeHub(infos ...TableInfo) *fakeHub {
	return &fakeHub{infos: infos, tables: map[string]*table.Table{}, names: map[game.PlayerID]string{}}
}

func (h *fakeHub) Tables(Identity) []TableInfo {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]TableInfo(nil), h.infos...)
}

func (h *fakeHub) CreateTable(owner Identity, spec TableSpec) (TableInfo, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.nextErr != nil {
		err := h.nextErr
		h.nextErr = nil
		return TableInfo{}, err
	}
	h.created = append(h.created, spec)
	info := TableInfo{Code: fmt.Sprintf("T%03d", len(h.created)), Name: spec.Name, Options: spec.Options,
		Private: spec.Private, Host: owner.Name, SeatsOpen: 7, Status: "waiting"}
	h.infos = append(h.infos, info)
	t, err := table.New(game.TableConfig{Code: info.Code, Name: spec.Name, Options: spec.Options,
		Pools: game.TestPools(), Host: owner.ID, Seed: uint64(len(h.created))})
	if err != nil {
		return TableInfo{}, err
	}
	h.tables[info.Code] = t
	return info, nil
}

// stop ends every table's goroutine.
func (h *fakeHub) stop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range h.tables {
		t.Stop()
	}
}

func (h *fakeHub) Table(code string) (*table.Table, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	t, ok := h.tables[code]
	return t, ok
}

func (h *fakeHub) FindByCode(_ Identity, code string) (*table.Table, error) {
	if t, ok := h.Table(strings.ToUpper(code)); ok {
		return t, nil
	}
	return nil, refusal("There is no table with the code " + strings.ToUpper(code) + ".")
}

// refusal is a sentence for the player, as the server's hub gives them.
type refusal string

func (r refusal) Error() string { return string(r) }

// Invite returns a stand-in invitation naming the table, its link as
// long as a real one (a server's name, the code, an invitation token).
func (h *fakeHub) Invite(_ Identity, code string) (lobby.Invitation, error) {
	if _, ok := h.Table(code); !ok {
		return lobby.Invitation{}, refusal("There is no table " + code + ".")
	}
	return lobby.Invitation{Text: "Join my Mysterium table:\n\n  ssh -t home.example.net " + code + "\n", Link: "http://home.example.net/" + code + "?invite=Zm9vYmFyYmF6cXV4cXV1eA"}, nil
}

// PlayAgain records the call and resets a table it holds in place, as the
// server does (without a store to archive the game in).
func (h *fakeHub) PlayAgain(who Identity, code string) error {
	h.mu.Lock()
	h.again = append(h.again, who.ID+" "+game.PlayerID(code))
	err := h.nextErr
	h.nextErr = nil
	h.mu.Unlock()
	if err != nil {
		return err
	}
	t, ok := h.Table(code)
	if !ok {
		return nil
	}
	return t.Again(who.ID, t.Config().Seed+1, nil)
}

func (h *fakeHub) SetName(id game.PlayerID, name string) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	name = strings.TrimSpace(name)
	if name == "" {
		return "", errors.New("a name cannot be empty")
	}
	h.names[id] = name
	return name, nil
}

// SetLang records the language chosen, as the server's hub keeps it.
func (h *fakeHub) SetLang(id game.PlayerID, l i18n.Lang) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.langs == nil {
		h.langs = map[game.PlayerID]i18n.Lang{}
	}
	h.langs[id] = l
	return nil
}

var alice = Identity{ID: "SHA256:alice", Name: "alice", Fingerprint: "SHA256:3k9vQ2xYpLm0aZ"}

// testRenderer forces a colour profile so that goldens do not depend on
// the terminal the tests run in.
func testRenderer(p colorprofile.Profile) *term.Renderer {
	return term.PlainRenderer(p)
}

var fixedNow = time.Date(2026, 10, 31, 22, 0, 0, 0, time.UTC)

// newTestModel builds a session model at a size with a fixed clock.
func newTestModel(t *testing.T, hub Hub, who Identity, w, h int) *Model {
	t.Helper()
	m := New(context.Background(), hub, who, Start{}, testRenderer(colorprofile.ANSI256), w, h).(*Model)
	m.sh.Clock = func() time.Time { return fixedNow }
	return m
}

// press sends keys to a model the way Bubble Tea would and runs the
// commands that come back synchronously when they are quick (submits);
// it returns the last command for inspection.
func press(m *Model, keys ...string) tea.Cmd {
	var cmd tea.Cmd
	for _, k := range keys {
		_, cmd = m.Update(keyMsg(k))
	}
	return cmd
}

// keyMsg is the message Bubble Tea v2 sends for the key named k (" " or
// "space" is the space bar).
func keyMsg(k string) tea.KeyPressMsg {
	if k == "space" {
		k = " "
	}
	return tea.KeyPressMsg(keymap.Named(k).Key)
}

// plainView is the model's frame without escape sequences.
func plainView(m term.Model) string { return ansi.Strip(m.View()) }

// checkFrame asserts the frame is exactly w x h cells: no line wraps, no
// scrolling, whatever the screen.
func checkFrame(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("frame has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d cells wide, more than %d: %q", i+1, n, w, ansi.Strip(l))
		}
	}
}

// statusLine is the bottom line of a frame, stripped.
func statusLine(m term.Model) string {
	lines := strings.Split(plainView(m), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
