package deck

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// TestWriteSheet writes a scaled-up PNG of every built-in card, each named
// under its picture, when DECK_SHEET names a file: a quick way to look at the
// art while drawing it, and how docs/deck-sheet.png is made
// (DECK_SHEET=$PWD/docs/deck-sheet.png go test -run 'WriteSheet$' ./game/deck).
// DECK_THUMBS names a second file with the visions box-filtered to the
// thumbnail size (16x24), as a hand shows them.
func TestWriteSheet(t *testing.T) {
	path := os.Getenv("DECK_SHEET")
	if path == "" {
		t.Skip("set DECK_SHEET=/tmp/sheet.png to write a contact sheet")
	}
	cards := Builtin().All()
	if os.Getenv("DECK_KIND") == "vision" {
		cards = Builtin().Cards(Vision)
	}
	if from, err := strconv.Atoi(os.Getenv("DECK_FROM")); err == nil {
		n, err := strconv.Atoi(os.Getenv("DECK_N"))
		if err != nil {
			n = 24
		}
		cards = cards[from:min(len(cards), from+n)]
	}
	scale, _ := strconv.Atoi(os.Getenv("DECK_SCALE"))
	writeSheet(t, path, cards, max(scale, 2), 0)
	if tp := os.Getenv("DECK_THUMBS"); tp != "" {
		writeSheet(t, tp, Builtin().Cards(Vision), 4, 4)
	}
}

// writeSheet lays cards out 12 to a row, each drawn at 64x96 (a 32x48 card
// is doubled) reduced by shrink with a box filter, then enlarged by scale.
func writeSheet(t *testing.T, path string, cards []*Card, scale, shrink int) {
	const cols, gap, label = 12, 4, 14
	pw, ph := VisionWidth, VisionHeight
	if shrink > 0 {
		pw, ph = pw/shrink, ph/shrink
	}
	cw, ch := pw*scale+gap, ph*scale+gap+label
	rows := (len(cards) + cols - 1) / cols
	sheet := image.NewRGBA(image.Rect(0, 0, min(cols, len(cards))*cw, rows*ch))
	for i := range sheet.Pix {
		sheet.Pix[i] = 20
		if i%4 == 3 {
			sheet.Pix[i] = 255 // opaque: a dark grey page
		}
	}
	for i, c := range cards {
		ox, oy := (i%cols)*cw, (i/cols)*ch
		sw, sh := c.Image.Rect.Dx(), c.Image.Rect.Dy()
		for y := 0; y < ph; y++ {
			for x := 0; x < pw; x++ {
				// the box of source pixels under this sheet pixel
				x0, x1 := x*sw/pw, max(x*sw/pw+1, (x+1)*sw/pw)
				y0, y1 := y*sh/ph, max(y*sh/ph+1, (y+1)*sh/ph)
				var r, g, b, n int
				for yy := y0; yy < y1; yy++ {
					for xx := x0; xx < x1; xx++ {
						p := c.Image.RGBAAt(xx, yy)
						r, g, b, n = r+int(p.R), g+int(p.G), b+int(p.B), n+1
					}
				}
				col := color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), 255}
				for yy := 0; yy < scale; yy++ {
					for xx := 0; xx < scale; xx++ {
						sheet.SetRGBA(ox+x*scale+xx, oy+y*scale+yy, col)
					}
				}
			}
		}
		name := c.ID
		if c.Kind != Vision {
			name += " " + strings.TrimPrefix(c.Title, "The ")
		}
		for len(name)*7 > cw-gap {
			name = name[:len(name)-1]
		}
		d := font.Drawer{Dst: sheet, Src: image.NewUniform(color.RGBA{200, 200, 200, 255}), Face: basicfont.Face7x13,
			Dot: fixed.P(ox, oy+ph*scale+label-3)}
		d.DrawString(name)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(f, sheet); err != nil {
		t.Fatal(err)
	}
}

// TestWriteMotifSheet draws every motif at three times its size on grey,
// in name order, when DECK_MOTIFS names a PNG file.
func TestWriteMotifSheet(t *testing.T) {
	path := os.Getenv("DECK_MOTIFS")
	if path == "" {
		t.Skip("set DECK_MOTIFS=/tmp/motifs.png to draw every motif")
	}
	names := motif.Names()
	const cols, cell = 16, 52
	sheet := image.NewRGBA(image.Rect(0, 0, cols*cell, (len(names)+cols-1)/cols*cell))
	for i := range sheet.Pix {
		sheet.Pix[i] = 100
	}
	for i, n := range names {
		c := &canvas{img: sheet, w: sheet.Rect.Dx(), h: sheet.Rect.Dy()}
		c.sprite(motif.Get(n).Sprite, (i%cols)*cell+2, (i/cols)*cell+2, 3, false, nil)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, sheet); err != nil {
		t.Fatal(err)
	}
	t.Log(strings.Join(names, " "))
}
