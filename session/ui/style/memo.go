package style

import "sync/atomic"

// renderMemo remembers an inline style's last drawings, so that the same
// text drawn again (a name, a label, a count: every seat of a table draws
// the same ones after each update, and every frame draws most of them
// again) costs no allocation. A frame after a table update drew a fifth of
// its allocations here (docs/performance.md).
//
// It is a fixed number of slots, each holding one drawing, picked by the
// text's hash: a text that lands on an occupied slot replaces what was
// there, so it holds at most renderSlots drawings and takes no lock (the
// styles are shared by every session with the same colour profile). A
// slot's entry is never changed once published; the text it is kept under
// is a piece of the drawing, so that nothing else stays alive for it.
type renderMemo struct {
	slots [renderSlots]atomic.Pointer[drawn]
}

// renderSlots bounds a style's memo: a few hundred short drawings.
const renderSlots = 256

// drawn is a text and its drawing.
type drawn struct{ text, out string }

// render returns prefix + text + suffix, remembered.
func (m *renderMemo) render(prefix, text, suffix string) string {
	slot := &m.slots[hash(text)%renderSlots]
	if d := slot.Load(); d != nil && d.text == text {
		return d.out
	}
	out := prefix + text + suffix
	slot.Store(&drawn{text: out[len(prefix) : len(prefix)+len(text)], out: out})
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
