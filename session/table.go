package session

import (
	"context"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// The pump's messages. gen ties each to the subscription it came from, so
// that an update arriving after the player left that table is dropped.
type (
	updateMsg struct {
		gen int
		u   game.Update
	}
	subEndMsg struct {
		gen int
		err error
	}
	submitMsg struct {
		gen  int
		cmd  game.Command
		err  error
		done string // what to say when it was accepted
	}
)

// submitter and subscription are what the session needs of a *table.Table
// and its *table.Subscription.
type (
	submitter interface {
		Submit(p game.PlayerID, c game.Command) error
		// Announce puts a notice of the table itself in its chat.
		Announce(n game.Notice) error
	}
	subscription interface {
		Next(ctx context.Context) (game.Update, error)
		Close()
	}
)

// pump waits for the table's next update and hands it to the program as a
// message. The update loop re-arms it after each one, so there is exactly
// one goroutine per session waiting on the table, the actor never calls
// Program.Send, and a session that stops reading only delays itself.
func pump(ctx context.Context, sub subscription, gen int) tea.Cmd {
	return func() tea.Msg {
		u, err := sub.Next(ctx)
		if err != nil {
			return subEndMsg{gen: gen, err: err}
		}
		return updateMsg{gen: gen, u: u}
	}
}

// joinByCode opens the table whose code the player typed, or says why not
// (no such table, or too many wrong codes: the hub limits guessing).
func (m *Model) joinByCode(code string) tea.Cmd {
	if m.hub == nil {
		return nil
	}
	t, err := m.hub.FindByCode(m.who, code)
	if err != nil || t == nil {
		msg := m.lang().F("There is no table with the code %s.", strings.ToUpper(code))
		if err != nil {
			msg = hubText(m.lang(), err)
		}
		m.setFlash(msg, true)
		return nil
	}
	return m.attach(t.Code(), t, t.Subscribe(m.who.ID), false)
}

// openTable subscribes to the table with that code and shows it. It
// returns nil (after saying why) when there is no such table.
func (m *Model) openTable(code string, watch bool) tea.Cmd {
	if m.hub == nil {
		return nil
	}
	t, ok := m.hub.Table(code)
	if !ok || t == nil {
		m.setFlash(m.lang().F("There is no table with the code %s.", code), true)
		return nil
	}
	if c := t.Code(); c != "" {
		// The table's own code: K7QX.2 typed for the table K7QX while it
		// holds its second game is K7QX (its header, its next game).
		code = c
	}
	return m.attach(code, t, t.Subscribe(m.who.ID), watch)
}

// attach shows a table through an existing subscription (tests use it with
// fakes) and starts the pump.
func (m *Model) attach(code string, t submitter, sub subscription, watch bool) tea.Cmd {
	m.closeTable()
	m.gen++
	m.table = newTableState(m, code, t, sub, m.gen, watch)
	m.screen = screenTable
	m.lobby.park()
	if sub == nil {
		return nil
	}
	return pump(m.ctx, sub, m.gen)
}

// closeTable unsubscribes from the current table, if any. The pending pump
// returns with an error (closed subscription) and its message is dropped.
func (m *Model) closeTable() {
	if m.table != nil && m.table.sub != nil {
		m.table.sub.Close()
	}
	m.alerts.untitle()
	m.table = nil
}

// leaveTable goes back to the lobby.
func (m *Model) leaveTable() tea.Cmd {
	m.closeTable()
	return m.enterLobby()
}

// now is the session's clock; tests fix it so that goldens are stable.
func (m *Model) now() time.Time {
	if m.clock != nil {
		return m.clock()
	}
	return time.Now()
}

// handleMsg handles the pump's, the timer's and submit results' messages.
func (ts *tableState) handleMsg(msg tea.Msg) tea.Cmd {
	m := ts.m
	switch msg := msg.(type) {
	case updateMsg:
		if msg.gen != ts.gen {
			return nil
		}
		var cmds []tea.Cmd
		if ts.sub != nil {
			cmds = append(cmds, pump(m.ctx, ts.sub, ts.gen))
		}
		cmds = append(cmds, ts.apply(msg.u))
		return tea.Batch(cmds...)
	case subEndMsg:
		if msg.gen != ts.gen {
			return nil
		}
		if errors.Is(msg.err, context.Canceled) || errors.Is(msg.err, context.DeadlineExceeded) {
			return nil
		}
		cmd := m.leaveTable()
		m.setFlash(m.lang().F("The table %s has closed.", ts.code), true)
		return cmd
	case tickMsg:
		return ts.timer.tick(msg)
	case knockDoneMsg:
		return ts.knock.done(msg)
	case pointDoneMsg:
		return ts.pointing.done(msg)
	case submitMsg:
		if msg.gen != ts.gen {
			return nil
		}
		if msg.err != nil {
			// The selection and the text typed stay as they were: the player
			// fixes what the sentence says and tries again.
			m.setFlash(game.Say(msg.err, m.lang()), true)
			ts.refused(msg.cmd)
			return ts.out.sendNext()
		}
		ts.accepted(msg.cmd)
		if msg.done != "" {
			m.setFlash(msg.done, false)
		}
		return ts.out.sendNext()
	}
	return nil
}

// hubText is an error from the hub as this player reads it: the server's
// refusals say themselves in l (In); the Hub's errors are sentences for
// the player by its contract, so any other is shown as written.
func hubText(l i18n.Lang, err error) string {
	var in interface{ In(i18n.Lang) string }
	if errors.As(err, &in) {
		return in.In(l)
	}
	return err.Error()
}
