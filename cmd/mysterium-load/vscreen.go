package main

import (
	"strings"
	"unicode/utf8"
)

// vscreen is the smallest terminal emulator that can follow Bubble Tea's
// renderer: it keeps the text of each row (no colours), moves the cursor for
// CR, LF, BS and the CSI cursor moves, and erases for EL and ED. Bubble Tea
// always writes a changed line whole from its first column, so rows are kept
// as runes, one per cell: a wide character takes one slot, which is wrong for
// cursor arithmetic in the middle of a line but never matters here, since the
// load tool only reads whole rows.
//
// It also collects the answers a terminal gives to the queries the server's
// renderer sends (background colour, device attributes, cursor position), so
// that a session does not wait for replies that never come.
//
// version counts real changes of the text below the first row: a frame that
// repaints identical text, or a change of the header alone (the sand timer
// counting down), does not move it. That is how the load tool sees that an
// action reached a seat's screen.
type vscreen struct {
	w, h    int
	rows    [][]rune
	row     int
	col     int
	version uint64

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

func newVScreen(w, h int) *vscreen {
	s := &vscreen{w: w, h: h, rows: make([][]rune, h)}
	for i := range s.rows {
		s.rows[i] = make([]rune, 0, w)
	}
	return s
}

// Write feeds bytes from the server.
func (s *vscreen) Write(p []byte) {
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
			case b == '\r':
				s.col = 0
				i++
			case b == '\n':
				s.lineFeed()
				i++
			case b == '\b':
				if s.col > 0 {
					s.col--
				}
				i++
			case b == '\t':
				s.col = min(s.w-1, (s.col/8+1)*8)
				i++
			case b < 0x20 || b == 0x7f:
				i++
			case b < 0x80:
				s.put(rune(b))
				i++
			default:
				if !utf8.FullRune(p[i:]) {
					s.pending = append([]byte(nil), p[i:]...)
					return
				}
				r, n := utf8.DecodeRune(p[i:])
				i += n
				if r == 0x9b { // C1 CSI
					s.state, s.params = stCSI, s.params[:0]
					continue
				}
				if r >= 0x80 && r < 0xa0 {
					continue
				}
				s.put(r)
			}
		case stEsc:
			i++
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
				if s.row > 0 {
					s.row--
				}
				s.state = stGround
			case 'D':
				s.lineFeed()
				s.state = stGround
			case 'E':
				s.col = 0
				s.lineFeed()
				s.state = stGround
			default:
				s.state = stGround
			}
		case stEscInter:
			i++
			s.state = stGround
		case stCSI:
			i++
			if b >= 0x40 && b <= 0x7e {
				s.csi(b)
				s.state = stGround
			} else if len(s.params) < 64 {
				s.params = append(s.params, b)
			}
		case stOSC:
			i++
			switch b {
			case 0x07:
				s.osc()
				s.state = stGround
			case 0x1b:
				s.state = stOSCEsc
			default:
				if len(s.params) < 256 {
					s.params = append(s.params, b)
				}
			}
		case stOSCEsc:
			i++
			s.osc()
			s.state = stGround
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
			s.state = stGround
		}
	}
}

func (s *vscreen) lineFeed() {
	if s.row < s.h-1 {
		s.row++
		return
	}
	// Scroll up one row (Bubble Tea never does this in the alternate screen,
	// but a plain message printed at the end may).
	copy(s.rows, s.rows[1:])
	s.rows[s.h-1] = make([]rune, 0, s.w)
	s.version++
}

// put writes one character at the cursor and advances it. Characters past
// the right margin are dropped (the renderer never wraps).
func (s *vscreen) put(r rune) {
	if s.col >= s.w*2 { // room for wide characters counted as one slot
		return
	}
	line := s.rows[s.row]
	for len(line) < s.col {
		line = append(line, ' ')
	}
	if s.col < len(line) {
		if line[s.col] != r {
			line[s.col] = r
			s.changed()
		}
	} else {
		line = append(line, r)
		if r != ' ' {
			s.changed()
		}
	}
	s.rows[s.row] = line
	s.col++
}

func (s *vscreen) changed() {
	if s.row > 0 {
		s.version++
	}
}

// eraseRow clears cells [from, to) of row r (to < 0: to the end).
func (s *vscreen) eraseRow(r, from, to int) {
	line := s.rows[r]
	if to < 0 || to > len(line) {
		to = len(line)
	}
	if from >= to {
		return
	}
	dirty := false
	for i := from; i < to; i++ {
		if line[i] != ' ' {
			dirty = true
		}
		line[i] = ' '
	}
	if to == len(line) {
		line = line[:from]
	}
	s.rows[r] = line
	if dirty && r > 0 {
		s.version++
	}
}

// csiParams parses "1;2" into numbers, dflt for an empty one.
func csiParams(p []byte, dflt int) []int {
	var out []int
	n, have := 0, false
	for _, b := range p {
		switch {
		case b >= '0' && b <= '9':
			n = n*10 + int(b-'0')
			if n > 10000 {
				n = 10000
			}
			have = true
		case b == ';':
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

func (s *vscreen) csi(final byte) {
	private := len(s.params) > 0 && (s.params[0] == '?' || s.params[0] == '>' || s.params[0] == '=')
	if private {
		// Modes (alternate screen, cursor visibility, mouse, paste): nothing
		// to draw. Entering or leaving the alternate screen clears it.
		if final == 'h' || final == 'l' {
			if strings.Contains(string(s.params), "1049") || strings.Contains(string(s.params), "47") {
				s.clear()
			}
		}
		return
	}
	ps := csiParams(s.params, 1)
	n := max(ps[0], 1)
	switch final {
	case 'A':
		s.row = max(0, s.row-n)
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
		row, col := 1, 1
		if len(ps) > 0 {
			row = max(ps[0], 1)
		}
		if len(ps) > 1 {
			col = max(ps[1], 1)
		}
		s.row, s.col = min(s.h-1, row-1), min(s.w-1, col-1)
	case 'K':
		switch csiParams(s.params, 0)[0] {
		case 0:
			s.eraseRow(s.row, s.col, -1)
		case 1:
			s.eraseRow(s.row, 0, s.col+1)
		case 2:
			s.eraseRow(s.row, 0, -1)
		}
	case 'J':
		switch csiParams(s.params, 0)[0] {
		case 0:
			s.eraseRow(s.row, s.col, -1)
			for r := s.row + 1; r < s.h; r++ {
				s.eraseRow(r, 0, -1)
			}
		case 1:
			for r := 0; r < s.row; r++ {
				s.eraseRow(r, 0, -1)
			}
			s.eraseRow(s.row, 0, s.col+1)
		case 2, 3:
			s.clear()
		}
	case 'c':
		s.replies = append(s.replies, "\x1b[?62;22c")
	case 'n':
		if csiParams(s.params, 0)[0] == 6 {
			s.replies = append(s.replies, "\x1b["+itoa(s.row+1)+";"+itoa(s.col+1)+"R")
		}
	}
}

func (s *vscreen) clear() {
	for r := range s.rows {
		s.eraseRow(r, 0, -1)
	}
}

// osc answers a background-colour query (OSC 11 ; ?) like a dark xterm.
func (s *vscreen) osc() {
	if string(s.params) == "11;?" {
		s.replies = append(s.replies, "\x1b]11;rgb:0000/0000/0000\a")
	}
}

// takeReplies returns the pending answers to terminal queries.
func (s *vscreen) takeReplies() []string {
	r := s.replies
	s.replies = nil
	return r
}

// Row is the text of row i with trailing blanks removed.
func (s *vscreen) Row(i int) string {
	if i < 0 || i >= s.h {
		return ""
	}
	return strings.TrimRight(string(s.rows[i]), " ")
}

// Text is the whole screen, one line per row.
func (s *vscreen) Text() string {
	var b strings.Builder
	for i := range s.rows {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(s.Row(i))
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
