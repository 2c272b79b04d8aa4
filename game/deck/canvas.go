package deck

import (
	"image"
	"image/color"
)

// A vision card is painted on a canvas four times the area of a suspect:
// 64x96 pixels, which the zoom shows one pixel per half cell. The card and
// thumbnail sizes are box-filtered down from it by the renderer.
const (
	VisionWidth  = 64
	VisionHeight = 96
)

// canvas is a rectangle of an image that a scene paints in its own
// coordinates: the whole vision, or the view through a window, a door or
// a looking-glass. Drawing is clipped to the rectangle.
type canvas struct {
	img  *image.RGBA // a sub-image: its Rect is the canvas's rectangle
	x0   int
	y0   int
	w, h int
}

func newVisionCanvas() *canvas {
	img := image.NewRGBA(image.Rect(0, 0, VisionWidth, VisionHeight))
	return &canvas{img: img, w: VisionWidth, h: VisionHeight}
}

// sub is the w x h rectangle at (x, y) of c, clipped to c.
func (c *canvas) sub(x, y, w, h int) *canvas {
	r := image.Rect(c.x0+x, c.y0+y, c.x0+x+w, c.y0+y+h).Intersect(c.img.Rect)
	return &canvas{img: c.img.SubImage(r).(*image.RGBA), x0: c.x0 + x, y0: c.y0 + y, w: w, h: h}
}

func (c *canvas) fill(x, y, w, h int, col color.RGBA) { fill(c.img, c.x0+x, c.y0+y, w, h, col) }
func (c *canvas) dot(x, y int, col color.RGBA)        { dot(c.img, c.x0+x, c.y0+y, col) }

// at reads a pixel; ok is false outside the canvas.
func (c *canvas) at(x, y int) (color.RGBA, bool) {
	p := image.Pt(c.x0+x, c.y0+y)
	if !p.In(c.img.Rect) {
		return color.RGBA{}, false
	}
	return c.img.RGBAAt(p.X, p.Y), true
}

// recolour replaces the pixel at (x, y) with f of itself.
func (c *canvas) recolour(x, y int, f func(color.RGBA) color.RGBA) {
	if col, ok := c.at(x, y); ok {
		c.img.SetRGBA(c.x0+x, c.y0+y, f(col))
	}
}

// bands fills rows y0..y1 with four colour bands, dithered where they meet,
// so a sky or a wall reads as a gradient on a 256-colour terminal.
func (c *canvas) bands(cs [4]color.RGBA, y0, y1 int) {
	h := y1 - y0
	if h <= 0 {
		return
	}
	for y := y0; y < y1; y++ {
		f := (y - y0) * 16 / h
		band := min(f/4, 3)
		for x := 0; x < c.w; x++ {
			col := cs[band]
			// the last quarter of a band fades into the next: half the pixels,
			// then (on the band's last rows) three in four.
			if band < 3 && f%4 >= 2 && (x+y)%2 == 0 || band < 3 && f%4 == 3 && (x+2*y)%4 == 1 {
				col = cs[band+1]
			}
			c.dot(x, y, col)
		}
	}
}

// ellipse fills an axis-aligned ellipse.
func (c *canvas) ellipse(cx, cy, rx, ry int, col color.RGBA) {
	for y := -ry; y <= ry; y++ {
		for x := -rx; x <= rx; x++ {
			if inEllipse(x, y, rx, ry) {
				c.dot(cx+x, cy+y, col)
			}
		}
	}
}

func inEllipse(x, y, rx, ry int) bool {
	if rx == 0 || ry == 0 {
		return false
	}
	// scaled to avoid floats: x²/rx² + y²/ry² <= 1, with half a pixel of slack
	return float64(x*x)/float64(rx*rx)+float64(y*y)/float64(ry*ry) <= 1.05
}

func (c *canvas) line(x0, y0, x1, y1 int, col color.RGBA) {
	line(c.img, c.x0+x0, c.y0+y0, c.x0+x1, c.y0+y1, col)
}

// sprite draws s with its top-left corner at (x, y), each sprite pixel a
// scale x scale block.
func (c *canvas) sprite(s *sprite, x, y, scale int, flip bool, p *paint) {
	place(c.img, s, c.x0+x, c.y0+y, scale, flip, p)
}

// shadowOf drops the darker shape of s below and to the right of it.
func (c *canvas) shadowOf(s *sprite, x, y, scale int, flip bool) {
	shadow(c.img, s, c.x0+x, c.y0+y, scale, flip)
}

// lighter is a colour one step brighter, kept on the 256-colour cube (or
// on the grey ramp for greys).
func lighter(c color.RGBA) color.RGBA {
	if c.R == c.G && c.G == c.B && c.R%10 == 8 {
		return rgb(uint8(min(int(c.R)+30, 238)), uint8(min(int(c.R)+30, 238)), uint8(min(int(c.R)+30, 238)))
	}
	up := func(v uint8) uint8 {
		for _, l := range [...]uint8{0, 95, 135, 175, 215, 255} {
			if l > v {
				return l
			}
		}
		return 255
	}
	return rgb(up(c.R), up(c.G), up(c.B))
}

// bayer4 is an ordered-dither threshold matrix (0..15): fog, glow and
// haze use it so their gradients stay on the palette instead of blending
// into off-palette colours.
var bayer4 = [4][4]int{{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}}

// dither reports whether pixel (x, y) is inside a dithered area of the
// given density (0 none .. 16 all).
func dither(x, y, density int) bool {
	return bayer4[y&3][x&3] < density
}
