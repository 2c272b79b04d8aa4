package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runArgs(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestDeckCheckBuiltin(t *testing.T) {
	code, out, errs := runArgs(t, "deck", "check")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "84 vision cards; 20 characters, 20 locations, 20 objects") {
		t.Fatalf("output %q lacks the counts", out)
	}
}

func TestDeckCheckRefusesBadDeck(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "deck.toml"), []byte("[[vision]]\nimage = \"missing.png\"\n"), 0o644)
	code, _, errs := runArgs(t, "deck", "check", "--deck", dir)
	if code == 0 {
		t.Fatal("bad deck accepted")
	}
	if !strings.Contains(errs, "missing.png") || !strings.Contains(errs, "not found") {
		t.Fatalf("stderr %q does not name the file and reason", errs)
	}
}

func TestDeckListJSON(t *testing.T) {
	code, out, errs := runArgs(t, "deck", "list", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var cards []map[string]any
	if err := json.Unmarshal([]byte(out), &cards); err != nil {
		t.Fatal(err)
	}
	if len(cards) != 144 {
		t.Fatalf("%d cards", len(cards))
	}
	kinds := map[any]int{}
	for _, c := range cards {
		for _, k := range []string{"id", "kind", "title", "alt", "tags", "motifs", "canvas"} {
			if _, ok := c[k]; !ok {
				t.Fatalf("card %v lacks key %q", c["id"], k)
			}
		}
		kinds[c["kind"]]++
	}
	if kinds["vision"] != 84 || kinds["character"] != 20 || kinds["location"] != 20 || kinds["object"] != 20 {
		t.Fatalf("kinds %v", kinds)
	}
}

func TestDeckShow(t *testing.T) {
	code, out, _ := runArgs(t, "deck", "show", "c05", "--size", "thumb", "--color", "plain")
	if code != 0 || !strings.HasPrefix(out, "The Cook: ") {
		t.Fatalf("exit %d, out %q", code, out)
	}
	code, out, _ = runArgs(t, "deck", "show", "--color", "256", "V01")
	if code != 0 || !strings.Contains(out, "\x1b[48;5;") || strings.Count(out, "\n") != 25 {
		t.Fatalf("exit %d, 256-colour card of %d lines", code, strings.Count(out, "\n"))
	}
	if code, _, errs := runArgs(t, "deck", "show", "V99"); code == 0 || !strings.Contains(errs, "no card") {
		t.Fatalf("unknown card: exit %d, %q", code, errs)
	}
	if code, _, _ := runArgs(t, "deck", "show", "V01", "--color", "pink"); code != 2 {
		t.Fatalf("bad --color: exit %d", code)
	}
}

func TestDeckSheet(t *testing.T) {
	code, out, errs := runArgs(t, "deck", "sheet", "--color", "plain", "--width", "100", "--kind", "object")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// 100 columns hold 5 thumbnails; 20 objects make 4 rows of 13 lines.
	if n := strings.Count(out, "\n"); n != 4*13 {
		t.Fatalf("%d lines", n)
	}
	if !strings.Contains(out, "O20 Hand Mirror") {
		t.Fatalf("labels missing:\n%s", out)
	}
}

// TestVisionDeckAcceptance reads the built-in deck as `deck list --json`
// prints it and checks what the deck promises of its visions (docs/deck.md): 84 of them on a
// 64x96 canvas, 5 motifs a card on average and 4 at least, 120 distinct
// motifs or more, none on more than 8 cards, 8 tags a card or more, and no
// two alike (the same motifs, or more than three motifs in common, or the
// same tags).
func TestVisionDeckAcceptance(t *testing.T) {
	code, out, errs := runArgs(t, "deck", "list", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var cards []struct {
		ID     string   `json:"id"`
		Kind   string   `json:"kind"`
		Tags   []string `json:"tags"`
		Motifs []string `json:"motifs"`
		Canvas [2]int   `json:"canvas"`
	}
	if err := json.Unmarshal([]byte(out), &cards); err != nil {
		t.Fatal(err)
	}
	type vision = struct {
		id     string
		tags   string
		motifs map[string]bool
	}
	var vs []vision
	uses := map[string]int{}
	total := 0
	for _, c := range cards {
		if c.Kind != "vision" {
			if c.Canvas != [2]int{32, 48} {
				t.Errorf("%s: suspect canvas %v, want [32 48]", c.ID, c.Canvas)
			}
			continue
		}
		if c.Canvas != [2]int{64, 96} {
			t.Errorf("%s: canvas %v, want [64 96]", c.ID, c.Canvas)
		}
		if len(c.Motifs) < 4 {
			t.Errorf("%s: %d motifs %v, want 4 at least", c.ID, len(c.Motifs), c.Motifs)
		}
		if len(c.Tags) < 8 {
			t.Errorf("%s: %d tags, want 8 at least", c.ID, len(c.Tags))
		}
		set := map[string]bool{}
		for _, m := range c.Motifs {
			if set[m] {
				t.Errorf("%s: motif %s listed twice", c.ID, m)
			}
			set[m] = true
			uses[m]++
		}
		total += len(c.Motifs)
		vs = append(vs, vision{c.ID, strings.Join(c.Tags, " "), set})
	}
	if len(vs) != 84 {
		t.Fatalf("%d visions, want 84", len(vs))
	}
	if avg := float64(total) / float64(len(vs)); avg < 5 {
		t.Errorf("%.2f motifs per vision on average, want 5 at least", avg)
	}
	if len(uses) < 120 {
		t.Errorf("%d distinct motifs, want 120 at least", len(uses))
	}
	for m, n := range uses {
		if n > 8 {
			t.Errorf("motif %s is on %d visions, want 8 at most", m, n)
		}
	}
	for i, a := range vs {
		for _, b := range vs[i+1:] {
			common := 0
			for m := range a.motifs {
				if b.motifs[m] {
					common++
				}
			}
			if common > 3 || a.tags == b.tags {
				t.Errorf("%s and %s are alike: %d motifs in common", a.id, b.id, common)
			}
		}
	}
}
