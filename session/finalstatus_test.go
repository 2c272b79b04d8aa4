package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestFinalStatusWhileTheGhostChooses: until the ghost has chosen the
// culprit and given the shared vision, nobody votes, and every seat's
// status line says what the table waits for. The spectator's said
// "Waiting for the vote to be decided." before any vote could start.
func TestFinalStatusWhileTheGhostChooses(t *testing.T) {
	for _, ed := range []game.Edition{game.Classic, game.Modern, game.Original} {
		for _, culprit := range []bool{false, true} {
			t.Run(fmt.Sprintf("%v/%v", ed, culprit), func(t *testing.T) {
				pt := gameWith(t, ed, 3)
				playToFinal(t, pt, false)
				if culprit && ed != game.Modern { // modern draws the culprit
					pt.must(t, pGhost, game.ChooseCulprit{Group: 1})
				}
				for _, p := range []game.PlayerID{pAnn, pWatch} {
					m := modelAt(t, pt, p, 120, 40)
					if s := statusLine(m); !strings.Contains(s, "Waiting for the ghost's shared vision.") {
						t.Errorf("%s (culprit chosen: %v): status %q", names[p], culprit, s)
					}
				}
			})
		}
	}
}
