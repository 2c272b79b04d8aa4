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
		for _, k := range []string{"id", "kind", "title", "alt", "tags"} {
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
