package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// Click reports are a browser's alone: its screen turns them on (a tap on
// a card selects it), while an SSH client's terminal is never asked for
// them, so its mouse keeps selecting and copying text, even when the
// client sends reports unasked.
func TestOnlyBrowsersGetTapReports(t *testing.T) {
	const clicks, sgr = "\x1b[?1000h", "\x1b[?1006h"
	h := start(t, server.Config{})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true})
	c.WaitFor("n new", wait)
	c.Type("\x1b[<0;3;3M\x1b[<0;3;3m") // a click nobody asked for
	c.Screen.Mark()
	c.Type("?") // the screen answers keys as before
	c.WaitFor("keys", wait)
	c.Type("q") // closes the help
	c.Type("q")
	if _, err := c.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if raw := string(c.Screen.Raw()); strings.Contains(raw, clicks) || strings.Contains(raw, sgr) {
		t.Fatal("an SSH session turned click reports on")
	}

	b := webtest.Dial(t, browserWayIn(t, h), webtest.Hello{Secret: webtest.NewSecret(), Name: "Bo"})
	b.WaitFor("n new", wait)
	if raw := string(b.Screen.Raw()); !strings.Contains(raw, clicks+sgr) {
		t.Fatal("a browser session did not turn click reports on")
	}
}
