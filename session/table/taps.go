package table

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
)

// Taps: a browser's terminal reports clicks and taps (mouse reports, see
// term.Screen.ReportTaps), and a tap on a card selects it as the arrow
// keys would; a second tap on the selected card does what the screen's
// key for it does (zoom, select a hand card). SSH sessions never turn
// reports on, and the model ignores reports it did not ask for.
//
// Where a tap lands is never worked out again from the layout: while a
// screen draws, the code that places a card (layout.WriteRow, a list's line)
// records the rectangle it drew it in (hits), and the rectangles are
// remembered with the body they belong to (bodyMemo). Upright, a target
// is at least portrait.TapRows tall.

// tap chooses what the frame on screen drew at (x, y).
func (ts *TableState) Tap(x, y int) tea.Cmd {
	m := ts.Shell
	if ts.Zoom.ID != "" {
		// A tap closes the zoomed card, as esc does.
		ts.Zoom.ID = ""
		return nil
	}
	if ts.Role() == state.RoleWaiting || ts.Confirm != "" || ts.Chat.On || ts.Chat.Shut || ts.Note.On {
		// A question or a text field has the keys: a tap answers nothing.
		return nil
	}
	if n := &ts.Scr.Ghost.Note; n.On && !n.Held && ts.Role() == state.RoleGhost {
		return nil
	}
	// The rectangles of the frame the player sees: View draws it if a
	// message changed it since (usually it returns the remembered one).
	m.Host.View()
	y -= m.BodyTop
	if y < 0 || y >= m.BodyRows {
		return nil
	}
	for _, h := range ts.Hits.List {
		if !h.R.Has(x, y) || !portrait.Tappable(m.W, m.H, h.R.H) {
			continue
		}
		m.Flash = ""
		if d := &ts.Scr.Ghost.Drop; d.On {
			// As any other key, a tap ends the marking of old cards.
			d.On = false
		}
		if h.Kind == shell.HitPane {
			ts.tab = h.I
			return nil
		}
		scr, ok := ts.Screen().(tapper)
		if !ok {
			return nil
		}
		again, key := scr.Tap(h)
		if again && key != "" {
			return ts.HandleKey(keyPress(key))
		}
		if ts.Role() == state.RolePsychic {
			// The card under the cursor is where this psychic points.
			return ts.Point(ts.Scr.Psychic.CursorCard())
		}
		return nil
	}
	return nil
}

// keyPress is the key of a key as Bubble Tea names it.
func keyPress(k string) keymap.Key { return keymap.Named(k) }

// can reports whether the screen's key map has key enabled now: a tap
// moves a cursor only where its arrow keys would.
func (ts *TableState) can(key string) bool {
	_, ok := ts.KeyMap().Find(key)
	return ok
}

// paneIndex is the index of the pane called name, or the current one.
func (ts *TableState) paneIndex(name string) int {
	for i, n := range ts.paneNames() {
		if n == name {
			return i
		}
	}
	return ts.tab
}

func (ps *psychicScreen) Tap(h shell.Hit) (bool, string) {
	ts := ps.ts
	switch h.Kind {
	case shell.HitTableCard:
		if h.I >= len(ps.TableCards()) || !ts.can("right") {
			return false, ""
		}
		again := ts.Pane() == "cards" && ps.CardCur == h.I
		ts.tab, ps.CardCur = ts.paneIndex("cards"), h.I
		return again, "enter"
	case shell.HitVisionCard:
		if h.I >= len(ts.VisionOf(ps.Target)) || !ts.can("right") {
			return false, ""
		}
		again := ts.Pane() == "psychics" && ps.VisCur == h.I
		ts.tab, ps.VisCur = ts.paneIndex("psychics"), h.I
		return again, "enter"
	case shell.HitPsychic:
		if h.I >= len(ts.Pub.Psychics) || !ts.can("down") {
			return false, ""
		}
		if ps.Target != h.I {
			ps.Target, ps.VisCur = h.I, 0
		}
	}
	return false, ""
}

func (g *ghostScreen) Tap(h shell.Hit) (bool, string) {
	ts := g.ts
	switch h.Kind {
	case shell.HitHandCard:
		if h.I >= len(ts.Ghost.Hand) || !ts.can("right") {
			return false, ""
		}
		again := g.CardCur == h.I
		ts.tab, g.CardCur = ts.paneIndex("hand"), h.I
		return again, " "
	case shell.HitPsychic:
		if h.I >= len(ts.Pub.Psychics) || !ts.can("down") {
			return false, ""
		}
		// The ghost's own choice wins over a pending move, as with ↑↓.
		g.advanceOn = nil
		g.Target = h.I
	}
	return false, ""
}

func (fs *finalScreen) Tap(h shell.Hit) (bool, string) {
	ts := fs.ts
	switch h.Kind {
	case shell.HitGroup:
		if f := ts.Pub.Final; h.I >= len(f.Groups) || !ts.can("down") {
			return false, ""
		}
		again := fs.GroupCur == h.I
		fs.GroupCur = h.I
		return again, "z"
	case shell.HitSharedCard:
		if h.I >= len(fs.SharedCards()) || !ts.can("right") {
			return false, ""
		}
		again := fs.visCur == h.I
		fs.visCur = h.I
		return again, "enter"
	case shell.HitHandCard:
		g := &ts.Scr.Ghost
		if ts.Ghost == nil || h.I >= len(ts.Ghost.Hand) || !ts.can("right") {
			return false, ""
		}
		again := g.CardCur == h.I
		g.CardCur = h.I
		if !ts.Large() {
			ts.tab = ts.paneIndex("hand")
		}
		return again, " "
	}
	return false, ""
}

// tapper is a screen on which taps choose things.
type tapper interface {
	// tap selects what h chooses, as the arrow keys would. It reports
	// whether it was selected already and, if so, the key a second tap
	// presses ("" for none).
	Tap(h shell.Hit) (again bool, key string)
}
