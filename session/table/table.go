package table

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// handleMsg handles the pump's, the timer's and submit results' messages.
func (ts *TableState) HandleMsg(msg tea.Msg) tea.Cmd {
	m := ts.Shell
	switch msg := msg.(type) {
	case state.UpdateMsg:
		if msg.Gen != ts.Gen {
			return nil
		}
		var cmds []tea.Cmd
		if ts.Sub != nil {
			cmds = append(cmds, state.Pump(m.Ctx, ts.Sub, ts.Gen))
		}
		cmds = append(cmds, ts.Apply(msg.U))
		return tea.Batch(cmds...)
	case state.SubEndMsg:
		if msg.Gen != ts.Gen {
			return nil
		}
		if errors.Is(msg.Err, context.Canceled) || errors.Is(msg.Err, context.DeadlineExceeded) {
			return nil
		}
		cmd := m.Host.LeaveTable()
		m.SetFlash(m.Lang().F("The table %s has closed.", ts.Code), true)
		return cmd
	case state.TickMsg:
		return ts.Timer.Tick(msg)
	case state.KnockDoneMsg:
		return ts.Knock.Done(msg)
	case state.PointDoneMsg:
		return ts.Pointing.Done(msg)
	case state.SubmitMsg:
		if msg.Gen != ts.Gen {
			return nil
		}
		if msg.Err != nil {
			// The selection and the text typed stay as they were: the player
			// fixes what the sentence says and tries again.
			m.SetFlash(game.Say(msg.Err, m.Lang()), true)
			ts.refused(msg.Cmd)
			return ts.Out.SendNext()
		}
		ts.accepted(msg.Cmd)
		if msg.Done != "" {
			m.SetFlash(msg.Done, false)
		}
		return ts.Out.SendNext()
	}
	return nil
}
