package term

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
)

// vterm is a terminal just capable enough to check a screen's bytes: cells of
// text (colours dropped), the cursor with its pending wrap at the right
// margin, CR, LF, CUP, EL, ED and the private modes. Anything else a screen
// might write is an error, so a change in what a screen writes cannot slip by.
type vterm struct {
	t     testing.TB
	w, h  int
	cells [][]string // "" is the right half of a wide character
	row   int
	col   int
	wrap  bool // the cursor is past the last column, waiting to wrap
	alt   bool
	shown bool // the cursor is visible
	// clicks and sgr: mouse reports (1000) in the SGR encoding (1006);
	// ever is set once either was turned on.
	clicks, sgr, ever bool
	// Images (pictures_test.go): img is the sixel (or inline image) each
	// cell holds, named by sixels; kitty's transmitted images and its
	// placements by placement id.
	img     [][]string
	sixels  map[string]string
	sent    map[string]bool
	placing map[string]kittyPlace
}

func newTerm(t testing.TB, w, h int) *vterm {
	v := &vterm{t: t, shown: true}
	v.resize(w, h)
	return v
}

func (v *vterm) resize(w, h int) {
	v.w, v.h = w, h
	v.cells = make([][]string, h)
	v.img = make([][]string, h)
	for i := range v.cells {
		v.cells[i] = blankRow(w)
		v.img[i] = make([]string, w)
	}
	v.row, v.col, v.wrap = min(v.row, h-1), min(v.col, w-1), false
}

func blankRow(w int) []string { return strings.Split(strings.Repeat(" ", w), "") }

func (v *vterm) Write(p []byte) (int, error) {
	s := string(p)
	for len(s) > 0 {
		seq, width, n, _ := ansi.DecodeSequence(s, ansi.NormalState, nil)
		s = s[n:]
		switch {
		case seq == "\r":
			v.col, v.wrap = 0, false
		case seq == "\n":
			if v.row == v.h-1 {
				v.t.Errorf("a line feed on the last row would scroll the screen")
			} else {
				v.row++
			}
			v.wrap = false
		case strings.HasPrefix(seq, "\x1b["):
			v.csi(seq)
		case strings.HasPrefix(seq, "\x1b_G"):
			v.kitty(seq)
		case strings.HasPrefix(seq, "\x1bP") || strings.HasPrefix(seq, "\x1b]1337;"):
			v.sixel(seq)
		case width > 0 || (len(seq) > 0 && seq[0] >= ' ' && seq[0] != 0x7f):
			v.put(seq, width)
		default:
			v.t.Errorf("unexpected bytes %q", seq)
		}
	}
	return len(p), nil
}

func (v *vterm) put(g string, width int) {
	if v.wrap {
		v.t.Errorf("text %q written at the right margin would wrap onto the next row", g)
		return
	}
	if v.col+width > v.w {
		v.t.Errorf("text %q does not fit at column %d of %d", g, v.col, v.w)
		return
	}
	v.cells[v.row][v.col] = g
	for i := 1; i < width; i++ {
		v.cells[v.row][v.col+i] = ""
	}
	for i := range width {
		v.img[v.row][v.col+i] = "" // text draws over a sixel's cells
	}
	v.col += width
	if v.col == v.w {
		v.col, v.wrap = v.w-1, true
	}
}

func (v *vterm) csi(seq string) {
	body, final := seq[2:len(seq)-1], seq[len(seq)-1]
	if strings.HasPrefix(body, "?") {
		on := final == 'h'
		switch body[1:] {
		case "1049":
			v.alt = on
			v.resize(v.w, v.h)
		case "25":
			v.shown = on
		case "2004", "1070":
		case "1000":
			v.clicks, v.ever = on, v.ever || on
		case "1006":
			v.sgr, v.ever = on, v.ever || on
		default:
			v.t.Errorf("unexpected mode %q", seq)
		}
		return
	}
	args := strings.Split(body, ";")
	num := func(i, dflt int) int {
		if i >= len(args) || args[i] == "" {
			return dflt
		}
		n, err := strconv.Atoi(args[i])
		if err != nil {
			v.t.Errorf("bad parameter in %q", seq)
		}
		return n
	}
	switch final {
	case 'm': // colours: not kept
	case 'H':
		v.row, v.col, v.wrap = num(0, 1)-1, num(1, 1)-1, false
	case 'K':
		if num(0, 0) != 0 {
			v.t.Errorf("unexpected erase %q", seq)
		}
		for c := v.col; c < v.w; c++ {
			v.cells[v.row][c], v.img[v.row][c] = " ", ""
		}
	case 'G':
		v.col, v.wrap = num(0, 1)-1, false
	case 'X':
		for c := v.col; c < min(v.w, v.col+num(0, 1)); c++ {
			v.cells[v.row][c], v.img[v.row][c] = " ", ""
		}
	case 'J':
		switch num(0, 0) {
		case 0:
			for c := v.col; c < v.w; c++ {
				v.cells[v.row][c], v.img[v.row][c] = " ", ""
			}
			for r := v.row + 1; r < v.h; r++ {
				v.cells[r] = blankRow(v.w)
				v.img[r] = make([]string, v.w)
			}
		case 2:
			for r := range v.cells {
				v.cells[r] = blankRow(v.w)
				v.img[r] = make([]string, v.w)
			}
		default:
			v.t.Errorf("unexpected erase %q", seq)
		}
	default:
		v.t.Errorf("unexpected sequence %q", seq)
	}
}

// text is what the terminal shows, trailing blanks trimmed from each row.
func (v *vterm) text() string {
	rows := make([]string, v.h)
	for i, r := range v.cells {
		rows[i] = strings.TrimRight(strings.Join(r, ""), " ")
	}
	return strings.Join(rows, "\n")
}

// shows is what a w×h terminal must show for frame, by the rules a screen
// follows: the last h lines, each cut at w cells.
func shows(frame string, w, h int) string {
	lines := strings.Split(frame, "\n")
	if len(lines) > h {
		lines = lines[len(lines)-h:]
	}
	rows := make([]string, h)
	for i, l := range lines {
		rows[i] = strings.TrimRight(ansi.Strip(ansi.Truncate(l, w, "")), " ")
	}
	return strings.Join(rows, "\n")
}

// randomFrame draws a frame in the style of the game's screens: coloured
// runs, wide and narrow symbols, lines too long and too short, sometimes a
// frame taller or shorter than the terminal, and lines that repeat the
// previous frame's.
func randomFrame(rng *rand.Rand, prev []string, w, h int) string {
	words := []string{"Ghost", "★", "●", "漢字", "\x1b[1;35mpurple\x1b[0m", "\x1b[38;5;202m◆\x1b[m", "V12", "  ", "·"}
	n := h + rng.IntN(5) - 3
	lines := make([]string, max(n, 1))
	for i := range lines {
		if i < len(prev) && rng.IntN(3) > 0 {
			lines[i] = prev[i]
			continue
		}
		var b strings.Builder
		for target := rng.IntN(w + 12); b.Len() < target; {
			b.WriteString(words[rng.IntN(len(words))])
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "\n")
}

// TestScreenPaintsEveryFrameExactly draws thousands of random frames, with
// resizes between them, and after each one compares what a terminal shows
// with the frame.
func TestScreenPaintsEveryFrameExactly(t *testing.T) {
	for seed := range uint64(20) {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 1))
			w, h := 20+rng.IntN(60), 5+rng.IntN(30)
			v := newTerm(t, w, h)
			s := &Screen{}
			_, _ = io.WriteString(v, screenSetup)
			var prev []string
			for step := range 300 {
				full := step == 0
				if rng.IntN(40) == 0 {
					w, h = 20+rng.IntN(60), 5+rng.IntN(30)
					v.resize(w, h) // what a terminal's window does: our cells are gone
					full = true
				}
				frame := randomFrame(rng, prev, w, h)
				prev = strings.Split(frame, "\n")
				_, _ = v.Write(s.paint(nil, frame, w, h, full, Pictures{}))
				if got, want := v.text(), shows(frame, w, h); got != want {
					t.Fatalf("step %d (%dx%d): the terminal shows\n%s\nwant\n%s", step, w, h, got, want)
				}
			}
			_, _ = io.WriteString(v, screenRestore)
			if v.alt || !v.shown {
				t.Fatalf("the terminal was not restored: alternate screen %v, cursor shown %v", v.alt, v.shown)
			}
		})
	}
}

func TestScreenWritesOnlyChangedLines(t *testing.T) {
	s := &Screen{}
	frame := "title\nline two\nline three\nline four"
	_ = s.paint(nil, frame, 40, 10, true, Pictures{})
	if p := s.paint(nil, frame, 40, 10, false, Pictures{}); len(p) != 0 {
		t.Fatalf("the same frame again wrote %q", p)
	}
	p := string(s.paint(nil, "title\nline two\nline 3\nline four", 40, 10, false, Pictures{}))
	if strings.Contains(p, "title") || strings.Contains(p, "two") || strings.Contains(p, "four") {
		t.Fatalf("unchanged lines were written again: %q", p)
	}
	if !strings.Contains(p, "line 3") {
		t.Fatalf("the changed line was not written: %q", p)
	}
}

// A screen keeps the lines it compares the next frame with as pieces of
// the newest frame only: a line kept from an older frame (an unchanged
// header) held that whole frame in memory, and at 100 sessions the old
// frames were a fifth of the server's heap.
func TestScreenHoldsOnlyTheNewestFrame(t *testing.T) {
	s := &Screen{}
	// Built at run time, as the model builds its frames (a constant would
	// live in the binary, not on the heap).
	frame := func(change string) string {
		var b strings.Builder
		b.WriteString("header\nrule\nbody ")
		b.WriteString(change)
		b.WriteString("\nkeys\nstatus")
		return b.String()
	}
	f := frame("one")
	_ = s.paint(nil, f, 40, 10, true, Pictures{})
	for _, change := range []string{"two", "three", "three", "four"} {
		f = frame(change)
		_ = s.paint(nil, f, 40, 10, false, Pictures{})
		from := uintptr(unsafe.Pointer(unsafe.StringData(f)))
		to := from + uintptr(len(f))
		for i, l := range s.lines {
			at := uintptr(unsafe.Pointer(unsafe.StringData(l)))
			if at < from || at+uintptr(len(l)) > to {
				t.Fatalf("after the frame with %q, line %d (%q) is not a piece of that frame: it holds an older one", change, i, l)
			}
		}
	}
}

// stuckTerm is a terminal that takes nothing until opened: a client that stopped
// reading.
type stuckTerm struct {
	open chan struct{}
	mu   sync.Mutex
	term *vterm
	n    int    // writes taken
	seen string // what the terminal showed after the last write before the restore
}

func (g *stuckTerm) Write(p []byte) (int, error) {
	<-g.open
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n++
	if string(p) != screenRestore {
		defer func() { g.seen = g.term.text() }()
	}
	return g.term.Write(p)
}

// A program drawing to a terminal that does not read is never held up, and
// when the terminal reads again it gets the newest frame, not the backlog.
func TestScreenNeverWaitsForTheTerminal(t *testing.T) {
	g := &stuckTerm{open: make(chan struct{}), term: newTerm(t, 30, 4)}
	s := NewScreen(g, 30, 4)
	for i := range 1000 {
		s.Show(fmt.Sprintf("frame %d\nof a thousand", i)) // must not block
	}
	if s.Close(10 * time.Millisecond) {
		t.Fatal("close reported a restored terminal that took nothing")
	}
	close(g.open)
	<-s.done
	g.mu.Lock()
	defer g.mu.Unlock()
	if got, want := g.seen, shows("frame 999\nof a thousand", 30, 4); got != want {
		t.Fatalf("the terminal shows\n%s\nwant the newest frame\n%s", got, want)
	}
	// The setup, one frame (the newest), the restore.
	if g.n != 3 {
		t.Fatalf("%d writes, want 3: a backlog of frames was written", g.n)
	}
	if g.term.alt || !g.term.shown {
		t.Fatal("the terminal was not restored")
	}
}

// BenchmarkScreenPaintOneChangedLine is the common case: a table update
// that changes one line of a coloured 140x45 frame.
func BenchmarkScreenPaintOneChangedLine(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	frame := strings.Split(randomFrame(rng, nil, 140, 45), "\n")
	s := &Screen{}
	_ = s.paint(nil, strings.Join(frame, "\n"), 140, 45, true, Pictures{})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		frame[20] = fmt.Sprintf("\x1b[1mline\x1b[0m %d", i)
		_ = s.paint(nil, strings.Join(frame, "\n"), 140, 45, false, Pictures{})
	}
}

// lockedTerm is a terminal that a test may read while a screen writes to it.
type lockedTerm struct {
	mu   sync.Mutex
	term *vterm
}

func (l *lockedTerm) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.term.Write(p)
}

func (l *lockedTerm) text() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.term.text()
}

// A screen's writer lives only while there is something to write: an idle
// session holds no goroutine for its screen, and the next frame starts one.
func TestScreenWriterEndsWhenIdle(t *testing.T) {
	lt := &lockedTerm{term: newTerm(t, 30, 4)}
	s := NewScreen(lt, 30, 4)
	idleAfter := func(frame string) {
		t.Helper()
		s.Show(frame)
		deadline := time.Now().Add(10 * time.Second)
		for {
			s.mu.Lock()
			writing := s.writing
			s.mu.Unlock()
			if !writing && lt.text() == shows(frame, 30, 4) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("after %q: writer running %v, terminal shows\n%s", frame, writing, lt.text())
			}
			time.Sleep(time.Millisecond) // polling a condition, not waiting for time
		}
	}
	idleAfter("first\nframe")
	idleAfter("second\nframe")
	if !s.Close(10 * time.Second) {
		t.Fatal("the terminal was not restored")
	}
	if lt.term.alt || !lt.term.shown {
		t.Fatal("the terminal was not restored")
	}
	s.Show("after the end") // must neither block nor write
	if got := lt.text(); got != shows("", 30, 4) {
		t.Fatalf("a frame after close was written: %q", got)
	}
}
