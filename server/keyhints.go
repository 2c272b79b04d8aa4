package server

import (
	"strings"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// keyLister is a session model that can say its current screen's keys
// (session.Model, from each screen's key map).
type keyLister interface{ Keys() []session.KeyHint }

// hinted tells a client that draws its own key buttons the letter keys of
// the current screen whenever they change (after a frame is drawn). The
// arrows (and their h j k l), space, enter, esc, tab and ? have buttons of
// their own.
type hinted struct {
	tea.Model
	keys keyLister
	tell func([]term.KeyHint)
	last *string // the hints last told, joined
}

func (h hinted) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	h.Model, cmd = h.Model.Update(msg)
	return h, cmd
}

// TakeLines forwards the session's lines in linear mode (term.Liner).
func (h hinted) TakeLines() ([]string, bool) {
	if l, ok := h.Model.(term.Liner); ok {
		return l.TakeLines()
	}
	return nil, false
}

// TakeSignals forwards the session's turn alerts (term.Signaller): without
// it a browser, the one client with hints, never got its title, bell or
// notification.
func (h hinted) TakeSignals() string {
	if sg, ok := h.Model.(term.Signaller); ok {
		return sg.TakeSignals()
	}
	return ""
}

func (h hinted) View() string {
	v := h.Model.View()
	var out []term.KeyHint
	var b strings.Builder
	for _, k := range h.keys.Keys() {
		// A hint led by a named key (←→ with h l as its alternates,
		// enter, tab) has its button already.
		if len(k.Keys) == 0 || utf8.RuneCountInString(k.Keys[0]) != 1 {
			continue
		}
		for _, key := range k.Keys {
			if utf8.RuneCountInString(key) != 1 || key == " " || key == "?" {
				continue
			}
			out = append(out, term.KeyHint{Send: key, Desc: k.Desc})
			b.WriteString(key)
			b.WriteString(k.Desc)
			b.WriteByte(0)
		}
	}
	if b.String() != *h.last {
		*h.last = b.String()
		h.tell(out)
	}
	return v
}
