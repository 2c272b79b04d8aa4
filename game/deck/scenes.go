package deck

import (
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// A vision is a scene: a setting in a palette, then layers painted from the
// back to the front. Each layer is one token of the card's recipe line:
//
//	raven:gold@cg2~     a motif (with a dream colour) at a place, scale and depth
//	fish*rose@cm3       a fish made of roses
//	boat>skull@cg2      a boat whose reflection is a skull
//	window=sea/frost/boat@lu2   a window (door, painting, glass) onto another scene
//	rain  snow  rainbow  fog    weather and light over what is already drawn
//
// A place is @ + column (l q c p r: left edge, quarter, centre, three
// quarters, right edge) + row (t top, u upper, m middle, g standing on the
// horizon, b bottom edge) + scale 1-4 + flags (~ far away in the haze,
// ! mirrored, G giant: out of scale, said so in words) + optional +dx+dy
// pixel nudges (signed). The recipes are in recipes.go.

// item is one parsed layer.
type item struct {
	kind   string // "motif", "portal", "weather"
	u      use
	stuff  *motif.Motif // made of
	refl   *motif.Motif // reflected as
	portal string       // window, door, painting, glass
	inSet  *setting
	inPal  *palette
	col    byte
	row    byte
	scale  int
	far    bool
	flip   bool
	giant  bool
	dx, dy int
}

// parseItem reads one recipe token.
func parseItem(id, tok string) item {
	bad := func(why string) { panic(fmt.Sprintf("deck: %s: token %q: %s", id, tok, why)) }
	if _, ok := weathers[tok]; ok {
		return item{kind: "weather", portal: tok}
	}
	body, pos, hasPos := strings.Cut(tok, "@")
	if !hasPos {
		bad("no @place")
	}
	it := item{kind: "motif"}
	if len(pos) < 3 || !strings.ContainsRune("lqcpr", rune(pos[0])) || !strings.ContainsRune("tumgb", rune(pos[1])) || pos[2] < '1' || pos[2] > '4' {
		bad("place must be column, row, scale")
	}
	it.col, it.row, it.scale = pos[0], pos[1], int(pos[2]-'0')
	rest := pos[3:]
	for len(rest) > 0 && strings.ContainsRune("~!G", rune(rest[0])) {
		switch rest[0] {
		case '~':
			it.far = true
		case '!':
			it.flip = true
		case 'G':
			it.giant = true
		}
		rest = rest[1:]
	}
	if rest != "" {
		// +dx+dy or +dx-dy etc.
		j := strings.IndexAny(rest[1:], "+-")
		if j < 0 {
			bad("nudge must be two signed numbers")
		}
		dx, e1 := strconv.Atoi(rest[:j+1])
		dy, e2 := strconv.Atoi(rest[j+1:])
		if e1 != nil || e2 != nil {
			bad("nudge must be two signed numbers")
		}
		it.dx, it.dy = dx, dy
	}
	if kind, view, ok := strings.Cut(body, "="); ok {
		f := strings.Split(view, "/")
		if len(f) != 3 || settings[f[0]] == nil || palettes[f[1]] == nil || portals[kind] == nil {
			bad("a portal is kind=setting/palette/motif")
		}
		it.kind, it.portal, it.inSet, it.inPal = "portal", kind, settings[f[0]], palettes[f[1]]
		it.u = parseUse(id, f[2])
		return it
	}
	if a, b, ok := strings.Cut(body, "*"); ok {
		it.u, it.stuff = parseUse(id, a), parseUse(id, b).m
		return it
	}
	if a, b, ok := strings.Cut(body, ">"); ok {
		it.u, it.refl = parseUse(id, a), parseUse(id, b).m
		return it
	}
	it.u = parseUse(id, body)
	return it
}

// parseUse reads "name" or "name:tint".
func parseUse(id, s string) use {
	name, tint, _ := strings.Cut(s, ":")
	m := motif.Get(name)
	if m == nil {
		panic("deck: " + id + ": unknown motif " + name)
	}
	if _, ok := tints[tint]; tint != "" && !ok {
		panic("deck: " + id + ": unknown tint " + tint)
	}
	return use{m: m, tint: tint}
}

// box is where an item of size bw x bh goes on c.
func (it *item) box(c *canvas, s *setting, bw, bh int) (x, y int) {
	switch it.col {
	case 'l':
		x = 2
	case 'q':
		x = c.w*5/16 - bw/2
	case 'c':
		x = c.w/2 - bw/2
	case 'p':
		x = c.w*11/16 - bw/2
	default:
		x = c.w - 2 - bw
	}
	hz := s.hz(c)
	switch it.row {
	case 't':
		y = 3
	case 'u':
		y = c.h*5/16 - bh/2
	case 'm':
		y = c.h*9/16 - bh/2
	case 'g':
		y = hz - bh + it.scale
	default:
		y = c.h - 2 - bh
		if it.scale >= 3 {
			// a big thing in the foreground is cut by the card's edge, as a
			// painter would crop it: it feels closer and hides less behind it
			y = c.h - bh*5/6
		}
	}
	return x + it.dx, y + it.dy
}

// lights are the motifs that glow: a halo is painted around them first.
var lights = map[string]bool{"candle": true, "lamp": true, "lantern": true, "moon": true, "sun": true, "star": true,
	"jellyfish": true, "crystalball": true, "chandelier": true, "comet": true, "lighthouse": true, "fireplace": true, "firefly": true}

// drawMotif paints one motif item: its glow, its shadow, the thing itself
// (or its shape filled with another thing), and its reflection.
func drawMotif(c *canvas, s *setting, p *palette, it item) {
	sp := it.u.m.Sprite
	x0, y0, x1, y1 := bbox(sp)
	bw, bh := (x1-x0)*it.scale, (y1-y0)*it.scale
	x, y := it.box(c, s, bw, bh)
	ox, oy := x-x0*it.scale, y-y0*it.scale
	if it.flip {
		ox = x - (sp.W-x1)*it.scale
	}
	pt := it.u.paint()
	if it.far {
		// far things take the colour of the air between, the palette's
		// haze: its darkest sky on a light sky, its lightest on a dark one
		t := p.sky[3]
		if lum(p.sky[2]) > 140 {
			t = p.sky[0]
		}
		pt = &paint{tint: &t}
	}
	if lights[it.u.m.Name] && !it.far {
		glow(c, x+bw/2, y+bh/2, max(bw, bh)*3/4+4)
	}
	if !it.far {
		c.shadowOf(sp, ox, oy, it.scale, it.flip)
		if it.scale >= 2 {
			outline(c, sp, ox, oy, it.scale, it.flip)
		}
	}
	switch {
	case it.stuff != nil:
		madeOf(c, sp, it.stuff, ox, oy, it.scale, it.flip)
	default:
		c.sprite(sp, ox, oy, it.scale, it.flip, pt)
	}
	if it.refl != nil {
		reflectAs(c, it.refl, x+bw/2, y+bh, it.scale, p)
	}
}

// glow lightens the air around a light: dithered rings, brightest inside.
func glow(c *canvas, cx, cy, r int) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			d2 := (x-cx)*(x-cx) + (y-cy)*(y-cy)
			if d2 > r*r {
				continue
			}
			density := 16 - d2*16/(r*r)
			if dither(x, y, density) {
				c.recolour(x, y, lighter)
			}
		}
	}
}

// madeOf draws the silhouette of s filled with the thing stuff, tiled at
// its own size, with a dark outline so the outer shape still reads: a
// fish made of roses.
func madeOf(c *canvas, s *sprite, stuff *motif.Motif, ox, oy, scale int, flip bool) {
	st := stuff.Sprite
	sx0, sy0, sx1, sy1 := bbox(st)
	tw, th := sx1-sx0+1, sy1-sy0+1
	opaque := func(px, py int) bool { // in s's pixel grid
		if px < 0 || py < 0 || px >= s.W || py >= s.H {
			return false
		}
		gx := px
		if flip {
			gx = s.W - 1 - px
		}
		return s.Px[py][gx] != '.'
	}
	for py := 0; py < s.H; py++ {
		for px := 0; px < s.W; px++ {
			if !opaque(px, py) {
				continue
			}
			edge := !opaque(px-1, py) || !opaque(px+1, py) || !opaque(px, py-1) || !opaque(px, py+1)
			gx := px
			if flip {
				gx = s.W - 1 - px
			}
			own, _ := colourOf(s, s.Px[py][gx], nil)
			for yy := 0; yy < scale; yy++ {
				for xx := 0; xx < scale; xx++ {
					cx, cy := ox+px*scale+xx, oy+py*scale+yy
					if edge && (xx == 0 && !opaque(px-1, py) || xx == scale-1 && !opaque(px+1, py) ||
						yy == 0 && !opaque(px, py-1) || yy == scale-1 && !opaque(px, py+1)) {
						c.dot(cx, cy, ink['k'])
						continue
					}
					tx, ty := sx0+((cx-ox)%tw+tw)%tw, sy0+((cy-oy)%th+th)%th
					col, ok := color.RGBA{}, false
					if tx < st.W && ty < st.H {
						col, ok = colourOf(st, st.Px[ty][tx], nil)
					}
					if !ok { // between the things, a pale ground they show up on
						col = lighter(lighter(own))
					}
					c.dot(cx, cy, col)
				}
			}
		}
	}
}

// reflectAs draws m upside down under the point (cx, y): the reflection of
// something that is not there, in the colour of the water, rippled.
func reflectAs(c *canvas, m *motif.Motif, cx, y, scale int, p *palette) {
	s := m.Sprite
	x0, y0, x1, y1 := bbox(s)
	t := p.sky[3]
	pt := &paint{tint: &t}
	left := cx - (x1-x0)*scale/2
	for sy := y1 - 1; sy >= y0; sy-- {
		for k := 0; k < scale; k++ {
			ty := y + (y1-1-sy)*scale + k
			if (ty-y)%4 == 3 {
				continue // a ripple
			}
			shift := (ty / 4) % 2
			for sx := x0; sx < x1; sx++ {
				col, ok := colourOf(s, s.Px[sy][sx], pt)
				if !ok {
					continue
				}
				c.fill(left+(sx-x0)*scale+shift, ty, scale, 1, col)
			}
		}
	}
}

// portal is a frame onto another scene.
type portal struct {
	name   string // the motif it counts as
	phrase string // "%s" is the view
	size   [5][2]int
	draw   func(c *canvas, x, y, w, h int, inner func(*canvas))
}

var portals = map[string]*portal{
	"window": {name: "window", phrase: "a window looking out on %s",
		size: [5][2]int{{}, {18, 24}, {26, 34}, {36, 48}, {48, 64}},
		draw: func(c *canvas, x, y, w, h int, inner func(*canvas)) {
			frame := rgb(238, 238, 238)
			c.fill(x-2, y-2, w+4, h+4, rgb(135, 95, 0))
			inner(c.sub(x, y, w, h))
			c.fill(x+w/2-1, y, 2, h, frame)
			c.fill(x, y+h/2-1, w, 2, frame)
			c.fill(x-2, y-2, w+4, 1, frame)
			c.fill(x-4, y+h+1, w+8, 3, frame) // the sill
			c.fill(x-4, y+h+3, w+8, 1, rgb(138, 138, 138))
		}},
	"door": {name: "door", phrase: "an open door onto %s",
		size: [5][2]int{{}, {14, 26}, {20, 38}, {28, 52}, {36, 70}},
		draw: func(c *canvas, x, y, w, h int, inner func(*canvas)) {
			c.fill(x-3, y-3, w+6, h+3, rgb(95, 0, 0))
			c.fill(x-2, y-2, w+4, h+2, rgb(135, 95, 0))
			inner(c.sub(x, y, w, h))
			// the door leaf swung inwards: a narrow slanted panel on the left
			lw := w / 3
			for i := 0; i < lw; i++ {
				top := y + i/2
				c.fill(x+i, top, 1, h-i, rgb(135, 95, 0))
				if i%3 == 0 {
					c.fill(x+i, top, 1, h-i, rgb(95, 0, 0))
				}
			}
			c.dot(x+lw-2, y+h/2, rgb(255, 215, 0))
		}},
	"painting": {name: "painting", phrase: "a painting of %s",
		size: [5][2]int{{}, {18, 22}, {26, 32}, {36, 44}, {48, 60}},
		draw: func(c *canvas, x, y, w, h int, inner func(*canvas)) {
			c.fill(x-3, y-3, w+6, h+6, rgb(215, 175, 0))
			c.fill(x-2, y-2, w+4, h+4, rgb(175, 135, 0))
			c.fill(x-1, y-1, w+2, h+2, rgb(28, 28, 28))
			inner(c.sub(x, y, w, h))
			for i := 0; i < w+6; i += 3 {
				c.dot(x-3+i, y-3, rgb(255, 255, 175))
			}
		}},
	"glass": {name: "lookingglass", phrase: "a looking-glass that shows %s",
		size: [5][2]int{{}, {16, 24}, {24, 34}, {32, 46}, {44, 62}},
		draw: func(c *canvas, x, y, w, h int, inner func(*canvas)) {
			// keep what is outside the oval, paint the view, put it back
			saved := map[[2]int]color.RGBA{}
			rx, ry := w/2, h/2
			cx, cy := x+rx, y+ry
			for yy := y; yy < y+h; yy++ {
				for xx := x; xx < x+w; xx++ {
					if !inEllipse(xx-cx, yy-cy, rx, ry) {
						if col, ok := c.at(xx, yy); ok {
							saved[[2]int{xx, yy}] = col
						}
					}
				}
			}
			// a cheval glass: two posts and their feet, a gilt oval frame
			// with a crest on top, and the glass's slanting glints, so that
			// even a thumbnail reads "mirror", not "egg"
			gold, dark := rgb(215, 175, 0), rgb(135, 95, 0)
			for _, px := range []int{cx - rx - 4, cx + rx + 3} {
				c.fill(px, cy, 2, ry+8, dark)
				c.fill(px-2, cy+ry+7, 6, 2, dark)
			}
			c.ellipse(cx, cy, rx+3, ry+3, gold)
			c.ellipse(cx, cy, rx+2, ry+2, dark)
			c.ellipse(cx, cy, rx+1, ry+1, gold)
			c.fill(cx-2, y-5, 5, 2, gold)
			c.fill(cx-1, y-7, 3, 2, gold)
			c.dot(cx, y-8, rgb(255, 255, 175))
			inner(c.sub(x, y, w, h))
			for k, col := range saved {
				if !inEllipse(k[0]-cx, k[1]-cy, rx+1, ry+1) {
					c.dot(k[0], k[1], col)
				} else {
					c.dot(k[0], k[1], gold)
				}
			}
			for i := 0; i < ry; i++ { // two glints across the upper left
				for _, off := range []int{0, 4} {
					gx, gy := cx-rx/2-i/2+off, cy-ry+3+i
					if i < ry*2/3-off && inEllipse(gx-cx, gy-cy, rx-1, ry-1) {
						c.dot(gx, gy, rgb(255, 255, 255))
					}
				}
			}
		}},
}

// drawPortal paints a frame and, inside it, the other scene with its motif.
func drawPortal(c *canvas, s *setting, p *palette, it item, seed *rng) {
	pl := portals[it.portal]
	w, h := pl.size[it.scale][0], pl.size[it.scale][1]
	x, y := it.box(c, s, w, h)
	pl.draw(c, x, y, w, h, func(in *canvas) {
		it.inSet.paint(in, it.inPal, seed)
		sc := 1
		if w >= 30 {
			sc = 2
		}
		inner := item{kind: "motif", u: it.u, col: 'c', row: 'g', scale: sc}
		if it.inSet.horizon == 0 {
			inner.row = 'm'
		}
		drawMotif(in, it.inSet, it.inPal, inner)
	})
}

// weather is painted over everything drawn before it.
type weather struct {
	// motif is true when the weather is a thing drawn (rain, snow, a
	// rainbow) rather than a light (fog); tags are its words.
	motif  bool
	tags   []string
	phrase func(indoor bool) string
	draw   func(c *canvas, s *setting, p *palette, r *rng)
}

var weathers = map[string]*weather{
	"rain": {motif: true, tags: []string{"rain", "weather", "water"}, phrase: func(in bool) string {
		if in {
			return "rain falls indoors"
		}
		return "rain slants across it all"
	}, draw: func(c *canvas, s *setting, p *palette, r *rng) {
		drop := rgb(135, 175, 215)
		for i := 0; i < c.w*c.h/60; i++ {
			x, y := r.intn(c.w+20)-10, r.intn(c.h)
			c.dot(x, y, drop)
			c.dot(x+1, y+2, drop)
			c.dot(x+1, y+3, drop)
		}
	}},
	"snow": {motif: true, tags: []string{"snow", "winter", "cold", "white"}, phrase: func(in bool) string {
		if in {
			return "snow falls indoors"
		}
		return "snow drifts down"
	}, draw: func(c *canvas, s *setting, p *palette, r *rng) {
		for i := 0; i < c.w*c.h/70; i++ {
			x, y := r.intn(c.w), r.intn(c.h)
			c.dot(x, y, rgb(255, 255, 255))
			if i%3 == 0 {
				c.dot(x+1, y, rgb(215, 215, 215))
				c.dot(x, y+1, rgb(215, 215, 215))
			}
		}
	}},
	"rainbow": {motif: true, tags: []string{"rainbow", "colours", "weather"}, phrase: func(in bool) string {
		if in {
			return "a rainbow arches under the ceiling"
		}
		return "a rainbow arches over it all"
	}, draw: func(c *canvas, s *setting, p *palette, r *rng) {
		cols := []color.RGBA{rgb(255, 0, 0), rgb(255, 135, 0), rgb(255, 255, 0), rgb(0, 175, 0), rgb(0, 95, 255), rgb(135, 0, 175)}
		cx, cy := c.w/2, s.hz(c)
		for y := 0; y < cy; y++ {
			for x := 0; x < c.w; x++ {
				d2 := (x-cx)*(x-cx) + (y-cy)*(y-cy)*4/5
				band := (intSqrt(d2) - (c.w/2 - 4)) / 2
				if band >= 0 && band < len(cols) {
					c.dot(x, y, cols[len(cols)-1-band])
				}
			}
		}
	}},
	"fog": {tags: []string{"fog", "mist"}, phrase: func(in bool) string {
		if in {
			return "fog creeps across the floor"
		}
		return "fog lies low"
	}, draw: func(c *canvas, s *setting, p *palette, r *rng) {
		hz := s.hz(c)
		fogc := p.sky[3]
		for y := hz - c.h/5; y < c.h; y++ {
			d := abs(y - (hz + 2))
			density := max(0, 8-d*8/(c.h/5))
			for x := 0; x < c.w; x++ {
				wave := (x + y/3) % 24
				if wave > 12 {
					wave = 24 - wave
				}
				if dither(x, y, max(0, density-wave/4)) {
					c.dot(x, y, fogc)
				}
			}
		}
	}},
}

func intSqrt(n int) int {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// visionVignette darkens the card's edges like an old photograph, which
// sets the visions apart from the suspects at a glance.
func visionVignette(c *canvas) {
	for y := 0; y < c.h; y++ {
		for x := 0; x < c.w; x++ {
			dx, dy := float64(x)-float64(c.w-1)/2, (float64(y)-float64(c.h-1)/2)*0.66
			d := (dx*dx + dy*dy) / float64(c.w*c.w) * 4 // 1 at the middle of a side
			if d > 1.75 || d > 1.55 && dither(x, y, 6) {
				c.recolour(x, y, darker)
			}
		}
	}
}

// motes scatters the palette's weather in the air: snow in frost, sparks
// in ember, petals in rose, motes of light elsewhere.
func motes(c *canvas, p *palette, r *rng) {
	for i := 0; i < 8+r.intn(5); i++ {
		x, y := r.intn(c.w), r.intn(c.h)
		switch p.name {
		case "frost", "storm":
			c.dot(x, y, p.spark)
			c.dot(x-1, y, p.spark)
			c.dot(x+1, y, p.spark)
			c.dot(x, y-1, p.spark)
			c.dot(x, y+1, p.spark)
		case "ember", "gilded":
			c.dot(x, y, p.spark)
			c.dot(x, y+1, darker(p.spark))
		case "rose", "dusk":
			c.dot(x, y, p.spark)
			c.dot(x+1, y, p.spark)
		default:
			c.dot(x, y, p.spark)
		}
	}
}

// lum is a colour's brightness, 0..255.
func lum(c color.RGBA) int { return (int(c.R)*3 + int(c.G)*6 + int(c.B)) / 10 }

// outline rings a motif's shape with a one-pixel dark line, drawn before
// the motif: a big thing keeps its edge against a busy setting, and still
// stands out when the card is shrunk to a thumbnail.
func outline(c *canvas, s *sprite, ox, oy, scale int, flip bool) {
	opaque := func(px, py int) bool {
		if px < 0 || py < 0 || px >= s.W || py >= s.H {
			return false
		}
		if flip {
			px = s.W - 1 - px
		}
		return s.Px[py][px] != '.' && s.Px[py][px] != thread
	}
	for py := 0; py < s.H; py++ {
		for px := 0; px < s.W; px++ {
			if !opaque(px, py) {
				continue
			}
			x, y := ox+px*scale, oy+py*scale
			if !opaque(px-1, py) {
				c.fill(x-1, y, 1, scale, ink['k'])
			}
			if !opaque(px+1, py) {
				c.fill(x+scale, y, 1, scale, ink['k'])
			}
			if !opaque(px, py-1) {
				c.fill(x, y-1, scale, 1, ink['k'])
			}
			if !opaque(px, py+1) {
				c.fill(x, y+scale, scale, 1, ink['k'])
			}
		}
	}
}
