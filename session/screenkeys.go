package session

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table"
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
	case m.sh.TooSmall():
		return s.tooSmall()
	case m.help:
		return s.help()
	case m.screen == screenTable && m.table != nil:
		return table.TableKeyMap(m.table)
	}
	return m.lobby.Keys()
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
