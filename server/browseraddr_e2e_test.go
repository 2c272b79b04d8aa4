package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// TestBrowserCodesCountAgainstItsAddress: the wrong table codes a browser
// tries count against its address, as an SSH client's do. They counted
// against no address at all (the browser's session had none): a browser
// that makes a new secret for each try was limited by nothing of its own,
// and every browser shared one allowance.
func TestBrowserCodesCountAgainstItsAddress(t *testing.T) {
	h := start(t, server.Config{Limits: server.Limits{CodeFailuresPerIP: 2}, BotDelay: -1})
	base := browserWayIn(t, h)
	for _, code := range []string{"ZZZZ", "YYYY"} {
		b := webtest.Dial(t, base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Eve", Table: code})
		b.WaitFor("There is no table "+code, wait)
	}
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Command: "XXXX"})
	if _, err := c.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if out := c.Output(); !strings.Contains(out, "Too many wrong table codes") {
		t.Fatalf("an SSH client from the browser's address, after its wrong codes: %q", out)
	}
}
