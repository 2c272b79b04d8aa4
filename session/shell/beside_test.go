package shell

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// WriteBeside writes, byte for byte, the frame part that the list padded
// as a block and set beside the picture (layout.BesideParts) drew: lists
// shorter and taller than the picture, lines narrower and wider than the
// list (cut), styled and wide text, several lines in one element, no
// picture.
func TestWriteBesideIsBlockBesideParts(t *testing.T) {
	tile := func(lines int, w int) string {
		ls := make([]string, lines)
		for i := range ls {
			ls[i] = "\x1b[38;5;1m" + strings.Repeat("▀", w) + "\x1b[0m"
		}
		return strings.Join(ls, "\n")
	}
	cap := layout.Pad("caption", layout.ThumbW)
	rights := map[string]layout.TileParts{
		"none":     nil,
		"picture":  PictureParts(tile(layout.ThumbH, layout.ThumbW)),
		"short":    PictureParts(tile(1, layout.ThumbW)),
		"captions": {{S: tile(3, layout.ThumbW-2), Left: 1, Right: 1}, {S: cap}, {S: cap}},
	}
	lists := map[string][]string{
		"one":     {"\x1b[1m PSYCHICS\x1b[0m"},
		"several": {" head", "  ▸ \x1b[33mYellow\x1b[0m · object", "  a line far too long for the list it is in, so it is cut", "", " 表 wide"},
		"tall":    strings.Split(strings.Repeat("line\n", 20), "\n"),
		"joined":  {" head", "\n  1 name\n  2 name", "last"},
	}
	for rn, right := range rights {
		for ln, lines := range lists {
			for _, lw := range []int{0, 1, 12, 30} {
				for _, gap := range []int{1, 2} {
					block := layout.Block(strings.Join(lines, "\n"), lw)
					want := block
					if right != nil {
						want = layout.BesideParts(gap, block, lw, right)
					}
					var b strings.Builder
					WriteBeside(&b, lines, lw, gap, right, layout.ThumbW)
					if got := b.String(); got != want {
						t.Errorf("%s beside %s, list %d wide, gap %d:\n got %q\nwant %q", ln, rn, lw, gap, got, want)
					}
				}
			}
		}
	}
}
