package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// A chat line pasted whole (the bracketed-paste bytes a terminal sends)
// and the enter after it, at the default keystroke limit, is said whole:
// a paste is one input, not a key per character. A line pasted with its
// newline is said as well: the newline is the enter.
func TestPastedChatLineIsSaidWhole(t *testing.T) {
	h := start(t, server.Config{})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true, Width: 120, Height: 40})
	c.WaitFor("n new", wait)
	c.Type("n")
	c.WaitFor("enter create", wait)
	c.Type("\r")
	c.WaitFor("CHOOSE YOUR SEAT", wait)
	c.Type("\r")
	c.WaitFor("You sit as", wait)
	c.Type("t")
	c.WaitFor("enter send", wait)
	line := "see you all at nine, bring the cards and the crows: ok?! zqend" // 62 characters
	if len(line) != 62 {
		t.Fatalf("%d characters", len(line))
	}
	// Pasted, then enter typed; then pasted with its newline, which is the
	// enter the player copied.
	for i, paste := range []string{"\x1b[200~" + line + "\x1b[201~" + "\r", "\x1b[200~" + line[:61] + "2\r\x1b[201~"} {
		said := line
		if i == 1 {
			said = line[:61] + "2"
		}
		c.Screen.Mark()
		c.Type(paste)
		if err := c.Screen.WaitUntil(func(string) bool {
			return strings.Contains(c.Screen.Since(), "alice: "+said)
		}, "the pasted line said whole", wait); err != nil {
			t.Fatal(err)
		}
		if s := c.Screen.Since(); strings.Contains(s, "Too many keys") {
			t.Errorf("the paste tripped the key limit:\n%s", s)
		}
	}
}
