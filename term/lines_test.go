package term

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// lockedBuf is a terminal that keeps every byte it is sent.
type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// moves matches what a screen reader hears as noise: cursor movement
// (CUP, CUU..CUB, CHA), erasing (ED, EL) and the alternate screen.
var moves = regexp.MustCompile(`\x1b\[[0-9;]*[HJKABCDG]|\x1b\[\?1049[hl]|\x1b\[\?47[hl]`)

// waitIdle waits until the screen's writer has written everything.
func waitIdle(t *testing.T, s *Screen) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		idle := !s.writing
		s.mu.Unlock()
		if idle {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the screen's writer did not finish")
		}
		time.Sleep(time.Millisecond) // polling a condition, not waiting for time
	}
}

// In line mode a screen adds lines below each other: no alternate screen,
// no cursor movement, no erasing. Going to lines from a frame leaves the
// alternate screen once; a frame after lines comes back to it and is drawn
// whole; lines after that frame leave it again.
func TestScreenSaysLines(t *testing.T) {
	tests := []struct {
		name  string
		steps []func(*Screen)
		// parts are the writes expected in order; moves are allowed only in
		// those marked frame.
		want []string
	}{
		{
			name:  "lines from the start",
			steps: []func(*Screen){func(s *Screen) { s.Say([]string{"one", "two"}) }, func(s *Screen) { s.Say([]string{"three"}) }},
			want:  []string{lineSetup, "one\r\ntwo\r\n", "three\r\n"},
		},
		{
			name: "a frame, then lines, then a frame, then lines",
			steps: []func(*Screen){
				func(s *Screen) { s.Show("frame one") },
				func(s *Screen) { s.Say([]string{"a line"}) },
				func(s *Screen) { s.Show("frame one") },
				func(s *Screen) { s.Say(nil) },
				func(s *Screen) { s.Say([]string{"again"}) },
			},
			want: []string{screenSetup, "frame one", screenRestore + lineSetup + "a line\r\n",
				lineRestore + screenSetup, "frame one", screenRestore + lineSetup, "again\r\n"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := &lockedBuf{}
			s := NewScreen(out, 40, 10)
			for _, step := range tc.steps {
				step(s)
				waitIdle(t, s)
			}
			if !s.Close(10 * time.Second) {
				t.Fatal("not restored")
			}
			got := out.String()
			rest := got
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("missing %q in order; got %q", w, got)
				}
				rest = rest[i+len(w):]
			}
			// After the last lines: no escape sequence but the restore.
			if rest != lineRestore {
				t.Errorf("after the last lines %q, want %q", rest, lineRestore)
			}
		})
	}
}

// Lines only: not one cursor movement, erase or alternate screen in the
// bytes, and every line whole, in order.
func TestScreenLinesHoldNoMovement(t *testing.T) {
	out := &lockedBuf{}
	s := NewScreen(out, 20, 5)
	var want []string
	for i := range 50 {
		line := strings.Repeat("word ", i%9) + "end"
		want = append(want, line)
		s.Say([]string{line})
		if i%7 == 0 {
			s.Resize(30+i, 10) // a resize changes nothing in line mode
		}
	}
	s.Close(10 * time.Second)
	got := out.String()
	if m := moves.FindString(got); m != "" {
		t.Fatalf("line mode wrote %q", m)
	}
	text := ansi.Strip(got)
	if text != strings.Join(want, "\r\n")+"\r\n" {
		t.Fatalf("lines:\n%q", text)
	}
}
