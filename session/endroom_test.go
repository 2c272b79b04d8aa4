package session

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// The end screen's trails name each psychic's player as typed, with no
// presence ("dave (aw…" ran into "The Governess", and called a connected
// player away), in a column two spaces short of the trail.
func TestEndTrailsNameThePlayers(t *testing.T) {
	pt := gameWith(t, game.Classic, 6)
	playToFinal(t, pt, true)
	voteAll(t, pt, 1)
	// Everybody away (a finished game brought back for its replay has
	// nobody at it), one with a long name.
	for _, p := range psychicPlayers {
		pt.setPresence(p, game.Presence{})
	}
	m := modelAt(t, pt, pAnn, 120, 40)
	v := plainView(m)
	if strings.Contains(v, "(away)") || strings.Contains(v, "(aw") {
		t.Errorf("the end screen marks players away:\n%s", v)
	}
	trail := regexp.MustCompile(`^  \S+ .*p\d( *)The `)
	n := 0
	for _, line := range strings.Split(v, "\n") {
		if g := trail.FindStringSubmatch(line); g != nil {
			n++
			if len(g[1]) < 2 {
				t.Errorf("the name runs into the trail: %q", line)
			}
		}
	}
	if n != 6 {
		t.Errorf("%d trails:\n%s", n, v)
	}
}

// At 200x60 the end screen's replay draws its pictures as large as fit
// (the thumbnails), not the small ones that left two thirds of the
// screen empty; at 120x40 they still fit above the chat.
func TestEndScreenUsesTheRoom(t *testing.T) {
	for _, c := range []struct {
		w, h, picture int
	}{{200, 60, layout.ThumbH}, {120, 40, 9}} {
		pt := gameWith(t, game.Classic, 3)
		playToFinal(t, pt, true)
		voteAll(t, pt, 1)
		m := modelAt(t, pt, pAnn, c.w, c.h)
		lines := strings.Split(plainView(m), "\n")
		received, right, chat := -1, -1, -1
		for i, l := range lines {
			switch {
			case received < 0 && strings.Contains(l, "received"):
				received = i
			case right < 0 && strings.Contains(l, "right on"):
				right = i
			case chat < 0 && strings.HasPrefix(l, "─ chat"):
				chat = i
			}
		}
		if right-received-1 < c.picture {
			t.Errorf("%dx%d: the vision's pictures take %d rows, want %d:\n%s", c.w, c.h, right-received-1, c.picture, strings.Join(lines, "\n"))
		}
		if chat < 0 || len(lines)-chat < 5 {
			t.Errorf("%dx%d: the chat has no room (line %d of %d)", c.w, c.h, chat, len(lines))
		}
	}
}
