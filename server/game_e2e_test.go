package server_test

// Whole games over real SSH and a browser's socket, played by the humans of
// game_e2e_players_test.go: each edition to its end, a player who drops and
// comes back, a bot that plays an away seat, and the create form's timer.

import (
	"fmt"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

func TestWholeClassicGameWithAReconnect(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2, watch: []bool{false}})
	p := r.dropInRoundTwo()
	// Coming back with the same key and no code returns them to their seat,
	// with the whole current view.
	opts := p.opts
	opts.Command = ""
	r.backAtSeat(p, sshtest.Dial(t, r.h.addr, opts))

	fin := r.finish()
	t.Logf("classic game over: won=%v cause=%s round=%d", fin.Outcome.Won, fin.Outcome.Cause, fin.Outcome.Round)
}

// A whole game with the ghost on SSH and a psychic in a browser, whose
// page loses its connection mid-round: the browser's stored secret brings
// it back to its seat (from the lobby's link, like a reload of /), with the
// whole current view.
func TestWholeGameWithABrowserPsychicWhoReconnects(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH and a browser's socket")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2, browser: true})
	p := r.dropInRoundTwo()
	r.backAtSeat(p, webtest.Dial(t, p.web, webtest.Hello{Secret: p.secret, Name: p.name, Cols: 140, Rows: 45}).Client)

	fin := r.finish()
	t.Logf("classic game with a browser psychic over: won=%v cause=%s round=%d", fin.Outcome.Won, fin.Outcome.Cause, fin.Outcome.Round)
}

func TestWholeModernGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Modern, psychics: 2, bots: 2, smart: true})
	fin := r.finish()
	t.Logf("modern game over: won=%v cause=%s round=%d", fin.Outcome.Won, fin.Outcome.Cause, fin.Outcome.Round)
}

func TestWholeOriginalGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Original, psychics: 1, bots: 3, plain: true})
	fin := r.finish()
	t.Logf("original game over: won=%v cause=%s round=%d", fin.Outcome.Won, fin.Outcome.Cause, fin.Outcome.Round)
}

// dropInRoundTwo plays into round 2, until the first psychic has this
// round's vision, and then drops the psychic's connection in the middle of
// the round; it returns the psychic, once the table sees them away.
func (r *run) dropInRoundTwo() *human {
	r.t.Helper()
	r.play(func(u game.Update) bool {
		v := u.View.Public()
		return v.Round >= 2 && v.Phase == game.PhaseVision && v.Psychics[0].ReceivedThisRound
	})
	p := r.psychic
	p.c.Close()
	p.stop()
	r.waitPresence(p.id, false)
	return p
}

// backAtSeat checks that p, dropped by dropInRoundTwo and come back as c,
// is at their table in round 2, and follows them again.
func (r *run) backAtSeat(p *human, c *sshtest.Client) {
	r.t.Helper()
	p.c = c
	p.c.WaitFor(r.code, wait)
	p.c.WaitFor("HOUR II of VII", wait)
	r.follow(p)
	r.waitPresence(p.id, true)
}

// waitPresence waits until the ghost's oracle shows player p present or away.
func (r *run) waitPresence(p game.PlayerID, present bool) {
	r.t.Helper()
	r.waitSeat(p, fmt.Sprintf("present=%v", present), func(pr game.Presence) bool { return pr.Present == present })
}

// waitPresenceBot waits until the ghost's oracle shows a bot playing for p, or not.
func (r *run) waitPresenceBot(p game.PlayerID, bot bool) {
	r.t.Helper()
	r.waitSeat(p, fmt.Sprintf("a bot=%v", bot), func(pr game.Presence) bool { return pr.Bot == bot })
}

// waitSeat waits until the ghost's oracle shows p's presence as ok wants
// it (what says how, for the failure).
func (r *run) waitSeat(p game.PlayerID, what string, ok func(game.Presence) bool) {
	r.t.Helper()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		if u, have := r.ghost.latest(); have && ok(u.Presence[p]) {
			return
		}
		select {
		case <-r.changed:
		case <-deadline.C:
			u, _ := r.ghost.latest()
			r.t.Fatalf("timed out waiting for %s in %s's seat: %+v", what, p, u.Presence[p])
		}
	}
}

// TestServerTimerIsTheFormsDefault: the server's --timer is the sand timer
// the create form proposes for the classic edition.
func TestServerTimerIsTheFormsDefault(t *testing.T) {
	createFormShows(t, 5*time.Minute, "Sand timer    5 min")
}

// With no --timer the form proposes the rulebook's 2 minutes; a negative one is off.
func TestServerTimerDefaults(t *testing.T) {
	for _, tc := range []struct {
		timer time.Duration
		want  string
	}{{0, "Sand timer    2 min"}, {-1, "Sand timer    off"}} {
		createFormShows(t, tc.timer, tc.want)
	}
}

// createFormShows opens the create form on a server started with --timer
// timer, and waits for want on it.
func createFormShows(t *testing.T, timer time.Duration, want string) {
	t.Helper()
	h := start(t, server.Config{Timer: timer})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	c.WaitFor("n new", wait)
	c.Type("n")
	c.WaitFor(want, wait)
}

// TestABotTakesOverAnAwaySeat: with --bot-takeover, a bot plays for a
// psychic whose connection dropped, and the player takes the seat back by
// coming back.
func TestABotTakesOverAnAwaySeat(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2, takeover: 50 * time.Millisecond})
	p := r.psychic
	p.c.Close()
	p.stop()
	r.humans = []*human{r.ghost} // only the ghost plays on
	r.waitPresenceBot(p.id, true)
	// The bot plays the seat: the game moves on to the next round.
	r.play(func(u game.Update) bool { return u.View.Public().Round >= 2 })

	p.c = sshtest.Dial(t, r.h.addr, p.opts)
	p.c.WaitFor(r.code, wait)
	r.follow(p)
	r.humans = append(r.humans, p)
	r.waitPresenceBot(p.id, false)
	fin := r.finish()
	t.Logf("game over: won=%v cause=%s round=%d", fin.Outcome.Won, fin.Outcome.Cause, fin.Outcome.Round)
}

// TestResizeRelaysTheScreen: window changes reach the real screens over SSH;
// below 80x24 the session says the window is too small, and comes back.
func TestResizeRelaysTheScreen(t *testing.T) {
	h := start(t, server.Config{})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Width: 80, Height: 24})
	c.WaitFor("n new", wait)
	c.Screen.Mark()
	if err := c.Resize(60, 20); err != nil {
		t.Fatal(err)
	}
	c.WaitFor("Window too small", wait)
	c.Screen.Mark()
	if err := c.Resize(140, 45); err != nil {
		t.Fatal(err)
	}
	c.WaitFor("MYSTERIUM", wait)
}
