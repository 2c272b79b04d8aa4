package session

import (
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// When the ghost's connection goes, psychics and spectators see it by the
// ghost's name, and the status line says what the game waits for; with a
// bot takeover configured it says so.
func TestGhostAwayIsShown(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	allReady(t, pt, false) // step 2: the ghost must reveal
	pt.setPresence(pGhost, game.Presence{Present: false, AwaySince: fixedNow})
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		for _, p := range []game.PlayerID{pAnn, pWatch} {
			m := modelAt(t, pt, p, sz[0], sz[1])
			if got, want := statusLine(m), "The ghost is away; the game goes on when they come back."; got != want {
				t.Errorf("%s %dx%d: status %q, want %q", p, sz[0], sz[1], got, want)
			}
			if sz[0] < 120 {
				press(m, "tab") // the psychics pane
			}
			if v := plainView(m); !strings.Contains(v, "☾ ghost: gwen (away)") {
				t.Errorf("%s %dx%d: the ghost's absence is not shown:\n%s", p, sz[0], sz[1], v)
			}
		}
	}
	// The ghost comes back: no away mark, the usual status.
	pt.setPresence(pGhost, game.Presence{Present: true})
	m := modelAt(t, pt, pAnn, 140, 45)
	if v := plainView(m); strings.Contains(v, "(away)") || !strings.Contains(v, "☾ ghost: gwen") {
		t.Errorf("the ghost is back but shown as:\n%s", v)
	}
	if got := statusLine(m); !strings.HasPrefix(got, "The ghost is revealing the results") {
		t.Errorf("status %q", got)
	}
	// With a bot takeover the status line says when a bot plays.
	pt.setPresence(pGhost, game.Presence{Present: false, AwaySince: fixedNow})
	pt.cfg = game.TableConfig{TakeoverAfter: 5 * time.Minute, Bots: func(game.PlayerID, uint64, game.BotLevel) game.Bot { return nil }}
	m = modelAt(t, pt, pAnn, 80, 24)
	if got, want := statusLine(m), "The ghost is away; a bot takes over after 5 minutes if they stay away."; got != want {
		t.Errorf("status %q, want %q", got, want)
	}
	// During a takeover the game goes on: the usual status, the bot named.
	pt.setPresence(pGhost, game.Presence{Present: false, AwaySince: fixedNow, Bot: true})
	m = modelAt(t, pt, pAnn, 140, 45)
	if got := statusLine(m); !strings.HasPrefix(got, "The ghost is revealing the results") {
		t.Errorf("status during a takeover %q", got)
	}
	if v := plainView(m); !strings.Contains(v, "☾ ghost: gwen (bot playing)") {
		t.Errorf("the takeover is not shown:\n%s", v)
	}
}
