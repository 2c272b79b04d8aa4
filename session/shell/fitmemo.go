package shell

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// fitMemo is the body last fitted into a frame (frameWithBanner), kept so
// that a frame with the same body writes it without measuring it again.
// It belongs to the session's Model and is used on its goroutine only.
type fitMemo struct {
	Body        string
	w, h, lines int
	// at is where the body starts in the frame being built, until
	// settle takes it from there; -1 after.
	at int
	OK bool
}

// settle makes the remembered body (this memo's and the body memo bm's)
// the piece of the new frame that holds it, when the frame holds it
// intact: the frame memo and the screen hold the frame anyway, and the
// body as a string of its own was a second copy of most of the frame in
// every session (its buffer sized for a whole frame).
func (f *fitMemo) settle(frame string, bm *BodyMemo) {
	if !f.OK || f.at < 0 {
		return
	}
	piece := frame[f.at : f.at+len(f.Body)]
	if bm.OK && bm.Body == f.Body {
		bm.Body = piece
	}
	f.Body, f.at = piece, -1
}

// write writes fit(body, w, h) to b. It remembers the last body it found
// intact (no more than h lines, none wider than w): a frame in which only
// the header changed (the sand timer's second) has the very same body
// string, and it is written as it is, plus the blank lines below, without
// measuring a line again. Keyed by the whole input (comparing the same
// string is a pointer check), so it cannot go stale; it holds no string
// the body memo does not hold already. fresh (the tests' noMemo) measures
// again.
func (f *fitMemo) write(b *strings.Builder, body string, w, h int, fresh bool) {
	at := b.Len()
	if !fresh && f.OK && f.w == w && f.h == h && f.Body == body {
		b.WriteString(body)
		for i := f.lines; i < h; i++ {
			b.WriteByte('\n')
		}
		f.at = at
		return
	}
	if lines, intact := layout.FitInto(b, body, w, h); intact {
		*f = fitMemo{Body: body, w: w, h: h, lines: lines, at: at, OK: true}
	} else {
		*f = fitMemo{}
	}
}
