package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/session/cardart"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// defaultCell is the cell size assumed when the terminal does not say and
// --cell is not given.
var defaultCell = graphics.Pixels{W: 10, H: 20}

// probeWait bounds how long --images auto waits for the terminal's replies.
const probeWait = 2 * time.Second

// imagesFor turns --images and --cell into a protocol and a cell size:
// off draws half blocks; kitty and sixel are taken as said; auto asks the
// terminal on /dev/tty (nothing when there is none). The cell size is
// --cell, else the terminal's answer, else 10x20.
func imagesFor(images, cell string, stdout io.Writer) (graphics.Protocol, graphics.Pixels, error) {
	var p graphics.Protocol
	switch strings.ToLower(images) {
	case "", "off", "none":
		return graphics.None, graphics.Pixels{}, nil
	case "kitty":
		p = graphics.Kitty
	case "sixel":
		p = graphics.Sixel
	case "iterm":
		p = graphics.ITerm
	case "auto":
		p = graphics.None
	default:
		return 0, graphics.Pixels{}, fmt.Errorf("unknown --images %q: use kitty, sixel, iterm, auto or off", images)
	}
	var px graphics.Pixels
	if cell != "" {
		w, h, ok := strings.Cut(strings.ToLower(cell), "x")
		wi, err1 := strconv.Atoi(w)
		hi, err2 := strconv.Atoi(h)
		px = graphics.Pixels{W: wi, H: hi}
		if !ok || err1 != nil || err2 != nil || px.W < graphics.MinCell.W || px.H < graphics.MinCell.H || px.W > graphics.MaxCell.W || px.H > graphics.MaxCell.H {
			return 0, graphics.Pixels{}, fmt.Errorf("bad --cell %q: give the cell's size in pixels, e.g. 10x20", cell)
		}
	}
	if strings.EqualFold(images, "auto") || px == (graphics.Pixels{}) {
		if f, ok := stdout.(*os.File); ok && term.IsTerminal(f.Fd()) {
			caps := probeTTY()
			if strings.EqualFold(images, "auto") {
				p = caps.Protocol()
			}
			if px == (graphics.Pixels{}) {
				w, h := termSize(stdout)
				px = caps.CellSize(w, h)
			}
		}
	}
	if px == (graphics.Pixels{}) {
		px = defaultCell
	}
	return p, px, nil
}

// probeTTY asks the terminal on /dev/tty what it draws, waiting for its
// device attributes (every terminal answers them) at most probeWait.
func probeTTY() graphics.Caps {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return graphics.Caps{}
	}
	defer tty.Close()
	st, err := term.MakeRaw(tty.Fd())
	if err != nil {
		return graphics.Caps{}
	}
	defer term.Restore(tty.Fd(), st)
	if _, err := io.WriteString(tty, graphics.Query); err != nil {
		return graphics.Caps{}
	}
	var p graphics.Probe
	deadline := time.Now().Add(probeWait)
	_ = tty.SetReadDeadline(deadline)
	buf := make([]byte, 256)
	for !p.Answered && time.Now().Before(deadline) {
		n, err := tty.Read(buf)
		p.Feed(nil, buf[:n])
		if err != nil {
			break
		}
	}
	if p.Cell == (graphics.Pixels{}) {
		p.Cell = ttyCell(tty)
	}
	return p.Caps
}

// drawImage writes img encoded for p over c cells at the cursor's row,
// column col (1-based; 0 for where the cursor is), leaving the cursor where
// it was. The rows must already be on screen (reserve them first).
func drawImage(w io.Writer, img *deck.Card, p graphics.Protocol, c graphics.Cells, cell graphics.Pixels, col int, pid uint32) {
	e := graphics.Get(img.Image, p, c, cell)
	if e == nil {
		return
	}
	var b strings.Builder
	b.WriteString("\x1b7") // save the cursor
	if col > 0 {
		b.WriteString("\x1b[" + strconv.Itoa(col) + "G")
	}
	b.WriteString(e.Data)
	if p == graphics.Kitty {
		b.WriteString(graphics.Place(e.ID, pid, c))
	}
	b.WriteString("\x1b8") // and back
	io.WriteString(w, b.String())
}

// reserve prints n empty lines and goes back up to the first, so an image
// drawn there scrolls nothing.
func reserve(w io.Writer, n int) {
	fmt.Fprint(w, strings.Repeat("\n", n)+"\x1b["+strconv.Itoa(n)+"A")
}

// deckShowImage draws one card as an image and its name below it.
func deckShowImage(stdout io.Writer, c *deck.Card, s cardart.Size, p graphics.Protocol, cell graphics.Pixels) {
	cells := graphics.Cells{W: s.W, H: s.H}
	reserve(stdout, s.H)
	drawImage(stdout, c, p, cells, cell, 0, 1)
	fmt.Fprintf(stdout, "\x1b[%dB\r%s  %s\n", s.H, c.ID, c.Title)
}

// sheetRowImages draws a row of thumbnails as images, one column apart.
func sheetRowImages(stdout io.Writer, row []*deck.Card, p graphics.Protocol, cell graphics.Pixels) {
	cells := graphics.Cells{W: cardart.Thumb.W, H: cardart.Thumb.H}
	reserve(stdout, cells.H)
	for j, c := range row {
		drawImage(stdout, c, p, cells, cell, 1+j*(cells.W+1), uint32(j+1))
	}
	fmt.Fprintf(stdout, "\x1b[%dB\r", cells.H)
}
