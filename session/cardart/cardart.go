// Package cardart draws cards in a terminal.
//
// Each cell is an upper half block '▀' whose foreground is the upper pixel
// and background the lower one, so a 32x48-pixel card fills 32x24 cells.
// Colours follow the client's colour profile (truecolor, 256 or 16
// colours); the Ascii profile (Plain) draws the card's alt-text instead,
// for screen readers and terminals without colour.
//
// Rendering is done once per (card, size, profile) and cached, and once per
// language for the Plain profile's words: every session draws from the same
// immutable strings, so a frame never re-renders art and hundreds of
// sessions can share the cache.
package cardart

import (
	"image"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/charmbracelet/colorprofile"
	"github.com/lucasb-eyer/go-colorful"
	"github.com/mattn/go-runewidth"

	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// Size is a card's size on screen in cells (W columns, H rows).
type Size struct{ W, H int }

// The standard sizes: the hand and table thumbnails, a card, and the zoom.
var (
	Thumb = Size{16, 12}
	Card  = Size{32, 24}
	Zoom  = Size{64, 48}
)

// Steps are the sizes between Thumb and Card, every 4 columns, which a
// big terminal draws the table's cards with when cards would not fit and
// thumbnails would leave the screen half empty. Standard too: a few
// sizes for all, cached for good, not one per window.
var Steps = []Size{{20, 15}, {24, 18}, {28, 21}}

// Plain is the profile that draws cards as words.
const Plain = colorprofile.ASCII

// Fit returns the largest card size that fits in w x h cells and keeps the
// card's 2:3 shape (a cell is one pixel wide and two tall), never smaller
// than 4x3.
func Fit(w, h int) Size {
	rows := h
	if r := 3 * w / 4; r < rows {
		rows = r
	}
	if rows < 3 {
		rows = 3
	}
	return Size{W: 4 * rows / 3, H: rows}
}

type key struct {
	c *deck.Card
	s Size
	p colorprofile.Profile
	l i18n.Lang // English unless p is Plain: only words change with it
}

var (
	cache sync.Map // key -> string
	// odd counts cached entries of non-standard (fitted) sizes; window
	// resizes create them, so they are dropped when there are too many.
	odd atomic.Int64
)

const maxOdd = 2048

func standard(s Size) bool {
	return s == Thumb || s == Card || s == Zoom || s == Steps[0] || s == Steps[1] || s == Steps[2]
}

// Render returns card c drawn at size s for profile p: s.H lines of s.W
// cells joined by "\n", each line ending with a colour reset. The result
// is cached; the first call for a key renders it.
func Render(c *deck.Card, s Size, p colorprofile.Profile) string {
	return RenderIn(c, s, p, i18n.English)
}

// RenderIn is Render for a player reading language l: the Plain profile
// writes the card's title and alt-text in l; pictures are the same in every
// language and share one cache entry.
func RenderIn(c *deck.Card, s Size, p colorprofile.Profile, l i18n.Lang) string {
	if c == nil || s.W <= 0 || s.H <= 0 {
		return ""
	}
	if p != Plain {
		l = i18n.English
	}
	k := key{c, s, p, l}
	if v, ok := cache.Load(k); ok {
		return v.(string)
	}
	out := render(c, s, p, l)
	if v, loaded := cache.LoadOrStore(k, out); loaded {
		return v.(string)
	}
	if !standard(s) && odd.Add(1) > maxOdd {
		cache.Range(func(k2, _ any) bool {
			if !standard(k2.(key).s) {
				cache.Delete(k2)
			}
			return true
		})
		odd.Store(0)
	}
	return out
}

// render draws without the cache.
func render(c *deck.Card, s Size, p colorprofile.Profile, l i18n.Lang) string {
	if p == colorprofile.ASCII {
		return plain(c, s, l)
	}
	px := resample(c.Image, s.W, s.H*2)
	if p == colorprofile.ANSI {
		snapTo16(px, moodOf(c.Image))
	}
	// Each distinct colour's SGR codes are computed once per render.
	type codes struct{ fg, bg string }
	memo := make(map[rgb]codes, 64)
	codesOf := func(c rgb) codes {
		cs, ok := memo[c]
		if !ok {
			cs = codes{code(c, p, false), code(c, p, true)}
			memo[c] = cs
		}
		return cs
	}
	var b strings.Builder
	b.Grow(s.W * s.H * 24)
	for y := 0; y < s.H; y++ {
		// Only write the SGR parameters that change from one cell to the next.
		fgCode, bgCode := "", ""
		for x := 0; x < s.W; x++ {
			top, bot := px[(2*y)*s.W+x], px[(2*y+1)*s.W+x]
			bc := codesOf(bot).bg
			tc := ""
			if tcs := codesOf(top); tcs.bg != bc { // halves differ on this terminal
				tc = tcs.fg
			}
			newBg, newFg := bc != bgCode, tc != "" && tc != fgCode
			switch {
			case newBg && newFg:
				b.WriteString("\x1b[")
				b.WriteString(bc)
				b.WriteByte(';')
				b.WriteString(tc)
				b.WriteByte('m')
			case newBg:
				b.WriteString("\x1b[")
				b.WriteString(bc)
				b.WriteByte('m')
			case newFg:
				b.WriteString("\x1b[")
				b.WriteString(tc)
				b.WriteByte('m')
			}
			if newBg {
				bgCode = bc
			}
			if newFg {
				fgCode = tc
			}
			if tc == "" {
				b.WriteByte(' ') // both halves alike: the background alone draws the cell
			} else {
				b.WriteString("▀")
			}
		}
		b.WriteString("\x1b[0m")
		if y < s.H-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// snapTo16 replaces each pixel by its 16-colour choice in the card's
// mood, computing each distinct colour once (pixel art has few).
func snapTo16(px []rgb, mood [families]bool) {
	memo := map[rgb]rgb{}
	for i, c := range px {
		m, ok := memo[c]
		if !ok {
			s := sys16[choose16(c, mood)]
			m = rgb{uint8(s[0]), uint8(s[1]), uint8(s[2])}
			memo[c] = m
		}
		px[i] = m
	}
}

// index16 is ansi16 with a fast path for pixels already snapped to a
// system colour (render snaps them once per distinct colour).
func index16(c rgb) int {
	for i, s := range sys16 {
		if int(c.r) == s[0] && int(c.g) == s[1] && int(c.b) == s[2] {
			return i
		}
	}
	return ansi16(c)
}

type rgb struct{ r, g, b uint8 }

// code is the SGR parameter string for a colour as foreground or background.
func code(c rgb, p colorprofile.Profile, bg bool) string {
	switch p {
	case colorprofile.TrueColor:
		pre := "38;2;"
		if bg {
			pre = "48;2;"
		}
		return pre + strconv.Itoa(int(c.r)) + ";" + strconv.Itoa(int(c.g)) + ";" + strconv.Itoa(int(c.b))
	case colorprofile.ANSI256:
		pre := "38;5;"
		if bg {
			pre = "48;5;"
		}
		return pre + strconv.Itoa(ansi256(c))
	default:
		n := index16(c)
		base := 30
		if bg {
			base = 40
		}
		if n >= 8 {
			base += 60
			n -= 8
		}
		return strconv.Itoa(base + n)
	}
}

var cubeLevels = [6]int{0, 95, 135, 175, 215, 255}

// ansi256 maps a colour to the nearest xterm-256 index in the colour cube
// or the grey ramp (never the 16 system colours, which terminals redefine).
func ansi256(c rgb) int {
	ci := func(v uint8) int {
		best, bd := 0, 1<<30
		for i, l := range cubeLevels {
			d := (int(v) - l) * (int(v) - l)
			if d < bd {
				best, bd = i, d
			}
		}
		return best
	}
	ri, gi, bi := ci(c.r), ci(c.g), ci(c.b)
	cube := 16 + 36*ri + 6*gi + bi
	cr, cg, cb := cubeLevels[ri], cubeLevels[gi], cubeLevels[bi]
	// nearest grey: 8 + 10*i
	avg := (int(c.r) + int(c.g) + int(c.b)) / 3
	gi2 := (avg - 3) / 10
	if gi2 < 0 {
		gi2 = 0
	}
	if gi2 > 23 {
		gi2 = 23
	}
	gv := 8 + 10*gi2
	if dist(c, cr, cg, cb) <= dist(c, gv, gv, gv) {
		return cube
	}
	return 232 + gi2
}

// dist is a weighted squared distance that tracks the eye's sensitivity.
func dist(c rgb, r, g, b int) int {
	dr, dg, db := int(c.r)-r, int(c.g)-g, int(c.b)-b
	return 3*dr*dr + 4*dg*dg + 2*db*db
}

// The 16 system colours as most terminals show them (xterm defaults).
var sys16 = [16][3]int{
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
	{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
}

// lab is a colour in CIE Lab (L 0..100).
type lab struct{ l, a, b float64 }

func toLab(c colorful.Color) lab {
	l, a, b := c.Lab()
	return lab{l * 100, a * 100, b * 100}
}

// sys16Lab holds the 16 system colours in Lab, computed once.
var sys16Lab = func() [16]lab {
	var out [16]lab
	for i, s := range sys16 {
		out[i] = toLab(colorful.Color{R: float64(s[0]) / 255, G: float64(s[1]) / 255, B: float64(s[2]) / 255})
	}
	return out
}()

// cie94 is the CIE94 colour difference (graphic arts weights), squared.
func cie94(x, y lab) float64 {
	dl := x.l - y.l
	c1 := math.Hypot(x.a, x.b)
	c2 := math.Hypot(y.a, y.b)
	dc := c1 - c2
	da, db := x.a-y.a, x.b-y.b
	dh2 := da*da + db*db - dc*dc
	sc, sh := 1+0.045*c1, 1+0.015*c1
	return dl*dl + (dc/sc)*(dc/sc) + dh2/(sh*sh)
}

// ansi16 maps a colour to one of the 16 system colours. The 16 are loud
// primaries, so plain nearest-colour matching turns every muted or dark
// tone grey; boosting saturation and lifting dark values first keeps a pink
// card pink-ish and a dark green hedge green, which is what lets
// 16-colour thumbnails be told apart.
func ansi16(c rgb) int {
	x := toLab(boost(c))
	best, bd := 0, math.Inf(1)
	for i, sc := range sys16Lab {
		if d := cie94(x, sc); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// A card's 16-colour palette is chosen for its mood: nearest-colour
// matching alone turns a rose-pink sky or a teal corridor grey, because the
// 16 are loud primaries and the art's tones are soft. So each card's hue
// families (red, yellow, green, cyan, blue, magenta and pink) that cover a
// fifth of its picture are its mood, and a colour of a mood family is drawn
// with that family's two system colours even where a grey or another hue is
// nearer; other colours (and oranges and browns, which have no system
// colour of their own) keep their nearest.
const moodShare = 5 // a family is a mood from 1/moodShare of the pixels

// The hue families; grey is every colour too pale or dark to have one.
const (
	grey = iota
	red
	orange
	yellow
	green
	cyan
	blue
	magenta
	families
)

// hueFamily is the family of a colour. Pale oranges (skin, peach, tan)
// count as greys: they are this art's neutrals, and a face forced into a
// family would turn yellow.
func hueFamily(c rgb) int {
	h, s, v := colorful.Color{R: float64(c.r) / 255, G: float64(c.g) / 255, B: float64(c.b) / 255}.Hsv()
	switch {
	case s < 0.2 || v < 0.2:
		return grey
	case h < 20 || h >= 340:
		return red
	case h < 45 && s < 0.45:
		return grey
	case h < 45:
		return orange
	case h < 75:
		return yellow
	case h < 160:
		return green
	case h < 200:
		return cyan
	case h < 260:
		return blue
	}
	return magenta
}

// family16 is the hue family of each system colour (none is orange).
var family16 = [16]int{grey, red, green, yellow, blue, magenta, cyan, grey, grey, red, green, yellow, blue, magenta, cyan, grey}

// moodOf lists the hue families that cover at least 1/moodShare of img.
func moodOf(img *image.RGBA) [families]bool {
	var n [families]int
	b := img.Rect
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			i := img.PixOffset(x, y)
			n[hueFamily(rgb{img.Pix[i], img.Pix[i+1], img.Pix[i+2]})]++
		}
	}
	var mood [families]bool
	for f := red; f < families; f++ {
		mood[f] = n[f]*moodShare >= b.Dx()*b.Dy()
	}
	return mood
}

// choose16 is ansi16 in a card's mood: a colour of a mood family that the
// nearest match would make grey or another hue takes the closest system
// colour of its own family.
func choose16(c rgb, mood [families]bool) int {
	best := ansi16(c)
	f := hueFamily(c)
	if f == grey || f == orange || !mood[f] || family16[best] == f {
		return best
	}
	x := toLab(boost(c))
	bd := math.Inf(1)
	for i, sc := range sys16Lab {
		if family16[i] != f {
			continue
		}
		if d := cie94(x, sc); d < bd {
			best, bd = i, d
		}
	}
	return best
}

// boost lifts a colour's saturation and dark values towards the loud 16.
func boost(c rgb) colorful.Color {
	col := colorful.Color{R: float64(c.r) / 255, G: float64(c.g) / 255, B: float64(c.b) / 255}
	h, s, v := col.Hsv()
	if s > 0.12 {
		col = colorful.Hsv(h, min(1, s*1.8), 0.3+0.7*v)
	}
	return col
}

// resample scales the card to w x h pixels: an area-weighted box filter
// when shrinking (thumbnails stay smooth), nearest neighbour when growing
// (the zoom stays crisp pixel art).
func resample(img *image.RGBA, w, h int) []rgb {
	sw, sh := img.Rect.Dx(), img.Rect.Dy()
	xs, ys := weights(sw, w), weights(sh, h)
	out := make([]rgb, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var r, g, b, tot float64
			for _, wy := range ys[y] {
				for _, wx := range xs[x] {
					i := img.PixOffset(img.Rect.Min.X+wx.i, img.Rect.Min.Y+wy.i)
					f := wx.w * wy.w
					r += f * float64(img.Pix[i])
					g += f * float64(img.Pix[i+1])
					b += f * float64(img.Pix[i+2])
					tot += f
				}
			}
			out[y*w+x] = rgb{uint8(r/tot + 0.5), uint8(g/tot + 0.5), uint8(b/tot + 0.5)}
		}
	}
	return out
}

type tap struct {
	i int
	w float64
}

// weights lists, for each of dst output positions, the source positions
// that cover it and how much.
func weights(src, dst int) [][]tap {
	out := make([][]tap, dst)
	if dst >= src {
		for d := range out {
			out[d] = []tap{{i: (2*d + 1) * src / (2 * dst), w: 1}}
		}
		return out
	}
	scale := float64(src) / float64(dst)
	for d := range out {
		lo, hi := float64(d)*scale, float64(d+1)*scale
		for s := int(lo); s < src && float64(s) < hi; s++ {
			a, b := max(lo, float64(s)), min(hi, float64(s+1))
			if b > a {
				out[d] = append(out[d], tap{s, b - a})
			}
		}
	}
	return out
}

// plain lays out the card's name and alt-text, in language l, in s.W x s.H
// cells, padded with spaces so it occupies the same box as the picture would.
func plain(c *deck.Card, s Size, l i18n.Lang) string {
	text := c.NameIn(l) + ": " + c.AltIn(l)
	lines := wrap(text, s.W)
	if len(lines) > s.H {
		lines = lines[:s.H]
		last := lines[s.H-1]
		for runewidth.StringWidth(last)+1 > s.W && last != "" {
			r := []rune(last)
			last = string(r[:len(r)-1])
		}
		lines[s.H-1] = last + "…"
	}
	for len(lines) < s.H {
		lines = append(lines, "")
	}
	for i, l := range lines {
		if pad := s.W - runewidth.StringWidth(l); pad > 0 {
			lines[i] = l + strings.Repeat(" ", pad)
		}
	}
	return strings.Join(lines, "\n")
}

// wrap breaks text into lines of at most w cells at spaces, splitting
// words that are longer than a line.
func wrap(text string, w int) []string {
	var lines []string
	cur, curW := "", 0
	for _, word := range strings.Fields(text) {
		ww := runewidth.StringWidth(word)
		for ww > w { // hard-split a long word
			if curW > 0 {
				lines = append(lines, cur)
				cur, curW = "", 0
			}
			head := runewidth.Truncate(word, w, "")
			if head == "" {
				head = string([]rune(word)[:1])
			}
			lines = append(lines, head)
			word = strings.TrimPrefix(word, head)
			ww = runewidth.StringWidth(word)
		}
		switch {
		case curW == 0:
			cur, curW = word, ww
		case curW+1+ww <= w:
			cur += " " + word
			curW += 1 + ww
		default:
			lines = append(lines, cur)
			cur, curW = word, ww
		}
	}
	if curW > 0 {
		lines = append(lines, cur)
	}
	return lines
}
