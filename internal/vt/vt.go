// Package vt is a small terminal emulator for tests and tools: it follows
// what the server writes to a terminal (or what tmux captures of one) and
// gives the screen back as text lines and a style layer.
//
// It knows what the server's screens use and what Bubble Tea's renderer
// sends to draw them: printable text with wide runes taking two cells and
// combining marks joining the cell before them, SGR colours (16, 256 and
// truecolor) and attributes, cursor moves, erases, insert and delete of
// characters and lines, scroll regions, autowrap, and the alternate screen.
// It answers the queries a renderer sends (device attributes, cursor
// position, background colour) through TakeReplies, so that a session does
// not wait for a terminal that never answers. Anything else is parsed and
// ignored.
//
// The load tool (cmd/mysterium-load) follows each seat's screen with it, the
// end-to-end scenarios (test/e2e) read tmux's panes through it, and the
// screens' goldens are written through it as text plus styles.
package vt

import (
	"strings"
	"unicode/utf8"
)

// Cell is one cell of the screen. Text is what is drawn there: one rune
// and any combining marks after it, " " for a blank cell, and "" for the
// second cell of a wide rune (the one before it holds the rune).
type Cell struct {
	Text  string
	Style Style
}

var blank = Cell{Text: " "}

// Screen is an emulated terminal of a fixed size (Resize changes it).
// It is not safe for concurrent use.
type Screen struct {
	w, h     int
	cells    [][]Cell
	main     [][]Cell // the main screen's cells while the alternate one shows
	row, col int
	wrapNext bool // the last column was written: the next rune wraps first
	noWrap   bool // autowrap (DECAWM) reset
	insert   bool // insert mode (IRM)
	top, bot int  // the scroll region, rows [top, bot]
	pen      Style
	saved    struct {
		row, col int
		pen      Style
	}
	last rune  // the last printed rune, for REP
	ver  []int // changes of each row's text

	state   int
	params  []byte // CSI parameters and intermediates, or the OSC payload
	pending []byte // an incomplete UTF-8 sequence from the previous write
	replies []string
}

const (
	stGround = iota
	stEsc
	stCSI
	stOSC    // until BEL or ST
	stOSCEsc // ESC seen inside an OSC (the start of ST)
	stString // DCS, SOS, PM, APC: skipped until ST
	stStringEsc
	stEscInter // ESC followed by an intermediate byte (charset designation)
)

// New returns a blank screen of w columns and h rows (each at least 1).
func New(w, h int) *Screen {
	s := &Screen{}
	s.Resize(w, h)
	return s
}

// Resize changes the size, keeping what fits from the top left, as a
// terminal does when its window changes; the scroll region is reset.
func (s *Screen) Resize(w, h int) {
	w, h = max(w, 1), max(h, 1)
	s.cells = resized(s.cells, w, h)
	if s.main != nil {
		s.main = resized(s.main, w, h)
	}
	ver := make([]int, h)
	copy(ver, s.ver)
	s.w, s.h, s.ver = w, h, ver
	s.top, s.bot = 0, h-1
	s.row, s.col = min(s.row, h-1), min(s.col, w-1)
	s.wrapNext = false
}

func resized(old [][]Cell, w, h int) [][]Cell {
	rows := make([][]Cell, h)
	for r := range rows {
		rows[r] = make([]Cell, w)
		for c := range rows[r] {
			rows[r][c] = blank
			if r < len(old) && c < len(old[r]) {
				rows[r][c] = old[r][c]
			}
		}
		// A wide rune cut in half by the new right margin is erased.
		if r < len(old) && w < len(old[r]) && old[r][w].Text == "" {
			rows[r][w-1] = blank
		}
	}
	return rows
}

// Size is the screen's width and height in cells.
func (s *Screen) Size() (w, h int) { return s.w, s.h }

// Cursor is the cursor's row and column, from 0.
func (s *Screen) Cursor() (row, col int) { return s.row, s.col }

// Cell is the cell at row r and column c (a blank one outside the screen).
func (s *Screen) Cell(r, c int) Cell {
	if r < 0 || r >= s.h || c < 0 || c >= s.w {
		return blank
	}
	return s.cells[r][c]
}

// Line is the text of row r, trailing blanks removed.
func (s *Screen) Line(r int) string {
	if r < 0 || r >= s.h {
		return ""
	}
	var b strings.Builder
	for _, c := range s.cells[r] {
		b.WriteString(c.Text)
	}
	return strings.TrimRight(b.String(), " ")
}

// Lines are the text of every row, trailing blanks removed.
func (s *Screen) Lines() []string {
	out := make([]string, s.h)
	for r := range out {
		out[r] = s.Line(r)
	}
	return out
}

// Text is the whole screen, one line per row.
func (s *Screen) Text() string { return strings.Join(s.Lines(), "\n") }

// Version counts the changes of the text of rows from and below: it moves
// when a character there changes, not when a frame repaints the same text
// or changes only colours. The load tool watches rows from 1 (below the
// header, where the sand timer counts down) to see its actions land.
func (s *Screen) Version(from int) uint64 {
	var n uint64
	for r := max(from, 0); r < s.h; r++ {
		n += uint64(s.ver[r])
	}
	return n
}

// TakeReplies returns the answers to the terminal queries seen so far
// (each to be written back to the server), and forgets them.
func (s *Screen) TakeReplies() []string {
	r := s.replies
	s.replies = nil
	return r
}

// Write feeds bytes from the server; it never fails. A sequence or UTF-8
// rune cut between two writes is completed by the next.
func (s *Screen) Write(p []byte) (int, error) {
	n := len(p)
	if len(s.pending) > 0 {
		p = append(s.pending, p...)
		s.pending = nil
	}
	for i := 0; i < len(p); {
		b := p[i]
		switch s.state {
		case stGround:
			switch {
			case b == 0x1b:
				s.state = stEsc
				i++
			case b < 0x20 || b == 0x7f:
				s.control(b)
				i++
			case b < 0x80:
				s.print(rune(b))
				i++
			default:
				if !utf8.FullRune(p[i:]) {
					s.pending = append([]byte(nil), p[i:]...)
					return n, nil
				}
				r, size := utf8.DecodeRune(p[i:])
				i += size
				switch {
				case r == 0x9b: // C1 CSI
					s.state, s.params = stCSI, s.params[:0]
				case r >= 0x80 && r < 0xa0:
				default:
					s.print(r)
				}
			}
		case stEsc:
			i++
			s.state = stGround
			s.esc(b)
		case stEscInter:
			i++
			s.state = stGround
		case stCSI:
			i++
			if b >= 0x40 && b <= 0x7e {
				s.state = stGround
				s.csi(b)
			} else if len(s.params) < 64 {
				s.params = append(s.params, b)
			}
		case stOSC:
			i++
			switch b {
			case 0x07:
				s.state = stGround
				s.osc()
			case 0x1b:
				s.state = stOSCEsc
			default:
				if len(s.params) < 256 {
					s.params = append(s.params, b)
				}
			}
		case stOSCEsc:
			i++
			s.state = stGround
			s.osc()
		case stString:
			i++
			switch b {
			case 0x1b:
				s.state = stStringEsc
			case 0x07:
				s.state = stGround
			}
		case stStringEsc:
			i++
			s.state = stString
			if b == '\\' {
				s.state = stGround
			}
		}
	}
	return n, nil
}

func (s *Screen) control(b byte) {
	switch b {
	case '\r':
		s.col, s.wrapNext = 0, false
	case '\n', '\v', '\f':
		s.lineFeed()
	case '\b':
		s.col, s.wrapNext = max(0, s.col-1), false
	case '\t':
		s.col, s.wrapNext = min(s.w-1, (s.col/8+1)*8), false
	}
}

func (s *Screen) esc(b byte) {
	switch b {
	case '[':
		s.state, s.params = stCSI, s.params[:0]
	case ']':
		s.state, s.params = stOSC, s.params[:0]
	case 'P', 'X', '^', '_':
		s.state = stString
	case '(', ')', '*', '+', '#', '%', ' ':
		s.state = stEscInter
	case 'M': // reverse index
		if s.row == s.top {
			s.scrollDown(1)
		} else {
			s.row = max(0, s.row-1)
		}
		s.wrapNext = false
	case 'D':
		s.lineFeed()
	case 'E':
		s.col = 0
		s.lineFeed()
	case '7':
		s.saveCursor()
	case '8':
		s.restoreCursor()
	case 'c': // full reset
		w, h := s.w, s.h
		*s = Screen{replies: s.replies}
		s.Resize(w, h)
	}
}

func (s *Screen) saveCursor() {
	s.saved.row, s.saved.col, s.saved.pen = s.row, s.col, s.pen
}

func (s *Screen) restoreCursor() {
	s.row, s.col, s.pen = min(s.saved.row, s.h-1), min(s.saved.col, s.w-1), s.saved.pen
	s.wrapNext = false
}

// lineFeed moves down a row, scrolling the region at its bottom.
func (s *Screen) lineFeed() {
	s.wrapNext = false
	if s.row == s.bot {
		s.scrollUp(1)
		return
	}
	s.row = min(s.h-1, s.row+1)
}

// print draws one rune at the cursor and moves it on.
func (s *Screen) print(r rune) {
	width := runeWidth(r)
	if width == 0 {
		s.combine(r)
		return
	}
	s.last = r
	if s.wrapNext {
		s.wrapNext = false
		s.col = 0
		s.lineFeed()
	}
	if s.col+width > s.w {
		// A wide rune at the last column: it goes to the next line, or,
		// without autowrap, is not drawn.
		if s.noWrap {
			return
		}
		s.set(s.row, s.col, blank)
		s.col = 0
		s.lineFeed()
	}
	if s.insert {
		s.insertChars(width)
	}
	s.set(s.row, s.col, Cell{Text: string(r), Style: s.pen})
	if width == 2 {
		s.set(s.row, s.col+1, Cell{Style: s.pen})
	}
	if s.col+width >= s.w {
		s.col = s.w - 1
		s.wrapNext = !s.noWrap
		return
	}
	s.col += width
}

// combine adds a zero-width rune to the cell before the cursor.
func (s *Screen) combine(r rune) {
	c := s.col - 1
	if s.wrapNext {
		c = s.col
	}
	if c >= 0 && s.cells[s.row][c].Text == "" {
		c--
	}
	if c < 0 {
		return
	}
	cell := s.cells[s.row][c]
	cell.Text += string(r)
	s.set(s.row, c, cell)
}

// set writes a cell, erasing the other half of any wide rune it cuts.
func (s *Screen) set(r, c int, cell Cell) {
	if r < 0 || r >= s.h || c < 0 || c >= s.w {
		return
	}
	line := s.cells[r]
	old := line[c]
	if old.Text == "" && cell.Text != "" && c > 0 && line[c-1].Text != "" && runeWidthOf(line[c-1].Text) == 2 {
		s.change(r, c-1, Cell{Text: " ", Style: line[c-1].Style})
	}
	if old.Text != "" && runeWidthOf(old.Text) == 2 && c+1 < s.w && cell.Text != old.Text {
		if next := line[c+1]; next.Text == "" {
			s.change(r, c+1, Cell{Text: " ", Style: next.Style})
		}
	}
	s.change(r, c, cell)
}

func (s *Screen) change(r, c int, cell Cell) {
	if s.cells[r][c].Text != cell.Text {
		s.ver[r]++
	}
	s.cells[r][c] = cell
}

// erase blanks cells [from, to) of row r in the pen's background.
func (s *Screen) erase(r, from, to int) {
	from, to = max(from, 0), min(to, s.w)
	e := Cell{Text: " ", Style: Style{Bg: s.pen.Bg}}
	for c := from; c < to; c++ {
		s.set(r, c, e)
	}
}

func (s *Screen) blankRow() []Cell {
	row := make([]Cell, s.w)
	e := Cell{Text: " ", Style: Style{Bg: s.pen.Bg}}
	for c := range row {
		row[c] = e
	}
	return row
}

// scrollUp moves rows [top+1, bot] up n rows, blank rows entering at the bottom.
func (s *Screen) scrollUp(n int) { s.deleteRows(s.top, n) }

// scrollDown moves rows [top, bot-1] down n rows, blank rows entering at the top.
func (s *Screen) scrollDown(n int) { s.insertRows(s.top, n) }

// deleteRows removes n rows at r within the scroll region.
func (s *Screen) deleteRows(r, n int) {
	if r < s.top || r > s.bot {
		return
	}
	n = min(n, s.bot-r+1)
	copy(s.cells[r:s.bot+1], s.cells[r+n:s.bot+1])
	for i := s.bot - n + 1; i <= s.bot; i++ {
		s.cells[i] = s.blankRow()
	}
	for i := r; i <= s.bot; i++ {
		s.ver[i]++
	}
}

// insertRows inserts n blank rows at r within the scroll region.
func (s *Screen) insertRows(r, n int) {
	if r < s.top || r > s.bot {
		return
	}
	n = min(n, s.bot-r+1)
	copy(s.cells[r+n:s.bot+1], s.cells[r:s.bot+1-n])
	for i := r; i < r+n; i++ {
		s.cells[i] = s.blankRow()
	}
	for i := r; i <= s.bot; i++ {
		s.ver[i]++
	}
}

// insertChars shifts the cursor's row right n cells from the cursor.
func (s *Screen) insertChars(n int) {
	line := s.cells[s.row]
	n = min(n, s.w-s.col)
	copy(line[s.col+n:], line[s.col:s.w-n])
	for c := s.col; c < s.col+n; c++ {
		line[c] = Cell{Text: " ", Style: Style{Bg: s.pen.Bg}}
	}
	s.fixRow(s.row)
}

// deleteChars shifts the cursor's row left n cells into the cursor.
func (s *Screen) deleteChars(n int) {
	line := s.cells[s.row]
	n = min(n, s.w-s.col)
	copy(line[s.col:], line[s.col+n:])
	for c := s.w - n; c < s.w; c++ {
		line[c] = Cell{Text: " ", Style: Style{Bg: s.pen.Bg}}
	}
	s.fixRow(s.row)
}

// fixRow blanks wide runes split by a shift, and counts the row changed.
func (s *Screen) fixRow(r int) {
	line := s.cells[r]
	for c := range line {
		switch {
		case line[c].Text == "" && (c == 0 || line[c-1].Text == "" || runeWidthOf(line[c-1].Text) != 2):
			line[c].Text = " "
		case line[c].Text != "" && runeWidthOf(line[c].Text) == 2 && (c+1 >= s.w || line[c+1].Text != ""):
			line[c].Text = " "
		}
	}
	s.ver[r]++
}

// csiParams parses "1;2" (or "38:2::1:2:3") into numbers, dflt for an empty one.
func csiParams(p []byte, dflt int) []int {
	var out []int
	n, have := 0, false
	for _, b := range p {
		switch {
		case b >= '0' && b <= '9':
			n = min(n*10+int(b-'0'), 10000)
			have = true
		case b == ';' || b == ':':
			if !have {
				n = dflt
			}
			out = append(out, n)
			n, have = 0, false
		}
	}
	if !have {
		n = dflt
	}
	return append(out, n)
}

func (s *Screen) csi(final byte) {
	if len(s.params) > 0 && (s.params[0] == '?' || s.params[0] == '>' || s.params[0] == '=' || s.params[0] == '<') {
		if s.params[0] == '?' && (final == 'h' || final == 'l') {
			for _, m := range csiParams(s.params[1:], 0) {
				s.decMode(m, final == 'h')
			}
		}
		return
	}
	for _, b := range s.params {
		if b < '0' || b > ';' { // an intermediate byte (DECSCUSR, ...): nothing to draw
			return
		}
	}
	ps := csiParams(s.params, 1)
	n := max(ps[0], 1)
	if final != 'b' {
		s.last = 0
	}
	switch final {
	case 'A':
		if s.row >= s.top {
			s.row = max(s.top, s.row-n)
		} else {
			s.row = max(0, s.row-n)
		}
	case 'B', 'e':
		s.row = min(s.h-1, s.row+n)
	case 'C', 'a':
		s.col = min(s.w-1, s.col+n)
	case 'D':
		s.col = max(0, s.col-n)
	case 'E':
		s.row, s.col = min(s.h-1, s.row+n), 0
	case 'F':
		s.row, s.col = max(0, s.row-n), 0
	case 'G', '`':
		s.col = min(s.w-1, n-1)
	case 'd':
		s.row = min(s.h-1, n-1)
	case 'H', 'f':
		row, col := max(ps[0], 1), 1
		if len(ps) > 1 {
			col = max(ps[1], 1)
		}
		s.row, s.col = min(s.h-1, row-1), min(s.w-1, col-1)
	case 'I': // forward tabs
		s.col = min(s.w-1, (s.col/8+n)*8)
	case 'Z': // backward tabs
		s.col = max(0, ((s.col+7)/8-n)*8)
	case 'K':
		switch csiParams(s.params, 0)[0] {
		case 0:
			s.erase(s.row, s.col, s.w)
		case 1:
			s.erase(s.row, 0, s.col+1)
		case 2:
			s.erase(s.row, 0, s.w)
		}
	case 'J':
		switch csiParams(s.params, 0)[0] {
		case 0:
			s.erase(s.row, s.col, s.w)
			for r := s.row + 1; r < s.h; r++ {
				s.erase(r, 0, s.w)
			}
		case 1:
			for r := 0; r < s.row; r++ {
				s.erase(r, 0, s.w)
			}
			s.erase(s.row, 0, s.col+1)
		case 2, 3:
			for r := 0; r < s.h; r++ {
				s.erase(r, 0, s.w)
			}
		}
	case 'X':
		s.erase(s.row, s.col, s.col+n)
	case '@':
		s.insertChars(n)
	case 'P':
		s.deleteChars(n)
	case 'L':
		s.insertRows(s.row, n)
		s.col = 0
	case 'M':
		s.deleteRows(s.row, n)
		s.col = 0
	case 'S':
		s.scrollUp(n)
	case 'T':
		s.scrollDown(n)
	case 'b': // repeat the last printed rune
		if s.last != 0 {
			for range min(n, s.w*s.h) {
				s.print(s.last)
			}
		}
		return
	case 'r':
		top, bot := max(ps[0], 1), s.h
		if len(ps) > 1 && ps[1] > 0 {
			bot = min(ps[1], s.h)
		}
		if top < bot {
			s.top, s.bot = top-1, bot-1
			s.row, s.col = 0, 0
		}
	case 'h', 'l':
		if csiParams(s.params, 0)[0] == 4 {
			s.insert = final == 'h'
		}
	case 's':
		s.saveCursor()
	case 'u':
		s.restoreCursor()
	case 'm':
		s.sgr(s.params)
		return
	case 'c':
		s.replies = append(s.replies, "\x1b[?62;22c")
	case 'n':
		if csiParams(s.params, 0)[0] == 6 {
			s.replies = append(s.replies, "\x1b["+itoa(s.row+1)+";"+itoa(s.col+1)+"R")
		}
	}
	s.wrapNext = false
}

// decMode sets or resets a private mode: autowrap and the alternate screen
// are the ones that change what is drawn.
func (s *Screen) decMode(m int, set bool) {
	switch m {
	case 7:
		s.noWrap = !set
		s.wrapNext = false
	case 47, 1047, 1049:
		if set == (s.main != nil) {
			return
		}
		if set {
			if m == 1049 {
				s.saveCursor()
			}
			s.main, s.cells = s.cells, nil
			s.cells = resized(nil, s.w, s.h)
		} else {
			s.cells, s.main = s.main, nil
			if m == 1049 {
				s.restoreCursor()
			}
		}
		for r := range s.ver {
			s.ver[r]++
		}
	}
}

// osc answers a background-colour query (OSC 11 ; ?) like a dark xterm.
func (s *Screen) osc() {
	if string(s.params) == "11;?" {
		s.replies = append(s.replies, "\x1b]11;rgb:0000/0000/0000\a")
	}
}

func itoa(n int) string {
	if n <= 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// Pane is the screen that tmux shows in a pane of w x h cells, read from
// what `tmux capture-pane -p -e` prints: one line a row, with the SGR
// sequences of its styles (which carry over from one line to the next).
func Pane(w, h int, capture string) *Screen {
	s := New(w, h)
	s.noWrap = true
	for r, line := range strings.Split(strings.TrimSuffix(capture, "\n"), "\n") {
		if r >= h {
			break
		}
		_, _ = s.Write([]byte("\x1b[" + itoa(r+1) + "H" + line))
	}
	return s
}
