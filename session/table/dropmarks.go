package table

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// dropMarks (modern) are the ghost's marks on the chosen psychic's old
// vision: a psychic who was wrong keeps their vision, and the next gift
// completes it after dropping the cards the ghost marked. d gives the keys
// to the old vision (←→ a card, space drop or keep); the marks go with the
// next gift, to whichever psychic the ghost's cursor is on. It is the
// session's, touched only on its goroutine.
type dropMarks struct {
	ts *TableState
	dropCursor
	Cards map[game.CardID]bool // the old vision's cards marked to drop
}

// dropCursor is the marking's part of the frame memo's key (the marks are
// in it as screensKey.dropped, see mask).
type dropCursor struct {
	On  bool // d gave the keys to the old vision
	Cur int  // the old vision card under the cursor
}

// old is the chosen psychic's old vision.
func (d *dropMarks) Old() []game.CardID {
	return d.ts.VisionOf(d.ts.Scr.Ghost.Target)
}

// count is how many cards of the chosen psychic's old vision are marked.
func (d *dropMarks) count() int {
	n := 0
	for _, c := range d.Old() {
		if d.Cards[c] {
			n++
		}
	}
	return n
}

// mask is which cards of the chosen psychic's old vision (by position) are
// marked: what the drawing reads of the marks. A card outside that vision
// is never drawn from them.
func (d *dropMarks) mask() (marked uint64) {
	if len(d.Cards) == 0 {
		return 0
	}
	for i, id := range d.Old() {
		if i < 64 && d.Cards[id] {
			marked |= 1 << i
		}
	}
	return marked
}

// clamp keeps the cursor on the old vision after an update, and ends the
// marking once the chosen psychic no longer waits for a vision to complete.
func (d *dropMarks) clamp() {
	if !d.On {
		return
	}
	ts := d.ts
	old := d.Old()
	state.Clamp(&d.Cur, len(old))
	d.On = len(old) > 0 && ts.Pub.Phase == game.PhaseVision && words.WaitingVision(ts.Pub, ts.Pub.Psychics[ts.Scr.Ghost.Target].Colour)
}

// clear forgets the marks: a gift or a discard used them.
func (d *dropMarks) clear() {
	d.Cards = map[game.CardID]bool{}
	d.On = false
}

// start moves the keys to the chosen psychic's old vision (d). With
// nothing marked yet every old card is marked, so d then g still drops the
// whole old vision (the SSH tests script it).
func (d *dropMarks) start() tea.Cmd {
	ts := d.ts
	p := ts.Scr.Ghost.GhostTarget()
	if p == nil || len(p.Vision) == 0 || !words.WaitingVision(ts.Pub, p.Colour) {
		ts.Shell.SetFlash(ts.Shell.Lang().T("Only for a psychic who keeps an old vision and waits for a new one."), false)
		return nil
	}
	d.On = true
	d.Cur = min(d.Cur, len(p.Vision)-1)
	if d.count() == 0 {
		for _, c := range p.Vision {
			d.Cards[c] = true
		}
	}
	return nil
}

// keys are the keys while the ghost marks old vision cards. Any other key
// ends the marking and acts as usual (tableState.handleKey).
func (d *dropMarks) Keys() keymap.Map {
	ts := d.ts
	old := d.Old()
	done := func(keepAll bool) func() tea.Cmd {
		return func() tea.Cmd {
			// d keeps the whole old vision (as d twice always did); esc
			// keeps the marks for the gift.
			d.On = false
			if keepAll {
				for _, c := range old {
					delete(d.Cards, c)
				}
			}
			n := d.count()
			if n == 0 {
				ts.Shell.SetFlash(ts.Shell.Lang().T("The old vision stays whole: the new cards are added to it."), false)
			} else {
				ts.Shell.SetFlash(ts.Shell.Lang().F("%d of %d old cards will be dropped when you give (g).", n, len(old)), false)
			}
			return nil
		}
	}
	return keymap.Map{
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("old card"), i18n.N("move over the old vision"), func() tea.Cmd {
			state.Move(&d.Cur, -1, len(old))
			return nil
		}),
		keymap.Bind([]string{"right", "l"}, "", "", "", func() tea.Cmd {
			state.Move(&d.Cur, 1, len(old))
			return nil
		}),
		keymap.Bind([]string{" "}, "space", i18n.N("drop / keep"), i18n.N("drop or keep the old card"), func() tea.Cmd {
			if d.Cur < len(old) {
				if id := old[d.Cur]; d.Cards[id] {
					delete(d.Cards, id)
				} else {
					d.Cards[id] = true
				}
			}
			return nil
		}),
		keymap.Bind([]string{"g"}, "g", i18n.N("give"), i18n.N("give the selection, dropping the marked old cards"), func() tea.Cmd {
			d.On = false
			return ts.Scr.Ghost.give()
		}),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("done"), i18n.N("done: the marks stay for the gift"), done(false)),
		keymap.Bind([]string{"d"}, "d", i18n.N("keep all"), i18n.N("keep every old card"), done(true)),
		keymap.Bind([]string{"enter"}, "enter", i18n.N("zoom"), i18n.N("zoom the old card"), func() tea.Cmd {
			if d.Cur < len(old) {
				ts.Zoom.on(old[d.Cur], old)
			}
			return nil
		}),
	}
}

// line (80x24 hand pane) is the chosen psychic's old vision, which the new
// cards complete: the cards marked to drop are struck (✗), the cursor
// shows while d has the keys on it; "" when there is nothing to complete.
func (d *dropMarks) line(w int) string {
	ts := d.ts
	m := ts.Shell
	st := m.St
	p := ts.Scr.Ghost.GhostTarget()
	if p == nil || len(p.Vision) == 0 || ts.Pub.Edition != game.Modern || ts.Pub.Phase != game.PhaseVision || !words.WaitingVision(ts.Pub, p.Colour) {
		return ""
	}
	var ids []string
	for k, c := range p.Vision {
		s := string(c)
		if d.Cards[c] {
			s = st.Bad.Render(s + "✗")
		}
		if d.On && k == d.Cur {
			s = st.Cursor.Render("▸") + st.Sel.Render(s)
		}
		ids = append(ids, s)
	}
	line := m.Lang().T(" old vision: ") + strings.Join(ids, " ")
	if !d.On {
		line += st.Dim.Render(m.Lang().F(" · %d to drop · d chooses", d.count()))
	}
	return m.Cut(line, w)
}

// status is the ghost's status line while d has the keys; "" otherwise.
func (d *dropMarks) status() string {
	if !d.On {
		return ""
	}
	p := d.ts.Scr.Ghost.GhostTarget()
	if p == nil {
		return ""
	}
	// At most 80 columns: the whole sentence shows at 80x24.
	return d.ts.Shell.Lang().F("Dropping %d of %d old cards of %s %s (✗): ←→ and space change it, g gives.",
		d.count(), len(p.Vision), p.Colour.Symbol(), words.FirstName(p.Colour))
}
