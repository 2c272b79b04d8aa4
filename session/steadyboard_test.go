package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
)

// A message line comes and goes with every move. The board above the chat
// must not move when it does: the same pictures at the same sizes and
// places, the chat alone giving up a row.
func TestTheBoardStaysWhenAMessageShows(t *testing.T) {
	sizes := [][2]int{{120, 40}, {140, 45}, {160, 50}, {200, 60}}
	for _, ed := range []game.Edition{game.Classic, game.Modern, game.Original} {
		for _, n := range []int{3, 6} {
			pt := gameWith(t, ed, n)
			ghostGiveAll(t, pt)
			for _, who := range []game.PlayerID{pGhost, pAnn, pWatch} {
				for _, sz := range sizes {
					name := fmt.Sprintf("%s/%dpsychics/%s/%dx%d", ed, n, names[who], sz[0], sz[1])
					m := newTestModel(t, newFakeHub(), Identity{ID: who, Name: names[who], Fingerprint: string(who)}, sz[0], sz[1])
					m.sh.Cards = similarCards{}
					m.attach(pt.code, pt, nil, false)
					feed(m, pt, func(*game.TableView) {})
					quiet := strings.Split(ansi.Strip(m.View()), "\n")
					m.sh.SetFlash("Gave Conrad MacDowell 1 card.", false)
					told := strings.Split(ansi.Strip(m.View()), "\n")
					if len(told) != sz[1] {
						t.Errorf("%s: %d lines with a message", name, len(told))
					}
					chat := -1
					for i, l := range quiet {
						if strings.HasPrefix(l, "─ ") && strings.Contains(l, "chat") {
							chat = i
							break
						}
					}
					if chat < 0 {
						t.Fatalf("%s: no chat on the screen:\n%s", name, strings.Join(quiet, "\n"))
					}
					for i := 0; i <= chat; i++ {
						if quiet[i] != told[i] {
							t.Errorf("%s: line %d moved when a message showed:\n%q\n%q", name, i+1, quiet[i], told[i])
							break
						}
					}
				}
			}
		}
	}
}
