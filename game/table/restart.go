package table

import "time"

// A restart is nobody's turn: a table restored with TableConfig.LastSeen
// gives its running sand timer back the time the server was away (Restore).

// TimerLeft is the sand timer's time left now and whether it runs (not
// paused); for the log of a restored table.
func (t *Table) TimerLeft() (left time.Duration, running bool) {
	t.inspect(func(t *Table) {
		if !t.deadline.IsZero() {
			left, running = max(0, t.deadline.Sub(t.clock.Now())), true
		}
	})
	return left, running
}
