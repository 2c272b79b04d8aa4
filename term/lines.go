package term

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Liner is a model that can speak in lines instead of drawing frames: a
// screen reader's linear mode. A screen reader follows a terminal that
// grows line by line, like a chat; a frame redrawn in place (cursor
// movement, erasing, the alternate screen) reads to it as noise.
type Liner interface {
	// TakeLines returns the lines to add since the last call and forgets
	// them; linear is false while the model draws frames (its View is
	// then the frame).
	TakeLines() (lines []string, linear bool)
}

// TakeLines forwards the wrapped model's lines (the Frame wraps the
// session); a notice becomes a line of its own.
func (f *Frame) TakeLines() ([]string, bool) {
	l, ok := f.inner.(Liner)
	if !ok {
		return nil, false
	}
	lines, linear := l.TakeLines()
	if !linear {
		f.said = ""
		return nil, false
	}
	if f.notice != "" && f.notice != f.said {
		f.said = f.notice
		lines = append(lines, "⚑ "+f.notice)
	}
	return lines, true
}

// Modes of a terminal that takes lines: no alternate screen, the cursor
// shown (it is where the next line goes), bracketed paste on so that a
// paste into the chat is still one paste.
const (
	lineSetup   = ansi.SetModeBracketedPaste
	lineRestore = ansi.ResetModeBracketedPaste
)

// maxSaid bounds the lines waiting for a terminal that does not read: the
// oldest are dropped (such a terminal is hung up on soon anyway).
const maxSaid = 500

// Say adds lines to the terminal below what it shows, each on a line of its
// own, and puts the screen in line mode: it leaves the alternate screen if
// a frame was drawn, and from then on writes no cursor movement and no
// erasing, only text, carriage returns and line feeds. A later Show goes
// back to frames. Lines must not hold a line feed; a line made by Typing is
// the line the player is typing, left open (typing.go). It never blocks on the
// terminal.
func (s *Screen) Say(lines []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	start := !s.linear
	s.linear = true
	s.said = append(s.said, lines...)
	if over := len(s.said) - maxSaid; over > 0 {
		s.said = append(s.said[:0], s.said[over:]...)
	}
	if start || len(lines) > 0 {
		s.startWriterLocked()
	}
}

// enterLines is what the writer writes before the first lines: the
// alternate screen left if a frame is on it. Writer only.
func (s *Screen) enterLines() string {
	var b strings.Builder
	if s.started {
		b.WriteString(s.frameRestore())
		s.started = false
	}
	if !s.spoke {
		b.WriteString(lineSetup)
		s.spoke = true
	}
	return b.String()
}

// leaveLines is what the writer writes before going back to frames (or
// closing) after lines. Writer only.
func (s *Screen) leaveLines() string {
	if !s.spoke {
		return ""
	}
	s.spoke = false
	return s.endTyped() + lineRestore
}
