package term

import (
	"image"
	"sort"
	"strconv"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// CapsMsg tells a session's model what its terminal said it can draw, when
// the replies to graphics.Query have come (KeyReader.OnCaps). A terminal
// that says nothing sends none: it gets half-block cards.
type CapsMsg struct{ Caps graphics.Caps }

// Picture is a picture drawn as an image over a rectangle of a frame's
// cells: the top-left cell (0-based, in the frame's lines) and the
// rectangle's size. The frame's text under it is what a terminal that
// draws no image shows. Image must not change once given (the encodings
// are cached server-wide by its address: a card's picture).
type Picture struct {
	Row, Col int
	Cells    graphics.Cells
	Image    *image.RGBA
}

// Pictures are the images a frame draws over its text, and how: the
// protocol and the terminal's cell size in pixels. A zero Pictures (or
// Protocol None) draws none: the frame's bytes are the text's alone.
type Pictures struct {
	Protocol graphics.Protocol
	Cell     graphics.Pixels
	List     []Picture
}

// Picturer is a model whose frames may carry pictures: after each View,
// the screen takes the pictures that go with it.
type Picturer interface {
	TakePictures() Pictures
}

// maxSent bounds the kitty images a screen remembers having transmitted;
// past it every image is deleted from the terminal and sent again when
// next shown (the terminal's memory is bounded too).
const maxSent = 512

// placed is a picture as the screen drew it, encoded.
type placed struct {
	row, col int
	img      *graphics.Image
	pid      uint32 // kitty placement id
}

func (p placed) same(q placed) bool {
	return p.row == q.row && p.col == q.col && p.img == q.img
}

// pictured is what a screen knows of the images on its terminal. Writer
// only (see Screen).
type pictured struct {
	shown []placed
	// sent holds the kitty image ids transmitted since the terminal's
	// images were last deleted.
	sent    map[uint32]struct{}
	nextPID uint32
	kitty   bool // a kitty image was drawn since the terminal's images were last deleted
	private bool // the terminal was asked for private colour registers (sixel)
}

// want encodes the frame's pictures that can be drawn: inside the screen
// (w×h, the frame's lines being n after cut lines were dropped at the
// top), and for sixel and inline images not in the screen's last row (the
// terminal would scroll when its cursor moved below the picture). The
// encodings come from the server-wide cache.
func want(pics Pictures, cut, n, w, h int) []placed {
	if pics.Protocol == graphics.None || len(pics.List) == 0 || pics.Cell.W <= 0 || pics.Cell.H <= 0 {
		return nil
	}
	out := make([]placed, 0, len(pics.List))
	for _, p := range pics.List {
		row := p.Row - cut
		if row < 0 || p.Col < 0 || p.Cells.W <= 0 || p.Cells.H <= 0 || row+p.Cells.H > n {
			continue
		}
		if w > 0 && p.Col+p.Cells.W > w {
			continue
		}
		if h > 0 && (row+p.Cells.H > h || pics.Protocol != graphics.Kitty && row+p.Cells.H >= h) {
			continue
		}
		img := graphics.Get(p.Image, pics.Protocol, p.Cells, pics.Cell)
		if img == nil {
			continue
		}
		out = append(out, placed{row: row, col: p.Col, img: img})
	}
	return out
}

// spans are the column ranges of a row covered by images: text written
// under a sixel or inline image would erase it, so the cursor jumps over
// it; the cells under a kitty placement are written blank (blank), as its
// margin is transparent and would show the text under it.
type span struct {
	from, to int
	blank    bool
}

func spansOf(over []placed, row int) []span {
	var out []span
	for _, p := range over {
		if row >= p.row && row < p.row+p.img.Cells.H {
			out = append(out, span{p.col, p.col + p.img.Cells.W, p.img.Protocol == graphics.Kitty})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].from < out[j].from })
	return out
}

// appendAround appends line, which the cursor is at the start of, written
// around the spans: the cells of each gap between them, the cursor moved
// over each span (CHA) or blanks written in it, the rest erased to the end
// of the line when the line is shorter than the screen.
func appendAround(b []byte, line string, spans []span, w int) []byte {
	width := ansi.StringWidth(line)
	if w > 0 && width > w {
		width = w
	}
	x := 0
	for _, sp := range spans {
		if sp.from > x {
			b = appendCells(b, line, x, sp.from, true)
		}
		if sp.blank {
			if sp.to > x {
				b = appendCells(b, "", max(x, sp.from), sp.to, true)
			}
			x = max(x, sp.to)
			continue
		}
		x = max(x, sp.to)
		b = append(b, "\x1b["...)
		b = strconv.AppendInt(b, int64(x+1), 10)
		b = append(b, 'G')
	}
	if x < width {
		b = appendCells(b, line, x, width, false)
	}
	if w <= 0 || max(width, x) < w {
		b = append(b, ansi.EraseLineRight...)
	}
	return b
}

// appendCells appends cells [from, to) of line, the cursor being at from:
// half of a wide character cut by from or to is a blank, and with pad, the
// cells the line does not reach are blanks too (nothing of an older line
// stays between two images).
func appendCells(b []byte, line string, from, to int, pad bool) []byte {
	at := from
	if from > 0 && ansi.StringWidth(ansi.Cut(line, 0, from)) < from && ansi.StringWidth(line) > from {
		// A wide character starts at from-1: its right half is a blank.
		b = append(b, ' ')
		at++
	}
	if at < to {
		piece := ansi.Cut(line, at, to)
		b = append(b, piece...)
		at += ansi.StringWidth(piece)
	}
	if pad && at < to {
		b = append(b, ansi.ResetStyle...)
		for ; at < to; at++ {
			b = append(b, ' ')
		}
	}
	return b
}

// cursorTo appends the cursor's move to the 0-based cell (row, col).
func cursorTo(b []byte, row, col int) []byte {
	b = append(b, "\x1b["...)
	b = strconv.AppendInt(b, int64(row+1), 10)
	b = append(b, ';')
	b = strconv.AppendInt(b, int64(col+1), 10)
	return append(b, 'H')
}

// forget empties what the screen knows of its images (after the terminal's
// screen was cleared or left) and returns the bytes that delete the kitty
// images the terminal may still hold (with their data).
func (pc *pictured) forget() string {
	pc.shown = pc.shown[:0]
	clear(pc.sent)
	if !pc.kitty {
		return ""
	}
	pc.kitty = false
	return deleteAllImages
}

// privateColours asks a sixel terminal for colour registers of each
// image's own (DECSET 1070).
const privateColours = "\x1b[?1070h"

// deleteAllImages deletes every kitty placement and frees the images' data.
const deleteAllImages = "\x1b_Ga=d,d=A,q=2\x1b\\"

// diff compares the images shown with next: gone are those next does
// not keep; keep[i] is set when next[i] is already drawn (same image, same
// place), and next[i] takes over its placement id.
func (pc *pictured) diff(next []placed) (gone []placed, keep []bool) {
	keep = make([]bool, len(next))
	for _, p := range pc.shown {
		stays := false
		for i := range next {
			if !keep[i] && next[i].same(p) {
				keep[i], next[i].pid, stays = true, p.pid, true
				break
			}
		}
		if !stays {
			gone = append(gone, p)
		}
	}
	return gone, keep
}

// draw appends what draws the images of next that keep does not mark as
// drawn already, and makes next the images shown. A kitty image is
// transmitted once (until the terminal's images are deleted), then placed
// by id; a sixel or inline image is drawn at its top-left cell.
func (pc *pictured) draw(b []byte, next []placed, keep []bool) []byte {
	for i := range next {
		if keep[i] {
			continue
		}
		p := &next[i]
		if p.img.Protocol != graphics.Kitty {
			// The half blocks under it are erased first: where the
			// image is narrower or shorter than its cells (cells of
			// 7.8 pixels, told as 7), a blank shows, not a sliver of
			// half blocks.
			for r := p.row; r < p.row+p.img.Cells.H; r++ {
				b = cursorTo(b, r, p.col)
				b = append(b, "\x1b["...)
				b = strconv.AppendInt(b, int64(p.img.Cells.W), 10)
				b = append(b, 'X')
			}
		}
		b = cursorTo(b, p.row, p.col)
		if p.img.Protocol != graphics.Kitty {
			if p.img.Protocol == graphics.Sixel && !pc.private {
				// Each sixel's palette its own (DECSET 1070): in a
				// terminal whose colour registers are shared (xterm as a
				// VT340), the next card's palette would recolour every
				// card already drawn.
				b = append(b, privateColours...)
				pc.private = true
			}
			b = append(b, p.img.Data...)
			continue
		}
		if pc.sent == nil {
			pc.sent = make(map[uint32]struct{})
		}
		if _, ok := pc.sent[p.img.ID]; !ok {
			b = append(b, p.img.Data...)
			pc.sent[p.img.ID] = struct{}{}
		}
		pc.nextPID++
		if pc.nextPID == 0 {
			pc.nextPID = 1
		}
		p.pid = pc.nextPID
		b = append(b, graphics.Place(p.img.ID, p.pid, p.img.Cells)...)
		pc.kitty = true
	}
	pc.shown = append(pc.shown[:0], next...)
	return b
}

// erase appends what takes the images of gone off the screen: a kitty
// placement is deleted (its image stays in the terminal, to be placed
// again) and its rows are marked to be written again; a sixel or inline image's cells are erased (ECH), and its rows
// are marked in rows to be written again.
func erase(b []byte, gone []placed, rows map[int]bool) []byte {
	for _, g := range gone {
		if g.img.Protocol == graphics.Kitty {
			b = append(b, graphics.Delete(g.img.ID, g.pid)...)
			for r := g.row; r < g.row+g.img.Cells.H; r++ {
				rows[r] = true // its blanked cells get their text back
			}
			continue
		}
		for r := g.row; r < g.row+g.img.Cells.H; r++ {
			b = cursorTo(b, r, g.col)
			b = append(b, "\x1b["...)
			b = strconv.AppendInt(b, int64(g.img.Cells.W), 10)
			b = append(b, 'X')
			rows[r] = true
		}
	}
	return b
}
