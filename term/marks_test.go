package term

import (
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// TestMarksAreFoundWhereTheLayoutPutTheCards: cards marked as they are
// drawn, then laid out by Lip Gloss beside and under other blocks (with
// styles, borders and padding, as the screens do), are found at the cells
// they ended up in, and the frame without its marks is the frame drawn
// without them, byte for byte.
func TestMarksAreFoundWhereTheLayoutPutTheCards(t *testing.T) {
	card := func(mark bool, key string) string {
		art := "\x1b[38;2;1;2;3m▀▀▀▀\x1b[m\n\x1b[38;2;1;2;3m▀▀▀▀\x1b[m\n▄▄▄▄"
		if mark {
			art = MarkPicture(key, graphics.Cells{W: 4, H: 3}) + art
		}
		return art
	}
	layout := func(mark bool) string {
		row := lipgloss.JoinHorizontal(lipgloss.Top, card(mark, "V01"), " 漢 ", card(mark, "V02"))
		boxed := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).Padding(0, 1).Render(row)
		return lipgloss.JoinVertical(lipgloss.Left, "Table K7QX ★", boxed, card(mark, "S12")+"\nstatus")
	}
	got, marks := FindMarks(layout(true))
	if want := layout(false); got != want {
		t.Fatalf("without its marks the frame is\n%q\nwant\n%q", got, want)
	}
	want := []Mark{
		{Key: "V01", Row: 2, Col: 2, Cells: graphics.Cells{W: 4, H: 3}},
		{Key: "V02", Row: 2, Col: 10, Cells: graphics.Cells{W: 4, H: 3}},
		{Key: "S12", Row: 6, Col: 0, Cells: graphics.Cells{W: 4, H: 3}},
	}
	if len(marks) != len(want) {
		t.Fatalf("marks %+v, want %+v", marks, want)
	}
	for i := range want {
		if marks[i] != want[i] {
			t.Fatalf("mark %d is %+v, want %+v", i, marks[i], want[i])
		}
	}
	if f, m := FindMarks("no marks\nhere"); f != "no marks\nhere" || m != nil {
		t.Fatalf("a frame without marks became %q, %v", f, m)
	}
}
