package deck

import (
	"image"
	"image/color"
)

// palette is a set of background colours with the mood it gives a card.
// All colours are on the 256-colour cube so they quantise to themselves.
type palette struct {
	name string
	adj  string // the colour in words, for alt-text
	mood string // the mood tag
	// sky holds four bands from top to bottom.
	sky [4]color.RGBA
	// wall holds two wallpaper colours; floor two tile colours; ground a
	// near and a far land colour; spark is used for stars and sparkles.
	wall   [2]color.RGBA
	floor  [2]color.RGBA
	ground [2]color.RGBA
	spark  color.RGBA
}

var palettes = map[string]*palette{
	"dusk": {name: "dusk", adj: "dusky pink", mood: "dreamy",
		sky:   [4]color.RGBA{rgb(95, 0, 95), rgb(135, 0, 95), rgb(215, 95, 135), rgb(255, 175, 135)},
		wall:  [2]color.RGBA{rgb(135, 0, 95), rgb(95, 0, 95)},
		floor: [2]color.RGBA{rgb(95, 0, 95), rgb(255, 175, 135)}, ground: [2]color.RGBA{rgb(95, 0, 95), rgb(135, 0, 95)},
		spark: rgb(255, 215, 175)},
	"midnight": {name: "midnight", adj: "midnight-blue", mood: "mysterious",
		sky:   [4]color.RGBA{rgb(0, 0, 0), rgb(0, 0, 95), rgb(0, 0, 135), rgb(0, 95, 135)},
		wall:  [2]color.RGBA{rgb(0, 0, 95), rgb(0, 0, 135)},
		floor: [2]color.RGBA{rgb(0, 0, 95), rgb(95, 95, 135)}, ground: [2]color.RGBA{rgb(0, 0, 0), rgb(0, 0, 95)},
		spark: rgb(255, 255, 175)},
	"verdigris": {name: "verdigris", adj: "teal", mood: "eerie",
		sky:   [4]color.RGBA{rgb(0, 95, 95), rgb(0, 135, 135), rgb(0, 135, 135), rgb(95, 175, 175)},
		wall:  [2]color.RGBA{rgb(0, 95, 95), rgb(0, 135, 135)},
		floor: [2]color.RGBA{rgb(0, 95, 95), rgb(215, 215, 175)}, ground: [2]color.RGBA{rgb(0, 95, 95), rgb(0, 135, 95)},
		spark: rgb(175, 255, 215)},
	"ember": {name: "ember", adj: "ember-red", mood: "feverish",
		sky:   [4]color.RGBA{rgb(95, 0, 0), rgb(175, 0, 0), rgb(215, 95, 0), rgb(255, 175, 0)},
		wall:  [2]color.RGBA{rgb(135, 0, 0), rgb(175, 0, 0)},
		floor: [2]color.RGBA{rgb(95, 0, 0), rgb(215, 95, 0)}, ground: [2]color.RGBA{rgb(95, 0, 0), rgb(135, 0, 0)},
		spark: rgb(255, 255, 95)},
	"moss": {name: "moss", adj: "moss-green", mood: "uncanny",
		sky:   [4]color.RGBA{rgb(0, 95, 0), rgb(95, 135, 0), rgb(135, 175, 95), rgb(175, 215, 135)},
		wall:  [2]color.RGBA{rgb(0, 95, 0), rgb(95, 135, 95)},
		floor: [2]color.RGBA{rgb(0, 95, 0), rgb(175, 215, 135)}, ground: [2]color.RGBA{rgb(0, 95, 0), rgb(95, 135, 0)},
		spark: rgb(215, 255, 135)},
	"frost": {name: "frost", adj: "frosty blue", mood: "cold",
		sky:   [4]color.RGBA{rgb(95, 135, 175), rgb(135, 175, 215), rgb(175, 215, 255), rgb(215, 255, 255)},
		wall:  [2]color.RGBA{rgb(175, 215, 255), rgb(135, 175, 215)},
		floor: [2]color.RGBA{rgb(95, 135, 175), rgb(238, 238, 238)}, ground: [2]color.RGBA{rgb(215, 255, 255), rgb(175, 215, 255)},
		spark: rgb(255, 255, 255)},
	"rose": {name: "rose", adj: "rose-pink", mood: "tender",
		sky:   [4]color.RGBA{rgb(215, 135, 175), rgb(255, 175, 215), rgb(255, 215, 215), rgb(255, 215, 175)},
		wall:  [2]color.RGBA{rgb(255, 175, 175), rgb(255, 215, 215)},
		floor: [2]color.RGBA{rgb(215, 135, 135), rgb(255, 215, 215)}, ground: [2]color.RGBA{rgb(215, 135, 175), rgb(255, 175, 175)},
		spark: rgb(255, 255, 255)},
	"sepia": {name: "sepia", adj: "sepia", mood: "melancholy",
		sky:   [4]color.RGBA{rgb(95, 95, 95), rgb(135, 135, 95), rgb(175, 175, 135), rgb(215, 215, 175)},
		wall:  [2]color.RGBA{rgb(175, 175, 135), rgb(135, 135, 95)},
		floor: [2]color.RGBA{rgb(95, 95, 95), rgb(215, 215, 175)}, ground: [2]color.RGBA{rgb(95, 95, 95), rgb(135, 135, 95)},
		spark: rgb(255, 255, 215)},
	"gilded": {name: "gilded", adj: "gilded red", mood: "festive",
		sky:   [4]color.RGBA{rgb(95, 0, 0), rgb(135, 0, 0), rgb(175, 95, 0), rgb(215, 175, 0)},
		wall:  [2]color.RGBA{rgb(135, 0, 0), rgb(95, 0, 0)},
		floor: [2]color.RGBA{rgb(95, 0, 0), rgb(215, 175, 95)}, ground: [2]color.RGBA{rgb(135, 95, 0), rgb(175, 135, 0)},
		spark: rgb(255, 215, 0)},
	"storm": {name: "storm", adj: "storm-grey", mood: "ominous",
		sky:   [4]color.RGBA{rgb(48, 48, 48), rgb(78, 78, 78), rgb(95, 95, 135), rgb(135, 135, 175)},
		wall:  [2]color.RGBA{rgb(58, 58, 58), rgb(78, 78, 78)},
		floor: [2]color.RGBA{rgb(28, 28, 28), rgb(138, 138, 138)}, ground: [2]color.RGBA{rgb(28, 28, 28), rgb(58, 58, 58)},
		spark: rgb(255, 255, 95)},
}

// background paints a whole card behind the motifs.
type background struct {
	name string
	tag  string // setting tag
	// phrase places the scene in alt-text: "A" stands for the palette's
	// colour with its article ("an ember-red"), "ADJ" for the colour alone.
	phrase string
	// horizon is the y where things stand (floor, water line); 0 if none.
	horizon int
	paint   func(img *image.RGBA, p *palette, r *rng)
}

var backgrounds = map[string]*background{
	"sky": {name: "sky", tag: "sky", phrase: "in A sky", paint: func(img *image.RGBA, p *palette, r *rng) {
		bands(img, p.sky, 0, ImageHeight)
		clouds(img, p, r)
	}},
	"night": {name: "night", tag: "stars", phrase: "under a starry ADJ night", paint: func(img *image.RGBA, p *palette, r *rng) {
		bands(img, [4]color.RGBA{p.sky[0], p.sky[0], p.sky[1], p.sky[1]}, 0, ImageHeight)
		for i := 0; i < 18; i++ {
			dot(img, r.intn(ImageWidth), r.intn(ImageHeight), p.spark)
		}
	}},
	"wall": {name: "wall", tag: "wallpaper", phrase: "against ADJ striped wallpaper", paint: func(img *image.RGBA, p *palette, r *rng) {
		for x := 0; x < ImageWidth; x++ {
			fill(img, x, 0, 1, ImageHeight, p.wall[(x/4)%2])
		}
		for y := 6; y < ImageHeight; y += 12 {
			for x := 1; x < ImageWidth; x += 8 {
				dot(img, x+(y/12%2)*4, y, p.spark)
			}
		}
	}},
	"damask": {name: "damask", tag: "wallpaper", phrase: "against ADJ damask wallpaper", paint: func(img *image.RGBA, p *palette, r *rng) {
		fill(img, 0, 0, ImageWidth, ImageHeight, p.wall[0])
		// a lattice of small diamonds, each with a bright centre
		for cy := 2; cy < ImageHeight; cy += 8 {
			for cx := 2 + (cy/8%2)*4; cx < ImageWidth+4; cx += 8 {
				for d := 0; d < 3; d++ {
					dot(img, cx-d, cy+d-2, p.wall[1])
					dot(img, cx+d, cy+d-2, p.wall[1])
					dot(img, cx-d, cy-d+2, p.wall[1])
					dot(img, cx+d, cy-d+2, p.wall[1])
				}
				dot(img, cx, cy, p.spark)
			}
		}
	}},
	"panel": {name: "panel", tag: "panelling", phrase: "against ADJ wooden panelling", paint: func(img *image.RGBA, p *palette, r *rng) {
		fill(img, 0, 0, ImageWidth, ImageHeight, p.ground[0])
		for _, y := range []int{2, 26} {
			for _, x := range []int{2, 17} {
				fill(img, x, y, 13, 21, p.ground[1])
				fill(img, x+1, y+1, 11, 19, p.wall[0])
				fill(img, x+1, y+1, 11, 1, p.spark)
			}
		}
	}},
	"room": {name: "room", tag: "room", horizon: 32, phrase: "in A room with a chequered floor", paint: func(img *image.RGBA, p *palette, r *rng) {
		for x := 0; x < ImageWidth; x++ {
			fill(img, x, 0, 1, 32, p.wall[(x/4)%2])
		}
		fill(img, 0, 31, ImageWidth, 1, p.ground[0])
		checker(img, p.floor, 32, ImageHeight)
	}},
	"water": {name: "water", tag: "water", horizon: 28, phrase: "above still ADJ water", paint: func(img *image.RGBA, p *palette, r *rng) {
		bands(img, p.sky, 0, 28)
		fill(img, 0, 28, ImageWidth, 20, p.sky[0])
		for y := 30; y < ImageHeight; y += 3 {
			for x := r.intn(6); x < ImageWidth; x += 7 {
				fill(img, x, y, 3, 1, p.sky[2])
			}
		}
	}},
	"field": {name: "field", tag: "landscape", horizon: 36, phrase: "over A field", paint: func(img *image.RGBA, p *palette, r *rng) {
		bands(img, p.sky, 0, 36)
		clouds(img, p, r)
		for x := 0; x < ImageWidth; x++ {
			h := 34 + (x*x/9+x)%3
			fill(img, x, h, 1, ImageHeight-h, p.ground[1])
		}
		fill(img, 0, 40, ImageWidth, 8, p.ground[0])
	}},
	"void": {name: "void", tag: "darkness", phrase: "in A darkness", paint: func(img *image.RGBA, p *palette, r *rng) {
		// a soft spotlight: rings from the darkest sky colour inwards
		for y := 0; y < ImageHeight; y++ {
			for x := 0; x < ImageWidth; x++ {
				dx, dy := float64(x)-15.5, (float64(y)-26)*0.7
				d := dx*dx + dy*dy
				band := 0
				switch {
				case d < 60:
					band = 3
				case d < 130:
					band = 2
				case d < 230:
					band = 1
				}
				// dither the edge of each ring
				if band < 3 && (x+y)%2 == 0 && d < []float64{230, 130, 60}[band]*1.25 {
					band++
				}
				img.SetRGBA(x, y, []color.RGBA{p.sky[0], p.sky[0], p.sky[1], p.sky[2]}[band])
			}
		}
		for i := 0; i < 6; i++ {
			dot(img, r.intn(ImageWidth), r.intn(10), p.sky[1])
		}
	}},
	"curtain": {name: "curtain", tag: "theatre", horizon: 40, phrase: "on A stage between curtains", paint: func(img *image.RGBA, p *palette, r *rng) {
		fill(img, 0, 0, ImageWidth, 40, p.sky[0])
		for x := 0; x < 8; x++ {
			c := p.wall[(x/2)%2]
			fill(img, x, 0, 1, 40-x, c)
			fill(img, ImageWidth-1-x, 0, 1, 40-x, c)
		}
		fill(img, 0, 0, ImageWidth, 3, p.wall[1])
		fill(img, 0, 40, ImageWidth, 8, p.floor[0])
		fill(img, 0, 40, ImageWidth, 1, p.spark)
	}},
	"forest": {name: "forest", tag: "forest", horizon: 40, phrase: "in A forest", paint: func(img *image.RGBA, p *palette, r *rng) {
		bands(img, p.sky, 0, ImageHeight)
		for i := 0; i < 6; i++ {
			x := i*6 + r.intn(3)
			fill(img, x, 0, 2, ImageHeight, p.ground[0])
			fill(img, x-1, 10+r.intn(20), 1, 2, p.ground[0])
		}
		fill(img, 0, 42, ImageWidth, 6, p.ground[0])
	}},
	"chess": {name: "chess", tag: "chessboard", horizon: 24, phrase: "over A chessboard", paint: func(img *image.RGBA, p *palette, r *rng) {
		bands(img, p.sky, 0, 24)
		checker(img, p.floor, 24, ImageHeight)
	}},
}

// bands fills rows y0..y1 with four horizontal colour bands, stepped with
// a dithered edge between each so the sky reads as a gradient.
func bands(img *image.RGBA, cs [4]color.RGBA, y0, y1 int) {
	h := y1 - y0
	for y := y0; y < y1; y++ {
		f := (y - y0) * 4 * 4 / h // quarter-band steps
		band := f / 4
		if band > 3 {
			band = 3
		}
		for x := 0; x < ImageWidth; x++ {
			c := cs[band]
			// dither the last quarter of each band into the next one
			if f%4 == 3 && band < 3 && (x+y)%2 == 0 {
				c = cs[band+1]
			}
			img.SetRGBA(x, y, c)
		}
	}
}

// clouds scatters a few soft horizontal clouds.
func clouds(img *image.RGBA, p *palette, r *rng) {
	for i := 0; i < 3; i++ {
		x, y, w := r.intn(28)-4, 4+r.intn(28), 8+r.intn(8)
		fill(img, x, y, w, 2, p.sky[3])
		fill(img, x+2, y-1, w-5, 1, p.sky[3])
	}
}

// checker draws a tiled floor in rows that widen towards the viewer.
func checker(img *image.RGBA, cs [2]color.RGBA, y0, y1 int) {
	row, y, h := 0, y0, 2
	for y < y1 {
		size := 4 + row*2
		off := (ImageWidth/2 - size/2) % (2 * size)
		for x := 0; x < ImageWidth; x++ {
			tile := ((x + 2*size - off) / size) % 2
			c := cs[(tile+row)%2]
			fill(img, x, y, 1, h, c)
		}
		y += h
		h++
		row++
	}
}
