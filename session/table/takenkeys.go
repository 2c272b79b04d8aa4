package table

import (
	tea "charm.land/bubbletea/v2"
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// table is the key map of a table in the order the table's keys go
// (tableState.handleKey): a zoomed card, a question, a text field, then
// the screen's own (tableState.keymap.Map, which has a table not joined yet
// and the ghost's marking of old cards).
func (s TakenKeys) table(ts *TableState) keymap.Map {
	switch {
	case ts.Role() == state.RoleWaiting:
		return ts.KeyMap()
	case ts.Zoom.ID != "":
		return s.zoom(ts)
	case ts.Confirm != "":
		return s.confirm(ts)
	case ts.Chat.Shut:
		return s.chatShut(ts)
	case ts.Note.On:
		return s.note(ts)
	case ts.Chat.On:
		return s.chat(ts)
	case ts.Scr.Ghost.Note.Typing():
		return s.ghostNote(&ts.Scr.Ghost.Note)
	}
	return ts.KeyMap()
}

// tableBar is the key bar of a table: in a text field ? is a letter, so
// the bar does not offer it.
// It is drawn again only when the key map or the language changed
// (barMemo).
func (s TakenKeys) TableBar(ts *TableState) string {
	return ts.bar.Get(s.table(ts), s.m.Lang(), TableTyping(ts))
}

// waiting is a table whose first update has not come: the keys typed are
// kept for its screen, but q leaves at once.
func (s TakenKeys) waiting(ts *TableState) keymap.Map {
	return keymap.Map{keymap.Bind([]string{"q"}, "q", i18n.N("leave"), i18n.N("leave the table"), ts.leave)}
}

// zoom is a card shown full screen; any other key closes it.
func (s TakenKeys) zoom(ts *TableState) keymap.Map {
	z := &ts.Zoom
	return keymap.Map{
		keymap.Bind([]string{"esc", "enter"}, "esc/enter", i18n.N("back"), i18n.N("back to the table"), func() tea.Cmd {
			z.ID = ""
			return nil
		}),
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("next card"), i18n.N("the card before or after it"), func() tea.Cmd {
			z.step(false)
			return nil
		}),
		keymap.Bind([]string{"right", "l"}, "", "", "", func() tea.Cmd {
			z.step(true)
			return nil
		}),
		keymap.Bind([]string{"d"}, "d", i18n.N("description"), i18n.N("the card's description in words, under its picture"), func() tea.Cmd {
			z.desc = !z.desc
			return nil
		}).When(s.m.Tiles().Images),
		keymap.Bind([]string{"q"}, "q", i18n.N("leave"), i18n.N("leave the table (asks first while you play)"), func() tea.Cmd {
			z.ID = ""
			return ts.askLeave()
		}).HelpOnly(),
	}
}

// confirm is a y/n question (leave the game, discard): y does it; n, or
// any other key, cancels.
func (s TakenKeys) confirm(ts *TableState) keymap.Map {
	q := ts.Confirm
	yes, help := i18n.N("leave"), i18n.N("leave the game")
	if q == "discard" {
		yes, help = i18n.N("discard"), i18n.N("discard the cards")
	}
	return keymap.Map{
		keymap.Bind([]string{"y"}, "y", yes, help, func() tea.Cmd {
			ts.Confirm = ""
			return ts.confirmed(q)
		}),
		keymap.Bind([]string{"n"}, "n", i18n.N("cancel"), i18n.N("cancel (any other key too)"), func() tea.Cmd {
			ts.Confirm = ""
			s.m.SetFlash(s.m.Lang().T("Cancelled."), false)
			return nil
		}),
	}
}

// chatShut is t pressed where chat is closed: letters are swallowed until
// esc or enter.
func (s TakenKeys) chatShut(ts *TableState) keymap.Map {
	return keymap.Map{keymap.Bind([]string{"esc", "enter"}, "esc/enter", i18n.N("back"), i18n.N("back to the table's keys"), func() tea.Cmd {
		ts.Chat.Shut = false
		return nil
	})}
}

// chat is the chat line with the keyboard; every other key edits it.
func (s TakenKeys) chat(ts *TableState) keymap.Map {
	m := s.m
	c := &ts.Chat
	stop := func() {
		c.On = false
		c.Line.Blur()
	}
	return keymap.Map{
		keymap.Bind([]string{"enter"}, "enter", i18n.N("send"), i18n.N("send the line"), func() tea.Cmd {
			text := sanitize.Text(c.Line.Value(), state.ChatWidth)
			if text == "" {
				stop()
				return nil
			}
			if !c.Limit.Allow(m.Now()) {
				// The line stays typed: the player sends it again in a moment.
				m.SetFlash(m.Lang().T(state.ChatSlowDown), true)
				return nil
			}
			return ts.Out.Submit(game.Chat{Text: text}, "")
		}),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("stop"), i18n.N("stop typing (the line stays)"), func() tea.Cmd {
			stop()
			return nil
		}),
		keymap.Bind([]string{"tab"}, "tab", i18n.N("pane"), i18n.N("stop typing and show the next pane"), func() tea.Cmd {
			stop()
			ts.tab = (ts.tab + 1) % ts.paneCount()
			return nil
		}),
	}
}

// note is a psychic's note line with the keyboard (noteBox.key
// does what its keys do).
func (s TakenKeys) note(ts *TableState) keymap.Map {
	return keymap.Map{
		keymap.Bind([]string{"enter"}, "enter", i18n.N("save"), i18n.N("keep the note (an empty one removes it)"), func() tea.Cmd {
			return ts.Note.Key(keyPress("enter"))
		}),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("cancel"), i18n.N("leave the note as it was"), func() tea.Cmd {
			return ts.Note.Key(keyPress("esc"))
		}),
	}
}

// ghostNote is the ghost's note on the vision it gives, with the keyboard
// (ghostNote.handle does what its keys do).
func (s TakenKeys) ghostNote(n *ghostNote) keymap.Map {
	return keymap.Map{
		keymap.Bind([]string{"enter"}, "enter", i18n.N("give"), i18n.N("give the vision with the note"), func() tea.Cmd {
			return n.handle(keyPress("enter"))
		}),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("drop note"), i18n.N("drop the note, keep the selection"), func() tea.Cmd {
			return n.handle(keyPress("esc"))
		}),
	}
}

// takenKeys are the key maps of what takes the keys from a table's
// screen.
type TakenKeys struct{ m *shell.Shell }

// tableKeyMap is the key map of the table ts shows now (takenKeys.table).
func TableKeyMap(ts *TableState) keymap.Map { return TakenKeys{ts.Shell}.table(ts) }

// tableTyping reports whether a text field of the table has the
// keyboard.
func TableTyping(ts *TableState) bool {
	return ts.Chat.Typing() || ts.Note.On || ts.Scr.Ghost.Note.Typing()
}

// KeyBar is the key bar of the table ts shows now.
func KeyBar(ts *TableState) string { return TakenKeys{ts.Shell}.TableBar(ts) }
