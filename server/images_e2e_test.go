package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// capsModel draws a card as an image once its terminal said it can: what
// the session does with term.CapsMsg, reduced to one card. It says what it
// was told.
type capsModel struct {
	caps *graphics.Caps
}

func newCapsModel(context.Context, session.Hub, session.Identity, session.Start, *term.Renderer, int, int) term.Model {
	return &capsModel{}
}

func (m *capsModel) Init() tea.Cmd { return nil }

func (m *capsModel) Update(msg tea.Msg) (term.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case term.CapsMsg:
		m.caps = &msg.Caps
	case tea.KeyPressMsg:
		if msg.String() == "q" {
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m *capsModel) View() string {
	said := "said nothing"
	if m.caps != nil {
		said = fmt.Sprintf("said %v cell %dx%d", m.caps.Protocol(), m.caps.Cell.W, m.caps.Cell.H)
	}
	return "CAPS " + said + "\n" + strings.Repeat("▀▀▀▀▀▀▀▀\n", 6) + "end"
}

func (m *capsModel) TakePictures() term.Pictures {
	if m.caps == nil || m.caps.Protocol() == graphics.None {
		return term.Pictures{}
	}
	c, _ := deck.Builtin().Card("V01")
	return term.Pictures{Protocol: m.caps.Protocol(), Cell: m.caps.Cell, List: []term.Picture{{Row: 1, Col: 0, Cells: graphics.Cells{W: 8, H: 6}, Image: c.Image}}}
}

// TestTheTerminalIsAskedWhatItDraws: over SSH, a session asks its terminal
// once what it draws; a client answering as kitty is told kitty and its
// cell size, and gets the card as a kitty image; one answering sixel gets
// a sixel, also one that says nothing of its sizes (as xterm: the pty
// request's pixels give them); one that answers only the device attributes is told it draws
// none and gets no image; with --images off nothing is asked at all.
func TestTheTerminalIsAskedWhatItDraws(t *testing.T) {
	for _, tc := range []struct {
		graphics string
		off      bool
		said     string
		image    string // what the image's bytes begin with; "" for none
	}{
		{"kitty", false, "said kitty cell 10x20", "\x1b_Ga=t,"},
		{"sixel", false, "said sixel cell 10x20", "\x1bP0;1;0q"},
		{"xterm", false, "said sixel cell 8x8", "\x1bP0;1;0q"},
		{"", false, "said none", ""},
		{"kitty", true, "said nothing", ""},
	} {
		h := start(t, server.Config{NewModel: newCapsModel, ImagesOff: tc.off})
		k := sshtest.NewKey(t)
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: "ida", Key: &k, Pty: true, Graphics: tc.graphics})
		if tc.off {
			c.WaitFor("CAPS", wait)
		} else {
			c.WaitFor("CAPS "+tc.said, wait)
		}
		c.Type("q")
		if _, err := c.Wait(wait); err != nil {
			t.Fatal(err)
		}
		raw := string(c.Screen.Raw())
		if n := strings.Count(raw, graphics.Query); n != map[bool]int{false: 1, true: 0}[tc.off] {
			t.Errorf("%s (off %v): the query was written %d times", tc.graphics, tc.off, n)
		}
		if !strings.Contains(c.Screen.Text(), tc.said) {
			t.Errorf("%s (off %v): the model was not told %q: %q", tc.graphics, tc.off, tc.said, c.Screen.Text())
		}
		got := strings.Contains(raw, "\x1b_Ga=t,") || strings.Contains(raw, "\x1bP0;1;0q")
		if tc.image == "" && got {
			t.Errorf("%s (off %v): an image was sent", tc.graphics, tc.off)
		}
		if tc.image != "" && !strings.Contains(raw, tc.image) {
			t.Errorf("%s: no image beginning %q was sent", tc.graphics, tc.image)
		}
	}
}
