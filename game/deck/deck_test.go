package deck

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/golden-hashes.txt from the current art")

func TestBuiltinCounts(t *testing.T) {
	d := Builtin()
	want := map[Kind]int{Vision: 84, Character: 20, Location: 20, Object: 20}
	for k, n := range want {
		if got := len(d.Cards(k)); got != n {
			t.Errorf("%s cards: got %d, want %d", k, got, n)
		}
	}
	if got, want := d.Summary(), "84 vision cards; 20 characters, 20 locations, 20 objects"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	if err := d.checkCounts(); err != nil {
		t.Errorf("built-in deck fails its own count check: %v", err)
	}
}

func TestBuiltinIDsAreStableAndUnique(t *testing.T) {
	d := Builtin()
	seen := map[string]bool{}
	for _, k := range Kinds {
		for i, c := range d.Cards(k) {
			want := fmt.Sprintf("%s%02d", k.prefix(), i+1)
			if c.ID != want {
				t.Errorf("%s card %d has id %q, want %q", k, i, c.ID, want)
			}
			if seen[c.ID] {
				t.Errorf("id %s used twice", c.ID)
			}
			seen[c.ID] = true
			if got, ok := d.Card(c.ID); !ok || got != c {
				t.Errorf("Card(%q) does not find the card", c.ID)
			}
			if c.Kind != k {
				t.Errorf("%s: kind %q in the %s pile", c.ID, c.Kind, k)
			}
		}
	}
	if _, ok := d.Card("V85"); ok {
		t.Error("Card(V85) found a card that does not exist")
	}
}

func TestBuiltinCardsAreComplete(t *testing.T) {
	for _, c := range Builtin().All() {
		w, h := ImageWidth, ImageHeight
		if c.Kind == Vision {
			w, h = VisionWidth, VisionHeight
		}
		if c.Image == nil || c.Image.Rect != image.Rect(0, 0, w, h) {
			t.Errorf("%s: image is not %dx%d at the origin", c.ID, w, h)
			continue
		}
		if len(c.Tags) < 6 {
			t.Errorf("%s: only %d tags: %v", c.ID, len(c.Tags), c.Tags)
		}
		for _, tag := range c.Tags {
			if tag == "" || tag != strings.ToLower(tag) || strings.ContainsAny(tag, " \t") {
				t.Errorf("%s: tag %q is not one lower-case word", c.ID, tag)
			}
		}
		if (c.Kind == Vision) != (c.Title == "") {
			t.Errorf("%s: title %q (suspects have titles, visions none)", c.ID, c.Title)
		}
		sentences := strings.Count(c.Alt, ". ") + 1
		if c.Alt == "" || !strings.HasSuffix(c.Alt, ".") || sentences > 3 {
			t.Errorf("%s: alt-text should be 1-3 sentences: %q", c.ID, c.Alt)
		}
		if !hasColourTag(c) {
			t.Errorf("%s: no measured colour tag in %v", c.ID, c.Tags)
		}
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if c.Image.RGBAAt(x, y).A != 255 {
					t.Fatalf("%s: pixel (%d,%d) is not opaque", c.ID, x, y)
				}
			}
		}
	}
}

func hasColourTag(c *Card) bool {
	for _, w := range colourWords {
		if c.HasTag(w) {
			return true
		}
	}
	return false
}

func imageHash(c *Card) string {
	h := sha256.Sum256(c.Image.Pix)
	return hex.EncodeToString(h[:8])
}

func TestVisionImagesAreDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, c := range Builtin().All() {
		h := imageHash(c)
		if other, dup := seen[h]; dup {
			t.Errorf("%s and %s are the same image", c.ID, other)
		}
		seen[h] = c.ID
	}
}

// TestEverySuspectHasClues checks the ghost can always find a clue: each
// suspect shares at least two tags with at least five vision cards.
func TestEverySuspectHasClues(t *testing.T) {
	d := Builtin()
	for _, k := range []Kind{Character, Location, Object} {
		for _, s := range d.Cards(k) {
			if n := cluesFor(d, s); n < 5 {
				t.Errorf("%s %s shares 2+ tags with only %d vision cards (tags %v)", s.ID, s.Title, n, s.Tags)
			}
		}
	}
}

func cluesFor(d *Deck, s *Card) int {
	n := 0
	for _, v := range d.Cards(Vision) {
		shared := 0
		for _, t := range s.Tags {
			if v.HasTag(t) {
				shared++
			}
		}
		if shared >= 2 {
			n++
		}
	}
	return n
}

// TestGoldenHashes pins every card's pixels, tags and alt-text, so that any
// change to the art shows up as a diff in review. Run with -update after an
// intended change and look at the pictures before committing.
func TestGoldenHashes(t *testing.T) {
	var b strings.Builder
	for _, c := range Builtin().All() {
		meta := sha256.Sum256([]byte(c.Title + "\x00" + c.Alt + "\x00" + strings.Join(c.Tags, ",")))
		fmt.Fprintf(&b, "%s image=%s meta=%s\n", c.ID, imageHash(c), hex.EncodeToString(meta[:4]))
	}
	path := filepath.Join("testdata", "golden-hashes.txt")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./game/deck -run Golden -update)", err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		var diff []string
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				diff = append(diff, fmt.Sprintf("  want %q\n   got %q", w, g))
			}
		}
		sort.Strings(diff)
		t.Errorf("card art or words changed (%d lines); if intended, look at the cards and run with -update:\n%s", len(diff), strings.Join(diff, "\n"))
	}
}

func TestBuiltinIsBuiltOnce(t *testing.T) {
	if a, b := Builtin(), Builtin(); a != b {
		t.Fatal("Builtin returned two different decks")
	}
}

func BenchmarkBuiltinFirstBuild(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := newDeck("bench", buildCards()); err != nil {
			b.Fatal(err)
		}
	}
}
