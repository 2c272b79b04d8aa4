package server

import (
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// screen draws a session's frames on its terminal. It replaces Bubble Tea
// v1's standard renderer (the program runs with tea.WithoutRenderer), for
// three reasons measured or seen on this server:
//
//   - The standard renderer wakes 60 times a second per session, whether or
//     not anything changed: at 1,000 sessions that was a fifth of the
//     server's CPU, and a quarter of a core with every table idle. A screen
//     sleeps until there is a new frame.
//   - A frame waited for the next tick, up to 16 ms, before it was written.
//     A screen writes a frame as soon as it is drawn; only frames that come
//     faster than minFrameGap are merged (the latest wins).
//   - The standard renderer writes from inside the program's event loop, so a
//     client that stops reading blocks its program: it no longer takes the
//     table's updates, an admin's kick or the server's Quit. A screen writes
//     from its own goroutine; the program never waits on the network.
//
// Like the standard renderer it uses the alternate screen, hides the cursor,
// turns bracketed paste on, and rewrites only the lines that changed.
type screen struct {
	out  io.Writer
	wake chan struct{} // capacity 1: "there is something to write"
	done chan struct{} // closed when the writer goroutine has finished

	mu      sync.Mutex
	frame   string // the newest frame, not yet written
	fresh   bool   // frame is newer than what the writer last took
	w, h    int
	resized bool // the next frame repaints everything
	closing bool

	// Owned by the writer goroutine.
	lines []string // the lines of the frame the terminal shows, as the model drew them
	buf   []byte   // the bytes of the frame being written, reused
}

// minFrameGap is the shortest time between two frames written to one
// terminal. A burst of updates (a reveal, seven moves by bots) is drawn
// as its last frame rather than as every frame in between.
const minFrameGap = time.Second / 60

// screenCloseWait is how long the end of a session waits for its terminal
// to take the last frame and the restored modes.
const screenCloseWait = 2 * time.Second

// Terminal modes a screen sets up and restores.
const (
	screenSetup   = ansi.SetModeAltScreenSaveCursor + ansi.EraseEntireScreen + ansi.CursorHomePosition + ansi.HideCursor + ansi.SetModeBracketedPaste
	screenRestore = ansi.ResetModeBracketedPaste + ansi.ShowCursor + ansi.ResetModeAltScreenSaveCursor
)

// newScreen starts a screen of w×h cells writing to out.
func newScreen(out io.Writer, w, h int) *screen {
	s := &screen{out: out, wake: make(chan struct{}, 1), done: make(chan struct{}), w: w, h: h}
	go s.run()
	return s
}

// show makes frame the next one to draw. It never blocks on the terminal.
func (s *screen) show(frame string) {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return
	}
	s.frame, s.fresh = frame, true
	s.mu.Unlock()
	s.poke()
}

// resize notes the terminal's new size: the next frame is drawn whole.
func (s *screen) resize(w, h int) {
	s.mu.Lock()
	s.w, s.h, s.resized = w, h, true
	s.mu.Unlock()
}

// close writes the last frame still pending, restores the terminal (leaves
// the alternate screen, shows the cursor) and stops the writer. It waits at
// most wait for a terminal that does not read; it reports whether the
// terminal was restored.
func (s *screen) close(wait time.Duration) bool {
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	s.poke()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-s.done:
		return true
	case <-t.C:
		return false
	}
}

func (s *screen) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// run is the writer goroutine: it sleeps until woken, then writes the newest
// frame. A write error (the connection is gone) ends it.
func (s *screen) run() {
	defer close(s.done)
	if _, err := io.WriteString(s.out, screenSetup); err != nil {
		return
	}
	var last time.Time
	for range s.wake {
		if gap := time.Since(last); gap < minFrameGap {
			time.Sleep(minFrameGap - gap) // merge a burst: the latest frame wins
		}
		s.mu.Lock()
		frame, fresh := s.frame, s.fresh
		w, h, resized, closing := s.w, s.h, s.resized, s.closing
		s.fresh, s.resized = false, false
		s.mu.Unlock()

		if fresh || resized {
			if p := s.paint(frame, w, h, resized); len(p) > 0 {
				if _, err := s.out.Write(p); err != nil {
					return
				}
				last = time.Now()
			}
		}
		if closing {
			_, _ = io.WriteString(s.out, screenRestore)
			return
		}
	}
}

// paint returns what turns the terminal's current lines into frame's: the
// cursor goes home, skips unchanged lines with a line feed each, and writes
// each changed line whole; the rest of the screen is cleared if the frame has
// fewer lines than before. After a resize the screen is cleared and every
// line drawn. These are the bytes Bubble Tea's renderer writes for the same
// frame, less its line feeds after the last changed line.
//
// As in Bubble Tea's renderer, a frame taller than the terminal keeps its
// last h lines and a line wider than the terminal is cut at w cells.
func (s *screen) paint(frame string, w, h int, full bool) []byte {
	lines := strings.Split(frame, "\n")
	if h > 0 && len(lines) > h {
		lines = lines[len(lines)-h:]
	}
	b := append(s.buf[:0], ansi.CursorHomePosition...)
	if full {
		b = append(b, ansi.EraseEntireScreen...)
		s.lines = s.lines[:0]
	}
	row := 0 // the cursor's row; it is at the start of row 0 or at the end of a written row
	wrote := false
	for i, line := range lines {
		// Lines are compared as drawn by the model, before any cut: the
		// width only changes with a resize, which repaints everything, and
		// a line that did not change is not measured again.
		if i < len(s.lines) && s.lines[i] == line {
			continue
		}
		if i < len(s.lines) {
			s.lines[i] = line
		} else {
			s.lines = append(s.lines, line)
		}
		width := ansi.StringWidth(line)
		if w > 0 && width > w {
			line, width = ansi.Truncate(line, w, ""), w
		}
		if wrote {
			b = append(b, '\r')
		}
		for ; row < i; row++ {
			b = append(b, '\n')
		}
		b = append(b, line...)
		wrote = true
		// At the right margin the cursor waits to wrap, and erasing there
		// would take the last cell: a full line needs no erase.
		if w <= 0 || width < w {
			b = append(b, ansi.EraseLineRight...)
		}
	}
	shorter := len(lines) < len(s.lines)
	if !wrote && !full && !shorter {
		return nil // the same frame again: nothing to write
	}
	if shorter {
		b = append(b, "\x1b["...)
		b = strconv.AppendInt(b, int64(len(lines)+1), 10)
		b = append(b, ";1H"...)
		b = append(b, ansi.EraseScreenBelow...)
		s.lines = s.lines[:len(lines)]
	}
	s.buf = b
	return b
}

// onScreen wraps a program's model so that every frame it draws goes to a
// screen. Bubble Tea calls View after each message; with tea.WithoutRenderer
// it throws the string away, so View hands it to the screen and returns it.
type onScreen struct {
	tea.Model
	s *screen
}

func (m onScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		m.s.resize(ws.Width, ws.Height)
	}
	var cmd tea.Cmd
	m.Model, cmd = m.Model.Update(msg)
	return m, cmd
}

func (m onScreen) View() string {
	v := m.Model.View()
	m.s.show(v)
	return v
}
