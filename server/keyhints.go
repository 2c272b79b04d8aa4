package server

import (
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

// keyLister is a session model that can say its current screen's keys
// (session.Model, from each screen's key map).
type keyLister interface{ Keys() []session.KeyHint }

// hinted tells a client that draws its own key buttons the keys of the
// current screen whenever they change (after a frame is drawn), in the
// order of the screen's key bar: the letter keys as they are typed, and
// the named ones (left, enter, esc, tab, space…) by Bubble Tea's names. A
// hint's alternates are left out (h and l of ←→, backspace of x): the
// buttons are for fingers. ?, P, T, A and L work on every screen: the
// page has buttons of its own for them.
type hinted struct {
	term.Model
	keys keyLister
	tell func([]term.KeyHint)
	last *string // the hints last told, joined
}

func (h hinted) Update(msg tea.Msg) (term.Model, tea.Cmd) {
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

// TakePictures forwards the cards the session draws as images
// (term.Picturer).
func (h hinted) TakePictures() term.Pictures {
	if p, ok := h.Model.(term.Picturer); ok {
		return p.TakePictures()
	}
	return term.Pictures{}
}

func (h hinted) View() string {
	v := h.Model.View()
	var out []term.KeyHint
	var b strings.Builder
	add := func(send, desc string) {
		out = append(out, term.KeyHint{Send: send, Desc: desc})
		b.WriteString(send)
		b.WriteByte(1)
		b.WriteString(desc)
		b.WriteByte(0)
	}
	for _, k := range h.keys.Keys() {
		if len(k.Keys) == 0 {
			continue
		}
		first := k.Keys[0]
		switch {
		case buttonNames[first] && arrows[first]:
			// ←→ or ↑↓: both arrows, not their letters.
			for _, key := range k.Keys {
				if arrows[key] {
					add(key, k.Desc)
				}
			}
		case buttonNames[first]:
			add(first, k.Desc)
		case utf8.RuneCountInString(first) == 1:
			for _, key := range k.Keys {
				if utf8.RuneCountInString(key) == 1 && key != "?" {
					add(key, k.Desc)
				}
			}
		}
	}
	if b.String() != *h.last {
		*h.last = b.String()
		h.tell(out)
	}
	return v
}

// buttonNames are the named keys the page has a button for; arrows, the
// ones that come in pairs.
var (
	buttonNames = map[string]bool{"left": true, "right": true, "up": true, "down": true, "enter": true, "esc": true,
		"tab": true, "shift+tab": true, " ": true, "backspace": true}
	arrows = map[string]bool{"left": true, "right": true, "up": true, "down": true}
)
