package vt

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.txt and *.style from the recorded streams")

// testdata/seats.raw is what a real server sent to a real OpenSSH client
// in an 80x24 tmux pane (recorded with tmux's pipe-pane): the lobby, the
// form of a new table, the seat picker, alice sitting as the ghost, and a
// chat line with wide runes and a combining accent. testdata/seats.tmux is
// what tmux shows when those bytes are played into an 80x24 pane
// (capture-pane -p -e -N, the same screen as the live client's). The
// emulator must see the
// same screen as tmux, text and styles, and the readable goldens
// (seats.txt, seats.style) hold it.
func TestARealServersFrameAsTmuxShowsIt(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "seats.raw"))
	if err != nil {
		t.Fatal(err)
	}
	capture, err := os.ReadFile(filepath.Join("testdata", "seats.tmux"))
	if err != nil {
		t.Fatal(err)
	}
	s := New(80, 24)
	_, _ = s.Write(raw)
	tm := Pane(80, 24, string(capture))
	if got, want := s.Text(), tm.Text(); got != want {
		t.Errorf("text differs from tmux's:\n%s\ntmux:\n%s", got, want)
	}
	if got, want := s.Styles(), tm.Styles(); got != want {
		t.Errorf("styles differ from tmux's:\n%s\ntmux:\n%s", got, want)
	}
	if !strings.Contains(s.Text(), "alice: bonsoir 日本 e\u0301 ok") {
		t.Errorf("the chat line with wide runes is not on the screen:\n%s", s.Text())
	}
	for _, g := range []struct{ file, got string }{{"seats.txt", s.Text() + "\n"}, {"seats.style", s.Styles() + "\n"}} {
		path := filepath.Join("testdata", g.file)
		if *update {
			if err := os.WriteFile(path, []byte(g.got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./internal/vt -update writes it)", err)
		}
		if g.got != string(want) {
			t.Errorf("%s changed (go test ./internal/vt -update rewrites it):\n%s", path, g.got)
		}
	}
}
