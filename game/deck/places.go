package deck

import (
	"fmt"
	"image"
	"image/color"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// Locations are drawn from three templates (an interior with a wall and a
// floor, an exterior with sky and ground, and a stone vault) plus props:
// simple shapes and the shared motifs. Objects are one motif, twice its
// size, laid on a cloth.

// placeRecipe is one location card: its words and how to draw it.
type placeRecipe struct {
	title, alt string
	tags       []string
	pal        string
	// shows names the motifs the picture contains; their tags join the card's.
	shows []string
	// template paints the setting; props paints what makes the place itself.
	template string
	props    func(img *image.RGBA, p *palette, r *rng)
}

// templates of a location's setting.
var templates = map[string]func(img *image.RGBA, p *palette, r *rng){
	// interior: wallpaper down to y=32, skirting, a plain floor.
	"interior": func(img *image.RGBA, p *palette, r *rng) {
		for x := 0; x < ImageWidth; x++ {
			fill(img, x, 0, 1, 32, p.wall[(x/3)%2])
		}
		fill(img, 0, 31, ImageWidth, 2, p.ground[0])
		fill(img, 0, 33, ImageWidth, 15, p.floor[0])
		for y := 35; y < ImageHeight; y += 4 {
			fill(img, 0, y, ImageWidth, 1, p.ground[0])
		}
	},
	// exterior: sky bands, rolling ground from y=36.
	"exterior": func(img *image.RGBA, p *palette, r *rng) {
		bands(img, p.sky, 0, 38)
		fill(img, 0, 38, ImageWidth, 10, p.ground[1])
		fill(img, 0, 43, ImageWidth, 5, p.ground[0])
	},
	// vault: dark stone blocks and an arch.
	"vault": func(img *image.RGBA, p *palette, r *rng) {
		stone := [2]color.RGBA{rgb(58, 58, 58), rgb(78, 78, 78)}
		fill(img, 0, 0, ImageWidth, ImageHeight, stone[0])
		for y := 0; y < ImageHeight; y += 4 {
			off := (y / 4 % 2) * 3
			for x := -off; x < ImageWidth; x += 6 {
				fill(img, x+1, y+1, 5, 3, stone[1])
			}
		}
		arch(img, 4, 6, 24, 34, p.sky[0])
		fill(img, 0, 40, ImageWidth, 8, rgb(28, 28, 28))
	},
}

// arch fills a round-topped opening.
func arch(img *image.RGBA, x, y, w, h int, c color.RGBA) {
	rad := w / 2
	for yy := 0; yy < h; yy++ {
		for xx := 0; xx < w; xx++ {
			dx, dy := xx-rad, yy-rad
			if yy >= rad || dx*dx+dy*dy <= rad*rad {
				dot(img, x+xx, y+yy, c)
			}
		}
	}
}

// disc fills a circle.
func disc(img *image.RGBA, cx, cy, rad int, c color.RGBA) {
	for y := -rad; y <= rad; y++ {
		for x := -rad; x <= rad; x++ {
			if x*x+y*y <= rad*rad+rad/2 {
				dot(img, cx+x, cy+y, c)
			}
		}
	}
}

// line draws a straight line (Bresenham).
func line(img *image.RGBA, x0, y0, x1, y1 int, c color.RGBA) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := sign(x1-x0), sign(y1-y0)
	e := dx + dy
	for {
		dot(img, x0, y0, c)
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			x0 += sx
		}
		if e2 <= dx {
			e += dx
			y0 += sy
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func motifAt(img *image.RGBA, name string, x, y, scale int) {
	putCentered(img, use{m: motif.Get(name)}, x, y, scale)
}

var (
	cWood  = rgb(135, 95, 0)
	cDark  = rgb(95, 0, 0)
	cBlack = rgb(28, 28, 28)
	cWhite = rgb(238, 238, 238)
	cGold  = rgb(215, 175, 0)
	cGreen = rgb(0, 135, 0)
	cLeaf  = rgb(95, 175, 95)
	cGrey  = rgb(138, 138, 138)
	cRed   = rgb(175, 0, 0)
)

var locations = []placeRecipe{
	{title: "The Library", shows: []string{"book"}, pal: "sepia", template: "interior",
		tags: []string{"library", "books", "shelves", "reading", "indoors", "quiet"},
		alt:  "Floor-to-ceiling shelves of red, green and blue books above a dark floor, with an open book on a lectern.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 0, 0, ImageWidth, 32, cDark)
			cols := []color.RGBA{cRed, cGreen, rgb(0, 95, 175), cWood, cGold, rgb(95, 0, 95)}
			for y := 1; y < 30; y += 7 {
				for x := 1; x < 31; {
					w := 1 + r.intn(2)
					h := 4 + r.intn(3)
					fill(img, x, y+6-h, w, h, cols[r.intn(len(cols))])
					x += w + r.intn(2)
				}
				fill(img, 0, y+6, ImageWidth, 1, cWood)
			}
			fill(img, 12, 36, 8, 12, cWood)
			motifAt(img, "book", 8, 26, 1)
		}},
	{title: "The Attic", shows: []string{"moon", "spider"}, pal: "midnight", template: "interior",
		tags: []string{"attic", "roof", "beams", "dust", "moon", "cobweb", "spider"},
		alt:  "Under the sloping rafters of a dusty attic, a round window shows the moon; a spider hangs from a cobweb over an old trunk and a chair draped in a white sheet.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			// the gable wall of dark planks, the roof slopes above it
			for x := 0; x < ImageWidth; x++ {
				c := cDark
				if x%4 == 0 {
					c = rgb(58, 58, 58)
				}
				fill(img, x, 0, 1, 33, c)
			}
			for x := 0; x < 16; x++ {
				y := 26 - x*3/2
				fill(img, x, 0, 1, y, cBlack)
				fill(img, 31-x, 0, 1, y, cBlack)
				if x%4 == 1 { // rafters
					fill(img, x, 0, 1, y, rgb(95, 95, 0))
					fill(img, 31-x, 0, 1, y, rgb(95, 95, 0))
				}
			}
			line(img, 0, 26, 16, 2, cWood)
			line(img, 31, 26, 15, 2, cWood)
			// a round window with a crescent moon
			disc(img, 16, 13, 5, cWood)
			disc(img, 16, 13, 4, p.sky[1])
			disc(img, 17, 12, 2, rgb(255, 255, 175))
			disc(img, 18, 11, 2, p.sky[1])
			dot(img, 13, 11, p.spark)
			// floorboards
			fill(img, 0, 33, ImageWidth, 15, cWood)
			for y := 35; y < ImageHeight; y += 3 {
				fill(img, 0, y, ImageWidth, 1, cDark)
			}
			// the trunk
			fill(img, 1, 34, 13, 9, cDark)
			fill(img, 1, 34, 13, 2, rgb(135, 0, 0))
			fill(img, 1, 37, 13, 1, cGold)
			fill(img, 7, 37, 2, 3, cGold)
			// a chair under a dust sheet, like a ghost
			sheet := rgb(238, 238, 238)
			fill(img, 19, 27, 9, 16, sheet)
			fill(img, 20, 25, 7, 2, sheet)
			fill(img, 18, 33, 11, 10, sheet)
			for x := 18; x < 29; x += 2 {
				dot(img, x, 43, sheet)
			}
			fill(img, 27, 30, 1, 12, rgb(188, 188, 188))
			// cobweb in the corner and a spider on its thread
			line(img, 0, 27, 6, 33, cGrey)
			line(img, 0, 30, 3, 33, cGrey)
			line(img, 0, 24, 0, 33, cGrey)
			motifAt(img, "spider", 6, 14, 1)
		}},
	{title: "The Greenhouse", shows: []string{"rose"}, pal: "frost", template: "exterior",
		tags: []string{"greenhouse", "glass", "plants", "garden", "leaves", "outdoors"},
		alt:  "A white-framed glass house under a pale sky, full of potted ferns and a climbing red rose.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			glass := rgb(215, 255, 255)
			arch(img, 3, 8, 26, 32, glass)
			for x := 3; x < 29; x += 6 {
				line(img, x, 18, x, 39, cWhite)
			}
			for y := 20; y < 40; y += 7 {
				line(img, 3, y, 28, y, cWhite)
			}
			line(img, 16, 8, 16, 39, cWhite)
			for _, x := range []int{6, 12, 19, 25} {
				fill(img, x-1, 34, 3, 4, rgb(175, 95, 0))
				fill(img, x-2, 29, 5, 5, cLeaf)
				dot(img, x, 28, cGreen)
			}
			motifAt(img, "rose", 8, 12, 1)
		}},
	{title: "The Chapel", shows: []string{"candle"}, pal: "dusk", template: "vault",
		tags: []string{"chapel", "church", "stained-glass", "prayer", "candle", "holy"},
		alt:  "A stone chapel with a tall stained-glass window in red, blue and gold, rows of wooden pews and a burning candle.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			cols := []color.RGBA{cRed, rgb(0, 95, 215), cGold, rgb(135, 0, 175), cGreen}
			for y := 8; y < 38; y += 3 {
				for x := 6; x < 26; x += 3 {
					fill(img, x, y, 2, 2, cols[(x/3+y/3)%len(cols)])
				}
			}
			arch(img, 6, 6, 20, 4, rgb(58, 58, 58))
			for y := 36; y < ImageHeight; y += 4 {
				fill(img, 2, y, 12, 2, cWood)
				fill(img, 18, y, 12, 2, cWood)
			}
			motifAt(img, "candle", 8, 30, 1)
		}},
	{title: "The Wine Cellar", shows: []string{"lantern"}, pal: "storm", template: "vault",
		tags: []string{"cellar", "wine", "barrels", "bottle", "underground", "dark", "glass"},
		alt:  "A vaulted stone cellar of wine barrels stacked on their sides and racks of dusty green bottles, lit by a lantern.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			for _, c := range [][2]int{{9, 30}, {22, 30}, {16, 21}} {
				disc(img, c[0], c[1], 5, cWood)
				disc(img, c[0], c[1], 3, rgb(175, 95, 0))
				disc(img, c[0], c[1], 1, cDark)
			}
			for x := 1; x < 31; x += 3 {
				fill(img, x, 41, 2, 5, cGreen)
				dot(img, x, 40, rgb(0, 95, 0))
			}
			motifAt(img, "lantern", 8, 3, 1)
		}},
	{title: "The Ballroom", shows: []string{"mask"}, pal: "gilded", template: "interior",
		tags: []string{"ballroom", "dance", "chandelier", "party", "gold", "music"},
		alt:  "A gilded ballroom under a blazing crystal chandelier, with marble pillars and a chequered dance floor.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			checker(img, [2]color.RGBA{cBlack, cWhite}, 33, ImageHeight)
			for _, x := range []int{1, 27} {
				fill(img, x, 0, 4, 33, cWhite)
				fill(img, x+1, 0, 1, 33, rgb(188, 188, 188))
			}
			line(img, 16, 0, 16, 6, cGold)
			fill(img, 8, 7, 17, 2, cGold)
			for x := 8; x < 25; x += 4 {
				dot(img, x, 6, rgb(255, 255, 175))
				dot(img, x, 10, rgb(175, 255, 255))
				dot(img, x+2, 11, rgb(255, 255, 255))
			}
			fill(img, 12, 11, 9, 2, cGold)
			dot(img, 16, 14, rgb(255, 255, 175))
			motifAt(img, "mask", 8, 18, 1)
		}},
	{title: "The Stables", shows: []string{"horse"}, pal: "sepia", template: "interior",
		tags: []string{"stables", "horse", "hay", "wood", "animal", "barn"},
		alt:  "A brown horse looks out over the half-door of a plank stall, with golden hay strewn on the floor.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			for x := 0; x < ImageWidth; x += 4 {
				fill(img, x, 0, 4, 33, cWood)
				fill(img, x, 0, 1, 33, cDark)
			}
			fill(img, 4, 4, 24, 22, cBlack)
			putCentered(img, use{m: motif.Get("horse")}, 0, 2, 2)
			fill(img, 2, 26, 28, 8, rgb(175, 95, 0))
			line(img, 2, 26, 29, 33, cDark)
			line(img, 29, 26, 2, 33, cDark)
			fill(img, 0, 33, ImageWidth, 15, rgb(215, 175, 95))
			for i := 0; i < 20; i++ {
				x, y := r.intn(32), 34+r.intn(13)
				line(img, x, y, x+2, y-1, rgb(255, 215, 0))
			}
		}},
	{title: "The Kitchen", shows: []string{"teacup"}, pal: "frost", template: "interior",
		tags: []string{"kitchen", "cooking", "pots", "stove", "fire", "food"},
		alt:  "A tiled kitchen with copper pots hanging above a black iron stove, its fire glowing orange.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			for y := 0; y < 33; y++ {
				for x := 0; x < ImageWidth; x++ {
					c := cWhite
					if x%4 == 0 || y%4 == 0 {
						c = rgb(95, 135, 175)
					}
					dot(img, x, y, c)
				}
			}
			fill(img, 0, 4, ImageWidth, 1, cBlack)
			for _, x := range []int{3, 11, 19, 26} {
				line(img, x+2, 5, x+2, 7, cBlack)
				disc(img, x+2, 10, 3, rgb(215, 95, 0))
				fill(img, x-1, 7, 7, 1, rgb(175, 95, 0))
			}
			fill(img, 4, 20, 24, 28, cBlack)
			fill(img, 4, 20, 24, 2, rgb(78, 78, 78))
			fill(img, 8, 30, 16, 10, rgb(95, 0, 0))
			for x := 9; x < 23; x += 2 {
				fill(img, x, 34-r.intn(3), 1, 6, rgb(255, 135, 0))
				dot(img, x, 37, rgb(255, 215, 0))
			}
			motifAt(img, "teacup", 16, 9, 1)
		}},
	{title: "The Master Bedroom", pal: "rose", template: "interior",
		tags: []string{"bedroom", "bed", "curtains", "sleep", "night", "pillow"},
		alt:  "A four-poster bed with a deep red canopy and white pillows, in a room papered pink.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 2, 4, 2, 38, cDark)
			fill(img, 28, 4, 2, 38, cDark)
			fill(img, 2, 3, 28, 4, cRed)
			for x := 2; x < 30; x += 3 {
				dot(img, x, 7, cRed)
			}
			fill(img, 4, 7, 3, 22, cRed)
			fill(img, 25, 7, 3, 22, cRed)
			fill(img, 4, 26, 24, 14, cWhite)
			fill(img, 7, 24, 8, 4, rgb(255, 255, 255))
			fill(img, 17, 24, 8, 4, rgb(255, 255, 255))
			fill(img, 4, 30, 24, 10, rgb(175, 0, 95))
			fill(img, 4, 30, 24, 1, rgb(255, 175, 215))
		}},
	{title: "The Nursery", shows: []string{"balloon", "hare"}, pal: "frost", template: "interior",
		tags: []string{"nursery", "child", "toys", "cradle", "stars", "balloon"},
		alt:  "A nursery papered with little stars: an empty wooden cradle, a red balloon drifting to the ceiling and a toy hare on the floor.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			for y := 2; y < 30; y += 6 {
				for x := 2 + (y/6%2)*3; x < 32; x += 6 {
					dot(img, x, y, rgb(255, 215, 0))
				}
			}
			motifAt(img, "balloon", 14, 0, 1)
			fill(img, 3, 24, 16, 8, cWood)
			for x := 4; x < 18; x += 2 {
				fill(img, x, 18, 1, 6, cWood)
			}
			fill(img, 3, 18, 16, 1, cWood)
			line(img, 2, 33, 6, 31, cWood)
			line(img, 19, 31, 23, 33, cWood)
			fill(img, 5, 22, 12, 3, rgb(255, 175, 215))
			motifAt(img, "hare", 16, 31, 1)
		}},
	{title: "The Music Room", shows: []string{"violin", "musicbox"}, pal: "dusk", template: "interior",
		tags: []string{"music", "piano", "keys", "song", "indoors", "violin"},
		alt:  "A black grand piano with its lid raised, a row of white keys, and a violin resting against the purple wall.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 2, 22, 28, 10, cBlack)
			line(img, 4, 22, 24, 10, cBlack)
			line(img, 5, 22, 25, 10, cBlack)
			line(img, 24, 10, 26, 22, rgb(78, 78, 78))
			fill(img, 2, 28, 28, 4, cWhite)
			for x := 3; x < 30; x += 2 {
				fill(img, x, 28, 1, 2, cBlack)
			}
			fill(img, 4, 32, 2, 12, cBlack)
			fill(img, 26, 32, 2, 12, cBlack)
			motifAt(img, "violin", 0, 4, 1)
			motifAt(img, "musicbox", 16, 32, 1)
		}},
	{title: "The Billiard Room", pal: "midnight", template: "interior",
		tags: []string{"billiards", "game", "table", "balls", "lamp", "green"},
		alt:  "A green billiard table seen from above its edge, coloured balls scattered on the baize under a hanging lamp.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 0, 20, ImageWidth, 28, cDark)
			fill(img, 2, 22, 28, 22, cGreen)
			for _, c := range [][2]int{{2, 22}, {29, 22}, {2, 43}, {29, 43}, {15, 22}, {15, 43}} {
				fill(img, c[0], c[1], 2, 2, cBlack)
			}
			balls := []color.RGBA{cRed, rgb(255, 215, 0), cWhite, rgb(0, 95, 215), cBlack, rgb(215, 95, 0)}
			pos := [][2]int{{10, 30}, {13, 29}, {20, 36}, {12, 32}, {15, 31}, {24, 27}}
			for i, b := range balls {
				fill(img, pos[i][0], pos[i][1], 2, 2, b)
			}
			line(img, 4, 40, 26, 33, rgb(215, 175, 95))
			line(img, 16, 0, 16, 6, cBlack)
			fill(img, 8, 7, 16, 3, cGreen)
			fill(img, 9, 10, 14, 1, rgb(255, 255, 175))
		}},
	{title: "The Hedge Maze", pal: "moss", template: "exterior",
		tags: []string{"maze", "hedge", "garden", "lost", "paths", "outdoors", "leaves"},
		alt:  "A hedge maze seen from above: dark green walls and pale paths winding to a stone fountain at its heart.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			maze := []string{
				"################",
				"#......#.......#",
				"#.####.#.#####.#",
				"#.#....#.#...#.#",
				"#.#.####.#.#.#.#",
				"#.#......#.#...#",
				"#.######.#.###.#",
				"#......#.....#.#",
				"######.#####.#.#",
				"#......#...#.#.#",
				"#.######.#.#.#.#",
				"#........#.#...#",
				"###.######.#####",
				"#...#..........#",
				"#.#.#.########.#",
				"#.#...#........#",
				"#.#####.######.#",
				"#......#.......#",
				"#.####.#.####..#",
				"#....#...#.....#",
				"################",
			}
			fill(img, 0, 0, ImageWidth, ImageHeight, rgb(215, 215, 175))
			for y, row := range maze {
				for x, ch := range row {
					if ch == '#' {
						fill(img, x*2, 3+y*2, 2, 2, rgb(0, 95, 0))
						dot(img, x*2, 3+y*2, cGreen)
					}
				}
			}
			fill(img, 0, 0, ImageWidth, 3, p.sky[2])
			disc(img, 11, 26, 2, cGrey)
			dot(img, 11, 26, rgb(95, 175, 255))
			fill(img, 18, 35, 2, 1, rgb(215, 95, 0))
		}},
	{title: "The Boathouse", shows: []string{"boat"}, pal: "verdigris", template: "exterior",
		tags: []string{"boathouse", "boat", "water", "lake", "wood", "jetty"},
		alt:  "A wooden boathouse with a steep roof stands over dark lake water, a red rowing boat tied at its jetty.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 0, 30, ImageWidth, 18, rgb(0, 95, 95))
			for y := 32; y < ImageHeight; y += 3 {
				for x := r.intn(5); x < ImageWidth; x += 6 {
					fill(img, x, y, 3, 1, rgb(95, 175, 175))
				}
			}
			for x := 0; x < 12; x++ {
				fill(img, 4+x, 14-x, 24-2*x, 1, cDark)
			}
			fill(img, 6, 15, 20, 15, cWood)
			for x := 6; x < 26; x += 3 {
				fill(img, x, 15, 1, 15, cDark)
			}
			fill(img, 10, 20, 12, 10, cBlack)
			fill(img, 2, 30, 28, 2, cDark)
			for _, x := range []int{3, 15, 27} {
				fill(img, x, 32, 1, 6, cDark)
			}
			motifAt(img, "boat", 8, 30, 1)
		}},
	{title: "The Family Crypt", shows: []string{"skull", "candle"}, pal: "storm", template: "vault",
		tags: []string{"crypt", "tomb", "death", "skull", "stone", "underground"},
		alt:  "A stone crypt where a carved coffin lies beneath a dark arch, a skull and two candles keeping watch.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 3, 30, 26, 12, cGrey)
			fill(img, 3, 30, 26, 2, rgb(188, 188, 188))
			fill(img, 12, 33, 8, 6, rgb(78, 78, 78))
			fill(img, 15, 32, 2, 8, rgb(188, 188, 188))
			fill(img, 13, 34, 6, 2, rgb(188, 188, 188))
			motifAt(img, "skull", 8, 13, 1)
			motifAt(img, "candle", -4, 14, 1)
			motifAt(img, "candle", 20, 14, 1)
		}},
	{title: "The Clock Tower", shows: []string{"moon", "raven"}, pal: "midnight", template: "exterior",
		tags: []string{"clock", "tower", "time", "night", "moon", "stone"},
		alt:  "A tall stone clock tower against the night, its white face at ten to midnight, the moon and a raven beside it.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			for i := 0; i < 12; i++ {
				dot(img, r.intn(32), r.intn(30), p.spark)
			}
			fill(img, 9, 12, 14, 36, cGrey)
			for y := 14; y < ImageHeight; y += 4 {
				fill(img, 9, y, 14, 1, rgb(78, 78, 78))
			}
			for x := 0; x < 8; x++ {
				fill(img, 16-x-1, 4+x, 2*x+2, 1, cDark)
			}
			disc(img, 16, 21, 5, cWhite)
			line(img, 16, 21, 16, 17, cBlack)
			line(img, 16, 21, 14, 18, cBlack)
			fill(img, 14, 36, 4, 12, cBlack)
			motifAt(img, "moon", 20, 0, 1)
			motifAt(img, "raven", -3, 22, 1)
		}},
	{title: "The Servants' Hall", shows: []string{"bell"}, pal: "sepia", template: "interior",
		tags: []string{"servants", "hall", "bells", "table", "work", "indoors", "servant"},
		alt:  "Below stairs: a row of brass bells on springs above a long scrubbed table set with plain mugs.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 2, 3, 28, 12, cWood)
			for i, x := range []int{5, 12, 19, 26} {
				line(img, x, 4, x, 8-i%2, cBlack)
				disc(img, x, 10-i%2, 2, cGold)
				dot(img, x, 13, cBlack)
			}
			fill(img, 0, 30, ImageWidth, 4, rgb(215, 175, 95))
			fill(img, 2, 34, 2, 12, cWood)
			fill(img, 28, 34, 2, 12, cWood)
			for _, x := range []int{5, 13, 22} {
				fill(img, x, 26, 4, 4, cWhite)
				dot(img, x+4, 27, cWhite)
			}
			motifAt(img, "bell", 8, 14, 1)
		}},
	{title: "The Dining Room", shows: []string{"candle"}, pal: "gilded", template: "interior",
		tags: []string{"dining", "dinner", "table", "candle", "silver", "feast"},
		alt:  "A long dining table in white linen, set with silver and lit by a tall candelabra, beneath a gilt-framed portrait.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 9, 2, 14, 14, cGold)
			fill(img, 11, 4, 10, 10, rgb(95, 95, 95))
			disc(img, 16, 8, 2, rgb(255, 215, 175))
			fill(img, 13, 11, 6, 3, cBlack)
			fill(img, 0, 30, ImageWidth, 10, cWhite)
			fill(img, 0, 40, ImageWidth, 2, rgb(188, 188, 188))
			for _, x := range []int{2, 24} {
				disc(img, x+3, 34, 2, rgb(255, 255, 255))
				dot(img, x+3, 34, rgb(188, 188, 188))
			}
			motifAt(img, "candle", 8, 15, 1)
		}},
	{title: "The Laundry", pal: "verdigris", template: "interior",
		tags: []string{"laundry", "washing", "sheets", "steam", "rope", "water"},
		alt:  "White sheets hang from lines strung across a steamy laundry, over a wooden tub of soapy water.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			for _, y := range []int{4, 16} {
				line(img, 0, y, 31, y+1, rgb(215, 175, 95))
				for x := 2; x < 30; x += 11 {
					fill(img, x, y+1, 8, 10, cWhite)
					fill(img, x+7, y+1, 1, 10, rgb(188, 188, 188))
					dot(img, x, y, cWood)
					dot(img, x+7, y, cWood)
				}
			}
			fill(img, 6, 34, 20, 10, cWood)
			fill(img, 6, 37, 20, 1, cDark)
			fill(img, 7, 33, 18, 2, rgb(175, 255, 255))
			for i := 0; i < 6; i++ {
				dot(img, 8+i*3, 31-r.intn(3), cWhite)
			}
		}},
	{title: "The Study", shows: []string{"opener"}, pal: "ember", template: "interior",
		tags: []string{"study", "desk", "papers", "lamp", "accounts", "secrets"},
		alt:  "A dark study: a heavy desk with a green-shaded lamp, a ledger and a letter opener, before a window full of red sunset.",
		props: func(img *image.RGBA, p *palette, r *rng) {
			fill(img, 0, 0, ImageWidth, 33, cDark)
			fill(img, 6, 3, 20, 18, cWood)
			for y := 4; y < 20; y++ {
				fill(img, 7, y, 18, 1, p.sky[(y-4)*4/16])
			}
			fill(img, 15, 4, 2, 16, cWood)
			fill(img, 7, 11, 18, 1, cWood)
			fill(img, 0, 26, ImageWidth, 4, rgb(175, 95, 0))
			fill(img, 2, 30, 6, 18, cWood)
			fill(img, 24, 30, 6, 18, cWood)
			fill(img, 3, 18, 1, 8, cGold)
			fill(img, 0, 15, 7, 4, cGreen)
			fill(img, 1, 19, 5, 1, rgb(255, 255, 175))
			motifAt(img, "opener", 16, 12, 1)
			fill(img, 10, 23, 8, 3, rgb(0, 95, 0))
		}},
}

// location draws one place.
func location(n int, pl placeRecipe) *Card {
	id := fmt.Sprintf("L%02d", n)
	img := newCanvas()
	p := palettes[pl.pal]
	r := seedOf(id)
	templates[pl.template](img, p, r)
	pl.props(img, p, r)
	tags := append([]string{}, pl.tags...)
	for _, m := range pl.shows {
		tags = append(tags, motif.Get(m).Tags...)
	}
	tags = append(tags, "place", p.mood, pl.template)
	tags = append(tags, measureColours(img)...)
	return &Card{ID: id, Kind: Location, Title: pl.title, Alt: pl.alt, Tags: dedupe(tags), Image: img}
}

// thing is one suspect object: a motif on a cloth.
type thing struct {
	title, motif, pal string
	alt               string
	tags              []string
}

var things = []thing{
	{"The Candlestick", "candle", "midnight", "A brass candlestick with a white candle burning, alone on dark blue velvet.", []string{"brass"}},
	{"The Rope", "rope", "ember", "A rough rope knotted into a hangman's noose, dangling against dark red.", []string{"noose"}},
	{"The Pocket Watch", "watch", "verdigris", "A gold pocket watch on its bow, its hands near a quarter to midnight, on teal cloth.", []string{"midnight"}},
	{"The Poison Bottle", "poison", "storm", "A green glass bottle with a cork and a skull on its white label, on dark grey.", []string{"medicine"}},
	{"The Letter Opener", "opener", "rose", "A thin silver letter opener with a gold guard, laid diagonally on pink silk.", []string{"letter"}},
	{"The Hunting Rifle", "rifle", "moss", "A long hunting rifle with a wooden stock, laid across green baize.", []string{"shooting"}},
	{"The Pearl Necklace", "pearls", "midnight", "A loop of white pearls with a pink pendant, spilled on navy velvet.", []string{"jewellery"}},
	{"The Carnival Mask", "mask", "dusk", "A gold carnival mask with a red plume on a stick, on purple silk.", []string{"costume"}},
	{"The Music Box", "musicbox", "frost", "A plum-coloured music box with its lid open and a tiny pink dancer turning.", []string{"melody"}},
	{"The Teacup", "teacup", "rose", "A white porcelain teacup with a blue band and a wisp of steam, on its saucer.", []string{"steam"}},
	{"The Pruning Shears", "shears", "moss", "A pair of pruning shears with red handles, open, on green cloth.", []string{"gardening"}},
	{"The Fire Poker", "poker", "ember", "An iron fire poker with a brass handle, against a red glow.", []string{"hot"}},
	{"The Iron Key", "key", "gilded", "A heavy grey iron key with a ring bow, on deep red cloth.", []string{"door"}},
	{"The Account Ledger", "ledger", "sepia", "A green leather ledger with gold tooling and a red ribbon marker.", []string{"numbers"}},
	{"The Servants' Bell", "bell", "verdigris", "A brass bell hanging from its spring, as if about to ring for a servant.", []string{"call"}},
	{"The Hat Pin", "hatpin", "frost", "A long steel hat pin topped with a red jewel in a lilac setting, on pale blue.", []string{"hat"}},
	{"The Cake Knife", "cakeknife", "gilded", "A broad silver cake knife with a pink ribbon tied at the handle.", []string{"birthday"}},
	{"The Oil Lamp", "lamp", "midnight", "A brass oil lamp with a teal reservoir and a glass chimney, flame lit.", []string{"oil"}},
	{"The Violin Bow", "bow", "dusk", "A long violin bow with pale horsehair and an ebony frog, slanting across purple.", []string{"horsehair"}},
	{"The Hand Mirror", "mirror", "rose", "A silver hand mirror whose pale blue glass catches the light.", []string{"glass"}},
}

// object draws one object card: the motif at twice its size on a cloth.
func object(n int, t thing) *Card {
	id := fmt.Sprintf("O%02d", n)
	img := newCanvas()
	p := palettes[t.pal]
	for x := 0; x < ImageWidth; x++ {
		fill(img, x, 0, 1, 36, p.wall[0])
	}
	for y := 4; y < 36; y += 8 {
		for x := (y / 8 % 2) * 4; x < ImageWidth; x += 8 {
			dot(img, x, y, p.wall[1])
		}
	}
	fill(img, 0, 36, ImageWidth, 12, p.floor[0])
	fill(img, 0, 36, ImageWidth, 1, p.spark)
	m := motif.Get(t.motif)
	putCentered(img, use{m: m}, 0, 8, 2)
	tags := append([]string{}, m.Tags...)
	tags = append(tags, t.tags...)
	tags = append(tags, "object", p.mood, "still-life")
	tags = append(tags, measureColours(img)...)
	return &Card{ID: id, Kind: Object, Title: t.title, Alt: t.alt, Tags: dedupe(tags), Image: img}
}

// suspects builds the sixty suspect cards.
func suspects() []*Card {
	var out []*Card
	for i, c := range cast {
		out = append(out, character(i+1, c))
	}
	for i, l := range locations {
		out = append(out, location(i+1, l))
	}
	for i, t := range things {
		out = append(out, object(i+1, t))
	}
	return out
}
