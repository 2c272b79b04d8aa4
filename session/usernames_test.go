package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// A notice keeps a user name as its player typed it: "ben paused the sand
// timer.", not "Ben paused…" (the host, gwen, is the ghost: the psychics
// work the sand timer); the table's own words still start with a capital.
func TestNoticesKeepUserNamesAsTyped(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 120, 40)
	pt.must(t, pBen, game.PauseTimer{})
	refresh(m, pt)
	if !strings.HasPrefix(m.sh.Flash, "ben paused the sand timer") {
		t.Errorf("flash %q", m.sh.Flash)
	}
	if !strings.Contains(plainView(m), "ben paused the sand timer.") {
		t.Errorf("not on screen:\n%s", plainView(m))
	}
	if got := words.TimerSentence(game.TimerNote{Kind: game.TimerPausedNote}, m.sh.Lang(), "the host paused the sand timer"); got != "The host paused the sand timer." {
		t.Errorf("our own words: %q", got)
	}
}
