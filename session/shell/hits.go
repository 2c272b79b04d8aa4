package shell

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// hitKind is what a tap on a recorded rectangle chooses.
type hitKind uint8

// hit is one rectangle a tap can choose, in the body's cells.
type Hit struct {
	R    layout.Rect
	Kind hitKind
	I    int
}

// start is where the next block written to b begins: the number of
// rectangles so far and b's row. After writing the block, shift(start)
// moves the block's rectangles (recorded from its own row 0) there.
func (h *Hits) Start(b *strings.Builder) (mark, row int) {
	if !h.On {
		return 0, 0
	}
	return len(h.List), strings.Count(h.Sofar(b), "\n")
}

// Sofar is what b holds of the body being drawn: all of it, but for the
// frame's own builder (Shell.StartBody), where the body starts below the
// header.
func (h *Hits) Sofar(b *strings.Builder) string {
	if b == h.in {
		return b.String()[h.from:]
	}
	return b.String()
}

// shift moves the rectangles recorded since mark by dx columns and dy rows.
func (h *Hits) Shift(mark, dx, dy int) {
	if !h.On {
		return
	}
	for i := mark; i < len(h.List); i++ {
		h.List[i].R.X += dx
		h.List[i].R.Y += dy
	}
}

// add records that r (in the current block's cells) chooses i of kind.
func (h *Hits) Add(kind hitKind, i int, r layout.Rect) {
	if h.On {
		h.List = append(h.List, Hit{R: r, Kind: kind, I: i})
	}
}

// line records that row y of the current block, w cells from x, chooses i.
func (h *Hits) Line(kind hitKind, i, x, y, w int) {
	h.Add(kind, i, layout.Rect{X: x, Y: y, W: w, H: 1})
}

// placer is what layout.WriteRow tells where it drew each tile: tile k of the
// row, whose first line is row y of the current block, chooses first+k.
// Nil when not recording.
func (h *Hits) Placer(kind hitKind, first, y int) func(k int, r layout.Rect) {
	if !h.On {
		return nil
	}
	return func(k int, r layout.Rect) {
		r.Y += y
		h.Add(kind, first+k, r)
	}
}

const (
	HitTableCard  hitKind = iota + 1 // a psychic's table card (i: its index in tableCards)
	HitVisionCard                    // a card of the chosen psychic's vision (i: its index)
	HitPsychic                       // a psychic's row or column (i: its index in the view's Psychics)
	HitHandCard                      // a card of the ghost's hand (i: its index)
	HitGroup                         // a suspect group of the final (i: its index)
	HitSharedCard                    // a card of the shared vision (i: its index)
	HitPane                          // a tab of the 80x24 layouts' tab bar (i: the pane)
	HitSeat                          // a seat of the seat picker (i: its index in game.Seats)
	HitHour                          // the replay's header: an hour back (i: -1) or on (i: 1)
	HitLobbyTable                    // a table of the lobby's list (i: its index)
	HitFormField                     // a field of the lobby's new-table form (i: the field)
)

// hits collects the rectangles of the body being drawn. It records only
// for a session whose terminal reports taps (on): an SSH session's
// drawing costs nothing more.
type Hits struct {
	On   bool
	List []Hit
	// in is the frame's builder while a body is written straight into it
	// (Shell.StartBody), from where the body starts in it.
	in   *strings.Builder
	from int
}
