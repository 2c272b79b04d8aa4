package layout

import "sync"

// SharedLines remembers lines of a screen that every seat drawing the same
// input draws the same, for all sessions at once. After a table update
// each seat of the table draws its frame, and most of a psychic's frame is
// what the others at the table draw too: the line of every other psychic,
// the clairvoyance track. Remembered here, such a line is drawn by the
// first seat and taken by the others.
//
// The key (K) holds every input the line is drawn from, by value: the
// viewer's styles (the colour profile), language and card titles, the
// width, and the facts of the view the line shows. So a remembered line
// can go neither stale nor to a seat that could not have drawn it itself:
// a seat only ever gets the line its own input draws. No table, version
// or seat is in the key; two tables in the same state share the line.
// What a key holds must be everything the drawing function reads, and
// nothing secret can be in it that the seat did not already have.
//
// It is bounded (emptied when it holds max lines) and safe for use by
// every session's goroutine. The tests' fresh drawings (noMemo) bypass it,
// so TestFrameMemoNeverStale also checks that its keys are whole.
type SharedLines[K comparable] struct {
	mu  sync.Mutex
	m   map[K]string
	Max int
}

// Load returns the line remembered for k.
func (c *SharedLines[K]) Load(k K) (string, bool) {
	c.mu.Lock()
	s, ok := c.m[k]
	c.mu.Unlock()
	return s, ok
}

// Store remembers the line drawn for k.
func (c *SharedLines[K]) Store(k K, s string) {
	c.mu.Lock()
	if c.m == nil || len(c.m) >= c.Max {
		c.m = make(map[K]string, c.Max/8)
	}
	c.m[k] = s
	c.mu.Unlock()
}

// SharedLinesMax is how many lines each kind of shared line remembers: a
// few for each psychic of each table being drawn at the same moment (at
// 1,000 sessions, 143 tables of up to six psychics).
const SharedLinesMax = 4096
