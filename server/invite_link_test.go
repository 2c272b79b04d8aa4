package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// With the web way in on, an invitation also carries the table's browser
// link, for the friend without an ssh client; with it off, no link.
func TestInviteCarriesTheBrowserLink(t *testing.T) {
	h := gamesServer(t, t.TempDir())
	k := sshtest.NewKey(t)
	host := session.Identity{ID: game.PlayerID(k.Fingerprint()), Name: "alice"}
	info, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "Open séance", Options: game.DefaultOptions(game.Modern)})
	if err != nil {
		t.Fatal(err)
	}
	invite := func() string {
		t.Helper()
		out, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: "invite " + info.Code})
		if exit != 0 {
			t.Fatalf("invite: exit %d, %s", exit, errText)
		}
		return out
	}
	if out := invite(); strings.Contains(out, "browser") {
		t.Errorf("without --web the invitation offers a browser:\n%s", out)
	}
	h.srv.SetWebLink(func(code string) string { return "https://play.example.net/" + code })
	if out := invite(); !strings.Contains(out, "https://play.example.net/"+info.Code) {
		t.Errorf("with --web the invitation lacks the table's link:\n%s", out)
	}
}
