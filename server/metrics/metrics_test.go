package metrics

import (
	"io"
	"testing"
)

// Counting a frame costs the frame path no allocation: two atomic additions.
func TestCountingAFrameAllocatesNothing(t *testing.T) {
	m := New("test", func() map[string]int { return nil })
	w := m.Output(io.Discard)
	frame := make([]byte, 4096)
	if n := testing.AllocsPerRun(1000, func() { _, _ = w.Write(frame) }); n != 0 {
		t.Fatalf("%v allocations per frame written", n)
	}
}

func BenchmarkCountedFrameWrite(b *testing.B) {
	m := New("test", func() map[string]int { return nil })
	w := m.Output(io.Discard)
	frame := make([]byte, 4096)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = w.Write(frame)
	}
}
