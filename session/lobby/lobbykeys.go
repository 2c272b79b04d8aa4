package lobby

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// keys is the lobby's key map in its current mode, the single source of
// what each key does there, of the key bar and of the ? help, as on the
// table's screens.
func (l *State) Keys() keymap.Map {
	switch l.Mode {
	case LobbyInvite:
		return l.inviteKeys()
	case LobbyCreate:
		return l.formKeys()
	case LobbyCode:
		return l.inputKeys(i18n.N("join"), i18n.N("join the table with this code"))
	case LobbyName:
		return l.inputKeys(i18n.N("save"), i18n.N("keep this name"))
	}
	return l.listKeys()
}

// listKeys are the keys of the table list.
func (l *State) listKeys() keymap.Map {
	m := l.m
	open := func(watch bool) func() tea.Cmd {
		return func() tea.Cmd {
			if len(l.Tables) == 0 {
				m.SetFlash(m.Lang().T("No tables yet: press n to create one."), false)
				return nil
			}
			return l.host.OpenTable(l.Tables[l.Cursor].Code, watch)
		}
	}
	return keymap.Map{
		keymap.Bind([]string{"up", "k"}, "↑↓", i18n.N("table"), i18n.N("choose a table"), func() tea.Cmd {
			l.Cursor = max(0, l.Cursor-1)
			return nil
		}),
		keymap.Bind([]string{"down", "j"}, "", "", "", func() tea.Cmd {
			l.Cursor = max(0, min(l.Cursor+1, len(l.Tables)-1))
			return nil
		}),
		keymap.Bind([]string{"enter"}, "enter", i18n.N("join"), i18n.N("join it (take a seat, or watch a game already running)"), open(false)),
		keymap.Bind([]string{"w"}, "w", i18n.N("watch|a table"), i18n.N("watch it as a spectator"), open(true)),
		keymap.Bind([]string{"n"}, "n", i18n.N("new"), i18n.N("create a new table (name, edition, difficulty, timer, public/private)"), l.newTable),
		keymap.Bind([]string{"c"}, "c", i18n.N("code"), i18n.N("join a table by its code (private tables)"), func() tea.Cmd {
			l.Mode = LobbyCode
			l.Input = m.NewInput(i18n.N("table code"), 12)
			return nil
		}),
		keymap.Bind([]string{"i"}, "i", i18n.N("invite"), i18n.N("an invitation to the table, to paste in your group chat"), l.showInvite),
		// e and r are in the ? help only: the bar must fit 80 columns.
		keymap.Bind([]string{"e"}, "e", i18n.N("name"), i18n.N("change your display name"), func() tea.Cmd {
			l.Mode = LobbyName
			l.Input = m.NewInput(i18n.N("your display name"), 20)
			l.Input.SetValue(m.Who.Name)
			return nil
		}).HelpOnly(),
		keymap.Bind([]string{"r"}, "r", i18n.N("reload"), i18n.N("read the list of tables again now (it is read every 2 s anyway)"), func() tea.Cmd {
			l.Refresh()
			return nil
		}).HelpOnly(),
		keymap.Bind([]string{"q"}, "q", i18n.N("quit"), i18n.N("quit"), l.host.Quit),
	}
}

// newTable opens the create form with the first edition's defaults.
func (l *State) newTable() tea.Cmd {
	m := l.m
	l.Mode = LobbyCreate
	l.Form = createForm{Name: m.NewInput(i18n.N("a name for the table"), 40), Edition: 0,
		Diff: defaultDifficulty(Editions[0]), Timer: l.defaultTimer(Editions[0])}
	return nil
}

// showInvite shows the invitation to the table under the cursor.
func (l *State) showInvite() tea.Cmd {
	m := l.m
	if len(l.Tables) == 0 {
		m.SetFlash(m.Lang().T("No tables yet: press n to create one, then i invites your friends."), false)
		return nil
	}
	inv, err := l.hub.Invite(m.Who, l.Tables[l.Cursor].Code)
	if err != nil {
		m.SetFlash(m.Lang().F("No invitation: %s", state.HubText(m.Lang(), err)), true)
		return nil
	}
	l.Invite, l.QRAlone = inv, false
	l.Mode = LobbyInvite
	return nil
}

// formKeys are the create form's keys. On the name field the letters,
// ←→ and space edit the name; on the others ←→ (h l, space) change the value.
func (l *State) formKeys() keymap.Map {
	f := &l.Form
	choosing := f.Field != FieldName
	return keymap.Map{
		keymap.Bind([]string{"tab", "down"}, "tab/↑↓", i18n.N("field"), i18n.N("the next field (shift+tab or ↑ the one before)"), func() tea.Cmd {
			l.moveField(1)
			return nil
		}),
		keymap.Bind([]string{"shift+tab", "up"}, "", "", "", func() tea.Cmd {
			l.moveField(-1)
			return nil
		}),
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("change"), i18n.N("change the field's value"), func() tea.Cmd {
			l.changeField(-1)
			return nil
		}).When(choosing),
		keymap.Bind([]string{"right", "l", " "}, "", "", "", func() tea.Cmd {
			l.changeField(1)
			return nil
		}).When(choosing),
		keymap.Bind([]string{"enter"}, "enter", i18n.N("create"), i18n.N("create the table and go to its seats"), l.submitForm),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("cancel"), i18n.N("back to the tables, nothing created"), func() tea.Cmd {
			l.Mode = LobbyList
			return nil
		}),
	}
}

// inputKeys are the keys of a one-line field (a code, a name): enter does
// what the field is for, esc goes back; every other key edits the field.
func (l *State) inputKeys(bar, help string) keymap.Map {
	return keymap.Map{
		keymap.Bind([]string{"enter"}, "enter", bar, help, l.submitInput),
		keymap.Bind([]string{"esc"}, "esc", i18n.N("cancel"), i18n.N("back to the tables"), func() tea.Cmd {
			l.Mode = LobbyList
			return nil
		}),
	}
}

// submitInput joins by the code typed, or keeps the name typed.
func (l *State) submitInput() tea.Cmd {
	m := l.m
	v := l.Input.Value()
	if l.Mode == LobbyCode {
		return l.joinTyped(v)
	}
	name, err := l.hub.SetName(m.Who.ID, v)
	if err != nil {
		m.SetFlash(m.Lang().F("Name not changed: %s", state.HubText(m.Lang(), err)), true)
		return nil
	}
	m.Who.Name = name
	l.Mode = LobbyList
	m.SetFlash(m.Lang().F("You are now %s.", name), false)
	return nil
}
