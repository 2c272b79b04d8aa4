package term

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// kittyPlace is a kitty placement as the vterm keeps it.
type kittyPlace struct {
	id             string
	row, col, w, h int
}

// kitty takes one kitty graphics escape: a transmission's chunk (a=t:
// the image is known from then on), a placement at the cursor (a=p, of a
// known image only), a deletion of one placement (d=i) or of all (d=a,
// d=A, which also forgets the images).
func (v *vterm) kitty(seq string) {
	body := strings.TrimSuffix(strings.TrimPrefix(seq, "\x1b_G"), "\x1b\\")
	keys, _, _ := strings.Cut(body, ";")
	kv := map[string]string{}
	for _, f := range strings.Split(keys, ",") {
		k, val, _ := strings.Cut(f, "=")
		kv[k] = val
	}
	if v.sent == nil {
		v.sent, v.placing = map[string]bool{}, map[string]kittyPlace{}
	}
	num := func(k string) int { n, _ := strconv.Atoi(kv[k]); return n }
	switch kv["a"] {
	case "t":
		v.sent[kv["i"]] = true
	case "p":
		if !v.sent[kv["i"]] {
			v.t.Errorf("image %s placed before it was transmitted", kv["i"])
		}
		if kv["C"] != "1" {
			v.t.Errorf("a placement that moves the cursor: %q", seq)
		}
		v.placing[kv["p"]] = kittyPlace{kv["i"], v.row, v.col, num("c"), num("r")}
	case "d":
		switch kv["d"] {
		case "i":
			if p, ok := v.placing[kv["p"]]; !ok || p.id != kv["i"] {
				v.t.Errorf("deleted placement %s of image %s that is not there", kv["p"], kv["i"])
			}
			delete(v.placing, kv["p"])
		case "a":
			clear(v.placing)
		case "A":
			clear(v.placing)
			clear(v.sent)
		default:
			v.t.Errorf("unexpected deletion %q", seq)
		}
	case "":
		// a transmission's later chunk
		if kv["m"] == "" {
			v.t.Errorf("unexpected kitty escape %.60q", seq)
		}
	default:
		v.t.Errorf("unexpected kitty escape %.60q", seq)
	}
}

// sixel draws a sixel (or an inline image) the test knows (v.sixels) at
// the cursor over the cells its image covers; one ending in the last row
// would scroll the screen.
func (v *vterm) sixel(seq string) {
	name, ok := v.sixels[seq]
	if !ok {
		v.t.Errorf("an image the test did not encode: %.60q", seq)
		return
	}
	var c graphics.Cells
	if _, err := fmt.Sscanf(name, "%dx%d", &c.W, &c.H); err != nil {
		v.t.Fatalf("bad image name %q", name)
	}
	if v.row+c.H >= v.h {
		v.t.Errorf("an image of %d rows drawn at row %d of %d would scroll the screen", c.H, v.row, v.h)
		return
	}
	for r := v.row; r < v.row+c.H; r++ {
		for x := v.col; x < min(v.w, v.col+c.W); x++ {
			v.img[r][x] = name
		}
	}
}

// testCell is the cell size the tests draw at.
var testCell = graphics.Pixels{W: 4, H: 8}

// testPictures are small pictures, each a different colour.
var testPictures = func() []*image.RGBA {
	out := make([]*image.RGBA, 4)
	for i := range out {
		m := image.NewRGBA(image.Rect(0, 0, 4, 6))
		for p := 0; p < len(m.Pix); p += 4 {
			m.Pix[p], m.Pix[p+1], m.Pix[p+2], m.Pix[p+3] = uint8(60*i), 200, uint8(255-50*i), 255
		}
		m.Set(0, 0, color.RGBA{1, 2, 3, 255})
		out[i] = m
	}
	return out
}()

// names lets the vterm know the sixels and inline images of pics at the
// test's cell size.
func (v *vterm) know(p graphics.Protocol, list []Picture) {
	if v.sixels == nil {
		v.sixels = map[string]string{}
	}
	for _, c := range list {
		if img := graphics.Get(c.Image, p, c.Cells, testCell); img != nil && p != graphics.Kitty {
			for i, pic := range testPictures {
				if pic == c.Image {
					v.sixels[img.Data] = fmt.Sprintf("%dx%d #%d", c.Cells.W, c.Cells.H, i)
				}
			}
		}
	}
}

// checkPictures fails unless the vterm shows exactly the pictures want
// (those the screen can draw: inside a w×h screen, sixels off its last
// row), each whole at its place, and nothing else.
func checkPictures(t *testing.T, v *vterm, p graphics.Protocol, list []Picture, w, h int) {
	t.Helper()
	var drawable []Picture
	for _, c := range list {
		if c.Row+c.Cells.H <= h && c.Col+c.Cells.W <= w && (p == graphics.Kitty || c.Row+c.Cells.H < h) {
			drawable = append(drawable, c)
		}
	}
	if p == graphics.Kitty {
		placed := map[kittyPlace]int{}
		for _, pl := range v.placing {
			placed[pl]++
		}
		for _, c := range drawable {
			id := strconv.FormatUint(uint64(graphics.Get(c.Image, p, c.Cells, testCell).ID), 10)
			k := kittyPlace{id, c.Row, c.Col, c.Cells.W, c.Cells.H}
			if placed[k] != 1 {
				t.Fatalf("image %s at %d,%d (%dx%d) placed %d times; placements %v", id, c.Row, c.Col, c.Cells.W, c.Cells.H, placed[k], v.placing)
			}
			delete(placed, k)
		}
		if len(placed) > 0 {
			t.Fatalf("stale placements: %v", placed)
		}
		return
	}
	wantImg := make([][]string, v.h)
	for r := range wantImg {
		wantImg[r] = make([]string, v.w)
	}
	for _, c := range drawable {
		img := graphics.Get(c.Image, p, c.Cells, testCell)
		for r := c.Row; r < c.Row+c.Cells.H; r++ {
			for x := c.Col; x < c.Col+c.Cells.W; x++ {
				wantImg[r][x] = v.sixels[img.Data]
			}
		}
	}
	for r := range wantImg {
		for x := range wantImg[r] {
			if v.img[r][x] != wantImg[r][x] {
				t.Fatalf("cell %d,%d holds image %q, want %q", r, x, v.img[r][x], wantImg[r][x])
			}
		}
	}
}

// shownAround returns what v shows and what a terminal that drew frame
// alone, whole, shows, with the cells of the pictures drawn marked in both:
// everywhere else the text must be the frame's. The cells under a kitty
// placement must be blank: its margin is transparent.
func shownAround(v *vterm, frame string, list []Picture, p graphics.Protocol, w, h int) (got, want string) {
	fresh := newTerm(v.t, w, h)
	_, _ = fresh.Write((&Screen{}).paint(nil, frame, w, h, true, Pictures{}))
	shown := *v // marked in a copy: v's cells stay what the terminal shows
	shown.cells = make([][]string, len(v.cells))
	for r := range v.cells {
		shown.cells[r] = slices.Clone(v.cells[r])
	}
	v = &shown
	for _, c := range list {
		if c.Row+c.Cells.H > h || c.Col+c.Cells.W > w || p != graphics.Kitty && c.Row+c.Cells.H >= h {
			continue // a picture not drawn leaves the text
		}
		for r := c.Row; r < c.Row+c.Cells.H; r++ {
			for x := c.Col; x < c.Col+c.Cells.W; x++ {
				if p == graphics.Kitty && v.cells[r][x] != " " {
					v.t.Fatalf("cell %d,%d under a kitty placement holds %q, not a blank:\n%s", r, x, v.cells[r][x], v.text())
				}
				v.cells[r][x], fresh.cells[r][x] = "#", "#"
			}
		}
	}
	// A wide character half under a picture shows as a blank half.
	for _, t := range []*vterm{v, fresh} {
		for r := range t.cells {
			for x := range t.cells[r] {
				if t.cells[r][x] == "" && (x == 0 || t.cells[r][x-1] == "#") {
					t.cells[r][x] = " "
				}
				if x+1 < len(t.cells[r]) && t.cells[r][x+1] == "#" && ansiWide(t.cells[r][x]) {
					t.cells[r][x] = " "
				}
			}
		}
	}
	return v.text(), fresh.text()
}

func ansiWide(g string) bool {
	return g != "" && g != "#" && len([]rune(g)) == 1 && []rune(g)[0] >= 0x1100 && g != "★" && g != "●" && g != "◆" && g != "·" && g != "▀" && g != "▄"
}

// TestScreenPaintsPicturesExactly draws random frames with random pictures
// over them, on the kitty and the sixel way, with pictures that stay, move,
// change, leave and come back, frames that change under them, resizes and
// a switch to lines and back: after each frame the terminal shows each
// picture whole at its place, no picture that left (no stale image), and
// the frame's text everywhere else.
func TestScreenPaintsPicturesExactly(t *testing.T) {
	for _, p := range []graphics.Protocol{graphics.Kitty, graphics.Sixel, graphics.ITerm} {
		for seed := range uint64(8) {
			t.Run(fmt.Sprint(p, "/seed", seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 7))
				w, h := 40+rng.IntN(40), 12+rng.IntN(20)
				v := newTerm(t, w, h)
				s := &Screen{}
				_, _ = io.WriteString(v, screenSetup)
				var prev []string
				var list []Picture
				for step := range 200 {
					full := step == 0
					if rng.IntN(30) == 0 {
						w, h = 40+rng.IntN(40), 12+rng.IntN(20)
						v.resize(w, h)
						full = true
					}
					if rng.IntN(60) == 0 {
						// The linear mode and back: the alternate
						// screen is left (its images go with it), and
						// the next frame is drawn whole.
						restore := s.frameRestore()
						_, _ = io.WriteString(v, restore)
						_, _ = io.WriteString(v, screenSetup)
						full = true
					}
					list = randomPictures(rng, list, w, h)
					v.know(p, list)
					// A frame of h lines, as the game's screens are.
					prev = strings.Split(randomFrame(rng, prev, w, h), "\n")
					for len(prev) < h {
						prev = append(prev, "")
					}
					prev = prev[:h]
					frame := strings.Join(prev, "\n")
					_, _ = v.Write(s.paint(nil, frame, w, h, full, Pictures{Protocol: p, Cell: testCell, List: list}))
					checkPictures(t, v, p, list, w, h)
					if got, want := shownAround(v, frame, list, p, w, h); got != want {
						t.Fatalf("step %d (%dx%d): the terminal shows\n%s\nwant\n%s", step, w, h, got, want)
					}
				}
			})
		}
	}
}

// randomPictures moves, changes, adds and takes away pictures of prev
// (which never overlap), as a game's screens do.
func randomPictures(rng *rand.Rand, prev []Picture, w, h int) []Picture {
	var out []Picture
	for _, c := range prev {
		switch rng.IntN(8) {
		case 0: // leaves
			continue
		case 1: // changes picture
			c.Image = testPictures[rng.IntN(len(testPictures))]
		}
		out = append(out, c)
	}
	for range rng.IntN(3) {
		c := Picture{Row: rng.IntN(h), Col: rng.IntN(w), Cells: graphics.Cells{W: 2 + rng.IntN(8), H: 2 + rng.IntN(6)}, Image: testPictures[rng.IntN(len(testPictures))]}
		overlaps := false
		for _, o := range out {
			if c.Row < o.Row+o.Cells.H && o.Row < c.Row+c.Cells.H && c.Col < o.Col+o.Cells.W && o.Col < c.Col+c.Cells.W {
				overlaps = true
			}
		}
		if !overlaps {
			out = append(out, c)
		}
	}
	return out
}

// hand is seven pictures side by side, as the ghost's hand is drawn.
func hand(row int) []Picture {
	var list []Picture
	for i := range 7 {
		list = append(list, Picture{Row: row, Col: 1 + 10*i, Cells: graphics.Cells{W: 9, H: 6}, Image: testPictures[i%len(testPictures)]})
	}
	return list
}

func handFrame(status string) string {
	lines := make([]string, 20)
	for i := range lines {
		lines[i] = strings.Repeat("▀", 72)
	}
	lines[0] = "Table K7QX"
	lines[19] = status
	return strings.Join(lines, "\n")
}

// TestKittyImagesAreSentOncePlacedById: a kitty image is transmitted once
// per session and placed by id; the same frame again writes nothing; a
// changed status line writes the line alone; a card that moves is deleted
// and placed again without being sent again; one that leaves is deleted.
func TestKittyImagesAreSentOncePlacedById(t *testing.T) {
	s := &Screen{}
	pics := Pictures{Protocol: graphics.Kitty, Cell: testCell, List: hand(2)}
	first := string(s.paint(nil, handFrame("0:59"), 80, 24, true, pics))
	if n := strings.Count(first, "a=t,"); n != len(testPictures) {
		t.Fatalf("the first frame transmitted %d images, want %d (each picture once)", n, len(testPictures))
	}
	if n := strings.Count(first, "a=p,"); n != 7 {
		t.Fatalf("the first frame placed %d images, want 7", n)
	}
	if again := s.paint(nil, handFrame("0:59"), 80, 24, false, pics); len(again) != 0 {
		t.Fatalf("the same frame again wrote %q", again)
	}
	tick := string(s.paint(nil, handFrame("0:58"), 80, 24, false, pics))
	if strings.Contains(tick, "\x1b_G") || !strings.Contains(tick, "0:58") {
		t.Fatalf("a new status line wrote %q", tick)
	}
	moved := Pictures{Protocol: graphics.Kitty, Cell: testCell, List: hand(3)[:6]}
	out := string(s.paint(nil, handFrame("0:58"), 80, 24, false, moved))
	if strings.Contains(out, "a=t,") {
		t.Fatalf("images were sent again: %.200q", out)
	}
	if d, p := strings.Count(out, "a=d,d=i,"), strings.Count(out, "a=p,"); d != 7 || p != 6 {
		t.Fatalf("moving six cards and dropping one deleted %d placements and placed %d, want 7 and 6", d, p)
	}
	if strings.Index(out, "a=d,") > strings.Index(out, "a=p,") {
		t.Fatalf("placements were deleted after the new ones were placed")
	}
	// A resize deletes every image and sends what is shown again.
	out = string(s.paint(nil, handFrame("0:58"), 100, 30, true, moved))
	if !strings.HasPrefix(out, "\x1b[H"+deleteAllImages) || strings.Count(out, "a=t,") != 4 {
		t.Fatalf("a resize wrote %.200q", out)
	}
}

// TestSixelsAreSentOnlyWhenTheyChange: a sixel is sent with its card and
// not again while the card stays, whatever changes in its rows around it
// (text is written around it); a card that leaves has its cells erased and
// its rows written again.
func TestSixelsAreSentOnlyWhenTheyChange(t *testing.T) {
	v := newTerm(t, 80, 24)
	s := &Screen{}
	list := hand(2)
	v.know(graphics.Sixel, list)
	pics := Pictures{Protocol: graphics.Sixel, Cell: testCell, List: list}
	_, _ = io.WriteString(v, screenSetup)
	first := s.paint(nil, handFrame("0:59"), 80, 24, true, pics)
	if n := bytes.Count(first, []byte("\x1bP")); n != 7 {
		t.Fatalf("the first frame drew %d sixels, want 7", n)
	}
	// Each sixel's palette its own: in xterm as a VT340 the registers are
	// shared, and the last card's palette recoloured the others.
	if n := bytes.Count(first, []byte(privateColours)); n != 1 {
		t.Fatalf("the first frame asked for private colour registers %d times, want once", n)
	}
	_, _ = v.Write(first)
	checkPictures(t, v, graphics.Sixel, list, 80, 24)
	// Every row of the hand changes beside the cards and under them.
	f := strings.Split(handFrame("0:59"), "\n")
	for r := 2; r < 8; r++ {
		f[r] = strings.Repeat("▄", 75) + "x"
	}
	out := s.paint(nil, strings.Join(f, "\n"), 80, 24, false, pics)
	if bytes.Contains(out, []byte("\x1bP")) {
		t.Fatalf("sixels were sent again when only the text around them changed")
	}
	_, _ = v.Write(out)
	checkPictures(t, v, graphics.Sixel, list, 80, 24)
	if got := strings.Split(v.text(), "\n")[2]; !strings.HasSuffix(got, "▄▄▄▄x") {
		t.Fatalf("the text beside the cards is %q", got)
	}
	// The third card leaves the hand.
	left := append(append([]Picture{}, list[:2]...), list[3:]...)
	out = s.paint(nil, strings.Join(f, "\n"), 80, 24, false, Pictures{Protocol: graphics.Sixel, Cell: testCell, List: left})
	if bytes.Contains(out, []byte("\x1bP")) {
		t.Fatalf("sixels were sent again when a card left")
	}
	_, _ = v.Write(out)
	checkPictures(t, v, graphics.Sixel, left, 80, 24)
	if got, want := shownAround(v, strings.Join(f, "\n"), left, graphics.Sixel, 80, 24); got != want {
		t.Fatalf("after a card left the terminal shows\n%s\nwant\n%s", got, want)
	}
}

// TestSixelsHideTheHalfBlocksUnderThem: a sixel's cells are erased before
// it is drawn, so where the image is narrower or shorter than its cells (a
// browser's cells of 7.8 pixels, told as 7) a blank shows beside it, not a
// sliver of the half blocks under it.
func TestSixelsHideTheHalfBlocksUnderThem(t *testing.T) {
	v := newTerm(t, 80, 24)
	s := &Screen{}
	list := hand(2)
	v.know(graphics.Sixel, list)
	_, _ = io.WriteString(v, screenSetup)
	_, _ = v.Write(s.paint(nil, handFrame("0:59"), 80, 24, true, Pictures{Protocol: graphics.Sixel, Cell: testCell, List: list}))
	for _, p := range list {
		for r := p.Row; r < p.Row+p.Cells.H; r++ {
			if under := strings.Join(v.cells[r][p.Col:p.Col+p.Cells.W], ""); strings.TrimSpace(under) != "" {
				t.Fatalf("under the sixel at %d,%d, row %d holds %q", p.Row, p.Col, r, under)
			}
		}
	}
	checkPictures(t, v, graphics.Sixel, list, 80, 24)
}

// TestPicturesNeverChangeAFrameWithoutThem: with no pictures, or pictures
// a terminal cannot be sent (no protocol, no cell size), a frame's bytes
// are today's.
func TestPicturesNeverChangeAFrameWithoutThem(t *testing.T) {
	for _, pics := range []Pictures{
		{List: hand(2)},
		{Protocol: graphics.Sixel, List: hand(2)},
		{Protocol: graphics.Kitty, Cell: testCell},
	} {
		plain, with := &Screen{}, &Screen{}
		for i, status := range []string{"0:59", "0:58", "0:58"} {
			a := plain.paint(nil, handFrame(status), 80, 24, i == 0, Pictures{})
			b := with.paint(nil, handFrame(status), 80, 24, i == 0, pics)
			if !bytes.Equal(a, b) {
				t.Fatalf("%+v: frame %d wrote %q, without pictures %q", pics, i, b, a)
			}
		}
	}
}

// TestSixelsAreNeverDrawnInTheLastRow: a sixel there would scroll the
// screen; the card stays in half blocks.
func TestSixelsAreNeverDrawnInTheLastRow(t *testing.T) {
	s := &Screen{}
	out := s.paint(nil, handFrame("x")+"\n\n\n\n", 80, 24, true, Pictures{Protocol: graphics.Sixel, Cell: testCell, List: hand(18)})
	if bytes.Contains(out, []byte("\x1bP")) {
		t.Fatalf("a sixel reaching the last row was drawn")
	}
}

// BenchmarkFrameWithImages: a ghost's hand of 7 cards at 120x40 as kitty
// images, sixels and half blocks alone: the first frame (the encodings
// cached server-wide, as after the first session), and the next frames
// where only the status line changes (the images stay: nothing is sent
// for them). bytes/frame is what the terminal is sent.
func BenchmarkFrameWithImages(b *testing.B) {
	c, _ := deck.Builtin().Card("V01")
	list := make([]Picture, 7)
	for i := range list {
		list[i] = Picture{Row: 24, Col: 1 + 16*i, Cells: graphics.Cells{W: 15, H: 12}, Image: c.Image}
	}
	lines := make([]string, 40)
	for i := range lines {
		lines[i] = "\x1b[38;2;200;100;50m" + strings.Repeat("▀", 110) + "\x1b[m"
	}
	frame := func(status string) string { lines[39] = status; return strings.Join(lines, "\n") }
	for _, p := range []graphics.Protocol{graphics.None, graphics.Kitty, graphics.Sixel} {
		pics := Pictures{Protocol: p, Cell: graphics.Pixels{W: 10, H: 20}, List: list}
		b.Run(p.String()+"/first", func(b *testing.B) {
			n := 0
			for b.Loop() {
				s := &Screen{}
				n = len(s.paint(nil, frame("0:59"), 120, 40, true, pics))
			}
			b.ReportMetric(float64(n), "bytes/frame")
		})
		b.Run(p.String()+"/status", func(b *testing.B) {
			s := &Screen{}
			s.paint(nil, frame("0:59"), 120, 40, true, pics)
			n, i := 0, 0
			for b.Loop() {
				i++
				n = len(s.paint(nil, frame(strconv.Itoa(i)), 120, 40, false, pics))
			}
			b.ReportMetric(float64(n), "bytes/frame")
		})
	}
}
