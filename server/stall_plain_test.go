package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// TestTableCodeWithoutTerminal: `ssh host CODE` without a pty (ssh -T) asks
// for a terminal whether the code is a public table's, a private table's or
// nobody's: the same sentence and exit status, so that without a terminal a
// guesser learns nothing about which codes are tables.
func TestTableCodeWithoutTerminal(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	pub, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "here", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	priv, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "hidden", Options: game.DefaultOptions(game.Classic), Private: true})
	if err != nil {
		t.Fatal(err)
	}
	missing := "ZZZZ-ZZZZ"
	if priv.Code == missing {
		missing = "YYYY-YYYY"
	}
	k := sshtest.NewKey(t)
	answer := func(code string) (string, int) {
		out, errOut, status := sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: strings.ToLower(code)})
		return strings.ReplaceAll(out+errOut, code, "CODE"), status
	}
	for _, code := range []string{pub.Code, priv.Code, missing} {
		out, status := answer(code)
		if want := "Table CODE needs a terminal: use ssh -t HOST CODE"; status != 1 || !strings.Contains(out, want) {
			t.Errorf("ssh -T host %s: exit %d, %q; want exit 1 and %q", code, status, out, want)
		}
	}
	privOut, privStatus := answer(priv.Code)
	missOut, missStatus := answer(missing)
	if privOut != missOut || privStatus != missStatus {
		t.Errorf("a private table and a missing one answer differently: %q (%d) and %q (%d)", privOut, privStatus, missOut, missStatus)
	}
}
