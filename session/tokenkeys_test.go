package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// keysLine is the key-hint line of a frame (above the status), stripped.
func keysLine(m *Model) string {
	lines := strings.Split(plainView(m), "\n")
	return strings.TrimSpace(lines[len(lines)-2])
}

// The key bar and the help list the token keys only where the table plays
// clairvoyance.
func TestTokenKeysOnlyWithClairvoyance(t *testing.T) {
	for _, ed := range []game.Edition{game.Classic, game.Modern, game.Original} {
		pt := playScenario(t, game.DefaultOptions(ed))
		ghostGiveAll(t, pt)
		clair := pt.st.ViewFor(pAnn).Public().Clairvoyance
		if clair != (ed == game.Classic) {
			t.Fatalf("%s: clairvoyance %v", ed, clair)
		}
		for _, sz := range [][2]int{{80, 24}, {140, 45}} {
			m := modelAt(t, pt, pAnn, sz[0], sz[1])
			if got := strings.Contains(keysLine(m), "token"); got != clair {
				t.Errorf("%s %dx%d: keys %q", ed, sz[0], sz[1], keysLine(m))
			}
			press(m, "?")
			if got := strings.Contains(plainView(m), "clairvoyance token"); got != clair {
				t.Errorf("%s %dx%d: help lists tokens: %v", ed, sz[0], sz[1], got)
			}
		}
	}
}
