package server_test

import (
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// The language a session starts in comes from the LANG and LC_* an SSH
// client sends (OpenSSH's SendEnv does by default), by POSIX's order; a
// client that asks for nothing, or for a language we do not have, reads
// English.
func TestLanguageFromTheClientsEnv(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	for _, tc := range []struct {
		name string
		env  []string
		want string
	}{
		{"french LANG", []string{"LANG=fr_FR.UTF-8"}, "lang=fr"},
		{"nothing sent", nil, "lang=en"},
		{"english LANG", []string{"LANG=en_GB.UTF-8"}, "lang=en"},
		{"LC_ALL before LANG", []string{"LANG=en_US.UTF-8", "LC_ALL=fr_CA.UTF-8"}, "lang=fr"},
		{"LC_MESSAGES before LANG", []string{"LANG=fr_BE.UTF-8", "LC_MESSAGES=C"}, "lang=en"},
		{"a language we lack", []string{"LANG=de_DE.UTF-8"}, "lang=en"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := sshtest.NewKey(t)
			c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Env: tc.env})
			c.WaitFor(tc.want, wait)
		})
	}
}

// A language a player with a key chose is kept in their profile and wins
// over what their client sends, on the next connection and after a restart.
func TestAChosenLanguageWinsOverTheEnv(t *testing.T) {
	dir := t.TempDir()
	h := start(t, server.Config{DataDir: dir, Store: openStore(t, dir), NewModel: newWhoModel})
	k := sshtest.NewKey(t)
	english := []string{"LANG=en_US.UTF-8"}
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Env: english})
	c.WaitFor("lang=en", wait)
	c.Type("L")
	c.WaitFor("lang=fr", wait)
	c.Type("q")
	if _, err := c.Wait(wait); err != nil {
		t.Fatal(err)
	}
	again := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Env: english})
	again.WaitFor("lang=fr", wait)
	again.Close()
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}

	h2 := start(t, server.Config{DataDir: dir, Store: openStore(t, dir), NewModel: newWhoModel})
	after := sshtest.Dial(t, h2.addr, sshtest.Options{Key: &k, Pty: true, Env: english})
	after.WaitFor("lang=fr", wait)
}

// A guest's choice is kept for as long as they are connected: another
// session on the same connection starts in it; once none of their sessions
// is left it is forgotten (a guest is new at every connection, and nothing
// about them may pile up).
func TestAGuestsLanguageLastsWhileConnected(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	french := []string{"LANG=fr_FR.UTF-8"}
	g := sshtest.Dial(t, h.addr, sshtest.Options{Pty: true, Env: french})
	g.WaitFor("guest=true", wait)
	g.WaitFor("lang=fr", wait)
	g.Type("L")
	g.WaitFor("lang=en", wait)

	second := g.Another(sshtest.Options{Pty: true, Env: french})
	second.WaitFor("guest=true", wait)
	second.WaitFor("lang=en", wait)

	for _, c := range []*sshtest.Client{second, g} {
		c.Type("q")
		if _, err := c.Wait(wait); err != nil {
			t.Fatal(err)
		}
	}
	// The server forgets the choice once its end of both sessions is over,
	// which may be just after the client saw them end. Opening sessions
	// until one starts in French could chain forever (each new one keeps the
	// guest present while the last one ends), so wait for the server itself.
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for deadline := time.Now().Add(wait); h.srv.LiveSessions() > 0; <-tick.C {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions still registered after both ended", h.srv.LiveSessions())
		}
	}
	third := g.Another(sshtest.Options{Pty: true, Env: french})
	third.WaitFor("lang=fr", wait)
}
