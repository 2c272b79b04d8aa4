package web_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// TestRealBrowserDrawsASixel writes a card as sixel to the page's terminal,
// as the server will, and finds the card on the image addon's layer, pixel
// for pixel at a whole multiple: the addon is loaded, on, and allowed by
// the page's policy to run its WebAssembly decoder.
func TestRealBrowserDrawsASixel(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	ctx, console := browse(t, 844, 390)
	c, _ := deck.Builtin().Card("V01")
	six := graphics.Encode(c.Image, graphics.Sixel, graphics.Cells{W: 16, H: 12}, graphics.Pixels{W: 8, H: 16}, 0)
	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/"),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.Evaluate(`window.mysteriumWrite(`+jsString(six.Data)+`), true`, nil),
	); err != nil {
		t.Fatal(err)
	}
	var best float64
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		var url string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const c = document.querySelector('.xterm-image-layer'); return c ? c.toDataURL('image/png') : '' })()`, &url)); err != nil {
			t.Fatal(err)
		}
		if raw, ok := strings.CutPrefix(url, "data:image/png;base64,"); ok {
			b, _ := base64.StdEncoding.DecodeString(raw)
			if layer, err := png.Decode(bytes.NewReader(b)); err == nil {
				if best = cardOn(layer, c.Image); best >= 0.98 {
					return
				}
			}
		}
		if err := chromedp.Run(ctx, chromedp.Sleep(50*time.Millisecond)); err != nil { // polling the page, not waiting for time
			t.Fatal(err)
		}
	}
	t.Fatalf("the sixel is not on the page's image layer (best %.0f%% of the card's pixels); console:\n%s", best*100, console)
}

func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[r>>4])
			b.WriteByte("0123456789abcdef"[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// cardOn is the best share of card's pixels found on img drawn k times its
// size (k = 1..6) with its top left within img's first 24x24 pixels.
func cardOn(img, card image.Image) float64 {
	cb := card.Bounds()
	at := func(m image.Image, x, y int) color.RGBA {
		r, g, b, _ := m.At(x, y).RGBA()
		return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
	}
	near := func(a, b color.RGBA) bool {
		d := func(p, q uint8) int { return max(int(p)-int(q), int(q)-int(p)) }
		return d(a.R, b.R) <= 6 && d(a.G, b.G) <= 6 && d(a.B, b.B) <= 6
	}
	best := 0.0
	ib := img.Bounds()
	for k := 1; k <= 6; k++ {
		if cb.Dx()*k > ib.Dx() || cb.Dy()*k > ib.Dy() {
			break
		}
		for oy := 0; oy < 24; oy++ {
			for ox := 0; ox < 24; ox++ {
				n, ok := 0, 0
				for y := 0; y < cb.Dy(); y++ {
					for x := 0; x < cb.Dx(); x++ {
						n++
						if near(at(img, ox+x*k+k/2, oy+y*k+k/2), at(card, cb.Min.X+x, cb.Min.Y+y)) {
							ok++
						}
					}
				}
				best = max(best, float64(ok)/float64(n))
			}
		}
	}
	return best
}
