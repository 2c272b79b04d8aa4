package deck

import (
	"image/color"
	"strings"
)

// setting is the place a vision happens in, painted at any size: the whole
// card, or the small scene seen through a window or a door. Each paints
// its own depth: far hills, trees or walls lighter and hazier than near ones.
type setting struct {
	name string
	tag  string // setting tag
	// phrase places the scene in alt-text: "A" stands for the palette's
	// colour with its article ("an ember-red"), "ADJ" for the colour alone.
	phrase string
	// horizon is where things stand, as a fraction of the height (the
	// floor's edge, the water line); 0 when nothing stands anywhere.
	horizon float64
	indoor  bool
	paint   func(c *canvas, p *palette, r *rng)
}

// where places a scene in words for alt-text.
func (s *setting) where(p *palette) string {
	out := strings.ReplaceAll(s.phrase, "ADJ", p.adj)
	return strings.ReplaceAll(out, "A ", article(p.adj)+" "+p.adj+" ")
}

// hz is the horizon in pixels on c (a third of the way up when the setting has none).
func (s *setting) hz(c *canvas) int {
	if s.horizon == 0 {
		return c.h * 3 / 4
	}
	return int(s.horizon * float64(c.h))
}

var settings = map[string]*setting{}

func set(s *setting) { settings[s.name] = s }

func init() {
	set(&setting{name: "sky", tag: "sky", phrase: "in A sky", paint: func(c *canvas, p *palette, r *rng) {
		c.bands(p.sky, 0, c.h)
		cloudBanks(c, p, r, c.h)
	}})
	set(&setting{name: "night", tag: "stars", phrase: "under a starry ADJ night", horizon: 0.8, paint: func(c *canvas, p *palette, r *rng) {
		c.bands([4]color.RGBA{p.sky[0], p.sky[0], p.sky[1], p.sky[2]}, 0, c.h)
		for i := 0; i < c.w*c.h/90; i++ {
			x, y := r.intn(c.w), r.intn(c.h*3/4)
			c.dot(x, y, p.spark)
			if i%7 == 0 { // a few bright stars with a cross of light
				c.dot(x-1, y, darker(p.spark))
				c.dot(x+1, y, darker(p.spark))
			}
		}
		hills(c, p, r, int(0.8*float64(c.h)), [2]color.RGBA{p.ground[0], rgb(0, 0, 0)})
	}})
	set(&setting{name: "room", tag: "room", phrase: "in A room with a chequered floor", horizon: 0.62, indoor: true, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.62 * float64(c.h))
		stripes(c, p, hz)
		c.fill(0, hz-2, c.w, 2, p.ground[0])
		perspectiveFloor(c, p.floor, hz, c.h)
	}})
	set(&setting{name: "hall", tag: "panelling", phrase: "in A panelled hall", horizon: 0.66, indoor: true, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.66 * float64(c.h))
		c.fill(0, 0, c.w, hz, p.ground[0])
		pw := max(8, c.w/4)
		for x := 2; x < c.w; x += pw {
			c.fill(x, 3, pw-4, hz/2-4, p.ground[1])
			c.fill(x+1, 4, pw-6, hz/2-6, p.wall[0])
			c.fill(x, hz/2+2, pw-4, hz/2-6, p.ground[1])
			c.fill(x+1, hz/2+3, pw-6, hz/2-8, p.wall[0])
			c.fill(x+1, 4, pw-6, 1, p.spark)
		}
		boards(c, p, hz)
	}})
	set(&setting{name: "library", tag: "books", phrase: "in A library lined with books", horizon: 0.7, indoor: true, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.7 * float64(c.h))
		c.fill(0, 0, c.w, hz, rgb(95, 0, 0))
		spines := []color.RGBA{p.wall[0], p.wall[1], rgb(95, 0, 0), rgb(0, 95, 0), rgb(0, 0, 95), rgb(135, 95, 0), p.floor[1]}
		for y := 2; y+10 < hz; y += 12 {
			for x := 1; x < c.w; {
				w := 2 + r.intn(3)
				h := 7 + r.intn(3)
				col := spines[r.intn(len(spines))]
				c.fill(x, y+10-h, w, h, col)
				c.fill(x, y+10-h+2, w, 1, darker(col))
				x += w
			}
			c.fill(0, y+10, c.w, 2, rgb(135, 95, 0))
		}
		boards(c, p, hz)
	}})
	set(&setting{name: "corridor", tag: "corridor", phrase: "down A corridor of doors", horizon: 0.58, indoor: true, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.58 * float64(c.h))
		vx := c.w / 2
		bw, bh := c.w/4, c.h/6 // the far wall, where the corridor ends
		top, bot := hz-bh, hz
		vy := (top + bot) / 2
		for y := 0; y < c.h; y++ {
			for x := 0; x < c.w; x++ {
				dx := abs(x - vx)
				var col color.RGBA
				switch {
				case y >= bot && dx <= bw/2+(y-bot)*(c.w/2-bw/2)/max(1, c.h-bot): // the floor, in perspective
					z := 256 / max(1, y-vy)
					lx := (x - vx) * z / 16
					col = p.floor[((z/6)+(lx+640)/16)%2]
				case y < top && dx <= bw/2+(top-y)*(c.w/2-bw/2)/max(1, top): // the ceiling
					col = p.ground[0]
					if (256/max(1, vy-y))%8 == 0 {
						col = p.ground[1]
					}
				case dx <= bw/2: // the far end, dark
					col = p.sky[0]
				default: // the side walls, their stripes closing up with distance
					col = p.wall[(256/max(1, dx-bw/2+2))%2]
				}
				c.dot(x, y, col)
			}
		}
		c.fill(vx-bw/2, bot-1, bw, 1, p.spark)
		// doors down each side, smaller as they recede
		for _, d := range []int{c.w * 7 / 16, c.w * 5 / 16, c.w * 7 / 32} {
			h := d * 3 / 2
			w := max(2, d/5)
			top := vy - h*2/5
			for _, x := range []int{vx - d, vx + d - w} {
				c.fill(x, top, w, h, p.ground[0])
				c.fill(x+1, top+1, w-2, h-2, p.ground[1])
			}
			c.dot(vx-d+w-2, top+h/2, p.spark)
			c.dot(vx+d-w+1, top+h/2, p.spark)
		}
	}})
	set(&setting{name: "sea", tag: "water", phrase: "above still ADJ water", horizon: 0.55, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.55 * float64(c.h))
		c.bands(p.sky, 0, hz)
		cloudBanks(c, p, r, hz-8)
		c.fill(0, hz, c.w, c.h-hz, p.sky[0])
		c.fill(0, hz, c.w, 1, p.sky[3])
		for y := hz + 2; y < c.h; y += 2 + (y-hz)/10 {
			for x := r.intn(8); x < c.w; x += 6 + r.intn(6) {
				c.fill(x, y, 2+(y-hz)/8, 1, p.sky[1+(y/3)%2])
			}
		}
	}})
	set(&setting{name: "field", tag: "landscape", phrase: "over A rolling field", horizon: 0.68, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.68 * float64(c.h))
		c.bands(p.sky, 0, hz)
		cloudBanks(c, p, r, hz/2)
		hills(c, p, r, hz-c.h/12, [2]color.RGBA{lighter(p.ground[1]), p.ground[1]})
		hills(c, p, r, hz, [2]color.RGBA{p.ground[1], p.ground[0]})
		for i := 0; i < c.w/3; i++ { // grass tufts nearer the viewer
			x, y := r.intn(c.w), hz+4+r.intn(max(1, c.h-hz-4))
			c.dot(x, y, p.ground[1])
			c.dot(x+1, y-1, p.ground[1])
		}
	}})
	set(&setting{name: "forest", tag: "forest", phrase: "in A forest", horizon: 0.8, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.8 * float64(c.h))
		c.bands(p.sky, 0, c.h)
		far, near := lighter(p.ground[1]), p.ground[0]
		for i := 0; i < c.w/6; i++ { // far trunks, thin and pale
			x := i*6 + r.intn(4)
			c.fill(x, 0, 1+c.w/64, hz, far)
		}
		for i := 0; i < c.w/12+1; i++ { // near trunks with branches
			x := i*12 + r.intn(6)
			tw := 2 + c.w/32
			c.fill(x, 0, tw, c.h, near)
			for b := 0; b < 2; b++ {
				y := 6 + r.intn(max(1, hz/2))
				c.line(x+tw, y, x+tw+4, y-4, near)
				c.line(x-1, y+6, x-4, y+2, near)
			}
		}
		c.fill(0, hz, c.w, c.h-hz, near)
		c.fill(0, hz, c.w, 1, p.ground[1])
	}})
	set(&setting{name: "void", tag: "darkness", phrase: "in A darkness", paint: func(c *canvas, p *palette, r *rng) {
		cx, cy := float64(c.w)/2, float64(c.h)*0.55
		for y := 0; y < c.h; y++ {
			for x := 0; x < c.w; x++ {
				dx, dy := (float64(x)-cx)/float64(c.w), (float64(y)-cy)/float64(c.h)*0.7
				d := int((dx*dx + dy*dy) * 120) // 0 at the centre
				band := 3 - min(3, d/3)
				if band < 3 && dither(x, y, (3-d%3)*5) {
					band++
				}
				c.dot(x, y, []color.RGBA{p.sky[0], p.sky[0], p.sky[1], p.sky[2]}[band])
			}
		}
	}})
	set(&setting{name: "stage", tag: "theatre", phrase: "on A stage between curtains", horizon: 0.82, indoor: true, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.82 * float64(c.h))
		c.fill(0, 0, c.w, hz, p.sky[0])
		cw := c.w / 5
		for x := 0; x < cw; x++ {
			col := p.wall[(x/3)%2]
			drop := hz - x*2
			c.fill(x, 0, 1, drop, col)
			c.fill(c.w-1-x, 0, 1, drop, col)
		}
		for x := 0; x < c.w; x++ { // the pelmet, scalloped
			c.fill(x, 0, 1, 5+(x%8)/3, p.wall[1])
		}
		c.fill(0, hz, c.w, c.h-hz, p.floor[0])
		c.fill(0, hz, c.w, 1, p.spark)
		for x := 4; x < c.w; x += 8 { // footlights
			c.dot(x, hz+1, p.spark)
		}
	}})
	set(&setting{name: "chess", tag: "chessboard", phrase: "over A chessboard that runs to the horizon", horizon: 0.45, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.45 * float64(c.h))
		c.bands(p.sky, 0, hz)
		cloudBanks(c, p, r, hz-6)
		perspectiveFloor(c, p.floor, hz, c.h)
	}})
	set(&setting{name: "crypt", tag: "stone", phrase: "in A stone crypt", horizon: 0.8, indoor: true, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.8 * float64(c.h))
		stone := [2]color.RGBA{rgb(58, 58, 58), rgb(78, 78, 78)}
		c.fill(0, 0, c.w, c.h, stone[0])
		for y := 0; y < hz; y += 6 {
			off := (y / 6 % 2) * 5
			for x := -off; x < c.w; x += 10 {
				c.fill(x+1, y+1, 9, 5, stone[1])
			}
		}
		// an arch onto the palette's sky
		aw := c.w / 2
		ax := (c.w - aw) / 2
		for yy := 0; yy < hz-8; yy++ {
			for xx := 0; xx < aw; xx++ {
				dx, dy := xx-aw/2, yy-aw/2
				if yy >= aw/2 || dx*dx+dy*dy <= (aw/2)*(aw/2) {
					c.dot(ax+xx, 8+yy, p.sky[min(3, yy*4/(hz-8))])
				}
			}
		}
		c.fill(0, hz, c.w, c.h-hz, rgb(28, 28, 28))
		c.fill(0, hz, c.w, 1, stone[1])
	}})
	set(&setting{name: "garden", tag: "garden", phrase: "in A hedge garden", horizon: 0.7, paint: func(c *canvas, p *palette, r *rng) {
		hz := int(0.7 * float64(c.h))
		c.bands(p.sky, 0, hz)
		// hedge walls at three depths: the far one low and pale, the near
		// ones tall and dark, each with a leafy texture and a clipped top
		walls := []struct {
			x0, x1, top int
			cs          [2]color.RGBA
		}{
			{0, c.w, hz - c.h/9, [2]color.RGBA{lighter(p.ground[1]), p.ground[1]}},
			{0, c.w * 3 / 8, hz - c.h/4, [2]color.RGBA{rgb(0, 135, 0), rgb(0, 95, 0)}},
			{c.w * 5 / 8, c.w, hz - c.h/4, [2]color.RGBA{rgb(0, 135, 0), rgb(0, 95, 0)}},
		}
		for _, wl := range walls {
			c.fill(wl.x0, wl.top, wl.x1-wl.x0, hz-wl.top, wl.cs[0])
			for i := 0; i < (wl.x1-wl.x0)*(hz-wl.top)/5; i++ {
				c.dot(wl.x0+r.intn(max(1, wl.x1-wl.x0)), wl.top+r.intn(max(1, hz-wl.top)), wl.cs[1])
			}
			c.fill(wl.x0, wl.top, wl.x1-wl.x0, 1, lighter(wl.cs[0]))
		}
		c.fill(0, hz, c.w, c.h-hz, rgb(175, 175, 135))
		for y := hz + 2; y < c.h; y += 3 {
			for x := (y % 2) * 2; x < c.w; x += 5 {
				c.dot(x, y, rgb(135, 135, 95))
			}
		}
	}})
}

// stripes is the striped wallpaper down to y1, with a small motif of dots.
func stripes(c *canvas, p *palette, y1 int) {
	sw := max(2, c.w/10)
	for x := 0; x < c.w; x++ {
		c.fill(x, 0, 1, y1, p.wall[(x/sw)%2])
	}
	for y := 5; y < y1-4; y += 10 {
		for x := sw / 2; x < c.w; x += 2 * sw {
			c.dot(x+(y/10%2)*sw, y, p.spark)
		}
	}
}

// boards is a wooden floor from y0 down, its planks widening towards the viewer.
func boards(c *canvas, p *palette, y0 int) {
	c.fill(0, y0, c.w, c.h-y0, p.ground[1])
	c.fill(0, y0, c.w, 1, p.ground[0])
	for y, gap := y0+2, 2; y < c.h; y, gap = y+gap, gap+1 {
		c.fill(0, y, c.w, 1, p.ground[0])
	}
	cx := c.w / 2
	for i := -6; i <= 6; i++ {
		c.line(cx+i*c.w/24, y0, cx+i*c.w/5, c.h, p.ground[0])
	}
}

// perspectiveFloor is a chequered floor from y0 to y1 whose rows widen and
// whose columns fan out from the middle, so it recedes to the horizon.
func perspectiveFloor(c *canvas, cs [2]color.RGBA, y0, y1 int) {
	cx := float64(c.w) / 2
	for y := y0; y < y1; y++ {
		depth := float64(y-y0+2) / float64(y1-y0+2) // 0 far .. 1 near
		row := int(6 * (1 - 1/(1+3*depth)) * 3)
		size := 3 + depth*float64(c.w)/5
		for x := 0; x < c.w; x++ {
			col := int((float64(x)-cx)/size + 100)
			tile := cs[(col+row)%2]
			// the far rows melt into one colour instead of flickering
			if depth < 0.3 && !dither(x, y, int(depth*50)) {
				tile = cs[0]
			}
			c.dot(x, y, tile)
		}
	}
}

// hills draws a rolling ridge from y down, two colours: a lit crest and
// the land beneath.
func hills(c *canvas, p *palette, r *rng, y int, cs [2]color.RGBA) {
	phase := r.intn(16)
	for x := 0; x < c.w; x++ {
		t := (x + phase) % 32
		bump := abs(t-16) * abs(t-16) / 40 // 0..6
		top := y - 6 + bump
		c.fill(x, top, 1, 2, cs[0])
		c.fill(x, top+2, 1, c.h-top-2, cs[1])
	}
}

// cloudBanks draws a few long soft clouds above y1.
func cloudBanks(c *canvas, p *palette, r *rng, y1 int) {
	if y1 < 8 {
		return
	}
	for i := 0; i < 2+c.w/32; i++ {
		x, y, w := r.intn(c.w)-c.w/4, 4+r.intn(max(1, y1-8)), c.w/4+r.intn(c.w/4)
		c.fill(x, y, w, 2, p.sky[3])
		c.fill(x+3, y-1, w-7, 1, p.sky[3])
		c.fill(x+2, y+2, w-3, 1, p.sky[2])
	}
}
