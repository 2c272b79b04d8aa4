package session

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"
)

func itoa(i int) string { return strconv.Itoa(i) }

// textWidth is the display width of a styled line. It is a fast path for
// what ansi.StringWidth computes: card art lines are long runs of escape
// sequences and half blocks, and measuring them with full grapheme
// segmentation was half the cost of a frame. Box drawing and block
// elements are one cell; anything else asks runewidth.
func textWidth(s string) int {
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

// fit makes a screen of exactly h lines, each cut to w cells, so that a
// frame never wraps and never scrolls the terminal whatever its contents.
func fit(s string, w, h int) string {
	var b strings.Builder
	fitInto(&b, s, w, h)
	return b.String()
}

// fitInto writes fit(s, w, h) to b, line by line, without splitting s.
// A line of no more bytes than w cells is not measured: a cell takes at
// least one byte. It reports how many lines s has and whether s came
// through intact (at most h lines, none cut): then it wrote s itself and
// h-lines blank lines.
func fitInto(b *strings.Builder, s string, w, h int) (lines int, intact bool) {
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
		if len(l) > w && textWidth(l) > w {
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

// cut shortens a plain or styled string to w cells, marking the cut with "…".
func cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if textWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// cut is cut(s, w) with the model's memory of the lines it had to
// shorten (cuts): shortening measures grapheme by grapheme, and the same
// long lines (a hand card's description, a chat line) are cut in every
// frame. The memory is keyed by the whole input, so it cannot go stale;
// it holds only lines that were shortened, at most cutsMax of them
// (emptied when full), and belongs to the model (one goroutine).
func (m *Model) cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if textWidth(s) <= w {
		return s
	}
	k := cutKey{s, w}
	if out, ok := m.cuts[k]; ok {
		return out
	}
	out := ansi.Truncate(s, w, "…")
	if m.cuts == nil || len(m.cuts) >= cutsMax {
		m.cuts = make(map[cutKey]string, 16)
	}
	m.cuts[k] = out
	return out
}

type cutKey struct {
	s string
	w int
}

const cutsMax = 64

// pad right-pads s with spaces to exactly w cells (cutting it if longer).
func pad(s string, w int) string {
	if w <= 0 {
		return ""
	}
	n := textWidth(s)
	if n > w {
		s = ansi.Truncate(s, w, "…")
		n = textWidth(s)
	}
	if n >= w {
		return s
	}
	if w-n <= len(spaces) {
		return s + spaces[:w-n]
	}
	return s + strings.Repeat(" ", w-n)
}

// lineCount is the number of lines of a block.
func lineCount(s string) int {
	if s == "" {
		return 0
	}
	return strings.Count(s, "\n") + 1
}

// spread puts left at the start and right at the end of a line w cells wide.
func spread(left, right string, w int) string {
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return cut(left+" "+right, w)
	}
	return left + strings.Repeat(" ", gap) + right
}

// spread is spread(left, right, w) remembered by the model: the header
// and the "you are" line are the same in most frames, and spread measures
// both sides grapheme by grapheme. Keyed by the whole input, at most
// spreadMax entries (emptied when full), the model's own.
func (m *Model) spread(left, right string, w int) string {
	k := spreadKey{left, right, w}
	if out, ok := m.spreads[k]; ok {
		return out
	}
	out := spread(left, right, w)
	if m.spreads == nil || len(m.spreads) >= spreadMax {
		m.spreads = make(map[spreadKey]string, 8)
	}
	m.spreads[k] = out
	return out
}

type spreadKey struct {
	left, right string
	w           int
}

const spreadMax = 16

// wrap breaks plain text into lines of at most w cells on spaces.
func wrap(s string, w int) []string {
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

// hjoin joins blocks side by side with a gap, top-aligned; each block's
// lines are padded to the block's widest line. Each line is measured once
// and the result is written into one buffer sized up front: frames join
// long lines of card art, and measuring and copying them was the largest
// cost of drawing a frame.
func hjoin(gap int, blocks ...string) string {
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
			lw := textWidth(l)
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
				writeSpaces(&out, gap)
			}
			n := widths[i]
			if row < len(lines) {
				out.WriteString(lines[row])
				n -= lineW[first+row]
			}
			writeSpaces(&out, n)
			first += len(lines)
		}
	}
	return out.String()
}

// tileRow is indent(hjoin(gap, tiles...), ind) for tiles whose every line
// is exactly w cells wide (card art, captions and marks padded to w: see
// tileWithCaption), without measuring a line: the widths are known. Tests
// check that every tile really is w wide (verifyTiles).
func tileRow(ind, gap, w int, tiles []string) string {
	parts := make([]tileParts, len(tiles))
	for i, t := range tiles {
		parts[i] = tileParts{{s: t}}
	}
	var b strings.Builder
	writeTileRow(&b, ind, gap, w, parts)
	return b.String()
}

// tileParts are the blocks of one tile from top to bottom (a picture, its
// caption, its marks), as strings.Join would stack them: kept apart, a
// tile is not copied into one string before its row is.
type tileParts []tilePart

// tilePart is a block of lines with left blanks before and right blanks
// after each of them: a picture placed in a wider column is not copied
// line by line to indent and pad it.
type tilePart struct {
	s           string
	left, right int
}

// writeTileRow writes tileRow's row of tiles given by parts to b.
func writeTileRow(b *strings.Builder, ind, gap, w int, tiles []tileParts) {
	writeTileRowAt(b, ind, gap, w, tiles, nil)
}

// writeTileRowAt is writeTileRow telling place where it drew each tile
// (see writeRow).
func writeTileRowAt(b *strings.Builder, ind, gap, w int, tiles []tileParts, place func(i int, r rect)) {
	widths := make([]int, len(tiles))
	for i := range widths {
		widths[i] = w
	}
	writeRow(b, ind, gap, widths, tiles, place)
}

// besideTile is hjoin(gap, left, tile) for a left block whose every line
// is exactly lw cells wide (block pads to it) and a tile thumbW wide:
// neither is measured again.
func besideTile(gap int, left string, lw int, tile string) string {
	return besideParts(gap, left, lw, tileParts{{s: tile}})
}

// besideParts is besideTile for a tile given as parts (captionedTile).
func besideParts(gap int, left string, lw int, tile tileParts) string {
	var b strings.Builder
	writeRow(&b, 0, gap, []int{lw, thumbW}, []tileParts{{{s: left}}, tile}, nil)
	return b.String()
}

// writeRow writes blocks side by side like hjoin, each line of block i
// known to be exactly widths[i] cells wide. placed, when not nil, is told
// where block i went, its first line being row 0 (a tap on it selects
// it, see taps.go).
func writeRow(b *strings.Builder, ind, gap int, widths []int, tiles []tileParts, placed func(i int, r rect)) {
	if len(tiles) == 0 {
		writeSpaces(b, ind) // indent(hjoin(gap), ind): one empty line, indented
		return
	}
	height, size := 0, 0
	for i, t := range tiles {
		w := widths[i]
		h := 0
		for _, p := range t {
			if verifyTiles {
				for _, l := range strings.Split(p.s, "\n") {
					if n := p.left + textWidth(l) + p.right; n != w {
						panic("tileRow: a tile line is " + itoa(n) + " cells wide, not " + itoa(w) + ": " + l)
					}
				}
			}
			lines := strings.Count(p.s, "\n") + 1
			h += lines
			size += len(p.s) + lines*(p.left+p.right)
		}
		height = max(height, h)
		if placed != nil {
			x := ind
			for _, w := range widths[:i] {
				x += w + gap
			}
			placed(i, rect{x: x, w: w, h: h})
		}
	}
	// Where each tile is: the parts not started, the rest of the current one.
	type place struct {
		parts       []tilePart
		rest        string
		left, right int
		in          bool // rest holds at least one more line
	}
	at := make([]place, len(tiles))
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
		writeSpaces(b, ind)
		for i := range at {
			if i > 0 {
				writeSpaces(b, gap)
			}
			p := &at[i]
			if !p.in {
				if len(p.parts) == 0 {
					writeSpaces(b, widths[i])
					continue
				}
				next := p.parts[0]
				p.rest, p.left, p.right, p.parts, p.in = next.s, next.left, next.right, p.parts[1:], true
			}
			line, more, found := strings.Cut(p.rest, "\n")
			writeSpaces(b, p.left)
			b.WriteString(line)
			writeSpaces(b, p.right)
			p.rest, p.in = more, found
		}
	}
}

// verifyTiles makes tileRow check its promise (set by the tests).
var verifyTiles bool

// spaces is a run of blanks to pad with, sliced instead of repeated.
const spaces = "                                                                                "

// writeSpaces writes n blanks (none when n <= 0).
func writeSpaces(b *strings.Builder, n int) {
	for n > len(spaces) {
		b.WriteString(spaces)
		n -= len(spaces)
	}
	if n > 0 {
		b.WriteString(spaces[:n])
	}
}

// block pads every line of s to width w (so JoinHorizontal lines up columns
// whose lines have styled, unequal widths).
func block(s string, w int) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = pad(l, w)
	}
	return strings.Join(lines, "\n")
}

// frame is the shared shape of every screen: a header line, a rule, the
// body, then the key hints and the status line at the bottom. The body is
// cut or padded so the two bottom lines always sit on the last rows.
func (m *Model) frame(header, body, keys, status string) string {
	return m.frameWithBanner(header, "", body, keys, status)
}

// frameWithBanner is frame(header, banner+"\n"+body, keys, status) for a
// one-line banner (the knock), with the body fitted on its own: while the
// banner pulses the body is the same string, and fitMemo.write does not measure
// it again.
func (m *Model) frameWithBanner(header, banner, body, keys, status string) string {
	w, h := m.w, m.h
	var b strings.Builder
	b.Grow(len(header) + len(banner) + len(body) + len(keys) + len(status) + len(m.flash) + 6*w + h + 64)
	b.WriteString(pad(header, w))
	b.WriteString("\n")
	b.WriteString(m.st.Rule.Render(strings.Repeat("─", w)))
	b.WriteString("\n")
	bodyH := h - 4
	if m.flash != "" {
		bodyH--
	}
	m.bodyTop, m.bodyRows = 2, bodyH
	switch {
	case banner == "":
		m.fitted.write(&b, body, w, bodyH, m.noMemo)
	case bodyH >= 1 && !strings.Contains(banner, "\n"):
		// The banner's line, then the body in the rows below it.
		if len(banner) > w && textWidth(banner) > w {
			banner = ansi.Truncate(banner, w, "…")
		}
		b.WriteString(banner)
		m.bodyTop, m.bodyRows = 3, bodyH-1
		if bodyH > 1 {
			b.WriteByte('\n')
			m.fitted.write(&b, body, w, bodyH-1, m.noMemo)
		}
	default:
		fitInto(&b, banner+"\n"+body, w, bodyH)
		m.bodyRows = 0 // a banner of several lines: no taps under it
	}
	b.WriteString("\n")
	if m.flash != "" {
		st := m.st.Note
		if m.flashErr {
			st = m.st.Err
		}
		b.WriteString(st.Render(cut(m.flash, w)))
		b.WriteString("\n")
	}
	b.WriteString(m.st.Keys.Render(m.keysMemo.fit(keys, w)))
	b.WriteString("\n")
	b.WriteString(m.st.Status.Render(pad(cut(status, w), w)))
	out := b.String()
	m.fitted.settle(out, &m.body)
	return out
}

// center indents every line of a block so the block sits in the middle of w cells.
func center(s string, w int) string {
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

// indent shifts every line of a block right by n spaces.
func indent(s string, n int) string {
	sp := strings.Repeat(" ", n)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = sp + l
	}
	return strings.Join(lines, "\n")
}

// keysMemo is the last key-hint line fitted to a width, the model's own
// (one goroutine).
type keysMemo struct {
	keys, out string
	w         int
	ok        bool
}

// fit is fitKeys(keys, w), remembered for the last (keys, w): the hints
// are a handful of constant lines, and measuring them (grapheme by
// grapheme) is not free. Keyed by the whole input, so it cannot go stale.
func (k *keysMemo) fit(keys string, w int) string {
	if k.ok && k.keys == keys && k.w == w {
		return k.out
	}
	out := fitKeys(keys, w)
	*k = keysMemo{keys: keys, w: w, out: out, ok: true}
	return out
}

// fitKeys shortens a key-hint line ("a · b · c · ? keys") to w cells by
// dropping whole hints from the end, always keeping the last ("? keys").
func fitKeys(keys string, w int) string {
	if ansi.StringWidth(keys) <= w {
		return keys
	}
	items := strings.Split(keys, " · ")
	if len(items) < 2 {
		return cut(keys, w)
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
	return cut(last, w)
}
