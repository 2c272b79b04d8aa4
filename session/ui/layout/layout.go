package layout

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"
)

func Itoa(i int) string { return strconv.Itoa(i) }

// TextWidth is the display width of a styled line. It is a fast path for
// what ansi.StringWidth computes: card art lines are long runs of escape
// sequences and half blocks, and measuring them with full grapheme
// segmentation was half the cost of a frame. Box drawing and block
// elements are one cell; anything else asks runewidth.
func TextWidth(s string) int {
	w := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			i++
			if i < len(s) && s[i] == '[' {
				i++
				for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
					i++
				}
			} else if i < len(s) && s[i] == '_' {
				// An APC string (a card's mark for the screen, see
				// term.MarkPicture): nothing drawn, up to its ESC \.
				for i++; i < len(s) && s[i] != 0x1b; i++ {
				}
				i++
			}
			i++
		case c < 0x80:
			if c >= 0x20 && c != 0x7f {
				w++
			}
			i++
		case c == 0xe2 && i+2 < len(s) && isBlockElement(s[i+1], s[i+2]):
			// The half blocks card art is drawn with, without decoding.
			w++
			i += 3
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			if r >= 0x2500 && r <= 0x259f {
				w++
			} else {
				w += runewidth.RuneWidth(r)
			}
		}
	}
	return w
}

// isBlockElement reports whether 0xe2 b1 b2 encodes a rune in U+2500..U+259F
// (box drawing and block elements, one cell each).
func isBlockElement(b1, b2 byte) bool {
	switch b1 {
	case 0x94, 0x95:
		return b2 >= 0x80 && b2 <= 0xbf
	case 0x96:
		return b2 >= 0x80 && b2 <= 0x9f
	}
	return false
}

// Fit makes a screen of exactly h lines, each cut to w cells, so that a
// frame never wraps and never scrolls the terminal whatever its contents.
func Fit(s string, w, h int) string {
	var b strings.Builder
	FitInto(&b, s, w, h)
	return b.String()
}

// FitInto writes fit(s, w, h) to b, line by line, without splitting s.
// A line of no more bytes than w cells is not measured: a cell takes at
// least one byte. It reports how many lines s has and whether s came
// through intact (at most h lines, none cut): then it wrote s itself and
// h-lines blank lines.
func FitInto(b *strings.Builder, s string, w, h int) (lines int, intact bool) {
	b.Grow(len(s) + h)
	rest, more := s, true
	intact = true
	for i := 0; i < h; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		if !more {
			continue
		}
		var l string
		l, rest, more = strings.Cut(rest, "\n")
		lines++
		if len(l) > w && TextWidth(l) > w {
			l = ansi.Truncate(l, w, "…")
			intact = false
		}
		b.WriteString(l)
	}
	if more {
		intact = false // lines below the h-th were dropped
	}
	return lines, intact
}

// Cut shortens a plain or styled string to w cells, marking the cut with "…".
func Cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if TextWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

const CutsMax = 64

// Pad right-pads s with spaces to exactly w cells (cutting it if longer).
func Pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if out, ok := paddedBefore(s, w); ok {
		return out
	}
	n := TextWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "…")
		n = TextWidth(s)
	}
	if n >= w {
		return s
	}
	if w-n <= len(spaces) {
		return pad(s, spaces[:w-n], w)
	}
	return s + strings.Repeat(" ", w-n)
}

// LineCount is the number of lines of a block.
func LineCount(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(s, "\n") + 1
}

// Spread puts left at the start and right at the end of a line w cells wide.
func Spread(left, right string, w int) string {
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return Cut(left+" "+right, w)
	}
	return left + strings.Repeat(" ", gap) + right
}

const SpreadMax = 16

// Wrap breaks plain text into lines of at most w cells on spaces.
func Wrap(s string, w int) []string {
	if w < 8 {
		w = 8
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		line := ""
		for _, word := range words {
			switch {
			case line == "":
				line = word
			case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= w:
				line += " " + word
			default:
				out = append(out, line)
				line = word
			}
			for ansi.StringWidth(line) > w {
				out = append(out, ansi.Truncate(line, w, ""))
				line = ansi.TruncateLeft(line, w, "")
			}
		}
		out = append(out, line)
	}
	return out
}

// Hjoin joins blocks side by side with a gap, top-aligned; each block's
// lines are padded to the block's widest line. Each line is measured once
// and the result is written into one buffer sized up front: frames join
// long lines of card art, and measuring and copying them was the largest
// cost of drawing a frame.
func Hjoin(gap int, blocks ...string) string {
	if len(blocks) == 0 {
		return ""
	}
	split := make([][]string, len(blocks))
	var lineW []int // every line's width, block after block
	widths := make([]int, len(blocks))
	height, size := 0, 0
	for i, b := range blocks {
		split[i] = strings.Split(b, "\n")
		for _, l := range split[i] {
			lw := TextWidth(l)
			lineW = append(lineW, lw)
			widths[i] = max(widths[i], lw)
		}
		height = max(height, len(split[i]))
		size += len(b)
	}
	total := gap * (len(blocks) - 1)
	for _, w := range widths {
		total += w
	}
	var out strings.Builder
	// The text, plus at most a whole line of padding per row.
	out.Grow(size + height*(total+1))
	for row := 0; row < height; row++ {
		if row > 0 {
			out.WriteByte('\n')
		}
		first := 0 // index in lineW of this block's first line
		for i, lines := range split {
			if i > 0 {
				WriteSpaces(&out, gap)
			}
			n := widths[i]
			if row < len(lines) {
				out.WriteString(lines[row])
				n -= lineW[first+row]
			}
			WriteSpaces(&out, n)
			first += len(lines)
		}
	}
	return out.String()
}

// TileRow is indent(hjoin(gap, tiles...), ind) for tiles whose every line
// is exactly w cells wide (card art, captions and marks padded to w: see
// tileWithCaption), without measuring a line: the widths are known. Tests
// check that every tile really is w wide (VerifyTiles).
func TileRow(ind, gap, w int, tiles []string) string {
	parts := make([]TileParts, len(tiles))
	for i, t := range tiles {
		parts[i] = TileParts{{S: t}}
	}
	var b strings.Builder
	writeTileRow(&b, ind, gap, w, parts)
	return b.String()
}

// TileParts are the blocks of one tile from top to bottom (a picture, its
// caption, its marks), as strings.Join would stack them: kept apart, a
// tile is not copied into one string before its row is.
type TileParts []TilePart

// TilePart is a block of lines with left blanks before and right blanks
// after each of them: a picture placed in a wider column is not copied
// line by line to indent and pad it.
type TilePart struct {
	S           string
	Left, Right int
}

// writeTileRow writes TileRow's row of tiles given by parts to b.
func writeTileRow(b *strings.Builder, ind, gap, w int, tiles []TileParts) {
	WriteTileRowAt(b, ind, gap, w, tiles, nil)
}

// WriteTileRowAt is writeTileRow telling place where it drew each tile
// (see WriteRow).
func WriteTileRowAt(b *strings.Builder, ind, gap, w int, tiles []TileParts, place func(i int, r Rect)) {
	widths := make([]int, len(tiles))
	for i := range widths {
		widths[i] = w
	}
	WriteRow(b, ind, gap, widths, tiles, place)
}

// BesideTile is hjoin(gap, left, tile) for a left block whose every line
// is exactly lw cells wide (block pads to it) and a tile ThumbW wide:
// neither is measured again.
func BesideTile(gap int, left string, lw int, tile string) string {
	return BesideParts(gap, left, lw, TileParts{{S: tile}})
}

// BesideParts is BesideTile for a tile given as parts (captionedTile).
func BesideParts(gap int, left string, lw int, tile TileParts) string {
	var b strings.Builder
	WriteRow(&b, 0, gap, []int{lw, ThumbW}, []TileParts{{{S: left}}, tile}, nil)
	return b.String()
}

// WriteRow writes blocks side by side like hjoin, each line of block i
// known to be exactly widths[i] cells wide. placed, when not nil, is told
// where block i went, its first line being row 0 (a tap on it selects
// it, see taps.go).
func WriteRow(b *strings.Builder, ind, gap int, widths []int, tiles []TileParts, placed func(i int, r Rect)) {
	if len(tiles) == 0 {
		WriteSpaces(b, ind) // indent(hjoin(gap), ind): one empty line, indented
		return
	}
	height, size := 0, 0
	for i, t := range tiles {
		w := widths[i]
		h := 0
		for _, p := range t {
			if VerifyTiles {
				for _, l := range strings.Split(p.S, "\n") {
					if n := p.Left + TextWidth(l) + p.Right; n != w {
						panic("tileRow: a tile line is " + Itoa(n) + " cells wide, not " + Itoa(w) + ": " + l)
					}
				}
			}
			lines := strings.Count(p.S, "\n") + 1
			h += lines
			size += len(p.S) + lines*(p.Left+p.Right)
		}
		height = max(height, h)
		if placed != nil {
			x := ind
			for _, w := range widths[:i] {
				x += w + gap
			}
			placed(i, Rect{X: x, W: w, H: h})
		}
	}
	// Where each tile is: the parts not started, the rest of the current one.
	type place struct {
		parts       []TilePart
		rest        string
		left, right int
		in          bool // rest holds at least one more line
	}
	// A row has a few tiles: their places fit on the stack.
	var few [8]place
	at := few[:0]
	if len(tiles) > len(few) {
		at = make([]place, 0, len(tiles))
	}
	at = at[:len(tiles)]
	for i, t := range tiles {
		at[i].parts = t
	}
	rowW := ind + gap*(len(tiles)-1)
	for _, w := range widths {
		rowW += w
	}
	b.Grow(size + height*(rowW+1))
	for row := 0; row < height; row++ {
		if row > 0 {
			b.WriteByte('\n')
		}
		WriteSpaces(b, ind)
		for i := range at {
			if i > 0 {
				WriteSpaces(b, gap)
			}
			p := &at[i]
			if !p.in {
				if len(p.parts) == 0 {
					WriteSpaces(b, widths[i])
					continue
				}
				next := p.parts[0]
				p.rest, p.left, p.right, p.parts, p.in = next.S, next.Left, next.Right, p.parts[1:], true
			}
			line, more, found := strings.Cut(p.rest, "\n")
			WriteSpaces(b, p.left)
			b.WriteString(line)
			WriteSpaces(b, p.right)
			p.rest, p.in = more, found
		}
	}
}

// VerifyTiles makes TileRow check its promise (set by the tests).
var VerifyTiles bool

// spaces is a run of blanks to pad with, sliced instead of repeated.
const spaces = "                                                                                "

// WriteSpaces writes n blanks (none when n <= 0).
func WriteSpaces(b *strings.Builder, n int) {
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	if n > 0 {
		b.WriteString(spaces[:n])
	}
}

// Block pads every line of s to width w (so JoinHorizontal lines up columns
// whose lines have styled, unequal widths).
func Block(s string, w int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Pad(l, w)
	}
	return strings.Join(lines, "\n")
}

// Center indents every line of a block so the block sits in the middle of w cells.
func Center(s string, w int) string {
	bw := lipgloss.Width(s)
	if bw >= w {
		return s
	}
	ind := strings.Repeat(" ", (w-bw)/2)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = ind + l
	}
	return strings.Join(lines, "\n")
}

// Indent shifts every line of a block right by n spaces.
func Indent(s string, n int) string {
	sp := strings.Repeat(" ", n)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = sp + l
	}
	return strings.Join(lines, "\n")
}

// FitKeys shortens a key-hint line ("a · b · c · ? keys") to w cells by
// dropping whole hints from the end, always keeping the last ("? keys").
func FitKeys(keys string, w int) string {
	if ansi.StringWidth(keys) <= w {
		return keys
	}
	items := strings.Split(keys, " · ")
	if len(items) < 2 {
		return Cut(keys, w)
	}
	last := items[len(items)-1]
	items = items[:len(items)-1]
	for len(items) > 0 {
		s := strings.Join(append(append([]string{}, items...), last), " · ")
		if ansi.StringWidth(s) <= w {
			return s
		}
		items = items[:len(items)-1]
	}
	return Cut(last, w)
}

// Rect is a block of cells: x, y its top left corner, w×h its size.
type Rect struct{ X, Y, W, H int }

func (r Rect) Has(x, y int) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// JoinWrap joins parts (styled or not) with sep into lines of at most w
// cells, breaking between parts only: a list of cards on a narrow window.
// A part wider than w has a line of its own.
func JoinWrap(parts []string, sep string, w int) []string {
	var out []string
	line := ""
	for i, p := range parts {
		switch {
		case i == 0:
			line = p
		case ansi.StringWidth(line)+ansi.StringWidth(sep)+ansi.StringWidth(p) <= w:
			line += sep + p
		default:
			out = append(out, line)
			line = p
		}
	}
	return append(out, line)
}

// Hang wraps a line wider than w under its own text from column indent
// on: a help line ("  key        what it does") on a narrow window, its
// words under the first ones. A line that fits, or whose first indent
// cells are not plain, is returned as it is.
func Hang(line string, w, indent int) []string {
	if ansi.StringWidth(line) <= w || w-indent < 8 || ansi.Strip(line) != line || ansi.StringWidth(line) <= indent {
		return []string{line}
	}
	head := ansi.Truncate(line, indent, "")
	rest := Wrap(ansi.TruncateLeft(line, indent, ""), w-indent)
	for i := range rest {
		if i == 0 {
			rest[i] = head + rest[i]
		} else {
			rest[i] = strings.Repeat(" ", indent) + rest[i]
		}
	}
	return rest
}
