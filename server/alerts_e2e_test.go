package server_test

import (
	"bytes"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// TestTurnAlertsReachTheRightConnectionOnce plays a classic game over SSH
// into its second hour and counts the alert sequences each connection
// received: the ghost is told once that the psychics wait for its visions
// (and at most once that the results wait); each psychic is told once that their own
// vision arrived, and never about another's; the spectator hears nothing.
func TestTurnAlertsReachTheRightConnectionOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("a game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 2, bots: 1, watch: []bool{false}})
	r.play(func(u game.Update) bool {
		p := u.View.Public()
		return p.Round >= 2 && p.Phase == game.PhaseVision
	})
	notify := func(body string) []byte {
		return []byte("\x1b]777;notify;Mysterium " + r.code + ";" + body + "\a")
	}
	count := func(h []byte, seq []byte) int { return bytes.Count(h, seq) }
	// The oracle is ahead of the screens: wait for each screen's bytes.
	arrived := func(c *sshtest.Client, what string, seqs ...[]byte) {
		t.Helper()
		err := c.Screen.WaitUntil(func(string) bool {
			raw := c.Screen.Raw()
			for _, s := range seqs {
				if !bytes.Contains(raw, s) {
					return false
				}
			}
			return true
		}, what, wait)
		if err != nil {
			t.Fatal(err)
		}
	}
	arrived(r.ghost.c, "the ghost's alert and title", notify("Hour I: the psychics wait for your visions."), []byte("\x1b]2;▲ your move · Mysterium "+r.code+"\a"))
	for i, p := range r.psychics {
		c := r.colourOf(i)
		arrived(p.c, p.name+"'s alert", notify("Hour I: a vision arrived for "+c.Symbol()+" "+c.Character()+"."))
	}
	r.watch[0].WaitFor("II", wait)

	ghost := r.ghost.c.Screen.Raw()
	for i, body := range []string{"Hour I: the psychics wait for your visions.", "Hour I: the results wait to be revealed."} {
		// The reveal may pass between two of the ghost's frames (the test
		// types faster than a screen draws): at most once, then.
		if n := count(ghost, notify(body)); n > 1 || n == 0 && i == 0 {
			t.Errorf("the ghost got %q %d times, want once", body, n)
		}
		for _, p := range r.psychics {
			if n := count(p.c.Screen.Raw(), notify(body)); n != 0 {
				t.Errorf("%s got the ghost's alert %q", p.name, body)
			}
		}
	}
	if n := count(ghost, []byte("\x1b]9;Mysterium "+r.code+": Hour I: the psychics wait for your visions.\a")); n != 1 {
		t.Errorf("the ghost got the OSC 9 notification %d times, want once", n)
	}
	// (The title's restoring is TestTurnAlertsOncePerEventAndTheTitleRestored's:
	// here the ghost's screen may go from one move of theirs to the next
	// without a frame in between.)
	for i := range r.psychics {
		c := r.colourOf(i)
		body := "Hour I: a vision arrived for " + c.Symbol() + " " + c.Character() + "."
		for j, q := range r.psychics {
			want := 0
			if i == j {
				want = 1
			}
			if n := count(q.c.Screen.Raw(), notify(body)); n != want {
				t.Errorf("%s got %q %d times, want %d", q.name, body, n, want)
			}
		}
	}
	if n := count(r.watch[0].Screen.Raw(), []byte("\x1b]777;")); n != 0 {
		t.Errorf("the spectator got %d alerts", n)
	}
}

// colourOf is the colour of the i-th human psychic.
func (r *run) colourOf(i int) game.Colour {
	u, _ := r.ghost.latest()
	return u.View.Public().Seats[i+1].Colours[0]
}
