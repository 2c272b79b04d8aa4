package graphics

import "strconv"

// ProbeID is the kitty image id of the query's 1x1 picture, below FirstID.
const ProbeID = 31

// Query is what a session writes once at connect to learn what its terminal
// draws: the kitty graphics query (a 1x1 RGB picture, not stored, not
// shown), the cell size and the window size in pixels, and last the primary
// device attributes, which every terminal answers after the others.
var Query = "\x1b_Gi=" + strconv.Itoa(ProbeID) + ",s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\" + "\x1b[16t" + "\x1b[14t" + "\x1b[c"

// Bounds on what a terminal's reply may say; beyond them the number is not
// believed.
var (
	MinCell = Pixels{2, 4}
	MaxCell = Pixels{256, 512}
	MaxWin  = Pixels{32768, 32768}
)

// Caps is what a terminal said about itself.
type Caps struct {
	// Kitty is set by an OK to the kitty query; Sixel by a 4 in the device
	// attributes.
	Kitty, Sixel bool
	// Answered is set by the device attributes reply: every terminal sends
	// one, so the other replies, if any, came before it.
	Answered bool
	// Cell is the cell size in pixels (CSI 16 t), Win the text area's size
	// in pixels (CSI 14 t); zero when unknown or absurd.
	Cell, Win Pixels
}

// Protocol is the best way the terminal said it draws images: kitty, then
// sixel; None when it said neither.
func (c Caps) Protocol() Protocol {
	switch {
	case c.Kitty:
		return Kitty
	case c.Sixel:
		return Sixel
	}
	return None
}

// CellSize is the cell size in pixels for a terminal of cols x rows cells:
// the one it reported, else its window's pixels divided by its cells;
// zero when neither is known or the result is absurd.
func (c Caps) CellSize(cols, rows int) Pixels {
	if c.Cell != (Pixels{}) {
		return c.Cell
	}
	if c.Win == (Pixels{}) || cols <= 0 || rows <= 0 {
		return Pixels{}
	}
	return sane(Pixels{c.Win.W / cols, c.Win.H / rows}, MinCell, MaxCell)
}

// SaneWindow is p as a window's size in pixels, or zero when it is absurd.
func SaneWindow(p Pixels) Pixels { return sane(p, Pixels{1, 1}, MaxWin) }

func sane(p, lo, hi Pixels) Pixels {
	if p.W < lo.W || p.H < lo.H || p.W > hi.W || p.H > hi.H {
		return Pixels{}
	}
	return p
}

// maxSeq bounds a reply the Probe recognises: a longer sequence is not a
// reply and passes through as input.
const maxSeq = 96

// Probe takes the replies to Query out of a terminal's input. Feed it every
// read; it passes on every byte that is not a reply, in order. It holds at
// most maxSeq bytes of a sequence cut between two reads.
type Probe struct {
	Caps
	held  [maxSeq]byte
	nheld int
}

// Feed appends to dst the bytes of in that are not replies, updates Caps,
// and returns dst. A sequence that may be a reply but ends the read (even
// a lone ESC) is held until the next Feed or Flush: the session calls Flush
// when no input follows within a moment (as terminals tell the Escape key
// from a sequence), and stops using the Probe once Caps.Answered.
func (p *Probe) Feed(dst, in []byte) []byte {
	buf := in
	if p.nheld > 0 {
		buf = append(append(make([]byte, 0, p.nheld+len(in)), p.held[:p.nheld]...), in...)
		p.nheld = 0
	}
	for i := 0; i < len(buf); {
		if buf[i] != 0x1b {
			dst = append(dst, buf[i])
			i++
			continue
		}
		if i+1 == len(buf) { // a lone ESC: a key, or a reply cut short
			p.held[0], p.nheld = 0x1b, 1
			return dst
		}
		n, whole := p.reply(buf[i:])
		switch {
		case n > 0: // a reply: taken out
			i += n
		case !whole && len(buf)-i < maxSeq: // may be a reply yet: wait
			p.nheld = copy(p.held[:], buf[i:])
			return dst
		default:
			dst = append(dst, buf[i])
			i++
		}
	}
	return dst
}

// Flush returns to dst the bytes held from an unfinished sequence: call it
// when no more input came for a while (the sequence was not a reply).
func (p *Probe) Flush(dst []byte) []byte {
	dst = append(dst, p.held[:p.nheld]...)
	p.nheld = 0
	return dst
}

// reply looks at a sequence starting with ESC: it returns the length of a
// recognised reply (and records it), or 0 with whole false when s ends
// before the sequence could be told, or 0 with whole true when it is not a
// reply.
func (p *Probe) reply(s []byte) (n int, whole bool) {
	switch s[1] {
	case '_': // APC: ESC _ G ... ESC \
		if len(s) < 3 {
			return 0, false
		}
		if s[2] != 'G' {
			return 0, true
		}
		for j := 3; j < len(s) && j < maxSeq; j++ {
			if s[j] == 0x1b {
				if j+1 >= len(s) {
					return 0, false
				}
				if s[j+1] != '\\' {
					return 0, true
				}
				p.kitty(s[3:j])
				return j + 2, true
			}
		}
		return 0, len(s) >= maxSeq
	case '[': // CSI: ESC [ ? params c, ESC [ params t
		j := 2
		private := j < len(s) && s[j] == '?'
		if private {
			j++
		}
		start := j
		for ; j < len(s) && j < maxSeq; j++ {
			c := s[j]
			if c >= '0' && c <= '9' || c == ';' {
				continue
			}
			switch {
			case c == 'c' && private:
				p.attributes(s[start:j])
				return j + 1, true
			case c == 't' && !private:
				if p.window(s[start:j]) {
					return j + 1, true
				}
			}
			return 0, true
		}
		return 0, len(s) >= maxSeq
	}
	return 0, true
}

// kitty reads "i=31;OK" (keys before the ';', the message after).
func (p *Probe) kitty(body []byte) {
	semi := -1
	for i, c := range body {
		if c == ';' {
			semi = i
			break
		}
	}
	if semi < 0 {
		return
	}
	keys, msg := body[:semi], body[semi+1:]
	ours := false
	for len(keys) > 0 {
		var kv []byte
		kv, keys = cut(keys, ',')
		if string(kv) == "i="+strconv.Itoa(ProbeID) {
			ours = true
		}
	}
	if ours && string(msg) == "OK" {
		p.Kitty = true
	}
}

// attributes reads the device attributes "62;4;22": a 4 after the class
// says sixel.
func (p *Probe) attributes(params []byte) {
	p.Answered = true
	first := true
	for len(params) > 0 {
		var f []byte
		f, params = cut(params, ';')
		if !first && number(f) == 4 {
			p.Sixel = true
		}
		first = false
	}
}

// window reads "6;h;w" (cell size) and "4;h;w" (text area in pixels).
func (p *Probe) window(params []byte) bool {
	var v [3]int
	for i := range v {
		var f []byte
		f, params = cut(params, ';')
		v[i] = number(f)
	}
	if len(params) > 0 {
		return false
	}
	switch v[0] {
	case 6:
		p.Cell = sane(Pixels{v[2], v[1]}, MinCell, MaxCell)
		return true
	case 4:
		p.Win = sane(Pixels{v[2], v[1]}, Pixels{1, 1}, MaxWin)
		return true
	}
	return false
}

func cut(s []byte, sep byte) (before, after []byte) {
	for i, c := range s {
		if c == sep {
			return s[:i], s[i+1:]
		}
	}
	return s, nil
}

// number reads a decimal field; -1 for an empty or malformed one, and it
// stops growing past a million.
func number(f []byte) int {
	if len(f) == 0 {
		return -1
	}
	n := 0
	for _, c := range f {
		if c < '0' || c > '9' {
			return -1
		}
		if n < 1_000_000 {
			n = n*10 + int(c-'0')
		}
	}
	return n
}

// Reply reads seq, one whole escape sequence as a key reader cuts input
// into keys, and reports whether it is a reply to Query; a reply's news is
// kept in Caps. A key reader drops a reply: it is not a key.
func (p *Probe) Reply(seq []byte) bool {
	if len(seq) < 3 || seq[0] != 0x1b {
		return false
	}
	n, _ := p.reply(seq)
	return n == len(seq)
}

// MayBeReply reports whether s, input that ends before the escape sequence
// it begins is over, may be the beginning of a reply to Query: a key reader
// waits for the rest of it (a reply cut between two reads) rather than
// pass its pieces on as keys. Never for more than a reply's bound.
func MayBeReply(s []byte) bool {
	if len(s) < 2 || len(s) >= maxSeq || s[0] != 0x1b {
		return false
	}
	if len(s) == 2 {
		return s[1] == '[' || s[1] == '_'
	}
	var p Probe
	n, whole := p.reply(s)
	return n == 0 && !whole
}
