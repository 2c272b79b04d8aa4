package table

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// ghostNote is the ghost's note on the vision it gives next (why it chose
// those cards): w opens its line, enter gives the vision with it, esc drops
// it. Only the ghost reads it until the game is over; then everybody does,
// in the replay. The note goes with the next gift, whoever it is for, so
// it holds no card or psychic of its own. It is the session's, touched
// only on its goroutine.
type ghostNote struct {
	ts   *TableState
	Line input.Field
	// on: w opened the line (and no gift took the note yet).
	On bool
	// held: a gift with the note was refused; the note is kept but the
	// keys are back on the board, so the ghost can change what the refusal
	// named (another psychic, cards to drop) without losing the note.
	Held bool
}

// ghostNoteKey is what the frame memo's key holds of the note: all that
// its drawing reads.
type ghostNoteKey struct {
	on, held bool
	rev      uint64 // the line's revision
}

func (n *ghostNote) key() ghostNoteKey {
	return ghostNoteKey{on: n.On, held: n.Held, rev: n.Line.Rev}
}

// open gives the keys to the line for the next vision (w), with the note
// so far when one is kept.
func (n *ghostNote) open() tea.Cmd {
	if !n.On {
		n.Line = n.ts.Shell.NewInput(i18n.N("why this vision? everybody reads it after the game"), game.MaxGhostNoteLen)
	}
	n.On = true
	n.Held = false
	n.Line.Focus()
	return nil
}

// typing reports whether the line has the keys: every letter then goes
// into the note, the capitals that are keys elsewhere (? P T A) too.
func (n *ghostNote) Typing() bool {
	ts := n.ts
	return n.On && !n.Held && ts.Role() == state.RoleGhost && ts.Pub != nil && ts.Pub.Phase == game.PhaseVision
}

// takes reports whether key k goes to the note: every key while it is
// typed, only esc (which drops it) while it is held.
func (n *ghostNote) takes(k keymap.Key) bool {
	ts := n.ts
	return n.On && ts.Role() == state.RoleGhost && ts.Pub != nil && ts.Pub.Phase == game.PhaseVision &&
		(!n.Held || k.String() == "esc")
}

// handle is a key the note takes: enter gives the vision with the note,
// esc drops the note, anything else edits it.
func (n *ghostNote) handle(k keymap.Key) tea.Cmd {
	switch k.String() {
	case "esc":
		n.close()
		n.ts.Shell.SetFlash(n.ts.Shell.Lang().T("Note dropped."), false)
		return nil
	case "enter":
		return n.ts.Scr.Ghost.give()
	}
	n.Line.Update(k)
	return nil
}

// close empties and closes the line.
func (n *ghostNote) close() {
	n.On = false
	n.Held = false
	n.Line.SetValue("")
}

// text is the note for the gift being made: "" without one. The line
// keeps its text until the gift is accepted, so a refused gift loses
// nothing.
func (n *ghostNote) text() string {
	if !n.On {
		return ""
	}
	return sanitize.Line(n.Line.Value(), game.MaxGhostNoteLen)
}

// given is told of an accepted gift: the note that went with it is done.
func (n *ghostNote) given(gv game.GiveVision) {
	if n.On && gv.Note != "" {
		n.close()
	}
}

// refused: a refused gift with the note gives the keys back to the board
// (j/k, d, the hand) and keeps the note; the status line says so. Left in
// the line, every key would have gone on typing into the note.
func (n *ghostNote) refused(c game.Command) {
	if gv, ok := c.(game.GiveVision); ok && n.On && gv.Note != "" {
		n.Held = true
		n.Line.Blur()
	}
}

// status is the ghost's status line while the note is open in the vision
// step, typed or held; "" otherwise.
func (n *ghostNote) status(w int) string {
	ts := n.ts
	if !n.On || ts.Pub == nil || ts.Pub.Phase != game.PhaseVision {
		return ""
	}
	l := ts.Shell.Lang()
	if n.Held {
		return layout.Cut(l.T("✎ note kept: g gives with it, w edits, esc drops: ")+sanitize.Line(n.Line.Value(), game.MaxGhostNoteLen), w)
	}
	label := l.T("✎ note (enter gives, esc drops): ")
	return label + n.Line.View(max(8, w-len([]rune(label))-1))
}
