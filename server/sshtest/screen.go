// Package sshtest drives the server over real SSH connections in tests: a
// client built on golang.org/x/crypto/ssh (a key or keyboard-interactive
// guest, with or without a pty) and a Screen that collects every byte the
// server sends and lets a test wait until the output shows some text.
//
// Waiting is on a condition with a timeout, never a sleep: Screen signals each
// write, and WaitFor re-checks only then.
package sshtest

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Screen is an io.Writer that keeps everything written to it. Text is the
// output with escape sequences removed; Bubble Tea redraws a changed line as
// a whole, so text drawn on one line appears contiguous in it.
type Screen struct {
	mu      sync.Mutex
	raw     bytes.Buffer
	changed chan struct{} // closed and replaced on every write
	mark    int           // raw offset after which WaitFor looks
	closed  bool
	// reply, when set, answers the terminal queries a client emulator would
	// (background colour, device attributes), so a session does not wait a
	// second for answers that never come.
	reply io.Writer
	seen  int // raw offset up to which queries were answered
	// graphics is what the terminal says it draws ("kitty", "sixel", ""),
	// set before the session starts.
	graphics string
}

// NewScreen returns an empty screen.
func NewScreen() *Screen { return &Screen{changed: make(chan struct{})} }

// Write implements io.Writer.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	s.raw.Write(p)
	ch := s.changed
	s.changed = make(chan struct{})
	reply := s.reply
	var answers []string
	if reply != nil {
		answers = s.queriesLocked()
	}
	s.mu.Unlock()
	close(ch)
	for _, a := range answers {
		_, _ = io.WriteString(reply, a)
	}
	return len(p), nil
}

// queriesLocked finds terminal queries not answered yet and returns the
// answers a dark-background xterm would give (with s.graphics, one that
// draws images: kitty's OK to its query, sixel in the device attributes,
// its cell and window sizes in pixels).
func (s *Screen) queriesLocked() []string {
	da := "\x1b[?62;22c"
	if s.graphics == "sixel" || s.graphics == "xterm" {
		da = "\x1b[?62;4;22c"
	}
	if s.graphics == "mute" {
		da = "" // a terminal that answers no query but the background's
	}
	queries := [][2]string{
		{"\x1b]11;?\a", "\x1b]11;rgb:0000/0000/0000\a"},
		{"\x1b[c", da},
	}
	if s.graphics != "" && s.graphics != "mute" {
		kitty := ""
		if s.graphics == "kitty" {
			kitty = "\x1b_Gi=31;OK\x1b\\"
		}
		queries = append(queries, [2]string{"\x1b_Gi=31,", kitty})
		if s.graphics != "xterm" { // xterm keeps its window operations off
			queries = append(queries, [2]string{"\x1b[16t", "\x1b[6;20;10t"}, [2]string{"\x1b[14t", "\x1b[4;480;800t"})
		}
	}
	// s.seen is where the scan resumes: after the last query answered, or
	// early enough to find a query cut by the end of the last write.
	b := s.raw.Bytes()
	start := min(s.seen, len(b))
	var out []string
	rest := b[start:]
	for {
		first, at := -1, len(rest)
		for i, q := range queries {
			if j := bytes.Index(rest, []byte(q[0])); j >= 0 && j < at {
				first, at = i, j
			}
		}
		if first < 0 {
			s.seen = max(s.seen, len(b)-15) // every query is shorter than 16 bytes
			return out
		}
		if a := queries[first][1]; a != "" {
			out = append(out, a)
		}
		rest = rest[at+len(queries[first][0]):]
		s.seen = len(b) - len(rest)
	}
}

// answer makes the screen answer terminal queries by writing to w (the
// session's stdin).
func (s *Screen) answer(w io.Writer) {
	s.mu.Lock()
	s.reply = w
	s.mu.Unlock()
}

// close wakes every waiter for good: no more output will come.
func (s *Screen) close() {
	s.mu.Lock()
	if !s.closed {
		s.closed = true
		close(s.changed)
	}
	s.mu.Unlock()
}

// Raw returns a copy of every byte received so far.
func (s *Screen) Raw() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return bytes.Clone(s.raw.Bytes())
}

// Text returns everything received so far without escape sequences.
func (s *Screen) Text() string { return ansi.Strip(string(s.Raw())) }

// Mark makes later waits look only at output received from now on, so a
// test can wait for text that is already somewhere in the history.
func (s *Screen) Mark() {
	s.mu.Lock()
	s.mark = s.raw.Len()
	s.mu.Unlock()
}

// Since returns the text received after the last Mark.
func (s *Screen) Since() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.Strip(string(s.raw.Bytes()[s.mark:]))
}

// ErrTimeout is returned (wrapped) by WaitFor when the text never came.
var ErrTimeout = fmt.Errorf("sshtest: timed out")

// WaitFor blocks until the text after the last Mark contains want, or until
// timeout. The error shows the tail of what was received.
func (s *Screen) WaitFor(want string, timeout time.Duration) error {
	return s.WaitUntil(func(text string) bool { return strings.Contains(text, want) }, fmt.Sprintf("%q", want), timeout)
}

// WaitUntil blocks until ok(text after the last Mark) is true, or timeout;
// what describes the condition in the error.
func (s *Screen) WaitUntil(ok func(text string) bool, what string, timeout time.Duration) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		text := ansi.Strip(string(s.raw.Bytes()[s.mark:]))
		ch, closed := s.changed, s.closed
		s.mu.Unlock()
		if ok(text) {
			return nil
		}
		if closed {
			return fmt.Errorf("sshtest: output ended before %s; last output:\n%s", what, tail(text, 1500))
		}
		select {
		case <-ch:
		case <-deadline.C:
			return fmt.Errorf("%w after %s waiting for %s; last output:\n%s", ErrTimeout, timeout, what, tail(text, 1500))
		}
	}
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}
