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
	out := invite()
	if !strings.Contains(out, "https://play.example.net/"+info.Code) {
		t.Errorf("with --web the invitation lacks the table's link:\n%s", out)
	}
	if strings.ContainsAny(out, "▀▄█") {
		t.Errorf("the invitation to paste holds a QR code:\n%s", out)
	}
	// The lobby's invitation screen gets the link apart, for its QR code.
	inv, err := h.srv.Hub().Invite(host, info.Code)
	if err != nil {
		t.Fatal(err)
	}
	if inv.Link != "https://play.example.net/"+info.Code || !strings.Contains(inv.Text, inv.Link) {
		t.Errorf("the lobby's invitation has the link %q, its text:\n%s", inv.Link, inv.Text)
	}
}
