package term

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// KeyReader hands a session's input on one key at a time (to Feed, which
// decodes each with Bubble Tea's decoder).
//
// Over SSH several keystrokes often arrive in one packet: a fast typist, a
// laggy link, or a client that sends a burst. Split at key boundaries, each
// keystroke is counted, and reaches the screens, as the key it is (Bubble
// Tea v1 made one key message of "jjb"; v2's decoder would split it, but
// the limit must count before anything is decoded). Escape sequences
// (arrows, function keys, alt+key, bracketed paste markers) stay whole.
//
// It also enforces the keystrokes-per-second limit: a token bucket of
// perSecond keys (a held-down arrow key repeats about 30 times a second);
// keys beyond it are dropped and dropped is called, at most every 5 s.
//
// A bracketed paste (the screen turns the mode on; the terminal wraps what
// is pasted in ESC[200~ ... ESC[201~) is one input: it takes one token, and
// its text passes whole, in chunks, to Feed, which makes one paste event
// of it. Counting each pasted character as a keystroke cut a paste
// of a table name in the middle (and dropping the end marker would have
// swallowed every key after it). A paste is cut at maxPaste bytes, so that
// a flood dressed as a paste is still bounded: a paste is held in memory
// until its end marker comes.
type KeyReader struct {
	r       io.Reader
	buf     [1024]byte
	pending []byte
	err     error
	// short is set when pending ends with the beginning of something that
	// must be read whole (a paste's markers): the next read appends to it.
	short bool

	paste  pasteState
	pasted int // bytes of the current paste passed on

	perSecond float64 // 0: no limit
	tokens    float64
	last      time.Time
	now       func() time.Time
	dropped   func()
	warned    time.Time
	mu        sync.Mutex // guards dropped, set after the program exists

	// background, when set, receives the terminal's answer to BackgroundQuery
	// (dark or not); the answer is not passed on as a key.
	background func(dark bool)

	// probe, when set (OnCaps), takes the replies to graphics.Query out of
	// the input; caps is told what they said once the last one came.
	probe *graphics.Probe
	caps  func(graphics.Caps)
	// replied is set when the last key taken was a reply: an ESC that
	// ends the read after it begins the next reply.
	replied bool
}

// OnCaps makes the reader take the terminal's replies to graphics.Query
// (what it can draw, its cell size) out of the input, never passing them on
// as keys, and call f once with what they said when the last of them (the
// device attributes, which every terminal sends) has come. A terminal that
// never answers never calls f: it gets no images. Set it before the first
// Read. While the answer is awaited, a reply cut between two reads is
// waited for (at most a reply's bound of bytes); afterwards a late reply
// is still dropped.
func (k *KeyReader) OnCaps(f func(graphics.Caps)) {
	k.probe, k.caps = new(graphics.Probe), f
}

// OnBackground makes the reader hand the terminal's answer to
// BackgroundQuery (dark or not) to f instead of passing it on as a key. Set
// it before the first Read.
func (k *KeyReader) OnBackground(f func(dark bool)) { k.background = f }

// Limit makes the reader drop keys beyond perSecond a second and call
// dropped (in its own goroutine) to say so.
func (k *KeyReader) Limit(perSecond int, dropped func()) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if perSecond > 0 {
		k.perSecond = float64(perSecond)
		k.tokens = k.perSecond
	}
	k.dropped = dropped
}

// allow takes a token for one key, or reports that the key must be dropped.
func (k *KeyReader) allow() bool {
	if k.perSecond == 0 {
		return true
	}
	now := k.now()
	if !k.last.IsZero() {
		k.tokens = min(k.perSecond, k.tokens+now.Sub(k.last).Seconds()*k.perSecond)
	}
	k.last = now
	if k.tokens >= 1 {
		k.tokens--
		return true
	}
	k.mu.Lock()
	f := k.dropped
	k.mu.Unlock()
	if f != nil && now.Sub(k.warned) >= 5*time.Second {
		k.warned = now
		go f()
	}
	return false
}

type pasteState uint8

const (
	noPaste       pasteState = iota
	pasteOn                  // inside a paste, passing its text on
	pasteDropping            // inside a paste whose text is dropped (too long, or over the key limit)
)

const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
	// maxPaste bounds one paste's text: far more than any field takes.
	maxPaste = 4096
)

func NewKeyReader(r io.Reader) *KeyReader { return &KeyReader{r: r, now: time.Now} }

func (k *KeyReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if len(k.pending) == 0 || k.short {
			if k.err != nil {
				return 0, k.err
			}
			// What is pending (at most a marker's beginning) moves to
			// the front, and the read appends to it.
			kept := copy(k.buf[:], k.pending)
			n, err := k.r.Read(k.buf[kept:])
			k.pending, k.err, k.short = k.buf[:kept+n], err, false
			if n == 0 {
				err, k.err = k.err, nil
				return 0, err
			}
		}
		if k.paste != noPaste {
			if n, ok := k.readPaste(p); ok {
				return n, nil
			}
			continue
		}
		n := keyLen(k.pending)
		if n == len(k.pending) && n >= 3 && n < len(pasteStart) && strings.HasPrefix(pasteStart, string(k.pending)) {
			// A paste's start marker split between two reads (no key
			// sends these bytes alone): wait for the rest.
			k.short = true
			continue
		}
		if k.probe != nil && !k.probe.Answered && n == len(k.pending) && (graphics.MayBeReply(k.pending) || k.replied && string(k.pending) == "\x1b") {
			// A reply to the graphics query cut between two reads. (A
			// reply cut right after its first ESC is not told from the
			// Escape key: the terminal sends its replies at once, and one
			// cut there is taken as keys.)
			k.short = true
			continue
		}
		k.replied = false
		key := k.pending[:n]
		k.pending = k.pending[n:]
		if k.probe != nil && len(key) > 2 && key[0] == 0x1b && (key[1] == '[' || key[1] == '_') {
			was, cell := k.probe.Answered, k.probe.Cell
			if k.probe.Reply(key) {
				k.replied = true
				switch {
				case k.caps == nil || !k.probe.Answered:
				case !was:
					k.caps(k.probe.Caps)
				case k.probe.Cell != cell && k.probe.Cell != (graphics.Pixels{}):
					// A cell size told again, changed: the font changed
					// (a browser's page chose its font by the screen's
					// size). It counts as a key against the limit.
					if k.allow() {
						k.caps(k.probe.Caps)
					} else {
						k.probe.Cell = cell
					}
				}
				continue
			}
		}
		if string(key) == pasteStart {
			if !k.allow() {
				k.paste = pasteDropping
				continue
			}
			k.paste, k.pasted = pasteOn, 0
			return copy(p, key), nil
		}
		if k.background != nil && strings.HasPrefix(string(key), "\x1b]11;") {
			if dark, ok := ParseBackground(key); ok {
				k.background(dark)
			}
			continue
		}
		// Terminal replies (OSC, DCS...) are not keystrokes: never dropped.
		if !k.allow() && !isReply(key) {
			continue
		}
		return copy(p, key), nil
	}
}

// readPaste passes on the next piece of a paste: its text in chunks as
// large as p, then its end marker. ok is false when it passed nothing on
// (text dropped, or more input needed).
func (k *KeyReader) readPaste(p []byte) (n int, ok bool) {
	b := k.pending
	body := b
	end := bytes.Index(b, []byte(pasteEnd))
	if end >= 0 {
		body = b[:end]
	} else {
		// Keep back what may be the beginning of the end marker.
		for keep := min(len(pasteEnd)-1, len(b)); keep > 0; keep-- {
			if bytes.HasPrefix([]byte(pasteEnd), b[len(b)-keep:]) {
				body = b[:len(b)-keep]
				break
			}
		}
	}
	switch {
	case len(body) == 0 && end < 0:
		k.short = true
		return 0, false
	case len(body) == 0:
		k.pending = b[len(pasteEnd):]
		was := k.paste
		k.paste = noPaste
		if was != pasteOn {
			return 0, false
		}
		return copy(p, pasteEnd), true
	case k.paste == pasteDropping:
		k.pending = b[len(body):]
		return 0, false
	case k.pasted >= maxPaste:
		// Too long: for the program the paste ends here; the rest of it
		// is dropped.
		k.paste = pasteDropping
		return copy(p, pasteEnd), true
	}
	n = min(len(body), maxPaste-k.pasted, len(p))
	k.pending = b[n:]
	k.pasted += n
	return copy(p, body[:n]), true
}

// isReply tells a terminal's answer to a query from a keystroke.
func isReply(key []byte) bool {
	return len(key) > 1 && key[0] == 0x1b && (key[1] == ']' || key[1] == 'P' || key[1] == '_' || key[1] == '^')
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
