package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// TestTableCodeWithoutTerminal: `ssh host CODE` without a pty (ssh -T) says
// there is no such table when there is none, and asks for a terminal only
// when the table exists.
func TestTableCodeWithoutTerminal(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: "SHA256:host", Name: "host"}, session.TableSpec{Name: "here", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	missing := "ZZZZ"
	if info.Code == missing {
		missing = "YYYY"
	}
	k := sshtest.NewKey(t)
	for _, tc := range []struct{ cmd, want, not string }{
		{missing, "There is no table " + missing, "needs a terminal"},
		{strings.ToLower(info.Code), "Table " + info.Code + " needs a terminal: use ssh -t HOST " + info.Code, "no table"},
	} {
		out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: tc.cmd})
		if code != 1 || !strings.Contains(out+errOut, tc.want) || strings.Contains(out+errOut, tc.not) {
			t.Errorf("ssh -T host %s: exit %d, %q; want exit 1 and %q", tc.cmd, code, out+errOut, tc.want)
		}
	}
}
