package server

import (
	"io"
	"unicode/utf8"
)

// keyReader hands a session's input to Bubble Tea one key at a time.
//
// Bubble Tea v1 turns every run of printable characters that arrives in one
// read into a single key message ("jjb" instead of j, j, b), and over SSH
// several keystrokes often arrive in one packet: a fast typist, a laggy
// link, or a client that sends a burst. Split at key boundaries, each
// keystroke reaches the screens as the key it is. Escape sequences (arrows,
// function keys, alt+key, bracketed paste markers) stay whole.
type keyReader struct {
	r       io.Reader
	buf     [1024]byte
	pending []byte
	err     error
}

func newKeyReader(r io.Reader) *keyReader { return &keyReader{r: r} }

func (k *keyReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if len(k.pending) == 0 {
		if k.err != nil {
			return 0, k.err
		}
		n, err := k.r.Read(k.buf[:])
		k.pending, k.err = k.buf[:n], err
		if n == 0 {
			err, k.err = k.err, nil
			return 0, err
		}
	}
	n := keyLen(k.pending)
	n = copy(p, k.pending[:n])
	k.pending = k.pending[n:]
	return n, nil
}

// keyLen is the length of the first key in b: an escape sequence, a control
// byte, or one UTF-8 character. An incomplete sequence at the end of b is
// returned whole; Bubble Tea copes with it as before.
func keyLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	if b[0] != 0x1b {
		if b[0] < utf8.RuneSelf {
			return 1
		}
		_, n := utf8.DecodeRune(b)
		return n
	}
	if len(b) == 1 {
		return 1
	}
	switch b[1] {
	case '[': // CSI: parameters and intermediates, then a final byte @..~
		for i := 2; i < len(b); i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				return i + 1
			}
		}
		return len(b)
	case 'O': // SS3: one more byte (F1-F4, arrows in application mode)
		return min(3, len(b))
	case ']', 'P', '_', '^': // OSC, DCS, APC, PM: up to BEL or ESC \
		for i := 2; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
		return len(b)
	case 0x1b: // ESC pressed twice: deliver the first alone
		return 1
	}
	// Alt+key: ESC then one character.
	_, n := utf8.DecodeRune(b[1:])
	return 1 + n
}
