package session

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// joinByCode opens the table whose code the player typed, or says why not
// (no such table, or too many wrong codes: the hub limits guessing).
func (m *Model) joinByCode(code string) tea.Cmd {
	if m.hub == nil {
		return nil
	}
	t, err := m.hub.FindByCode(m.sh.Who, code)
	if err != nil || t == nil {
		msg := m.sh.Lang().F("There is no table with the code %s.", strings.ToUpper(code))
		if err != nil {
			msg = state.HubText(m.sh.Lang(), err)
		}
		m.sh.SetFlash(msg, true)
		return nil
	}
	return m.attach(t.Code(), t, t.Subscribe(m.sh.Who.ID), false)
}

// openTable subscribes to the table with that code and shows it. It
// returns nil (after saying why) when there is no such table.
func (m *Model) openTable(code string, watch bool) tea.Cmd {
	if m.hub == nil {
		return nil
	}
	t, ok := m.hub.Table(code)
	if !ok || t == nil {
		m.sh.SetFlash(m.sh.Lang().F("There is no table with the code %s.", code), true)
		return nil
	}
	if c := t.Code(); c != "" {
		// The table's own code: K7QX.2 typed for the table K7QX while it
		// holds its second game is K7QX (its header, its next game).
		code = c
	}
	return m.attach(code, t, t.Subscribe(m.sh.Who.ID), watch)
}

// attach shows a table through an existing subscription (tests use it with
// fakes) and starts the pump.
func (m *Model) attach(code string, t state.Submitter, sub state.Subscription, watch bool) tea.Cmd {
	m.closeTable()
	m.gen++
	m.table = table.NewTableState(&m.sh, code, t, sub, m.gen, watch)
	m.screen = screenTable
	m.lobby.Park()
	if sub == nil {
		return nil
	}
	return state.Pump(m.sh.Ctx, sub, m.gen)
}

// closeTable unsubscribes from the current table, if any. The pending pump
// returns with an error (closed subscription) and its message is dropped.
func (m *Model) closeTable() {
	if m.table != nil && m.table.Sub != nil {
		m.table.Sub.Close()
	}
	m.sh.Alerts.Untitle()
	m.table = nil
}

// leaveTable goes back to the lobby.
func (m *Model) leaveTable() tea.Cmd {
	m.closeTable()
	return m.enterLobby()
}
