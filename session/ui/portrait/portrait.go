// Package portrait is the size of a phone held upright: a window narrower
// than 80 columns but tall (a browser on a phone draws about 40-48 columns
// at a readable 13-14 px, and 40-60 rows). The session's screens there are
// their one-screen layouts stacked in a column: the table's cards as small
// pictures, the vision under them, the psychics' lines, the chat in the rows
// left. Narrower or lower than MinW x MinH, and under 80x24 otherwise, the
// window is too small, and the screen says what to do about it (Advice).
package portrait

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// The smallest upright window, and the smallest other one.
const (
	MinW, MinH   = 40, 36
	DeskW, DeskH = 80, 24
)

// Is reports whether a w x h window is laid out upright.
func Is(w, h int) bool { return w < DeskW && w >= MinW && h >= MinH }

// TapRows is the height of a tap target upright, 44 CSS px at the smallest
// font a phone's page takes (13 px). The lists that are the screen (the
// lobby's tables, the seat picker) give each entry that many rows, and a
// line of one row elsewhere (a psychic's, a final's group as text, the
// replay's header) is no target there: a finger would choose its neighbour
// as often, and the key bar's ↑↓ ←→ choose the same in one tap.
const TapRows = 3

// Tappable reports whether a target rows tall takes taps on a w x h window.
func Tappable(w, h, rows int) bool { return rows >= TapRows || !Is(w, h) }

// TooSmall reports whether a w x h window has no layout: under 80x24, or
// under 40x36 when narrower than 80.
func TooSmall(w, h int) bool {
	if w >= DeskW {
		return h < DeskH
	}
	return w < MinW || h < MinH
}

// Advice is what the too-small screen of a w x h window tells to do (the
// English keys of i18n): a phone on its side is told to hold it upright or
// shrink the text; one held upright, to shrink the text or turn it.
func Advice(w, h int) []string {
	if w < DeskW && w >= MinW {
		// Narrow but too low for the upright layout: a phone on its side
		// with its keyboard open, or an upright window cut short.
		return []string{
			i18n.N("Mysterium needs 80x24, or 40x36 upright."),
			i18n.N("Hold the phone upright,"),
			i18n.N("or make the text smaller,"),
			i18n.N("or press q to leave."),
		}
	}
	if w < MinW {
		return []string{
			i18n.N("Mysterium needs 40x36"),
			i18n.N("upright, or 80x24."),
			i18n.N("Make the text smaller"),
			i18n.N("(pinch, or zoom out),"),
			i18n.N("or turn the phone,"),
			i18n.N("or press q to leave."),
		}
	}
	return []string{
		i18n.N("Mysterium needs 80x24."),
		i18n.N("Make it larger,"),
		i18n.N("or press q to leave."),
	}
}

// Fits are the window sizes (columns, rows) the screens are laid out for,
// by which a browser chooses its font: 80x24, and the upright layout's
// smallest with two columns to spare (a page's cells come out a little
// wider than it measures). The rows need none: the page counts a row as
// 1.2 times the font, a little more than it takes.
func Fits() [][2]int { return [][2]int{{DeskW, DeskH}, {MinW + 2, MinH}} }

// Grid is n cards of size s in rows across w columns, at most maxRows
// rows.
func Grid(n, w int, s layout.TileSize, maxRows int) layout.CardsFit {
	per := max(1, (w-1)/(s.W+1))
	return layout.CardsFit{Size: s, PerRow: per, Rows: min(maxRows, (n+per-1)/per)}
}

// Cards sizes the upright psychic screen's pictures in w columns and rows
// rows: n table cards (as many rows as they need, up to four), then a
// vision of nv cards under them (at most two rows), the largest that fit;
// when nothing does, small pictures, scrolled.
func Cards(w, rows, n, nv int) (cards, vision layout.CardsFit) {
	n, nv = max(1, n), max(1, nv)
	sizes := append(layout.BigSizes[:len(layout.BigSizes):len(layout.BigSizes)], layout.SizeMini)
	for _, cs := range []layout.TileSize{layout.SizeThumb, layout.SizeMini} {
		c := Grid(n, w, cs, 4)
		if c.Rows*c.PerRow < n {
			continue
		}
		for _, vs := range sizes {
			v := Grid(nv, w, vs, 2)
			if vs.W+2 > w || v.Rows*v.PerRow < nv && vs != layout.SizeMini {
				continue
			}
			if c.Height()+v.Height() <= rows {
				return c, v
			}
		}
	}
	c := Grid(n, w, layout.SizeMini, 2)
	return c, Grid(nv, w, layout.SizeMini, max(1, min(2, (rows-c.Height())/(layout.MiniH+2))))
}

// Wrapped is text (lines of a paragraph, each in l) as one paragraph
// wrapped to w columns, each line indented by two.
func Wrapped(l i18n.Lang, text []string, w int) []string {
	var words []string
	for _, s := range text {
		words = append(words, strings.TrimSpace(l.T(s)))
	}
	out := layout.Wrap(strings.Join(words, " "), w-3)
	for i := range out {
		out[i] = "  " + out[i]
	}
	return out
}
