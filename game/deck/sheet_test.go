package deck

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"strconv"
	"testing"
)

// TestWriteSheet writes a scaled-up PNG of every built-in card when
// DECK_SHEET names a file: a quick way to look at the art while drawing it.
func TestWriteSheet(t *testing.T) {
	path := os.Getenv("DECK_SHEET")
	if path == "" {
		t.Skip("set DECK_SHEET=/tmp/sheet.png to write a contact sheet")
	}
	const scale, cols, gap = 4, 12, 4
	cards := Builtin().All()
	if from, err := strconv.Atoi(os.Getenv("DECK_FROM")); err == nil {
		cards = cards[from:min(len(cards), from+36)]
	}
	rows := (len(cards) + cols - 1) / cols
	cw, ch := ImageWidth*scale+gap, ImageHeight*scale+gap
	sheet := image.NewRGBA(image.Rect(0, 0, cols*cw, rows*ch))
	for i := range sheet.Pix {
		sheet.Pix[i] = 20
	}
	for i, c := range cards {
		ox, oy := (i%cols)*cw, (i/cols)*ch
		for y := 0; y < ImageHeight*scale; y++ {
			for x := 0; x < ImageWidth*scale; x++ {
				sheet.Set(ox+x, oy+y, c.Image.At(x/scale, y/scale))
			}
		}
	}
	_ = color.Black
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, sheet); err != nil {
		t.Fatal(err)
	}
}
