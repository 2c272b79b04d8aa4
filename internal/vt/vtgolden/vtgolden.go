// Package vtgolden checks the screens a test draws against goldens a
// reviewer can read: the screen's text in one file and its styles in
// another, both as internal/vt sees the drawn bytes.
//
// For a test named T, RequireEqual(t, view) compares with
// testdata/T.txt (the text, one line a row, trailing blanks removed) and
// testdata/T.style (the style layer: a legend of the styles used,
// "a fg=183 bold", then the screen as a grid of their letters, a blank
// for the terminal's default). A changed letter, or a colour changed in
// the legend, is a changed style; text and styles together hold all the
// screen shows, so a change that shows nowhere on the screen (the same
// colours written with other escape sequences) changes no golden.
//
// go test -update rewrites the goldens of the tests it runs.
package vtgolden

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/internal/vt"
)

// -update is the flag of every golden test, and a test binary has one:
// where another package defined it first (charmbracelet/x/exp/golden,
// which teatest brings, and whose import path sorts before this one, so it
// is initialised first), that one is read.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the goldens (testdata/<Test>.txt and .style) from what the tests draw")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Files are the golden files' contents for view: lines of text with SGR
// styles, as a model's View draws a screen.
func Files(view []byte) (text, style []byte) {
	lines := strings.Split(strings.TrimSuffix(string(view), "\n"), "\n")
	w := 1
	for _, l := range lines {
		w = max(w, ansi.StringWidth(l))
	}
	s := vt.New(w, len(lines))
	for i, l := range lines {
		// Each line from its row's first cell, in the default style, as
		// the renderer draws it.
		_, _ = s.Write([]byte(fmt.Sprintf("\x1b[%dH\x1b[m%s", i+1, l)))
	}
	return []byte(s.Text() + "\n"), []byte(s.Styles() + "\n")
}

// RequireEqual fails the test when view's text or styles differ from its
// goldens (or, with -update, writes them).
func RequireEqual(tb testing.TB, view []byte) {
	tb.Helper()
	text, style := Files(view)
	base := filepath.Join("testdata", tb.Name())
	for _, f := range []struct {
		ext  string
		got  []byte
		what string
	}{{".txt", text, "text"}, {".style", style, "styles"}} {
		path := base + f.ext
		if updating() {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				tb.Fatal(err)
			}
			if err := os.WriteFile(path, f.got, 0o644); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			tb.Fatalf("%v (go test -run '%s' -update writes it)", err, tb.Name())
		}
		if d := diff(string(want), string(f.got)); d != "" {
			tb.Errorf("the screen's %s differ from %s (go test -run '%s' -update rewrites it, if the change is meant):\n%s", f.what, path, tb.Name(), d)
		}
	}
}

// diff lists the lines that differ, golden (-) then drawn (+).
func diff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || (i >= len(w)) != (i >= len(g)) {
			fmt.Fprintf(&b, "line %d:\n-%s\n+%s\n", i+1, wl, gl)
		}
	}
	return b.String()
}
