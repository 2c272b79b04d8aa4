package style

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/term"
)

// A text an inline style drew before is drawn again without an allocation
// (every seat of a table draws the same names and labels after each
// update), and the psychics' labels are drawn once; what is drawn is what
// the style draws, also for texts that replace each other in the memo's
// slots.
func TestAStyleDrawsTheSameTextAgainWithoutAllocating(t *testing.T) {
	st := newStyles(term.PlainRenderer(colorprofile.TrueColor))
	name := fmt.Sprint("Alma ", 7) // not a constant: drawn from a string made at run time
	st.Dim.Render(name)
	if n := testing.AllocsPerRun(100, func() { st.Dim.Render(name) }); n != 0 {
		t.Errorf("drawing %q again allocates %.0f times", name, n)
	}
	if n := testing.AllocsPerRun(100, func() {
		st.PsychicLabel(game.Red)
		st.ShortLabel(game.Blue)
	}); n != 0 {
		t.Errorf("a psychic's label allocates %.0f times", n)
	}
	// Far more texts than slots: each drawn as the style draws it, the
	// first time and again.
	for round := range 2 {
		for i := range 4 * renderSlots {
			text := fmt.Sprintf("card %d", i)
			if got, want := st.Dim.Render(text), st.Dim.Style.Render(colorprofile.TrueColor, text); got != want {
				t.Fatalf("round %d: Render(%q) = %q, want %q", round, text, got, want)
			}
		}
	}
	for _, c := range game.Colours {
		if got, want := st.PsychicLabel(c), st.psychicLabel(c); got != want {
			t.Errorf("PsychicLabel(%v) = %q, want %q", c, got, want)
		}
		if got, want := st.ShortLabel(c), st.shortLabel(c); got != want {
			t.Errorf("ShortLabel(%v) = %q, want %q", c, got, want)
		}
	}
}
