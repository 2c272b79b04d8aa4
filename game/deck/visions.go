package deck

import (
	"fmt"
	"image"
	"image/color"
	"strings"
)

// A vision card is a dream: two to four motifs that do not belong together,
// on a background, in a palette that sets the mood, arranged by a
// composition. Each card is one hand-picked line below; the generator turns
// it into pixels, tags and alt-text. Order matters: line n is card Vnn.
var visionRecipes = []string{
	"sky dusk perch raven teacup moon:green",
	"wall verdigris stack raven tower candle",
	"water midnight reflect tower moon",
	"room gilded giant cake mask key",
	"night midnight lonely owl book:gold",
	"field moss inside hare cage sun",
	"sky frost tilt feather key balloon:gold",
	"curtain ember mirror snake crown",
	"forest sepia giant mushroom spider lantern",
	"chess rose scatter horse rifle eye hourglass",
	"void ember giant skull:gold candle rose",
	"water rose reflect boat shell",
	"damask rose stack wool:blue cat teacup",
	"sky dusk scatter fish:pink balloon umbrella star",
	"room midnight perch cat violin teacup",
	"field frost lonely figure ladder",
	"night verdigris tilt shell anchor watch",
	"curtain gilded giant musicbox raven star",
	"forest moss perch owl book",
	"chess verdigris mirror hare pearls watch",
	"sky ember giant sun:red hand feather",
	"void midnight inside eye lamp",
	"water sepia scatter anchor fish poison boat",
	"damask gilded mirror stag book bell",
	"room frost giant teacup:purple hourglass figure",
	"night dusk lonely figure door",
	"field ember tilt apple poker spider",
	"sky verdigris perch butterfly rifle rose",
	"curtain midnight mirror mask lantern candle",
	"forest frost swarm butterfly stag",
	"chess rose giant crown hatpin butterfly",
	"void verdigris perch spider skull",
	"water gilded inside fish cage moon",
	"wall storm stack eye mirror door",
	"room sepia mirror violin poker ledger",
	"sky moss giant mushroom:blue tower owl",
	"night ember giant teacup raven hare",
	"field dusk perch stag cake",
	"curtain frost scatter jellyfish pearls hourglass book",
	"forest gilded tilt watch rope lantern",
	"chess moss perch figure crown raven",
	"void ember lonely hand key",
	"water storm reflect figure moon",
	"panel midnight inside owl cage:white",
	"room ember giant rifle:gold rose apple",
	"sky frost tilt musicbox shell apple",
	"night frost giant moon:red snake",
	"field sepia scatter mask ladder sun umbrella",
	"curtain verdigris perch hare violin",
	"forest ember lonely figure candle:blue",
	"chess frost giant hourglass:green feather shears",
	"void rose mirror butterfly eye",
	"water dusk inside jellyfish lamp",
	"panel sepia scatter poison hatpin bow mushroom",
	"room moss stack owl ledger poison",
	"sky storm perch raven umbrella rope",
	"night gilded mirror bell crown cake",
	"field verdigris giant wool:purple hare opener",
	"curtain rose giant mirror hand pearls",
	"forest midnight perch owl tree lantern",
	"chess ember tilt poker rose key",
	"void frost lonely wool bow",
	"water moss scatter boat:red apple anchor star",
	"damask dusk giant violin spider star",
	"room storm mirror rope candle skull",
	"sky sepia inside moon hourglass",
	"night verdigris tilt fish:gold key hatpin",
	"field gilded perch crown horse",
	"curtain storm swarm eye watch",
	"forest rose stack butterfly mushroom:purple hand",
	"chess midnight giant stag:blue tree star",
	"void gilded giant pearls:green ledger candle",
	"water frost reflect tree umbrella:red",
	"wall ember mirror fish opener sun",
	"room rose perch cat:white musicbox",
	"night midnight swarm jellyfish lantern",
	"night sepia perch hare moon:white",
	"field storm stack wool skull bell",
	"curtain dusk giant lamp butterfly violin",
	"forest verdigris inside snake cage:red",
	"chess gilded scatter rope cakeknife pearls cat",
	"void storm perch raven watch",
	"water ember reflect door sun",
	"panel moss tilt cakeknife balloon mirror",
}

// tints are the dream recolourings a recipe may ask for ("moon:green").
var tints = map[string]color.RGBA{
	"green":  rgb(95, 215, 95),
	"blue":   rgb(95, 135, 255),
	"red":    rgb(255, 0, 0),
	"gold":   rgb(255, 215, 0),
	"white":  rgb(255, 255, 255),
	"purple": rgb(175, 95, 255),
	"pink":   rgb(255, 135, 215),
}

// use is one motif on one card, with an optional dream colour.
type use struct {
	m    *motif
	tint string
}

func (u use) paint() *paint {
	if u.tint == "" {
		return nil
	}
	t := tints[u.tint]
	return &paint{tint: &t}
}

// phrase is the motif's alt-text phrase with its dream colour ("a green crescent moon").
func (u use) phrase() string {
	p := u.m.phrase
	if u.tint == "" {
		return p
	}
	rest := bare(p)
	// the dream colour replaces the thing's own ("a black cat" -> "a white cat")
	for _, c := range []string{"black ", "red ", "gold ", "pale ", "green ", "blue ", "white "} {
		rest = strings.TrimPrefix(rest, c)
	}
	if strings.HasPrefix(rest, "little ") {
		return "a little " + u.tint + " " + strings.TrimPrefix(rest, "little ")
	}
	return article(u.tint) + " " + u.tint + " " + rest
}

// bare drops the leading article: "raven" from "a raven".
func bare(p string) string {
	for _, art := range []string{"a ", "an "} {
		if strings.HasPrefix(p, art) {
			return strings.TrimPrefix(p, art)
		}
	}
	return p
}

func article(w string) string {
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

// composition arranges motifs on the card.
type composition struct {
	tag      string
	min, max int
	draw     func(img *image.RGBA, us []use, bg *background, p *palette)
	// alt builds the first sentence from the motif phrases and the
	// background phrase.
	alt func(ph []string, where string) string
}

var compositions = map[string]*composition{
	"stack": {tag: "stacked", min: 3, max: 3,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			for i, u := range us {
				putCentered(img, u, 8, i*16, 1)
			}
		},
		alt: func(ph []string, where string) string {
			return fmt.Sprintf("%s balances on %s, which balances on %s, %s.", cap(ph[0]), ph[1], ph[2], where)
		}},
	"giant": {tag: "giant", min: 2, max: 3,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			putCentered(img, us[0], 0, 15, 2)
			putCentered(img, us[1], 0, 0, 1)
			if len(us) > 2 {
				putCentered(img, us[2], 16, 0, 1)
			}
		},
		alt: func(ph []string, where string) string {
			s := fmt.Sprintf("A giant %s fills the card %s", bare(ph[0]), where)
			if len(ph) > 2 {
				return s + fmt.Sprintf(", while %s and %s hang above it like tiny charms.", ph[1], ph[2])
			}
			return s + fmt.Sprintf(", while %s hangs above it like a tiny charm.", ph[1])
		}},
	"perch": {tag: "perched", min: 2, max: 3,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			base := us[1]
			putCentered(img, base, 0, 16, 2)
			_, top, _, _ := bbox(base.m.sp)
			x := 8
			if len(us) > 2 {
				x = 14
				putCentered(img, us[2], 0, 0, 1)
			}
			putBottom(img, us[0], x, 16+2*top+1, 1)
		},
		alt: func(ph []string, where string) string {
			s := fmt.Sprintf("%s perches on a giant %s %s.", cap(ph[0]), bare(ph[1]), where)
			if len(ph) > 2 {
				s += fmt.Sprintf(" Beside it floats %s.", ph[2])
			}
			return s
		}},
	"mirror": {tag: "symmetric", min: 2, max: 3,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			putCentered(img, us[0], 0, 17, 1)
			putFlip(img, us[0], 16, 17)
			putCentered(img, us[1], 8, 1, 1)
			if len(us) > 2 {
				putCentered(img, us[2], 8, 32, 1)
			}
		},
		alt: func(ph []string, where string) string {
			s := fmt.Sprintf("%s and its mirror twin face each other %s, under %s", cap(ph[0]), where, ph[1])
			if len(ph) > 2 {
				return s + fmt.Sprintf(" and above %s.", ph[2])
			}
			return s + "."
		}},
	"scatter": {tag: "crowded", min: 3, max: 4,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			spots := [][2]int{{0, 1}, {16, 9}, {1, 21}, {16, 31}}
			if len(us) == 3 {
				spots = [][2]int{{0, 2}, {16, 15}, {4, 31}}
			}
			for i, u := range us {
				putCentered(img, u, spots[i][0], spots[i][1], 1)
			}
		},
		alt: func(ph []string, where string) string {
			return fmt.Sprintf("%s and %s tumble together %s, crowded and jostling.", cap(strings.Join(ph[:len(ph)-1], ", ")), ph[len(ph)-1], where)
		}},
	"swarm": {tag: "swarming", min: 2, max: 2,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			putCentered(img, us[1], 8, 16, 1)
			putCentered(img, us[0], 0, 0, 1)
			putFlip(img, us[0], 16, 3)
			putCentered(img, us[0], 0, 29, 1)
			putFlip(img, us[0], 16, 32)
		},
		alt: func(ph []string, where string) string {
			return fmt.Sprintf("%s and three more like it circle %s %s, like moths round a flame.", cap(ph[0]), ph[1], where)
		}},
	"lonely": {tag: "empty", min: 1, max: 2,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			putCentered(img, us[0], 8, 26, 1)
			if len(us) > 1 {
				putCentered(img, us[1], 16, 1, 1)
			}
		},
		alt: func(ph []string, where string) string {
			s := fmt.Sprintf("%s waits alone %s, small in all that space", cap(ph[0]), where)
			if len(ph) > 1 {
				return s + fmt.Sprintf(", with only %s far above.", ph[1])
			}
			return s + "."
		}},
	"tilt": {tag: "tilted", min: 3, max: 3,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			putCentered(img, us[0], -1, 1, 1)
			putCentered(img, us[1], 8, 16, 1)
			putCentered(img, us[2], 17, 31, 1)
		},
		alt: func(ph []string, where string) string {
			return fmt.Sprintf("%s, %s and %s slide down a slanting line %s, as if the card were tipping over.", cap(ph[0]), ph[1], ph[2], where)
		}},
	"reflect": {tag: "reflected", min: 1, max: 2,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			h := bg.horizon
			if h == 0 {
				h = 30
			}
			putBottom(img, us[0], 8, h, 1)
			reflect(img, us[0], 8, h, p)
			if len(us) > 1 {
				putCentered(img, us[1], 19, 0, 1)
			}
		},
		alt: func(ph []string, where string) string {
			s := fmt.Sprintf("%s rises %s, mirrored upside down in the ripples", cap(ph[0]), where)
			if len(ph) > 1 {
				return s + fmt.Sprintf(", and %s watches from above.", ph[1])
			}
			return s + "."
		}},
	"inside": {tag: "nested", min: 2, max: 3,
		draw: func(img *image.RGBA, us []use, bg *background, p *palette) {
			putCentered(img, us[1], 0, 12, 2)
			x0, y0, x1, y1 := bbox(us[1].m.sp)
			// the giant's centre in card pixels (scale 2: (x0+x1)/2*2, +1 to round)
			cx := x0 + x1 + 1
			cy := 12 + y0 + y1 + 1
			putCentered(img, us[0], cx-8, cy-8, 1)
			if len(us) > 2 {
				putCentered(img, us[2], 17, 0, 1)
			}
		},
		alt: func(ph []string, where string) string {
			s := fmt.Sprintf("%s is shut inside a giant %s %s.", cap(ph[0]), bare(ph[1]), where)
			if len(ph) > 2 {
				s += fmt.Sprintf(" Above it hangs %s.", ph[2])
			}
			return s
		}},
}

func cap(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// bbox is the box of a sprite's opaque pixels, in sprite pixels, max exclusive.
func bbox(s *sprite) (x0, y0, x1, y1 int) {
	x0, y0 = s.w, s.h
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			if s.px[y][x] != '.' {
				x0, y0 = min(x0, x), min(y0, y)
				x1, y1 = max(x1, x+1), max(y1, y+1)
			}
		}
	}
	return
}

// putCentered draws a motif centred in the 16*scale box at (x, y).
func putCentered(img *image.RGBA, u use, x, y, scale int) {
	x0, y0, x1, y1 := bbox(u.m.sp)
	ox := (16 - (x1 - x0)) / 2 * scale
	oy := (16 - (y1 - y0)) / 2 * scale
	shadow(img, u.m.sp, x+ox-x0*scale, y+oy-y0*scale, scale, false)
	place(img, u.m.sp, x+ox-x0*scale, y+oy-y0*scale, scale, false, u.paint())
}

// putCenteredPaint is putCentered with explicit colours.
func putCenteredPaint(img *image.RGBA, u use, x, y, scale int, pt *paint) {
	x0, y0, x1, y1 := bbox(u.m.sp)
	ox := (16 - (x1 - x0)) / 2 * scale
	oy := (16 - (y1 - y0)) / 2 * scale
	place(img, u.m.sp, x+ox-x0*scale, y+oy-y0*scale, scale, false, pt)
}

// putBottom draws a motif centred horizontally with its lowest pixel just above y.
func putBottom(img *image.RGBA, u use, x, y, scale int) {
	x0, _, x1, y1 := bbox(u.m.sp)
	ox := (16 - (x1 - x0)) / 2 * scale
	shadow(img, u.m.sp, x+ox-x0*scale, y-y1*scale, scale, false)
	place(img, u.m.sp, x+ox-x0*scale, y-y1*scale, scale, false, u.paint())
}

// putFlip draws a mirrored motif centred in the 16x16 box at (x, y).
func putFlip(img *image.RGBA, u use, x, y int) {
	x0, y0, x1, y1 := bbox(u.m.sp)
	w := u.m.sp.w
	fx0 := w - x1 // mirrored box
	ox := (16 - (x1 - x0)) / 2
	oy := (16 - (y1 - y0)) / 2
	shadow(img, u.m.sp, x+ox-fx0, y+oy-y0, 1, true)
	place(img, u.m.sp, x+ox-fx0, y+oy-y0, 1, true, u.paint())
}

// reflect draws the motif upside down below the water line, in the
// water's colour, with every third row missing like ripples.
func reflect(img *image.RGBA, u use, x, h int, p *palette) {
	x0, _, x1, y1 := bbox(u.m.sp)
	ox := (16 - (x1 - x0)) / 2
	t := p.sky[2]
	pt := &paint{tint: &t}
	s := u.m.sp
	for sy := y1 - 1; sy >= 0; sy-- {
		ty := h + (y1 - 1 - sy)
		if (ty-h)%3 == 2 {
			continue
		}
		for sx := 0; sx < s.w; sx++ {
			c, ok := s.colourOf(s.px[sy][sx], pt)
			if !ok {
				continue
			}
			dot(img, x+ox-x0+sx+(ty%2), ty, c)
		}
	}
}

// drift scatters the palette's weather behind the motifs: snow in frost,
// sparks in ember, petals in rose, motes of light elsewhere. It is what
// makes the air of a vision feel like a dream rather than a backdrop.
func drift(img *image.RGBA, p *palette, r *rng) {
	n := 4 + r.intn(3)
	for i := 0; i < n; i++ {
		x, y := r.intn(ImageWidth), r.intn(ImageHeight)
		switch p.name {
		case "frost", "storm":
			dot(img, x, y, p.spark)
			dot(img, x-1, y, p.spark)
			dot(img, x+1, y, p.spark)
			dot(img, x, y-1, p.spark)
			dot(img, x, y+1, p.spark)
		case "ember", "gilded":
			dot(img, x, y, p.spark)
			dot(img, x, y+1, darker(p.spark))
		case "rose", "dusk":
			dot(img, x, y, p.spark)
			dot(img, x+1, y, p.spark)
		default:
			dot(img, x, y, p.spark)
		}
	}
}

// vignette darkens the card's corners like an old photograph, which sets
// the visions apart from the suspects at a glance.
func vignette(img *image.RGBA) {
	for y := 0; y < ImageHeight; y++ {
		for x := 0; x < ImageWidth; x++ {
			dx, dy := float64(x)-15.5, (float64(y)-23.5)*0.66
			if d := dx*dx + dy*dy; d > 390 && (x+y)%2 == 0 || d > 430 {
				img.SetRGBA(x, y, darker(img.RGBAAt(x, y)))
			}
		}
	}
}

// vision builds one vision card from its recipe.
func vision(n int, recipe string) *Card {
	id := fmt.Sprintf("V%02d", n)
	f := strings.Fields(recipe)
	if len(f) < 4 {
		panic("deck: bad vision recipe " + id + ": " + recipe)
	}
	bg, p, comp := backgrounds[f[0]], palettes[f[1]], compositions[f[2]]
	if bg == nil || p == nil || comp == nil {
		panic("deck: bad vision recipe " + id + ": " + recipe)
	}
	var us []use
	for _, m := range f[3:] {
		name, tint, _ := strings.Cut(m, ":")
		mo := motifs[name]
		if mo == nil {
			panic("deck: " + id + ": unknown motif " + name)
		}
		if _, ok := tints[tint]; tint != "" && !ok {
			panic("deck: " + id + ": unknown tint " + tint)
		}
		us = append(us, use{m: mo, tint: tint})
	}
	if len(us) < comp.min || len(us) > comp.max {
		panic(fmt.Sprintf("deck: %s: composition %s takes %d-%d motifs", id, f[2], comp.min, comp.max))
	}
	img := newCanvas()
	r := seedOf(id)
	bg.paint(img, p, r)
	drift(img, p, r)
	comp.draw(img, us, bg, p)
	vignette(img)

	var ph []string
	tags := []string{}
	for _, u := range us {
		ph = append(ph, u.phrase())
		tags = append(tags, u.m.tags...)
	}
	where := bg.where(p)
	alt := comp.alt(ph, where) + fmt.Sprintf(" The mood is %s.", p.mood)
	tags = append(tags, bg.tag, p.mood, comp.tag)
	tags = append(tags, measureColours(img)...)
	return &Card{ID: id, Kind: Vision, Alt: alt, Tags: dedupe(tags), Image: img}
}

// dedupe removes repeated tags, keeping the first occurrence's order.
func dedupe(tags []string) []string {
	seen := map[string]bool{}
	out := tags[:0:0]
	for _, t := range tags {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// buildCards generates the whole built-in deck.
func buildCards() []*Card {
	var cards []*Card
	for i, r := range visionRecipes {
		cards = append(cards, vision(i+1, r))
	}
	cards = append(cards, suspects()...)
	return cards
}
