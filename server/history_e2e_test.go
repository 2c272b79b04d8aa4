package server_test

import (
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// ssh HOST history and stats: plain text, no terminal, exit 0; the games
// and wins of the player whose key connects, the server's win rate; a
// guest is told what they get.
func TestHistoryAndStatsOverSSH(t *testing.T) {
	dir := t.TempDir()
	ka, kb, kc := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	alice, bob := game.PlayerID(ka.Fingerprint()), game.PlayerID(kb.Fingerprint())
	h := gamesServer(t, dir)
	code := finishedTable(t, h, alice, bob)
	tb, _ := h.srv.Hub().Table(code)
	won := tb.Public().Outcome.Won
	result := map[bool]string{true: "won", false: "lost"}[won]
	pct := map[bool]string{true: "100%", false: "0%"}[won]

	// The finished game is recorded by the hub's watcher: wait for it.
	var out string
	deadline := 0
	for {
		o, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &ka, Command: "history"})
		if exit != 0 {
			t.Fatalf("history: exit %d, %s", exit, errText)
		}
		if strings.Contains(o, code) {
			out = o
			break
		}
		if deadline++; deadline > 200 {
			t.Fatalf("history never listed %s:\n%s", code, o)
		}
	}
	for _, want := range []string{"CODE", "DATE (UTC)", code, "classic", "medium", "psychic", result, "Friday", "30 days"} {
		if !strings.Contains(out, want) {
			t.Errorf("history lacks %q:\n%s", want, out)
		}
	}

	out, _, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &kb, Command: "stats"})
	if exit != 0 {
		t.Fatalf("stats: exit %d", exit)
	}
	for _, want := range []string{"Your games", "classic", "psychic", "This server", "medium", pct} {
		if !strings.Contains(out, want) {
			t.Errorf("stats lacks %q:\n%s", want, out)
		}
	}
	if !containsRow(out, "classic", "psychic", "1", map[bool]string{true: "1", false: "0"}[won]) || !containsRow(out, "classic", "medium", "1") {
		t.Errorf("stats rows:\n%s", out)
	}

	// Someone with no games, and a guest.
	out, _, exit = sshtest.Run(t, h.addr, sshtest.Options{Key: &kc, Command: "history"})
	if exit != 0 || !strings.Contains(out, "No finished games with your key") {
		t.Errorf("a new player's history: exit %d\n%s", exit, out)
	}
	for _, cmd := range []string{"history", "stats"} {
		out, _, exit = sshtest.Run(t, h.addr, sshtest.Options{Command: cmd})
		if exit != 0 || !strings.Contains(out, "playing as a guest") || !strings.Contains(out, "ssh-keygen") {
			t.Errorf("a guest's %s: exit %d\n%s", cmd, exit, out)
		}
	}
	if _, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &ka, Command: "history me"}); exit == 0 || !strings.Contains(errText, "takes no arguments") {
		t.Errorf("history with an argument: exit %d, %q", exit, errText)
	}
}

// containsRow reports whether a line of out has these cells in this order,
// separated by spaces only.
func containsRow(out string, cells ...string) bool {
	for _, l := range strings.Split(out, "\n") {
		if strings.Join(strings.Fields(l), " ") == strings.Join(cells, " ") || strings.HasPrefix(strings.Join(strings.Fields(l), " "), strings.Join(cells, " ")+" ") {
			return true
		}
	}
	return false
}

// ssh HOST invite CODE: the ssh line for the table, the host key's
// fingerprint, the table's name and edition, for a private table too: its
// code is the permission.
func TestInviteOverSSH(t *testing.T) {
	h := gamesServer(t, t.TempDir())
	ka, kb := sshtest.NewKey(t), sshtest.NewKey(t)
	alice := session.Identity{ID: game.PlayerID(ka.Fingerprint()), Name: "alice"}
	pub, err := h.srv.Hub().CreateTable(alice, session.TableSpec{Name: "Open séance", Options: game.DefaultOptions(game.Modern)})
	if err != nil {
		t.Fatal(err)
	}
	priv, err := h.srv.Hub().CreateTable(alice, session.TableSpec{Name: "Hush", Options: game.DefaultOptions(game.Classic), Private: true})
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(h.addr)
	check := func(k *sshtest.Key, code, name, edition string) {
		t.Helper()
		out, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: k, Command: "invite " + strings.ToLower(code)})
		if exit != 0 {
			t.Fatalf("invite %s: exit %d, %s", code, exit, errText)
		}
		for _, want := range []string{
			fmt.Sprintf("ssh -p %s -t 127.0.0.1 %s", port, code),
			h.srv.HostKeyFingerprint(),
			fmt.Sprintf("%q", name),
			edition,
		} {
			if !strings.Contains(out, want) {
				t.Errorf("the invitation to %s lacks %q:\n%s", code, want, out)
			}
		}
	}
	check(&kb, pub.Code, "Open séance", "modern")
	check(&ka, priv.Code, "Hush", "classic, medium")

	// Knowing a private table's code is the permission to it: a stranger
	// who has it gets the invitation, as ssh -t HOST CODE would seat them.
	check(&kb, priv.Code, "Hush", "classic, medium")
	if _, missing, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &kb, Command: "invite ZZZZ"}); exit == 0 || !strings.Contains(missing, "There is no table ZZZZ") {
		t.Fatalf("invite of a missing table: exit %d, %q", exit, missing)
	}
	if _, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &kb, Command: "invite"}); exit == 0 || !strings.Contains(errText, "invite needs the table's code") {
		t.Errorf("invite without a code: exit %d, %q", exit, errText)
	}
}

// The lobby shows the same invitation for a table you host (i on it), with
// the address this client reached the server at.
func TestLobbyShowsTheInvitation(t *testing.T) {
	h := gamesServer(t, t.TempDir())
	ka := sshtest.NewKey(t)
	alice := session.Identity{ID: game.PlayerID(ka.Fingerprint()), Name: "alice"}
	priv, err := h.srv.Hub().CreateTable(alice, session.TableSpec{Name: "Hush", Options: game.DefaultOptions(game.Classic), Private: true})
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(h.addr)
	c := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 100, Height: 30})
	c.WaitFor(priv.Code, wait)
	c.Type("i")
	c.WaitFor(fmt.Sprintf("ssh -p %s -t 127.0.0.1 %s", port, priv.Code), wait)
	c.WaitFor(h.srv.HostKeyFingerprint(), wait)
	c.WaitFor(`"Hush" (classic, medium)`, wait)
}

// Wrong codes given to invite count as wrong codes typed to join: once an
// address has used up its tries, even a right code waits, so invitations
// are no way to guess a private table's code.
func TestInviteCountsWrongCodes(t *testing.T) {
	h := start(t, server.Config{Limits: server.Limits{CodeFailuresPerIP: 3}})
	ka, kb := sshtest.NewKey(t), sshtest.NewKey(t)
	alice := session.Identity{ID: game.PlayerID(ka.Fingerprint()), Name: "alice"}
	priv, err := h.srv.Hub().CreateTable(alice, session.TableSpec{Name: "Hush", Options: game.DefaultOptions(game.Classic), Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &kb, Command: "invite " + priv.Code}); exit != 0 {
		t.Fatalf("a stranger with the code: exit %d, %q", exit, errText)
	}
	for i := range 3 {
		if _, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &kb, Command: "invite ZZZZ"}); exit == 0 || !strings.Contains(errText, "There is no table") {
			t.Fatalf("wrong code %d: exit %d, %q", i, exit, errText)
		}
	}
	if _, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: &kb, Command: "invite " + priv.Code}); exit == 0 || !strings.Contains(errText, "Too many wrong table codes") {
		t.Fatalf("after three wrong codes: exit %d, %q", exit, errText)
	}
}
