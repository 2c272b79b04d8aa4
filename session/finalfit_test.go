package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestFinalKeepsTheVotesOnScreen: on a one-screen terminal the final
// phase's votes line (who votes now), the shared vision's captions and the
// chat stay on the screen whatever the number of groups, with a message
// shown or not. With six groups at 120x40 the shared vision's thumbnails
// pushed all three off the bottom: a psychic in the straw poll could not
// see who was to vote.
func TestFinalKeepsTheVotesOnScreen(t *testing.T) {
	for _, n := range []int{3, 6} {
		for _, sz := range [][2]int{{120, 40}, {140, 45}, {200, 60}} {
			for _, p := range []game.PlayerID{pAnn, pWatch} {
				for _, flash := range []bool{false, true} {
					name := fmt.Sprintf("%d/%dx%d/%s/flash=%v", n, sz[0], sz[1], names[p], flash)
					t.Run(name, func(t *testing.T) {
						pt := gameWith(t, game.Classic, n)
						playToFinal(t, pt, true)
						m := modelAt(t, pt, p, sz[0], sz[1])
						m.sh.Cards = fakeCards{}
						if flash {
							m.sh.SetFlash("a message of one line", false)
						}
						view := plainView(m)
						checkFrame(t, view, sz[0], sz[1])
						for _, want := range []string{"to vote now:", "card 3", "─ chat"} {
							if !strings.Contains(view, want) {
								t.Errorf("%q is not on the screen:\n%s", want, view)
							}
						}
					})
				}
			}
		}
	}
}
