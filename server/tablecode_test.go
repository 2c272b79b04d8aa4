package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// TestWrongTableCodesAreLimited: wrong codes typed in the lobby's join-by-code
// box and on the command line count against the address together; past the
// limit every code is refused with the time to wait, even a private table's
// right one, so the limit cannot be used to tell codes apart. A private
// table's code works typed without its dash.
func TestWrongTableCodesAreLimited(t *testing.T) {
	h := start(t, server.Config{Limits: server.Limits{CodeFailuresPerIP: 3}})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	priv, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "hidden", Options: game.DefaultOptions(game.Classic), Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(priv.Code) != len("K7QX-M2PD") {
		t.Fatalf("private code %q, want the form K7QX-M2PD", priv.Code)
	}
	missing := "ZZZZ-ZZZZ"
	if priv.Code == missing {
		missing = "YYYY-YYYY"
	}
	k := sshtest.NewKey(t)
	// The right code, typed without the dash, opens the private table.
	in := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Width: 120, Height: 40, Command: strings.ReplaceAll(strings.ToLower(priv.Code), "-", "")})
	in.WaitFor(priv.Code, wait)
	in.Close()

	// Two wrong codes in the lobby's box...
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Width: 120, Height: 40})
	c.WaitFor("n new", wait)
	for range 2 {
		c.Screen.Mark()
		c.Type("c")
		c.WaitFor("JOIN BY CODE", wait)
		c.Type(strings.ToLower(missing) + "\r")
		c.WaitFor("There is no table "+missing+".", wait)
		// The box stays open with the code for another try: close it.
		c.Screen.Mark()
		c.Type("\x1b")
		c.WaitFor("n new", wait)
	}
	// ...and one on the command line, from another identity at the same address.
	o := sshtest.Dial(t, h.addr, sshtest.Options{Pty: true, Command: missing})
	if code, err := o.Wait(wait); err != nil || code != 1 || !strings.Contains(o.Output(), "There is no table "+missing+".") {
		t.Fatalf("wrong code on the command line: exit %d, %v, %q", code, err, o.Output())
	}
	// The address has used its three: the right code is refused too.
	over := "Too many wrong table codes from you (3 in 10 min). Try again in 10 min."
	c.Screen.Mark()
	c.Type("c")
	c.WaitFor("JOIN BY CODE", wait)
	c.Type(priv.Code + "\r")
	c.WaitFor(over, wait)
	r := sshtest.Dial(t, h.addr, sshtest.Options{Pty: true, Command: priv.Code})
	if code, err := r.Wait(wait); err != nil || code != 1 || !strings.Contains(r.Output(), over) {
		t.Fatalf("right code over the limit: exit %d, %v, %q", code, err, r.Output())
	}
}
