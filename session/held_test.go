package session

import (
	"testing"
	"time"
	"unsafe"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
)

// within reports whether piece's bytes lie inside s's.
func within(piece, s string) bool {
	if piece == "" {
		return true
	}
	from := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	at := uintptr(unsafe.Pointer(unsafe.StringData(piece)))
	return at >= from && at+uintptr(len(piece)) <= from+uintptr(len(s))
}

// A session holds its last frame once: the remembered body (the body memo's
// and fitMemo's) is the piece of the remembered frame that shows it, not a
// string of its own, after a table update as after a frame in which only
// the sand timer's second moved. Before, every session held a second copy
// of most of its frame, in a buffer sized for a whole frame.
func TestRememberedBodyIsAPieceOfTheFrame(t *testing.T) {
	for _, tc := range []struct {
		who  game.PlayerID
		w, h int
	}{
		{pAnn, 80, 24}, {pAnn, 120, 40}, {pGhost, 80, 24}, {pGhost, 140, 45}, {pWatch, 120, 40},
	} {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		pt.deadline = fixedNow.Add(2 * time.Minute)
		m := modelAt(t, pt, tc.who, tc.w, tc.h)
		now := fixedNow
		m.sh.Clock = func() time.Time { return now }
		check := func(what string) {
			t.Helper()
			f := m.View()
			if !m.sh.Body.OK || !m.sh.Fitted.OK {
				t.Fatalf("%s at %dx%d, %s: no body remembered (body %v, fitted %v)", tc.who, tc.w, tc.h, what, m.sh.Body.OK, m.sh.Fitted.OK)
			}
			if !within(m.sh.Body.Body, f) || !within(m.sh.Fitted.Body, f) {
				t.Errorf("%s at %dx%d, %s: the remembered body is a string of its own, beside the frame", tc.who, tc.w, tc.h, what)
			}
		}
		check("first frame")
		now = now.Add(time.Second)
		check("the sand timer's next second")
		ghostGiveAll(t, pt)
		refresh(m, pt)
		check("a table update")
	}
}

// Every session has five line inputs (the lobby's two, chat, the psychic's
// and the ghost's notes): each held three copies of a style (600 bytes
// each), 9 KB a session. They point at the session's shared styles.
func TestLineInputHoldsNoStyle(t *testing.T) {
	if n := unsafe.Sizeof(input.Field{}); n > 256 {
		t.Errorf("a line input is %d bytes: it holds copies of its styles", n)
	}
}
