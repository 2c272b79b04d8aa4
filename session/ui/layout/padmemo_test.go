package layout

import (
	"fmt"
	"strings"
	"testing"
)

// A line padded before is padded again without an allocation or a
// measure (every seat of a table pads the same lines after each update),
// and what Pad returns is what padding returns, at every width, also for
// lines that replace each other in the memo's slots.
func TestPadTheSameLineAgainWithoutAllocating(t *testing.T) {
	line := fmt.Sprint("▲ Alma ", 7) // made at run time
	Pad(line, 30)
	if n := testing.AllocsPerRun(100, func() { Pad(line, 30) }); n != 0 {
		t.Errorf("padding %q again allocates %.0f times", line, n)
	}
	want := func(s string, w int) string {
		n := TextWidth(s)
		if n >= w {
			return Cut(s, w)
		}
		return s + strings.Repeat(" ", w-n)
	}
	for round := range 2 {
		for i := range 3 * padSlots {
			s := fmt.Sprintf("\x1b[1mline %d\x1b[0m · 漢", i)
			for _, w := range []int{1, 8, 14, 15, 40, 79, 80, 120} {
				if got := Pad(s, w); got != want(s, w) {
					t.Fatalf("round %d: Pad(%q, %d) = %q, want %q", round, s, w, got, want(s, w))
				}
			}
		}
	}
}
