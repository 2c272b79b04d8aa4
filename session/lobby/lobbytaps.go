package lobby

import (
	tea "charm.land/bubbletea/v2"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
)

// tap chooses the table that the lobby's list drew at (x, y), as ↑↓
// would; a second tap on it joins it as enter does (which only opens its
// seat picker: nobody sits until they choose a seat, and esc goes back).
// In the new-table form a tap chooses a field, as tab and ↑↓ would, and a
// second tap on a field with choices takes the next one, as → does (the
// name is typed: ⌨). Elsewhere a field or the invitation has the screen:
// a tap does nothing.
func (l *State) Tap(x, y int) tea.Cmd {
	m := l.m
	if l.Mode != LobbyList && l.Mode != LobbyCreate {
		return nil
	}
	m.Host.View() // the rectangles of the frame the player sees
	y -= m.BodyTop
	if y < 0 || y >= m.BodyRows {
		return nil
	}
	for _, h := range l.Hits.List {
		if !h.R.Has(x, y) || !portrait.Tappable(m.W, m.H, h.R.H) {
			continue
		}
		switch {
		case h.Kind == shell.HitLobbyTable && l.Mode == LobbyList && h.I < len(l.Tables):
			again := l.Cursor == h.I
			l.Cursor = h.I
			if again {
				cmd, _ := l.Keys().Run("enter")
				return cmd
			}
		case h.Kind == shell.HitFormField && l.Mode == LobbyCreate && h.I < fieldCount:
			f := &l.Form
			if h.I == FieldDifficulty && DifficultiesFor(Editions[f.Edition]) == nil {
				return nil // this edition has none
			}
			again := f.Field == h.I
			f.Field = h.I
			if again && h.I != FieldName {
				l.changeField(1)
			}
		}
		return nil
	}
	return nil
}
