package layout

import "sync/atomic"

// padMemo remembers the last lines Pad padded, so that the same line padded
// to the same width again (every seat of a table pads the same names and
// labels after each update, and every frame most of the lines it drew
// before) costs neither a measure nor an allocation. A frame after a table
// update made an eighth of its allocations in Pad (docs/performance.md).
//
// It is a fixed number of slots, each holding one padded line, picked by
// the line's hash and width: a line that lands on an occupied slot replaces
// what was there, so it holds at most padSlots lines and takes no lock
// (Pad is called by every session's goroutine). A slot's entry is never
// changed once published; the line it is kept under is a piece of the
// padded line, so that nothing else stays alive for it.
var padMemo [padSlots]atomic.Pointer[padded]

// padSlots bounds the memo: a thousand short lines.
const padSlots = 1024

// padded is a line, a width, and the line padded with spaces to it.
type padded struct {
	line string
	w    int
	out  string
}

func padSlot(s string, w int) *atomic.Pointer[padded] {
	return &padMemo[(hash(s)+uint64(w)*0x9e3779b97f4a7c15)%padSlots]
}

// paddedBefore returns s padded to w if it was padded so lately.
func paddedBefore(s string, w int) (string, bool) {
	if p := padSlot(s, w).Load(); p != nil && p.w == w && p.line == s {
		return p.out, true
	}
	return "", false
}

// pad returns s + blanks (s padded to w), remembered.
func pad(s, blanks string, w int) string {
	out := s + blanks
	padSlot(s, w).Store(&padded{line: out[:len(s)], w: w, out: out})
	return out
}

// hash is FNV-1a: the same slots in every run, so that what a frame
// allocates does not depend on a random seed (TestFrameAllocs).
func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
