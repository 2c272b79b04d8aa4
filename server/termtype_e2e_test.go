package server_test

import (
	"regexp"
	"testing"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// sgrColour is a foreground or background colour of the 8/16 (30-37,
// 40-47, 90-97, 100-107) or 256-colour palettes in an SGR sequence.
var sgrColour = regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(?:3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5;[0-9]+)(?:;[0-9;]*)?m`)

// A client whose terminal is GNU screen or tmux's default (TERM=screen)
// gets colours, as xterm does; vt100 gets none.
func TestScreenAndTmuxGetColoursOverSSH(t *testing.T) {
	h := start(t, server.Config{})
	for _, c := range []struct {
		term   string
		colour bool
	}{{"screen", true}, {"tmux", true}, {"xterm", true}, {"vt100", false}} {
		k := sshtest.NewKey(t)
		cl := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true, Width: 100, Height: 30, Term: c.term})
		cl.WaitFor("n new", wait)
		if got := sgrColour.Match(cl.Screen.Raw()); got != c.colour {
			t.Errorf("TERM=%s: colours %v, want %v", c.term, got, c.colour)
		}
		cl.Close()
	}
}
