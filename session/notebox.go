package session

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
	ts   *tableState
	line input.Field
	on   bool
	card game.CardID
}

// noteWidth bounds what the note line takes: the engine's limit.
const noteWidth = game.MaxNoteRunes

// of is this psychic player's mark and note on card.
func (n *noteBox) of(card game.CardID) game.CardNote {
	if psy := n.ts.psy; psy != nil {
		for _, note := range psy.Notes {
			if note.Card == card {
				return note
			}
		}
	}
	return game.CardNote{Card: card}
}

// marks is the label beside a card for its own psychic: ✗ ruled out, ✎ a note.
func (n *noteBox) marks(card game.CardID) string {
	m := n.ts.m
	note := n.of(card)
	var s []string
	if note.Out {
		s = append(s, m.st.Dim.Render(m.lang().T("✗ out")))
	}
	if note.Text != "" {
		s = append(s, "✎")
	}
	return strings.Join(s, " ")
}

// view shows the note on the card under the cursor, or the note being typed.
func (n *noteBox) view(card game.CardID, w int) string {
	if n.on {
		return " ✎ " + n.line.View(w-4)
	}
	m := n.ts.m
	if note := n.of(card); note.Text != "" {
		return m.cut(m.st.Dim.Render(m.lang().T(" ✎ your note: "))+m.cleaned.text(note.Text, w), w)
	}
	return ""
}

// key takes the keys while a note is typed: enter saves it (an empty
// note removes it), esc drops it.
func (n *noteBox) key(k keymap.Key) tea.Cmd {
	switch k.String() {
	case "esc":
		n.on = false
		n.line.Blur()
		return nil
	case "enter":
		n.on = false
		n.line.Blur()
		l := n.ts.m.lang()
		text := sanitize.Text(n.line.Value(), noteWidth)
		done := l.T("Your note is kept (only you see it until the game is over).")
		if text == "" {
			done = l.T("Note removed.")
		}
		return n.ts.out.submit(game.Note{Card: n.card, Text: text}, done)
	}
	n.line.Update(k)
	return nil
}

// start opens the note line for card, with its note so far.
func (n *noteBox) start(card game.CardID) {
	if card == "" {
		return
	}
	n.on, n.card = true, card
	n.line.SetValue(n.of(card).Text)
	n.line.Focus()
}
