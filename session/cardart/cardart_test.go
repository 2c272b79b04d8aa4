package cardart

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/mattn/go-runewidth"

	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/internal/vt/vtgolden"
)

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

func card(t testing.TB, id string) *deck.Card {
	t.Helper()
	c, ok := deck.Builtin().Card(id)
	if !ok {
		t.Fatalf("no card %s", id)
	}
	return c
}

// checkBox asserts the rendering is exactly s.H lines of s.W cells.
func checkBox(t *testing.T, out string, s Size, what string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) != s.H {
		t.Fatalf("%s: %d lines, want %d", what, len(lines), s.H)
	}
	for i, l := range lines {
		if w := runewidth.StringWidth(sgr.ReplaceAllString(l, "")); w != s.W {
			t.Fatalf("%s: line %d is %d cells wide, want %d: %q", what, i, w, s.W, l)
		}
	}
}

func TestSizesAndProfiles(t *testing.T) {
	profiles := map[string]colorprofile.Profile{"truecolor": colorprofile.TrueColor, "256": colorprofile.ANSI256, "16": colorprofile.ANSI, "plain": Plain}
	for _, id := range []string{"V01", "C05", "L07", "O12"} {
		for pname, p := range profiles {
			for _, s := range []Size{Thumb, Card, Zoom, Fit(50, 30), Fit(7, 100)} {
				out := Render(card(t, id), s, p)
				checkBox(t, out, s, fmt.Sprintf("%s %s %v", id, pname, s))
				if p == Plain && strings.Contains(out, "\x1b") {
					t.Fatalf("plain rendering contains an escape: %q", out)
				}
				if p != Plain && !strings.HasSuffix(out, "\x1b[0m") {
					t.Fatalf("%s %s: does not end with a reset", id, pname)
				}
			}
		}
	}
}

func TestColourCodesPerProfile(t *testing.T) {
	c := card(t, "V01")
	cases := []struct {
		p          colorprofile.Profile
		want, deny *regexp.Regexp
	}{
		{colorprofile.TrueColor, regexp.MustCompile(`\x1b\[48;2;\d+;\d+;\d+`), regexp.MustCompile(`[34]8;5;`)},
		{colorprofile.ANSI256, regexp.MustCompile(`\x1b\[48;5;\d+`), regexp.MustCompile(`[34]8;2;`)},
		{colorprofile.ANSI, regexp.MustCompile(`\x1b\[(4[0-7]|10[0-7])[;m]`), regexp.MustCompile(`[34]8;[25];`)},
	}
	for _, tc := range cases {
		out := Render(c, Card, tc.p)
		if !tc.want.MatchString(out) || tc.deny.MatchString(out) {
			t.Errorf("profile %v: wrong colour codes in %q", tc.p, out[:min(200, len(out))])
		}
	}
}

func TestFit(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		want Size
	}{
		{64, 48, Size{64, 48}}, {32, 24, Size{32, 24}}, {200, 24, Size{32, 24}}, {40, 200, Size{40, 30}}, {1, 1, Size{4, 3}},
	} {
		if got := Fit(tc.w, tc.h); got != tc.want {
			t.Errorf("Fit(%d,%d) = %v, want %v", tc.w, tc.h, got, tc.want)
		}
	}
}

// TestBuiltinArtIsExactIn256 checks that the built-in palettes sit on the
// xterm cube: at card size, 256-colour output shows the very same colours
// as truecolor (most OpenSSH clients are detected as 256 colours).
func TestBuiltinArtIsExactIn256(t *testing.T) {
	for _, c := range deck.Builtin().All() {
		for i := 0; i < len(c.Image.Pix); i += 4 {
			px := rgb{c.Image.Pix[i], c.Image.Pix[i+1], c.Image.Pix[i+2]}
			if back := xterm(ansi256(px)); back != px {
				t.Fatalf("%s: colour %v is not on the 256-colour palette (nearest %v)", c.ID, px, back)
			}
		}
	}
}

// xterm is the colour an xterm-256 index shows (cube and grey ramp).
func xterm(n int) rgb {
	if n >= 232 {
		v := uint8(8 + 10*(n-232))
		return rgb{v, v, v}
	}
	n -= 16
	return rgb{uint8(cubeLevels[n/36]), uint8(cubeLevels[n/6%6]), uint8(cubeLevels[n%6])}
}

func TestThumbnailIsBoxFiltered(t *testing.T) {
	for _, id := range []string{"V05", "C06"} {
		c := card(t, id)
		px := resample(c.Image, 16, 24)
		// each thumbnail pixel is the mean of a k x k block: 4x4 of a 64x96
		// vision, 2x2 of a 32x48 suspect
		k := c.Image.Rect.Dx() / 16
		for y := 0; y < 24; y++ {
			for x := 0; x < 16; x++ {
				var r int
				for dy := 0; dy < k; dy++ {
					for dx := 0; dx < k; dx++ {
						r += int(c.Image.RGBAAt(k*x+dx, k*y+dy).R)
					}
				}
				if want := uint8((r + k*k/2) / (k * k)); px[y*16+x].r != want && px[y*16+x].r+1 != want && px[y*16+x].r != want+1 {
					t.Fatalf("%s: pixel %d,%d red = %d, want %d", id, x, y, px[y*16+x].r, want)
				}
			}
		}
	}
}

func TestPlainWrapsAltText(t *testing.T) {
	c := card(t, "C06")
	out := Render(c, Card, Plain)
	if !strings.HasPrefix(out, "The Governess: ") || !strings.Contains(strings.Join(strings.Fields(out), " "), c.Alt) {
		t.Fatalf("plain card lacks title or alt-text:\n%s", out)
	}
	small := Render(c, Size{10, 3}, Plain)
	checkBox(t, small, Size{10, 3}, "tiny plain")
	if !strings.Contains(small, "…") {
		t.Fatalf("overflowing plain text is not marked as cut: %q", small)
	}
}

// Players of one table may read different languages: the Plain profile's
// words are cached per language, the pictures once for all.
func TestPlainSpeaksThePlayersLanguage(t *testing.T) {
	c := card(t, "C05")
	for _, tc := range []struct {
		lang   i18n.Lang
		prefix string
	}{
		{i18n.English, "The Cook: A moustached cook"},
		{i18n.French, "Le Cuisinier: Un cuisinier moustachu"},
		{i18n.English, "The Cook: A moustached cook"}, // the French did not take the English's place
	} {
		out := RenderIn(c, Card, Plain, tc.lang)
		checkBox(t, out, Card, tc.lang.String())
		if got := strings.Join(strings.Fields(out), " "); !strings.HasPrefix(got, tc.prefix) {
			t.Errorf("%v: plain card reads %q, want it to start %q", tc.lang, got, tc.prefix)
		}
	}
	if RenderIn(c, Thumb, colorprofile.ANSI256, i18n.French) != Render(c, Thumb, colorprofile.ANSI256) {
		t.Error("the picture differs between languages")
	}
	if _, ok := cache.Load(key{c, Thumb, colorprofile.ANSI256, i18n.French}); ok {
		t.Error("a picture was cached once per language")
	}
}

func TestCacheReturnsSameString(t *testing.T) {
	c := card(t, "V10")
	var wg sync.WaitGroup
	outs := make([]string, 64)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = Render(c, Thumb, colorprofile.ANSI256)
		}()
	}
	wg.Wait()
	for _, o := range outs {
		if o != outs[0] {
			t.Fatal("concurrent renders of one key differ")
		}
	}
	if v, ok := cache.Load(key{c, Thumb, colorprofile.ANSI256, i18n.English}); !ok || v.(string) != outs[0] {
		t.Fatal("render was not cached")
	}
}

func TestOddSizesAreBounded(t *testing.T) {
	c := card(t, "V11")
	for i := 0; i < maxOdd+10; i++ {
		Render(c, Size{4 + i%300, 3 + i/300}, Plain)
	}
	n := 0
	cache.Range(func(k, _ any) bool {
		if !standard(k.(key).s) {
			n++
		}
		return true
	})
	if n > maxOdd {
		t.Fatalf("%d fitted sizes cached, limit %d", n, maxOdd)
	}
}

// TestGolden pins what each colour profile draws for one thumbnail and one
// card, so any change to the renderer shows up in review: the text and the
// styles as a reviewer reads them (testdata/TestGolden/NAME.txt and
// NAME.style, see internal/vt/vtgolden), and the exact bytes by their
// length and SHA-256 (testdata/bytes.sum), so that the same picture written
// with other escape sequences, which changes what goes on the wire, shows
// too. go test ./session/cardart -update rewrites them.
func TestGolden(t *testing.T) {
	c := card(t, "V01")
	s := card(t, "C06")
	cases := []struct{ name, got string }{
		{"v01-thumb-truecolor", Render(c, Thumb, colorprofile.TrueColor)},
		{"v01-thumb-256", Render(c, Thumb, colorprofile.ANSI256)},
		{"v01-thumb-16", Render(c, Thumb, colorprofile.ANSI)},
		{"v01-thumb-plain", Render(c, Thumb, Plain)},
		{"c06-card-256", Render(s, Card, colorprofile.ANSI256)},
		{"c06-card-plain", Render(s, Card, Plain)},
	}
	var sums strings.Builder
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { vtgolden.RequireEqual(t, []byte(tc.got)) })
		fmt.Fprintf(&sums, "%s %d %x\n", tc.name, len(tc.got), sha256.Sum256([]byte(tc.got)))
	}
	path := filepath.Join("testdata", "bytes.sum")
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		if err := os.WriteFile(path, []byte(sums.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./session/cardart -update writes it)", err)
	}
	if got := sums.String(); got != string(want) {
		t.Errorf("the drawn bytes differ from %s (the same screen written otherwise, or a change the goldens show too); if meant, run go test ./session/cardart -update and look at the goldens:\n got: %s\nwant: %s", path, got, want)
	}
}

func BenchmarkHandOfSevenThumbsCached(b *testing.B) {
	vs := deck.Builtin().Cards(deck.Vision)[:7]
	for _, c := range vs {
		Render(c, Thumb, colorprofile.ANSI256)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n := 0
		for _, c := range vs {
			n += len(Render(c, Thumb, colorprofile.ANSI256))
		}
		if n == 0 {
			b.Fatal("empty")
		}
	}
}

func BenchmarkFirstRenderCard(b *testing.B) {
	c := deck.Builtin().Cards(deck.Vision)[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = render(c, Card, colorprofile.ANSI256, i18n.English)
	}
}

func BenchmarkFirstRenderCardTrueColor(b *testing.B) {
	c := deck.Builtin().Cards(deck.Vision)[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = render(c, Card, colorprofile.TrueColor, i18n.English)
	}
}

func BenchmarkFirstRenderCard16(b *testing.B) {
	c := deck.Builtin().Cards(deck.Vision)[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = render(c, Card, colorprofile.ANSI, i18n.English)
	}
}

// TestManySessionsShareTheCache has a crowd of sessions draw hands and
// zooms at once, as a busy server would; run with -race.
func TestManySessionsShareTheCache(t *testing.T) {
	cards := deck.Builtin().All()
	profiles := []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, Plain}
	var wg sync.WaitGroup
	for s := 0; s < 200; s++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := profiles[s%len(profiles)]
			for i := 0; i < 7; i++ {
				c := cards[(s*7+i)%len(cards)]
				for _, size := range []Size{Thumb, Card, Fit(40+s%5, 30)} {
					out := Render(c, size, p)
					if strings.Count(out, "\n") != size.H-1 {
						t.Errorf("%s at %v: %d lines", c.ID, size, strings.Count(out, "\n")+1)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkFirstRenderVisionZoom is the first (uncached) draw of a vision
// at the zoom size, the largest standard size, for a 256-colour terminal.
func BenchmarkFirstRenderVisionZoom(b *testing.B) {
	c := deck.Builtin().Cards(deck.Vision)[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = render(c, Zoom, colorprofile.ANSI256, i18n.English)
	}
}

// BenchmarkFirstRenderVisionThumb is the first draw of a vision as a
// thumbnail, which box-filters the whole picture down to 16x24.
func BenchmarkFirstRenderVisionThumb(b *testing.B) {
	c := deck.Builtin().Cards(deck.Vision)[0]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = render(c, Thumb, colorprofile.ANSI256, i18n.English)
	}
}

// TestSixteenColoursKeepTheMood checks every built-in card at card size: a
// hue family (pink and magenta, teal and cyan, ...) that covers at least a
// third of the 256-colour picture still covers at least half as much of the
// 16-colour one. Nearest-colour matching alone fails it: rose-pink skies,
// teal corridors and frosty walls turn grey.
func TestSixteenColoursKeepTheMood(t *testing.T) {
	familyName := [families]string{"grey", "red", "orange", "yellow", "green", "cyan", "blue", "magenta"}
	for _, c := range deck.Builtin().All() {
		px := resample(c.Image, Card.W, Card.H*2)
		var before, after [families]int
		for _, p := range px {
			before[hueFamily(p)]++
		}
		snapTo16(px, moodOf(c.Image))
		for _, p := range px {
			after[family16[index16(p)]]++
		}
		for f := red; f < families; f++ {
			if f != orange && before[f]*3 >= len(px) && after[f]*2 < before[f] {
				t.Errorf("%s: %d of %d pixels are %s in 256 colours, only %d in 16", c.ID, before[f], len(px), familyName[f], after[f])
			}
		}
	}
}
