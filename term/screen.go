package term

import (
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// Screen draws a session's frames on its terminal. It replaces Bubble Tea
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
type Screen struct {
	out  io.Writer
	done chan struct{} // closed when the screen is finished: restored, or its terminal lost

	mu       sync.Mutex
	frame    string   // the newest frame, not yet written
	pictures Pictures // the images drawn over frame
	fresh    bool     // frame is newer than what the writer last took
	w, h     int
	resized  bool // the next frame repaints everything
	closing  bool
	writing  bool   // a writer goroutine is running (or the screen is finished)
	restored bool   // the terminal got screenRestore; read after done
	signals  string // out-of-band sequences (Signal) to write before the next frame
	taps     bool   // the terminal reports clicks (ReportTaps)
	// linear is set while the model speaks in lines (Say) instead of
	// frames: a screen reader's linear mode (lines.go).
	linear bool
	said   []string // lines given to Say, not yet written

	// Owned by the one writer goroutine running at a time (handed from one
	// to the next under mu).
	started bool      // screenSetup is written: the terminal is in the alternate screen
	spoke   bool      // lineSetup is written: the terminal takes lines
	typed   string    // the open line being typed, as the terminal shows it (typing.go); "" when none is open
	last    time.Time // when the last frame was written
	lines   []string  // the lines of the frame the terminal shows, as the model drew them: pieces of the newest frame written, never of an older one
	pics    pictured  // the images the terminal shows over the lines (pictures.go)
}

// minFrameGap is the shortest time between two frames written to one
// terminal. A burst of updates (a reveal, seven moves by bots) is drawn
// as its last frame rather than as every frame in between.
const minFrameGap = time.Second / 60

// CloseWait is how long the end of a session should wait (Close) for its
// terminal to take the last frame and the restored modes.
const CloseWait = 2 * time.Second

// Terminal modes a screen sets up and restores.
const (
	screenSetup   = ansi.SetModeAltScreenSaveCursor + ansi.EraseEntireScreen + ansi.CursorHomePosition + ansi.HideCursor + ansi.SetModeBracketedPaste
	screenRestore = ansi.ResetModeBracketedPaste + ansi.ShowCursor + ansi.ResetModeAltScreenSaveCursor
	// Clicks reported as SGR sequences (ESC [ < b ; x ; y M): presses and
	// releases only, no motion, and no 223-column limit.
	tapsOn  = ansi.SetModeMouseNormal + ansi.SetModeMouseExtSgr
	tapsOff = ansi.ResetModeMouseExtSgr + ansi.ResetModeMouseNormal
)

// paintBufs holds the buffers frames are assembled in, shared by all
// screens: a session writes a frame now and then, so a buffer of its own
// would sit idle (at 1,000 sessions, 6 MB of them).
var paintBufs = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBuf is the largest buffer given back to paintBufs; a rare huge
// frame (a 250-column terminal) is left to the collector.
const maxPooledBuf = 64 << 10

// NewScreen returns a screen of w×h cells writing to out. Nothing is written
// until the first frame.
func NewScreen(out io.Writer, w, h int) *Screen {
	return &Screen{out: out, done: make(chan struct{}), w: w, h: h}
}

// Show makes frame the next one to draw. It never blocks on the terminal.
func (s *Screen) Show(frame string) { s.ShowPictures(frame, Pictures{}) }

// ShowPictures makes frame, with pics drawn over it as images, the next
// one to draw. It never blocks on the terminal; the images are encoded (or
// taken from the server-wide cache) by the writer.
func (s *Screen) ShowPictures(frame string, pics Pictures) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	s.frame, s.pictures, s.fresh = frame, pics, true
	s.linear = false
	s.startWriterLocked()
}

// ReportTaps makes the terminal report clicks and taps (mouse reports),
// from the first frame until the screen is restored. Call it before the
// first Show. Only a browser's screen asks for them: in an SSH client's
// terminal, mouse reporting would take the mouse away from selecting and
// copying text (a reclaim code, an invitation), and OpenSSH users have
// every key anyway.
func (s *Screen) ReportTaps() {
	s.mu.Lock()
	s.taps = true
	s.mu.Unlock()
}

// Resize notes the terminal's new size: the next frame is drawn whole.
func (s *Screen) Resize(w, h int) {
	s.mu.Lock()
	s.w, s.h, s.resized = w, h, true
	s.mu.Unlock()
}

// Close writes the last frame still pending, restores the terminal (leaves
// the alternate screen, shows the cursor) and finishes the screen. It waits
// at most wait for a terminal that does not read; it reports whether the
// terminal was restored.
func (s *Screen) Close(wait time.Duration) bool {
	s.mu.Lock()
	s.closing = true
	s.startWriterLocked()
	s.mu.Unlock()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-s.done:
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.restored
	case <-t.C:
		return false
	}
}

// startWriterLocked starts a writer unless one is running. A writer lives
// only while there is something to write, so an idle session costs no
// goroutine (at 1,000 sessions a goroutine each was 6 MB of stacks and
// work for the collector).
func (s *Screen) startWriterLocked() {
	if !s.writing {
		s.writing = true
		go s.write()
	}
}

// write is the writer goroutine: it writes the newest frame (or the lines
// said) until there is nothing left, then ends. A write error (the
// connection is gone) finishes the screen.
func (s *Screen) write() {
	for {
		s.mu.Lock()
		linear := s.linear
		s.mu.Unlock()
		if !linear && !s.started {
			// Before taking a frame: if the terminal is slow to take this,
			// the frame taken after it is the newest.
			if !s.writeString(s.leaveLines() + s.frameSetup()) {
				return
			}
			s.started = true
			s.lines = s.lines[:0] // the first frame is drawn whole
		}
		if !linear {
			if gap := time.Since(s.last); gap < minFrameGap {
				time.Sleep(minFrameGap - gap) // merge a burst: the latest frame wins
			}
		}
		s.mu.Lock()
		frame, pics, fresh := s.frame, s.pictures, s.fresh
		w, h, resized, closing := s.w, s.h, s.resized, s.closing
		signals, said := s.signals, s.said
		linear = s.linear
		s.fresh, s.resized, s.signals, s.said = false, false, "", nil
		if !fresh && !resized && !closing && signals == "" && len(said) == 0 && linear == s.spoke {
			s.writing = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()

		if signals != "" && !s.writeString(signals) {
			return
		}
		if linear {
			if !s.writeString(s.enterLines() + s.joinLines(said)) {
				return
			}
		} else if (fresh || resized) && s.started {
			bp := paintBufs.Get().(*[]byte)
			p := s.paint((*bp)[:0], frame, w, h, resized, pics)
			var err error
			if len(p) > 0 {
				_, err = s.out.Write(p)
			}
			if cap(p) <= maxPooledBuf {
				*bp = p[:0]
				paintBufs.Put(bp)
			}
			if err != nil {
				s.finish(false)
				return
			}
			if len(p) > 0 {
				s.last = time.Now()
			}
		}
		if closing {
			restore := s.leaveLines()
			if s.started {
				restore += s.frameRestore()
			}
			_, err := io.WriteString(s.out, restore)
			s.finish(err == nil)
			return
		}
	}
}

// frameSetup and frameRestore are the modes of frames drawn in the
// alternate screen, with the taps' reports when they are asked for.
func (s *Screen) frameSetup() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taps {
		return screenSetup + tapsOn
	}
	return screenSetup
}

func (s *Screen) frameRestore() string {
	gone := s.pics.forget() // the alternate screen's images go with it
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.taps {
		return gone + tapsOff + screenRestore
	}
	return gone + screenRestore
}

// writeString writes seq, and finishes the screen when the terminal is gone.
func (s *Screen) writeString(seq string) bool {
	if seq == "" {
		return true
	}
	if _, err := io.WriteString(s.out, seq); err != nil {
		s.finish(false)
		return false
	}
	return true
}

// finish marks the screen done; writing stays set, so no writer starts again.
func (s *Screen) finish(restored bool) {
	s.mu.Lock()
	s.restored = restored
	s.mu.Unlock()
	close(s.done)
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
func (s *Screen) paint(dst []byte, frame string, w, h int, full bool, pics Pictures) []byte {
	lines := strings.Split(frame, "\n")
	cut := 0
	if h > 0 && len(lines) > h {
		cut = len(lines) - h
		lines = lines[cut:]
	}
	next := want(pics, cut, len(lines), w, h)
	if len(s.pics.sent) > maxSent {
		// Too many images kept in the terminal: they are all deleted and
		// what this frame shows is sent again.
		full = true
	}
	b := append(dst, ansi.CursorHomePosition...)
	if full {
		b = append(b, s.pics.forget()...)
		b = append(b, ansi.EraseEntireScreen...)
		s.lines = s.lines[:0]
	}
	// Images that leave are taken off before anything is drawn; the rows
	// of a sixel that left are written again, whether they changed or not.
	var forced map[int]bool
	gone, keep := s.pics.diff(next)
	newPics := len(gone) > 0
	for _, k := range keep {
		newPics = newPics || !k
	}
	if len(gone) > 0 {
		forced = make(map[int]bool)
		b = erase(b, gone, forced)
		b = append(b, ansi.CursorHomePosition...)
	}
	// Text is not written over the sixels that stay, and is written blank
	// under kitty placements (their margin is transparent): the rows of a
	// new placement are written again, blanked, before it is placed.
	var over []placed
	for i, p := range next {
		switch {
		case p.img.Protocol == graphics.Kitty:
			over = append(over, p)
			if !keep[i] {
				if forced == nil {
					forced = make(map[int]bool)
				}
				for r := p.row; r < p.row+p.img.Cells.H; r++ {
					forced[r] = true
				}
			}
		case keep[i]:
			over = append(over, p)
		}
	}
	row := 0 // the cursor's row; it is at the start of row 0 or at the end of a written row
	wrote := false
	for i, line := range lines {
		// Lines are compared as drawn by the model, before any cut: the
		// width only changes with a resize, which repaints everything, and
		// a line that did not change is not measured again. It is kept as
		// the new frame's line all the same: a line is a piece of the frame
		// it came from, and an unchanged header kept from an old frame held
		// that whole frame (at 100 sessions, seven old frames a session).
		if i < len(s.lines) && s.lines[i] == line && !forced[i] {
			s.lines[i] = line
			continue
		}
		if i < len(s.lines) {
			s.lines[i] = line
		} else {
			s.lines = append(s.lines, line)
		}
		if wrote {
			b = append(b, '\r')
		}
		for ; row < i; row++ {
			b = append(b, '\n')
		}
		wrote = true
		if spans := spansOf(over, i); len(spans) > 0 {
			b = appendAround(b, line, spans, w)
			continue
		}
		width := ansi.StringWidth(line)
		if w > 0 && width > w {
			line, width = ansi.Truncate(line, w, ""), w
		}
		b = append(b, line...)
		// At the right margin the cursor waits to wrap, and erasing there
		// would take the last cell: a full line needs no erase.
		if w <= 0 || width < w {
			b = append(b, ansi.EraseLineRight...)
		}
	}
	shorter := len(lines) < len(s.lines)
	if !wrote && !full && !shorter && !newPics {
		return dst // the same frame again: nothing to write
	}
	if shorter {
		b = append(b, "\x1b["...)
		b = strconv.AppendInt(b, int64(len(lines)+1), 10)
		b = append(b, ";1H"...)
		b = append(b, ansi.EraseScreenBelow...)
		s.lines = s.lines[:len(lines)]
	}
	if newPics {
		b = s.pics.draw(b, next, keep)
	}
	return b
}

// OnScreen wraps a screen's model for a Bubble Tea program so that every
// frame it draws goes to s. The program must run with tea.WithoutRenderer.
// started, when not nil, runs in a goroutine of its own once the program
// runs (its Init).
func OnScreen(m Model, s *Screen, started func()) tea.Model { return onScreen{m, s, started} }

// onScreen wraps a program's model so that every frame it draws goes to a
// screen. Bubble Tea calls View after each message; with tea.WithoutRenderer
// it throws the view away, so View hands the frame to the screen.
type onScreen struct {
	Model
	s       *Screen
	started func()
}

func (m onScreen) Init() tea.Cmd {
	if m.started != nil {
		go m.started()
	}
	return m.Model.Init()
}

func (m onScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		m.s.Resize(ws.Width, ws.Height)
	}
	var cmd tea.Cmd
	m.Model, cmd = m.Model.Update(msg)
	return m, cmd
}

func (m onScreen) View() tea.View {
	v := m.Model.View()
	if sg, ok := m.Model.(Signaller); ok {
		m.s.Signal(sg.TakeSignals())
	}
	if l, ok := m.Model.(Liner); ok {
		if lines, linear := l.TakeLines(); linear {
			m.s.Say(lines)
			return tea.View{}
		}
	}
	if p, ok := m.Model.(Picturer); ok {
		m.s.ShowPictures(v, p.TakePictures())
		return tea.View{}
	}
	m.s.Show(v)
	return tea.View{}
}
