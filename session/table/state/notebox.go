package state

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
)

// noteBox is a psychic's marks and notes on the cards, kept for themself
// until the game is over: the line a note is typed into, whether it has
// the keyboard, and the card it is for. The notes themselves come with the
// psychic's view; the box only edits them. It is the session's, touched
// only on its goroutine.
type noteBox struct {
	ts   *Table
	Line input.Field
	On   bool
	card game.CardID
}

// noteWidth bounds what the note line takes: the engine's limit.
const NoteWidth = game.MaxNoteRunes

// of is this psychic player's mark and note on card.
func (n *noteBox) Of(card game.CardID) game.CardNote {
	if psy := n.ts.Psy; psy != nil {
		for _, note := range psy.Notes {
			if note.Card == card {
				return note
			}
		}
	}
	return game.CardNote{Card: card}
}

// marks is the label beside a card for its own psychic: ✗ ruled out, ✎ a note.
func (n *noteBox) Marks(card game.CardID) string {
	m := n.ts.Shell
	note := n.Of(card)
	var s []string
	if note.Out {
		s = append(s, m.St.Dim.Render(m.Lang().T("✗ out")))
	}
	if note.Text != "" {
		s = append(s, "✎")
	}
	return strings.Join(s, " ")
}

// view shows the note on the card under the cursor, or the note being typed.
func (n *noteBox) View(card game.CardID, w int) string {
	if n.On {
		return " ✎ " + n.Line.View(w-4)
	}
	m := n.ts.Shell
	if note := n.Of(card); note.Text != "" {
		return m.Cut(m.St.Dim.Render(m.Lang().T(" ✎ your note: "))+m.Cleaned.Text(note.Text, w), w)
	}
	return ""
}

// key takes the keys while a note is typed: enter saves it (an empty
// note removes it), esc drops it.
func (n *noteBox) Key(k keymap.Key) tea.Cmd {
	switch k.String() {
	case "esc":
		n.On = false
		n.Line.Blur()
		return nil
	case "enter":
		n.On = false
		n.Line.Blur()
		l := n.ts.Shell.Lang()
		text := sanitize.Text(n.Line.Value(), NoteWidth)
		done := l.T("Your note is kept (only you see it until the game is over).")
		if text == "" {
			done = l.T("Note removed.")
		}
		return n.ts.Out.Submit(game.Note{Card: n.card, Text: text}, done)
	}
	n.Line.Update(k)
	return nil
}

// start opens the note line for card, with its note so far.
func (n *noteBox) Start(card game.CardID) {
	if card == "" {
		return
	}
	n.On, n.card = true, card
	n.Line.SetValue(n.Of(card).Text)
	n.Line.Focus()
}
