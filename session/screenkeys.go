package session

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/keymap"
)

// screenKeys finds the key map of whatever a session shows now, for the
// key bar at the bottom and for a client that draws its own key buttons
// (a phone's, through Model.Keys). The lobby's modes have their key maps
// (lobbykeys.go) and each table screen its own (tableScreen.keys); the
// states that take the keys from them, the ? help, a window too small, a
// table not joined yet, a zoomed card, a y/n question and a text field
// with the keyboard, have theirs here. Each is the one source of its bar
// and of what its keys do, as a screen's key map is.
type screenKeys struct{ m *Model }

// now is the key map of what the session shows now.
func (s screenKeys) now() keymap.Map {
	m := s.m
	switch {
	case m.tooSmall():
		return s.tooSmall()
	case m.help:
		return s.help()
	case m.screen == screenTable && m.table != nil:
		return s.table(m.table)
	}
	return m.lobby.keys()
}

// table is the key map of a table in the order the table's keys go
// (tableState.handleKey): a zoomed card, a question, a text field, then
// the screen's own (tableState.keymap.Map, which has a table not joined yet
// and the ghost's marking of old cards).
func (s screenKeys) table(ts *tableState) keymap.Map {
	switch {
	case ts.role() == roleWaiting:
		return ts.keyMap()
	case ts.zoom.id != "":
		return s.zoom(ts)
	case ts.confirm != "":
		return s.confirm(ts)
	case ts.chat.shut:
		return s.chatShut(ts)
	case ts.note.on:
		return s.note(ts)
	case ts.chat.on:
		return s.chat(ts)
	case ts.scr.ghost.note.typing():
		return s.ghostNote(&ts.scr.ghost.note)
	}
	return ts.keyMap()
}

// tableBar is the key bar of a table: in a text field ? is a letter, so
// the bar does not offer it.
// It is drawn again only when the key map or the language changed
// (barMemo).
func (s screenKeys) tableBar(ts *tableState) string {
	return ts.bar.get(s.table(ts), s.m.lang(), s.m.typing())
}

// tooSmall is a window smaller than 80x24: nothing to play, only to leave.
func (s screenKeys) tooSmall() keymap.Map {
	return keymap.Map{keymap.Bind([]string{"q"}, "q", i18n.N("quit"), i18n.N("quit"), s.m.quit)}
}

// help is the ? help's: any key closes it (esc is the one a key bar
// offers).
func (s screenKeys) help() keymap.Map {
	return keymap.Map{keymap.Bind([]string{"esc"}, "any key", i18n.N("closes this help"), "", func() tea.Cmd {
		s.m.help = false
		return nil
	})}
}

// waiting is a table whose first update has not come: the keys typed are
// kept for its screen, but q leaves at once.
func (s screenKeys) waiting(ts *tableState) keymap.Map {
	return keymap.Map{keymap.Bind([]string{"q"}, "q", i18n.N("leave"), i18n.N("leave the table"), ts.leave)}
}

// zoom is a card shown full screen; any other key closes it.
func (s screenKeys) zoom(ts *tableState) keymap.Map {
	z := &ts.zoom
	return keymap.Map{
		keymap.Bind([]string{"esc", "enter"}, "esc/enter", i18n.N("back"), i18n.N("back to the table"), func() tea.Cmd {
			z.id = ""
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
		}).When(s.m.tiles().Images),
		keymap.Bind([]string{"q"}, "q", i18n.N("leave"), i18n.N("leave the table (asks first while you play)"), func() tea.Cmd {
			z.id = ""
			return ts.askLeave()
		}).HelpOnly(),
	}
}

// confirm is a y/n question (leave the game, discard): y does it; n, or
// any other key, cancels.
func (s screenKeys) confirm(ts *tableState) keymap.Map {
	q := ts.confirm
	yes, help := i18n.N("leave"), i18n.N("leave the game")
	if q == "discard" {
		yes, help = i18n.N("discard"), i18n.N("discard the cards")
	}
	return keymap.Map{
		keymap.Bind([]string{"y"}, "y", yes, help, func() tea.Cmd {
			ts.confirm = ""
			return ts.confirmed(q)
		}),
		keymap.Bind([]string{"n"}, "n", i18n.N("cancel"), i18n.N("cancel (any other key too)"), func() tea.Cmd {
			ts.confirm = ""
			s.m.setFlash(s.m.lang().T("Cancelled."), false)
			return nil
		}),
	}
}

// chatShut is t pressed where chat is closed: letters are swallowed until
// esc or enter.
func (s screenKeys) chatShut(ts *tableState) keymap.Map {
	return keymap.Map{keymap.Bind([]string{"esc", "enter"}, "esc/enter", i18n.N("back"), i18n.N("back to the table's keys"), func() tea.Cmd {
		ts.chat.shut = false
		return nil
	})}
}

// chat is the chat line with the keyboard; every other key edits it.
func (s screenKeys) chat(ts *tableState) keymap.Map {
	m := s.m
	c := &ts.chat
	stop := func() {
		c.on = false
		c.line.Blur()
	}
	return keymap.Map{
		keymap.Bind([]string{"enter"}, "enter", i18n.N("send"), i18n.N("send the line"), func() tea.Cmd {
			text := sanitize.Text(c.line.Value(), chatWidth)
			if text == "" {
				stop()
				return nil
			}
			if !c.limit.allow(m.now()) {
				// The line stays typed: the player sends it again in a moment.
				m.setFlash(m.lang().T(chatSlowDown), true)
				return nil
			}
			return ts.out.submit(game.Chat{Text: text}, "")
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
func (s screenKeys) note(ts *tableState) keymap.Map {
	return keymap.Map{
		keymap.Bind([]string{"enter"}, "enter", i18n.N("save"), i18n.N("keep the note (an empty one removes it)"), func() tea.Cmd {
			return ts.note.key(keyPress("enter"))
		}),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("cancel"), i18n.N("leave the note as it was"), func() tea.Cmd {
			return ts.note.key(keyPress("esc"))
		}),
	}
}

// ghostNote is the ghost's note on the vision it gives, with the keyboard
// (ghostNote.handle does what its keys do).
func (s screenKeys) ghostNote(n *ghostNote) keymap.Map {
	return keymap.Map{
		keymap.Bind([]string{"enter"}, "enter", i18n.N("give"), i18n.N("give the vision with the note"), func() tea.Cmd {
			return n.handle(keyPress("enter"))
		}),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("drop note"), i18n.N("drop the note, keep the selection"), func() tea.Cmd {
			return n.handle(keyPress("esc"))
		}),
	}
}
