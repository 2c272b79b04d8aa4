package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// pasteModel shows the last paste it got and how many keys it saw.
type pasteModel struct {
	paste string
	keys  int
}

func newPasteModel(context.Context, session.Hub, session.Identity, session.Start, *term.Renderer, int, int) term.Model {
	return &pasteModel{}
}

func (m *pasteModel) Init() tea.Cmd { return nil }

func (m *pasteModel) Update(msg tea.Msg) (term.Model, tea.Cmd) {
	if p, ok := msg.(tea.PasteMsg); ok {
		m.paste = p.Content
		return m, nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		m.keys++
		if k.String() == "q" {
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m *pasteModel) View() string {
	return fmt.Sprintf("PASTE header\n----\npasted %d runes, ends %q\nkeys %d", len([]rune(m.paste)), m.paste[max(0, len(m.paste)-6):], m.keys)
}

// A pasted table name of a few hundred characters reaches the program whole
// at the default 40 keys a second, with no "too many keys" notice, and the
// keys typed after it still work.
func TestAPasteIsOneInputOverSSH(t *testing.T) {
	h := start(t, server.Config{NewModel: newPasteModel})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	c.WaitFor("keys 0", wait)
	text := strings.Repeat("A séance 👻 ", 30) + "THEEND"
	c.Type("\x1b[200~" + text + "\x1b[201~" + "xy")
	c.WaitFor(fmt.Sprintf("pasted %d runes, ends \"THEEND\"", len([]rune(text))), wait)
	c.WaitFor("keys 2", wait)
	if strings.Contains(c.Screen.Text(), "Too many keys") {
		t.Fatalf("a paste tripped the key limit: %q", c.Screen.Text())
	}
	c.Type("q")
	if code, err := c.Wait(wait); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
}
