package table

// A list beside a picture, written straight into the frame's body.

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// besideBlock is a block of lines drawn right of a list (writeBeside): a
// card's picture, or a vision's title over its pictures. Every line but
// the first is restW cells wide, the first firstW (-1: measured); the
// block's lines are padded to w.
type besideBlock struct {
	s             string
	firstW, restW int
	w             int
	none          bool // no block: the list alone, padded
}

// tileBeside is a card's picture ThumbW wide (every line exactly so).
func tileBeside(tile string) besideBlock {
	return besideBlock{s: tile, firstW: layout.ThumbW, restW: layout.ThumbW, w: layout.ThumbW}
}

// writeBeside writes to b what
//
//	layout.Hjoin(gap, layout.Block(strings.Join(lines, "\n"), lw), right.s)
//
// draws (layout.BesideTile's row for a picture), or the padded list alone
// when right.none, without making the list, the padded block or the joined
// row strings of their own: each was a copy of the frame's largest part
// (the picture's coloured lines), made again by every seat after every
// update. A line of lines may hold several lines; lines holds at least
// one.
func writeBeside(b *strings.Builder, lines []string, lw, gap int, right besideBlock) {
	rest := right.s
	moreRight := !right.none
	row := 0
	li, cur, moreCur := 0, "", false // the list's line being written
	for {
		// The list's next line, if any.
		var l string
		haveLeft := true
		switch {
		case moreCur:
			l, cur, moreCur = strings.Cut(cur, "\n")
		case li < len(lines):
			l, cur, moreCur = strings.Cut(lines[li], "\n")
			li++
		default:
			haveLeft = false
		}
		if !haveLeft && !moreRight {
			return
		}
		if row > 0 {
			b.WriteByte('\n')
		}
		if haveLeft {
			writePadded(b, l, lw)
		} else {
			layout.WriteSpaces(b, lw)
		}
		if right.none {
			row++
			continue
		}
		layout.WriteSpaces(b, gap)
		if moreRight {
			var r string
			r, rest, moreRight = strings.Cut(rest, "\n")
			rw := right.restW
			if row == 0 {
				rw = right.firstW
			}
			if rw < 0 {
				rw = layout.TextWidth(r)
			}
			b.WriteString(r)
			layout.WriteSpaces(b, right.w-rw)
		} else {
			layout.WriteSpaces(b, right.w)
		}
		row++
	}
}

// writePadded writes layout.Pad(s, w) to b.
func writePadded(b *strings.Builder, s string, w int) {
	if w <= 0 {
		return
	}
	n := layout.TextWidth(s)
	if n > w {
		b.WriteString(layout.Pad(s, w))
		return
	}
	b.WriteString(s)
	layout.WriteSpaces(b, w-n)
}
