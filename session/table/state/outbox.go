package state

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// outbox holds this session's commands to the table: one in flight at a
// time, the rest waiting in the order the keys were pressed.
type outbox struct {
	ts       *Table
	queue    []outgoing
	inflight bool
}

// submit sends a command to the table off the update loop (the actor may
// be writing its journal) and reports the result as a submitMsg. Commands
// go one at a time, in the order the keys were pressed: Bubble Tea runs
// each command in its own goroutine, so "i" then "r" typed quickly could
// otherwise reach the table as ready-before-intuition.
func (o *outbox) Submit(c game.Command, done string) tea.Cmd {
	ts := o.ts
	if ts.Submitter == nil {
		return nil
	}
	o.queue = append(o.queue, outgoing{cmd: c, done: done})
	if o.inflight {
		return nil
	}
	return o.SendNext()
}

// sendNext starts the oldest queued command, if any.
func (o *outbox) SendNext() tea.Cmd {
	ts := o.ts
	if len(o.queue) == 0 {
		o.inflight = false
		return nil
	}
	next := o.queue[0]
	o.queue = o.queue[1:]
	o.inflight = true
	t, who, gen := ts.Submitter, ts.Shell.Who.ID, ts.Gen
	return func() tea.Msg {
		return SubmitMsg{Gen: gen, Cmd: next.cmd, Err: t.Submit(who, next.cmd), Done: next.done}
	}
}

// outgoing is a command waiting for the one before it to be answered.
type outgoing struct {
	cmd  game.Command
	done string
}
