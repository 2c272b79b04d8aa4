package deck

import (
	"image"
	"image/color"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// Every built-in colour sits exactly on the xterm 256-colour cube (levels
// 0, 95, 135, 175, 215, 255) or its grey ramp, so a 256-colour terminal (what
// most OpenSSH clients are detected as) shows the art exactly as truecolor does.

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// sprite is a motif's grid; the deck's own parts (faces, hats) are sprites too.
type sprite = motif.Sprite

// ink is the fixed colour of each letter in a sprite grid.
var ink = motif.Ink

// thread is the ink of strings and strands, never outlined nor shadowed.
const thread = 'l'

// paint holds the colours a sprite is drawn with on one use.
type paint struct {
	slots [4]color.RGBA
	// inks overrides fixed ink letters for this use (a character's skin).
	inks map[byte]color.RGBA
	// tint, when set, replaces every opaque pixel except the outline with
	// shades of one colour: the dream recolouring ("a green moon").
	tint *color.RGBA
}

// colourOf resolves one grid byte.
func colourOf(s *sprite, c byte, p *paint) (color.RGBA, bool) {
	switch {
	case c == '.':
		return color.RGBA{}, false
	case c >= '1' && c <= '4':
		col := s.Slots[c-'1']
		if p != nil && p.slots[c-'1'].A != 0 {
			col = p.slots[c-'1']
		}
		if p != nil && p.tint != nil {
			col = tintOf(col, *p.tint)
		}
		return col, true
	default:
		col := ink[c]
		if p != nil {
			if o, ok := p.inks[c]; ok {
				col = o
			}
		}
		if p != nil && p.tint != nil && c != 'k' && c != 'X' {
			col = tintOf(col, *p.tint)
		}
		return col, true
	}
}

// tintOf keeps the lightness of col but takes the hue of t, snapped back to
// the 256-colour cube.
func tintOf(col, t color.RGBA) color.RGBA {
	l := (int(col.R)*3 + int(col.G)*6 + int(col.B)) / 10
	f := func(v uint8) uint8 {
		// light pixels become the tint's light shade, dark ones darker.
		x := int(v) * (l + 60) / 200
		if x > 255 {
			x = 255
		}
		return snap(x)
	}
	return rgb(f(t.R), f(t.G), f(t.B))
}

// snap rounds a channel value to the nearest xterm cube level.
func snap(v int) uint8 {
	levels := [...]int{0, 95, 135, 175, 215, 255}
	best, bd := 0, 1<<30
	for _, l := range levels {
		d := (v - l) * (v - l)
		if d < bd {
			best, bd = l, d
		}
	}
	return uint8(best)
}

// place draws a sprite with its top-left corner at (x, y), each sprite
// pixel becoming a scale x scale block. flip mirrors it left to right.
func place(img *image.RGBA, s *sprite, x, y, scale int, flip bool, p *paint) {
	for sy := 0; sy < s.H; sy++ {
		for sx := 0; sx < s.W; sx++ {
			gx := sx
			if flip {
				gx = s.W - 1 - sx
			}
			col, ok := colourOf(s, s.Px[sy][gx], p)
			if !ok {
				continue
			}
			fill(img, x+sx*scale, y+sy*scale, scale, scale, col)
		}
	}
}

// shadow darkens the pixels one sprite-pixel below and to the right of
// the sprite's shape, so that a motif stands off any background. Drawn
// before the sprite itself, it only shows where the sprite does not cover.
func shadow(img *image.RGBA, s *sprite, x, y, scale int, flip bool) {
	d := max(1, scale/2)
	for sy := 0; sy < s.H; sy++ {
		for sx := 0; sx < s.W; sx++ {
			gx := sx
			if flip {
				gx = s.W - 1 - sx
			}
			if s.Px[sy][gx] == '.' || s.Px[sy][gx] == thread {
				continue
			}
			for yy := 0; yy < scale; yy++ {
				for xx := 0; xx < scale; xx++ {
					px, py := x+sx*scale+xx+d, y+sy*scale+yy+d
					if image.Pt(px, py).In(img.Rect) {
						img.SetRGBA(px, py, darker(img.RGBAAt(px, py)))
					}
				}
			}
		}
	}
}

// darker is a colour about 60% as bright, kept on the 256-colour cube.
func darker(c color.RGBA) color.RGBA {
	f := func(v uint8) uint8 {
		levels := [...]uint8{0, 95, 135, 175, 215, 255}
		for i := len(levels) - 1; i > 0; i-- {
			if v >= levels[i] {
				if i >= 2 {
					return levels[i-2]
				}
				return 0
			}
		}
		return 0
	}
	if c.R == c.G && c.G == c.B && c.R%10 == 8 { // grey ramp: step down the ramp
		v := int(c.R) - 40
		if v < 8 {
			v = 8
		}
		return rgb(uint8(v), uint8(v), uint8(v))
	}
	return rgb(f(c.R), f(c.G), f(c.B))
}

// fill paints a rectangle, clipped to the image.
func fill(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	r := image.Rect(x, y, x+w, y+h).Intersect(img.Rect)
	for yy := r.Min.Y; yy < r.Max.Y; yy++ {
		for xx := r.Min.X; xx < r.Max.X; xx++ {
			img.SetRGBA(xx, yy, c)
		}
	}
}

// dot paints one pixel, clipped.
func dot(img *image.RGBA, x, y int, c color.RGBA) {
	if image.Pt(x, y).In(img.Rect) {
		img.SetRGBA(x, y, c)
	}
}

// newCanvas returns a blank card-sized image.
func newCanvas() *image.RGBA {
	return image.NewRGBA(image.Rect(0, 0, ImageWidth, ImageHeight))
}

// rng is a tiny deterministic generator (splitmix64) so that the art never
// depends on math/rand's algorithm or on map order.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n).
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// seedOf derives a generator from a card id so each card's speckles are its own.
func seedOf(id string) *rng {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(id); i++ {
		h ^= uint64(id[i])
		h *= 1099511628211
	}
	r := rng(h)
	return &r
}
