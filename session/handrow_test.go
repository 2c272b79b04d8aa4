package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// The design's one-screen layout starts at 120 columns: there the ghost must
// see the whole hand of 7 at once (below it the hand is a list).
func TestGhostHandRowShowsWholeHandFrom120Columns(t *testing.T) {
	for _, tc := range []struct {
		w, h     int
		wantAll  bool
		wantHint bool
	}{
		{w: 120, h: 40, wantAll: true},
		{w: 140, h: 45, wantAll: true},
	} {
		t.Run(fmt.Sprintf("%dx%d", tc.w, tc.h), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			g := modelAt(t, pt, pGhost, tc.w, tc.h)
			hand := pt.st.ViewFor(pGhost).(*game.GhostView).Hand
			if len(hand) != 7 {
				t.Fatalf("hand has %d cards, want 7", len(hand))
			}
			view := plainView(g)
			shown := 0
			for i, id := range hand {
				if strings.Contains(view, fmt.Sprintf("%d %s", i+1, id)) {
					shown++
				}
			}
			if tc.wantAll && shown != 7 {
				t.Fatalf("%d of 7 hand cards drawn at %dx%d:\n%s", shown, tc.w, tc.h, view)
			}
			if hint := strings.Contains(view, "of 7, ←→ scrolls"); hint != tc.wantHint {
				t.Fatalf("scroll hint shown = %v, want %v:\n%s", hint, tc.wantHint, view)
			}
		})
	}
}
