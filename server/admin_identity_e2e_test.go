package server_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/web"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

var whoIDRE = regexp.MustCompile(`WHO id=(\S+)`)

// connected is a player's live session, and the identity it shows.
func connected(t *testing.T, addr string, o sshtest.Options) (*sshtest.Client, game.PlayerID) {
	t.Helper()
	o.Pty = true
	c := sshtest.Dial(t, addr, o)
	c.WaitFor("guest=", wait)
	m := whoIDRE.FindStringSubmatch(c.Screen.Text())
	if m == nil {
		t.Fatalf("no identity on the screen: %q", c.Screen.Text())
	}
	return c, game.PlayerID(m[1])
}

// holder is who sits at seat of tb.
func holder(tb *table.Table, seat game.Seat) game.PlayerID {
	for _, sv := range tb.Public().Seats {
		if sv.Seat == seat {
			return sv.Player
		}
	}
	return ""
}

// stillOn fails when c's session has ended.
func stillOn(t *testing.T, c *sshtest.Client, who string) {
	t.Helper()
	select {
	case <-c.Done():
		t.Fatalf("%s was disconnected:\n%s", who, c.Output())
	default:
	}
}

func ended(t *testing.T, c *sshtest.Client, who string) {
	t.Helper()
	select {
	case <-c.Done():
	case <-time.After(wait):
		t.Fatalf("%s is still connected", who)
	}
}

// TestKickAimsAtIdentitiesNotNames is the troll of the review: a guest who
// calls himself "alice" sits beside the real alice (her key). `kick alice`
// used to throw out whoever took the name first (the real alice, kept out
// 10 minutes), and a kicked guest came straight back as a new guest. Now
// the name lists both and does nothing; the seat or the guest's id aims at
// the troll, who cannot come back as a new guest from his address, while
// alice plays on.
func TestKickAimsAtIdentitiesNotNames(t *testing.T) {
	admin, aliceKey := sshtest.NewKey(t), sshtest.NewKey(t)
	admins := filepath.Join(t.TempDir(), "admin_keys")
	writeKeyFile(t, admins, admin)
	h := start(t, server.Config{NewModel: newRoleModel, AdminKeysFile: admins})
	run := func(cmd string) (string, int) {
		t.Helper()
		out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Key: &admin, Command: cmd})
		return out + errOut, code
	}

	alice, aliceID := connected(t, h.addr, sshtest.Options{User: "alice", Key: &aliceKey})
	troll, trollID := connected(t, h.addr, sshtest.Options{User: "alice"})
	if aliceID != game.PlayerID(aliceKey.Fingerprint()) || !strings.HasPrefix(string(trollID), "guest:") {
		t.Fatalf("identities: alice %s, troll %s", aliceID, trollID)
	}
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: aliceID, Name: "alice"}, session.TableSpec{Name: "Friday", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := h.srv.Hub().Table(info.Code)
	if err := tb.Submit(aliceID, game.Sit{Seat: game.SeatOf(game.Purple), Name: "alice"}); err != nil {
		t.Fatal(err)
	}
	if err := tb.Submit(trollID, game.Sit{Seat: game.SeatOf(game.Yellow), Name: "alice"}); err != nil {
		t.Fatal(err)
	}

	// The name is ambiguous: both are listed, with their seats, and
	// nobody is touched.
	out, code := run("kick alice")
	if code == 0 || !strings.Contains(out, `2 players are called "alice"; nothing was done`) ||
		!strings.Contains(out, string(aliceID)+"  at "+info.Code+" ●") || !strings.Contains(out, string(trollID)+"  at "+info.Code+" ▲") {
		t.Fatalf("kick alice: exit %d\n%s", code, out)
	}
	stillOn(t, alice, "alice")
	stillOn(t, troll, "the troll")

	// The seat, as it is typed: the symbol. The troll is out, alice is not.
	out, code = run("kick " + strings.ToLower(info.Code) + " ▲")
	if code != 0 || !strings.Contains(out, "Disconnected 1 session(s) of "+string(trollID)+" (alice, at "+info.Code+" ▲) for 10 min") ||
		!strings.Contains(out, "Their address is kept out as long") {
		t.Fatalf("kick CODE ▲: exit %d\n%s", code, out)
	}
	ended(t, troll, "the troll")
	if !strings.Contains(troll.Output(), "An admin disconnected you. You can come back in 10 min.") {
		t.Errorf("the troll was not told: %q", troll.Output())
	}
	stillOn(t, alice, "alice")
	// The game had not started: his seat is free for someone else, hers
	// is hers.
	if !strings.Contains(out, "Seats freed for others (the game had not started): "+info.Code+" ▲.") {
		t.Errorf("kick CODE ▲ does not say the seat is free:\n%s", out)
	}
	if y, p := holder(tb, game.SeatOf(game.Yellow)), holder(tb, game.SeatOf(game.Purple)); y != "" || p != aliceID {
		t.Errorf("after the kick, ▲ holds %q and ● %q", y, p)
	}

	// He comes back as a new guest, from the same address: kept out. So
	// does a plain command. Alice's key is not (she shares the address).
	again, err := sshtest.DialErr(t, h.addr, sshtest.Options{User: "alice2", Pty: true})
	if err != nil {
		t.Fatal(err)
	}
	ended(t, again, "the troll as a new guest")
	if !strings.Contains(again.Output(), "An admin asked you to leave. You can come back in 10 min.") {
		t.Fatalf("the troll came back as a new guest: %q", again.Output())
	}
	if out, _, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "tables"}); code == 0 {
		t.Fatalf("a guest from the troll's address ran a command: %q", out)
	}
	if out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Key: &aliceKey, Command: "tables"}); code != 0 {
		t.Fatalf("alice is kept out: %q %q", out, errOut)
	}

	// A ban of a keyless identity that is not connected keeps the identity
	// out (its address is not known then).
	out, code = run("ban " + string(trollID) + " 2h")
	if code != 0 || !strings.Contains(out, "Disconnected 0 session(s) of "+string(trollID)+" for 2 h") || !strings.Contains(out, "only this identity is kept out") {
		t.Fatalf("ban ID 2h: exit %d\n%s", code, out)
	}
	// Lifting the ban lifts it from the address too.
	if out, code = run("unban " + string(trollID)); code != 0 || !strings.Contains(out, "may come back now") {
		t.Fatalf("unban: exit %d\n%s", code, out)
	}
	newcomer, _ := connected(t, h.addr, sshtest.Options{User: "carol"})
	newcomer.Close()

	// Ids and fingerprints are checked, seats must be someone's.
	for cmd, want := range map[string]string{
		"kick SHA256:nope":         "is not a key's fingerprint",
		"kick guest:NOPE":          "is not a guest's or a browser's id",
		"kick " + info.Code + " ◆": "Nobody sits at " + info.Code + " ◆",
		"kick " + info.Code + " 9": `"9" is not a seat`,
		"kick zelda":               `Nobody called "zelda" is connected or seated`,
		"ban alice 500d":           "A ban lasts from 1 min to 366 days",
	} {
		if out, code := run(cmd); code == 0 || !strings.Contains(out, want) {
			t.Errorf("%s: exit %d, want %q:\n%s", cmd, code, want, out)
		}
	}
	stillOn(t, alice, "alice")
	// Her fingerprint aims at her, as ssh-keygen -lf prints it.
	if out, code := run("kick " + aliceKey.Fingerprint()); code != 0 || !strings.Contains(out, "Disconnected 1 session(s) of "+aliceKey.Fingerprint()) {
		t.Fatalf("kick FINGERPRINT: exit %d\n%s", code, out)
	}
	ended(t, alice, "alice")
}

// TestKickAimsAtBrowsers: a browser's identity is one too. Its name is
// among the candidates, its id aims at it, and a kicked browser cannot
// come back with a new secret from its address.
func TestKickAimsAtBrowsers(t *testing.T) {
	admin, aliceKey := sshtest.NewKey(t), sshtest.NewKey(t)
	admins := filepath.Join(t.TempDir(), "admin_keys")
	writeKeyFile(t, admins, admin)
	h := start(t, server.Config{AdminKeysFile: admins, BotDelay: -1})
	base := browserWayIn(t, h)
	run := func(cmd string) (string, int) {
		t.Helper()
		out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Key: &admin, Command: cmd})
		return out + errOut, code
	}
	alice := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &aliceKey, Pty: true})
	alice.WaitFor("enter join", wait)
	secret := webtest.NewSecret()
	browserID, _ := web.PlayerID(secret)
	br := webtest.Dial(t, base, webtest.Hello{Secret: secret, Name: "alice"})
	br.WaitFor("enter join", wait)

	out, code := run("kick ALICE")
	if code == 0 || !strings.Contains(out, string(browserID)+"  no seat") || !strings.Contains(out, aliceKey.Fingerprint()+"  no seat") {
		t.Fatalf("kick ALICE: exit %d\n%s", code, out)
	}
	out, code = run("kick " + string(browserID))
	if code != 0 || !strings.Contains(out, "Disconnected 1 session(s) of "+string(browserID)) {
		t.Fatalf("kick BROWSER: exit %d\n%s", code, out)
	}
	select {
	case <-br.Done():
	case <-time.After(wait):
		t.Fatal("the browser is still connected")
	}
	stillOn(t, alice, "alice")
	fresh := webtest.Dial(t, base, webtest.Hello{Secret: webtest.NewSecret(), Name: "alice"})
	fresh.WaitFor("An admin asked you to leave", wait)
}
