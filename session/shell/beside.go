package shell

// A list beside a picture, written straight into the frame's body.

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// WriteBeside writes to b what
//
//	layout.BesideParts(gap, layout.Block(strings.Join(lines, "\n"), lw), lw, right)
//
// draws, for a block right whose every line is exactly rw cells wide with
// its part's blanks (a card's picture and its caption, ThumbW wide), or
// the padded list alone when right is nil; without making the list, the
// padded block or the row strings of their own: each was a copy of the
// frame's largest part (the picture's coloured lines), made again by every
// seat after every update. An element of lines may hold several lines;
// lines holds at least one.
func WriteBeside(b *strings.Builder, lines []string, lw, gap int, right layout.TileParts, rw int) {
	parts := right
	var rest string
	var left, rightPad int
	inRight := false // rest holds at least one more line of the right block
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
		if !inRight && len(parts) > 0 {
			rest, left, rightPad, parts, inRight = parts[0].S, parts[0].Left, parts[0].Right, parts[1:], true
		}
		if !haveLeft && !inRight {
			return
		}
		if row > 0 {
			b.WriteByte('\n')
		}
		row++
		if haveLeft {
			writePadded(b, l, lw)
		} else {
			layout.WriteSpaces(b, lw)
		}
		if right == nil {
			continue
		}
		layout.WriteSpaces(b, gap)
		if !inRight {
			layout.WriteSpaces(b, rw)
			continue
		}
		var r string
		r, rest, inRight = strings.Cut(rest, "\n")
		layout.WriteSpaces(b, left)
		b.WriteString(r)
		layout.WriteSpaces(b, rightPad)
	}
}

// PictureParts is a picture as the one part of a tile (layout.BesideTile).
func PictureParts(tile string) layout.TileParts { return layout.TileParts{{S: tile}} }

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
