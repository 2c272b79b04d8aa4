package graphics

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game/deck"
)

// card returns a built-in card's picture.
func card(t testing.TB, id string) *image.RGBA {
	t.Helper()
	c, ok := deck.Builtin().Card(id)
	if !ok {
		t.Fatalf("no card %s", id)
	}
	return c.Image
}

// want is what a whole-multiple, centred drawing of img over a.W x a.H
// pixels holds at (x, y): the margin transparent (zero).
func want(img *image.RGBA, a Pixels, x, y int) color.RGBA {
	iw, ih := img.Rect.Dx(), img.Rect.Dy()
	l := fit(iw, ih, a.W, a.H)
	if x < l.x || y < l.y || x >= l.x+l.w || y >= l.y+l.h {
		return color.RGBA{}
	}
	c := img.RGBAAt(img.Rect.Min.X+(x-l.x)*iw/l.w, img.Rect.Min.Y+(y-l.y)*ih/l.h)
	c.A = 255
	return c
}

var kittyChunk = regexp.MustCompile(`^\x1b_G([^;]*);([A-Za-z0-9+/=]*)\x1b\\`)

// decodeKitty reads a kitty transmission back: its first chunk's keys and
// the PNG its chunks carry.
func decodeKitty(t *testing.T, s string) (string, image.Image) {
	t.Helper()
	var keys string
	var b64 strings.Builder
	for i := 0; s != ""; i++ {
		m := kittyChunk.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("chunk %d is not a kitty escape: %.40q", i, s)
		}
		if len(m[2]) > chunk {
			t.Fatalf("chunk %d carries %d base64 bytes, more than %d", i, len(m[2]), chunk)
		}
		s = s[len(m[0]):]
		more := strings.HasSuffix(m[1], "m=1")
		if more == (s == "") || !strings.HasSuffix(m[1], "m=1") && !strings.HasSuffix(m[1], "m=0") {
			t.Fatalf("chunk %d says %q with %d bytes after it", i, m[1], len(s))
		}
		if i == 0 {
			keys = m[1]
		} else if m[1] != "m=0" && m[1] != "m=1" {
			t.Fatalf("chunk %d repeats keys: %q", i, m[1])
		}
		b64.WriteString(m[2])
	}
	raw, err := base64.StdEncoding.DecodeString(b64.String())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return keys, img
}

func TestKittyTransmitsTheCardScaledByWholeMultiplesInChunks(t *testing.T) {
	img := card(t, "V01")
	for _, tc := range []struct {
		c    Cells
		cell Pixels
	}{
		{Cells{32, 24}, Pixels{10, 20}}, // 320x480: five times 64x96
		{Cells{16, 12}, Pixels{9, 18}},  // 144x216: twice, with a margin
		{Cells{64, 48}, Pixels{8, 16}},  // 512x768: eight times
		{Cells{4, 3}, Pixels{8, 16}},    // 32x48: smaller than the card
	} {
		e := Encode(img, Kitty, tc.c, tc.cell, 70000)
		keys, got := decodeKitty(t, e.Data)
		if !strings.Contains(keys, "a=t") || !strings.Contains(keys, "f=100") || !strings.Contains(keys, "i=70000") || !strings.Contains(keys, "q=2") {
			t.Errorf("%v: first chunk's keys %q", tc.c, keys)
		}
		a := Pixels{tc.c.W * tc.cell.W, tc.c.H * tc.cell.H}
		if b := got.Bounds(); b.Dx() != a.W || b.Dy() != a.H || e.Px != a {
			t.Fatalf("%v at %v: image %v (says %v), want %v", tc.c, tc.cell, b, e.Px, a)
		}
		l := fit(64, 96, a.W, a.H)
		if l.w >= 64 && l.w%64 != 0 {
			t.Errorf("%v: drawn %d wide, not a whole multiple of 64", tc.c, l.w)
		}
		for y := 0; y < a.H; y++ {
			for x := 0; x < a.W; x++ {
				r, g, b, al := got.At(x, y).RGBA()
				w := want(img, a, x, y)
				if uint8(r>>8) != w.R || uint8(g>>8) != w.G || uint8(b>>8) != w.B || uint8(al>>8) != w.A {
					t.Fatalf("%v: pixel (%d,%d) is %v,%v,%v,%v, want %v", tc.c, x, y, r>>8, g>>8, b>>8, al>>8, w)
				}
			}
		}
	}
}

// TestMarginIsTheTerminalsBackground: the ghost's hand at 120x40 draws a
// card at once its size in a rectangle about twice it: the margin around
// it is transparent in the kitty PNG and never painted in the sixel (whose
// P2=1 keeps what is under it), so no coloured box reads as a highlight.
func TestMarginIsTheTerminalsBackground(t *testing.T) {
	img := card(t, "V01")
	c, cell := Cells{14, 10}, Pixels{9, 18} // 126x180: the 64x96 card once, a margin all round
	a := Pixels{c.W * cell.W, c.H * cell.H}
	l := fit(64, 96, a.W, a.H)
	if l.w != 64 || l.x == 0 || l.y == 0 {
		t.Fatalf("layout %+v: want the card once with a margin all round", l)
	}
	_, png := decodeKitty(t, Encode(img, Kitty, c, cell, 70001).Data)
	sx := decodeSixel(t, Encode(img, Sixel, c, cell, 0).Data)
	for y := 0; y < a.H; y++ {
		for x := 0; x < a.W; x++ {
			in := x >= l.x && x < l.x+l.w && y >= l.y && y < l.y+l.h
			_, _, _, al := png.At(x, y).RGBA()
			if (al == 0) == in {
				t.Fatalf("kitty: pixel (%d,%d) has alpha %d; the card is at %+v", x, y, al>>8, l)
			}
			if (sx.RGBAAt(x, y).A == 0) == in {
				t.Fatalf("sixel: pixel (%d,%d) painted %v; the card is at %+v", x, y, sx.RGBAAt(x, y), l)
			}
		}
	}
}

func TestPlaceAndDeleteKeepTheCursorAndTheImage(t *testing.T) {
	if got, w := Place(70000, 3, Cells{16, 12}), "\x1b_Ga=p,i=70000,p=3,c=16,r=12,C=1,q=2\x1b\\"; got != w {
		t.Errorf("Place = %q, want %q", got, w)
	}
	if got, w := Delete(70000, 3), "\x1b_Ga=d,d=i,i=70000,p=3,q=2\x1b\\"; got != w {
		t.Errorf("Delete = %q, want %q", got, w)
	}
}

// decodeSixel is a small sixel reader: the raster size and the pixels.
func decodeSixel(t *testing.T, s string) *image.RGBA {
	t.Helper()
	if !strings.HasPrefix(s, "\x1bP0;1;0q\"1;1;") || !strings.HasSuffix(s, "\x1b\\") {
		t.Fatalf("not a sixel: %.30q ... %q", s, s[max(0, len(s)-4):])
	}
	body := s[len("\x1bP0;1;0q\"1;1;") : len(s)-2]
	num := func() int {
		i := 0
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(body[:i])
		if err != nil {
			t.Fatalf("number expected at %.20q", body)
		}
		body = body[i:]
		return n
	}
	w := num()
	body = body[1:]
	h := num()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	pal := map[int]color.RGBA{}
	cur, x, y := 0, 0, 0
	for body != "" {
		c := body[0]
		body = body[1:]
		switch {
		case c == '#':
			cur = num()
			if body != "" && body[0] == ';' {
				body = body[1:]
				if num() != 2 {
					t.Fatal("not an RGB colour")
				}
				var v [3]int
				for i := range v {
					body = body[1:]
					v[i] = num()
					if v[i] > 100 {
						t.Fatalf("colour %d above 100%%", v[i])
					}
				}
				pal[cur] = color.RGBA{uint8((v[0]*255 + 50) / 100), uint8((v[1]*255 + 50) / 100), uint8((v[2]*255 + 50) / 100), 255}
			}
		case c == '$':
			x = 0
		case c == '-':
			x, y = 0, y+6
		case c == '!' || c >= 63 && c <= 126:
			run := 1
			if c == '!' {
				run = num()
				c = body[0]
				body = body[1:]
			}
			col, ok := pal[cur]
			if !ok {
				t.Fatalf("colour %d used before it is defined", cur)
			}
			for range run {
				for dy := 0; dy < 6; dy++ {
					if (c-63)&(1<<dy) != 0 {
						if x >= w || y+dy >= h {
							t.Fatalf("pixel (%d,%d) outside %dx%d", x, y+dy, w, h)
						}
						img.SetRGBA(x, y+dy, col)
					}
				}
				x++
			}
		default:
			t.Fatalf("unexpected byte %q in the sixel", c)
		}
	}
	return img
}

func TestSixelDrawsTheCardPixelForPixel(t *testing.T) {
	for _, id := range []string{"V01", "C05"} {
		img := card(t, id)
		for _, tc := range []struct {
			c    Cells
			cell Pixels
		}{
			{Cells{32, 24}, Pixels{10, 20}},
			{Cells{16, 12}, Pixels{7, 15}}, // height not a multiple of 6
			{Cells{20, 15}, Pixels{6, 12}},
		} {
			e := Encode(img, Sixel, tc.c, tc.cell, 0)
			got := decodeSixel(t, e.Data)
			a := Pixels{tc.c.W * tc.cell.W, tc.c.H * tc.cell.H}
			if got.Rect.Dx() != a.W || got.Rect.Dy() != a.H {
				t.Fatalf("%s %v: raster %v, want %v", id, tc.c, got.Rect, a)
			}
			for y := 0; y < a.H; y++ {
				for x := 0; x < a.W; x++ {
					g, w := got.RGBAAt(x, y), want(img, a, x, y)
					if d := diff(g, w); d > 3 {
						t.Fatalf("%s %v: pixel (%d,%d) is %v, want %v", id, tc.c, x, y, g, w)
					}
				}
			}
		}
	}
}

func diff(a, b color.RGBA) int {
	d := 0
	for _, p := range [][2]uint8{{a.R, b.R}, {a.G, b.G}, {a.B, b.B}, {a.A, b.A}} {
		d = max(d, int(p[0])-int(p[1]), int(p[1])-int(p[0]))
	}
	return d
}

func TestSixelPaletteIsCappedAt256(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 40))
	for i := range 1600 {
		img.SetRGBA(i%40, i/40, color.RGBA{uint8(i), uint8(i >> 8), uint8(i * 7), 255})
	}
	e := Encode(img, Sixel, Cells{4, 4}, Pixels{10, 10}, 0)
	if n := strings.Count(e.Data, ";2;"); n != 255 {
		t.Errorf("palette of %d colours, want 255 (the 256th register is the margin, never painted)", n)
	}
	decodeSixel(t, e.Data)
}

func TestCacheSharesOneEncodingAndStaysBounded(t *testing.T) {
	img := card(t, "V02")
	a := Get(img, Kitty, Cells{32, 24}, Pixels{10, 20})
	b := Get(img, Kitty, Cells{32, 24}, Pixels{10, 20})
	if a == nil || a != b {
		t.Fatalf("two Gets of one key gave %p and %p", a, b)
	}
	if a.ID < FirstID {
		t.Errorf("kitty id %d below FirstID", a.ID)
	}
	if c := Get(img, Kitty, Cells{16, 12}, Pixels{10, 20}); c.ID == a.ID {
		t.Errorf("two encodings share the id %d", a.ID)
	}
	if Get(img, None, Cells{32, 24}, Pixels{10, 20}) != nil || Get(img, Sixel, Cells{0, 24}, Pixels{10, 20}) != nil {
		t.Error("Get encoded for no protocol or no cells")
	}

	old := CacheBudget
	CacheBudget = 200 << 10
	defer func() { CacheBudget = old }()
	for w := 1; w <= 40; w++ { // a client resizing its window through 40 odd sizes
		Get(img, Sixel, Cells{w, 24}, Pixels{10, 20})
		if h := held.Load(); h > CacheBudget {
			t.Fatalf("cache holds %d bytes past its %d budget", h, CacheBudget)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	vision, suspect := card(b, "V01"), card(b, "C05")
	cell := Pixels{10, 20}
	for _, s := range []struct {
		name string
		c    Cells
	}{{"thumb", Cells{16, 12}}, {"card", Cells{32, 24}}, {"zoom", Cells{64, 48}}} {
		for _, p := range []Protocol{Kitty, Sixel, ITerm} {
			for _, im := range []struct {
				name string
				img  *image.RGBA
			}{{"vision", vision}, {"suspect", suspect}} {
				b.Run(s.name+"/"+p.String()+"/"+im.name, func(b *testing.B) {
					b.ReportAllocs()
					var n int
					for b.Loop() {
						n = len(Encode(im.img, p, s.c, cell, FirstID).Data)
					}
					b.ReportMetric(float64(n), "wire-bytes")
				})
			}
		}
	}
}

func BenchmarkCachedGet(b *testing.B) {
	img := card(b, "V01")
	b.ReportAllocs()
	for b.Loop() {
		Get(img, Kitty, Cells{32, 24}, Pixels{10, 20})
	}
}

func TestITermSendsTheSamePictureSizedInCells(t *testing.T) {
	img := card(t, "V01")
	e := Encode(img, ITerm, Cells{32, 24}, Pixels{10, 20}, 0)
	m := regexp.MustCompile(`^\x1b\]1337;File=inline=1;size=(\d+);width=32;height=24;preserveAspectRatio=0:([A-Za-z0-9+/=]+)\a$`).FindStringSubmatch(e.Data)
	if m == nil {
		t.Fatalf("not an inline image: %.80q", e.Data)
	}
	raw, err := base64.StdEncoding.DecodeString(m[2])
	if err != nil || strconv.Itoa(len(raw)) != m[1] {
		t.Fatalf("payload of %d bytes says size=%s (%v)", len(raw), m[1], err)
	}
	got, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	a := Pixels{320, 480}
	for y := 0; y < a.H; y += 3 {
		for x := 0; x < a.W; x += 3 {
			r, g, b, al := got.At(x, y).RGBA()
			if w := want(img, a, x, y); uint8(r>>8) != w.R || uint8(g>>8) != w.G || uint8(b>>8) != w.B || uint8(al>>8) != w.A {
				t.Fatalf("pixel (%d,%d) is %v,%v,%v, want %v", x, y, r>>8, g>>8, b>>8, w)
			}
		}
	}
}
