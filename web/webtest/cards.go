package webtest

import (
	"image"
	"image/draw"
)

// CardAnywhere is the share of card's pixels found, at the best place and
// whole multiple (1 to 6) on screen, each at the centre of its block: 1
// when the card is there as the encoder draws it. A place is tried further
// only while its first samples match, so a whole screen is searched fast.
func CardAnywhere(screen, card image.Image) float64 {
	s, ok := screen.(*image.RGBA)
	if !ok || s.Rect.Min != (image.Point{}) {
		s = image.NewRGBA(image.Rect(0, 0, screen.Bounds().Dx(), screen.Bounds().Dy()))
		draw.Draw(s, s.Rect, screen, screen.Bounds().Min, draw.Src)
	}
	cb := card.Bounds()
	c := image.NewRGBA(image.Rect(0, 0, cb.Dx(), cb.Dy()))
	draw.Draw(c, c.Rect, card, cb.Min, draw.Src)
	near := func(a, b []uint8) bool {
		d := func(p, q uint8) int { return max(int(p)-int(q), int(q)-int(p)) }
		return d(a[0], b[0]) <= 6 && d(a[1], b[1]) <= 6 && d(a[2], b[2]) <= 6
	}
	px := func(m *image.RGBA, x, y int) []uint8 { i := m.PixOffset(x, y); return m.Pix[i : i+3] }
	// Samples: a grid over the card, its most telling pixels first (the
	// centre, where the picture is, before its frame).
	var samples [][2]int
	for y := cb.Dy() / 2; y < cb.Dy(); y += 5 {
		for x := cb.Dx() / 2; x < cb.Dx(); x += 5 {
			samples = append(samples, [2]int{x, y})
		}
	}
	for y := 1; y < cb.Dy()/2; y += 5 {
		for x := 1; x < cb.Dx()/2; x += 5 {
			samples = append(samples, [2]int{x, y})
		}
	}
	best := 0.0
	sw, sh := s.Rect.Dx(), s.Rect.Dy()
	for k := 1; k <= 6; k++ {
		if cb.Dx()*k > sw || cb.Dy()*k > sh {
			break
		}
		for oy := 0; oy+cb.Dy()*k <= sh; oy++ {
			for ox := 0; ox+cb.Dx()*k <= sw; ox++ {
				ok := 0
				for i, p := range samples {
					if near(px(s, ox+p[0]*k+k/2, oy+p[1]*k+k/2), px(c, p[0], p[1])) {
						ok++
					} else if i < 4 {
						break // a place that misses a first sample is not the card's
					}
				}
				if f := float64(ok) / float64(len(samples)); f > best {
					best = f
				}
			}
		}
	}
	return best
}
