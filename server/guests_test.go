package server_test

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// reclaimShape is how a reclaim code is shown: two groups of four
// characters of the table codes' alphabet.
var reclaimShape = regexp.MustCompile(`^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$`)

// guestOnScreen connects a keyless client with a terminal and returns it
// with its guest id and the reclaim code its screen shows.
func guestOnScreen(t *testing.T, addr string, o sshtest.Options) (*sshtest.Client, game.PlayerID, string) {
	t.Helper()
	o.Pty = true
	c := sshtest.Dial(t, addr, o)
	c.WaitFor("LOBBY id=guest:", wait)
	c.WaitFor("code=", wait)
	text := c.Screen.Text()
	id := strings.Fields(text[strings.Index(text, "id=guest:"):])[0][len("id="):]
	code := strings.Fields(text[strings.Index(text, "code="):])[0][len("code="):]
	if !reclaimShape.MatchString(code) {
		t.Fatalf("reclaim code %q is not two groups of four unambiguous characters", code)
	}
	return c, game.PlayerID(id), code
}

// otherCode returns a well-formed code that is not code.
func otherCode(code string) string {
	if code == "AAAA-AAAA" {
		return "BBBB-BBBB"
	}
	return "AAAA-AAAA"
}

// A guest seated at a table before a restart claims their identity after it
// with the code they were shown, and is sent back to their table.
func TestGuestSeatSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	h := start(t, server.Config{DataDir: dir, Store: openStore(t, dir), NewModel: newWhoModel})
	g, id, code := guestOnScreen(t, h.addr, sshtest.Options{User: "gina"})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	info, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "kept", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := h.srv.Hub().Table(info.Code)
	if err := tb.Submit(id, game.Sit{Seat: game.SeatOf(game.Colours[0]), Name: "gina"}); err != nil {
		t.Fatalf("sit: %v", err)
	}
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(g.Output(), "your seat is kept") || !strings.Contains(g.Output(), "reclaim code is "+code) {
		t.Fatalf("the guest was not told their seat is kept with their code: %q", g.Output())
	}

	h2 := start(t, server.Config{DataDir: dir, Store: openStore(t, dir), NewModel: newWhoModel})
	// The hub learns who sits where from the restored table's first update,
	// in its own goroutine: wait for that before coming back.
	seated := func() bool {
		tables := h2.srv.Hub().Tables(host)
		return len(tables) == 1 && tables[0].SeatsTaken == 1
	}
	for deadline := time.Now().Add(wait); !seated(); {
		if time.Now().After(deadline) {
			t.Fatalf("the restored table does not show the guest's seat: %+v", h2.srv.Hub().Tables(host))
		}
		runtime.Gosched()
	}
	// Typed in lower case without the dash: the same code.
	typed := strings.ToLower(strings.ReplaceAll(code, "-", ""))
	again := sshtest.Dial(t, h2.addr, sshtest.Options{User: "gina", Pty: true, Command: "claim " + typed})
	again.WaitFor("LOBBY id="+string(id)+"\r", wait)
	again.WaitFor("code="+code, wait)
	again.WaitFor(fmt.Sprintf("start table=%q", info.Code), wait)
}

// The code, not only its hash, is what a claim needs: the database holds
// no reclaim code in the clear.
func TestReclaimCodeIsStoredHashed(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, server.Config{DataDir: dir, Store: db, NewModel: newWhoModel})
	_, id, code := guestOnScreen(t, h.addr, sshtest.Options{})
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}
	db2, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	guests, err := db2.Guests(time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if len(guests) != 1 || guests[0].ID != id {
		t.Fatalf("stored guests %+v, want %s", guests, id)
	}
	plain := strings.ReplaceAll(code, "-", "")
	if h := guests[0].CodeHash; len(h) != 32 || strings.Contains(string(h), plain) || strings.Contains(strings.ToUpper(fmt.Sprintf("%x", h)), plain) {
		t.Fatalf("stored code hash %x for code %s", h, code)
	}
}

// Wrong codes from one address are refused after ClaimFailuresPerIP (5 by
// default) in 10 minutes, right ones included, with the time to wait; right
// claims before that do not count.
func TestFailedClaimsPerAddressAreLimited(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	g, id, code := guestOnScreen(t, h.addr, sshtest.Options{})
	g.Type("q")
	if _, err := g.Wait(wait); err != nil {
		t.Fatal(err)
	}
	claim := func(c string) *sshtest.Client {
		t.Helper()
		return sshtest.Dial(t, h.addr, sshtest.Options{Pty: true, Command: "claim " + c})
	}
	for i := 0; i < 2; i++ {
		ok := claim(code)
		ok.WaitFor("LOBBY id="+string(id)+"\r", wait)
		ok.Type("q")
		if _, err := ok.Wait(wait); err != nil {
			t.Fatal(err)
		}
	}
	bad := otherCode(code)
	for i, c := range []string{bad, "4821", bad, "no-such-code", bad} {
		wrong := claim(c)
		if code, err := wrong.Wait(wait); err != nil || code == 0 {
			t.Fatalf("wrong claim %d: exit %d, %v", i+1, code, err)
		}
		if !strings.Contains(wrong.Output(), "No guest has the reclaim code "+c) {
			t.Fatalf("wrong claim %d: %q", i+1, wrong.Output())
		}
	}
	// The sixth, even with the right code, is refused until the first
	// failure is 10 minutes old.
	refused := claim(code)
	if c, err := refused.Wait(wait); err != nil || c == 0 {
		t.Fatalf("claim after 5 failures: exit %d, %v", c, err)
	}
	want := "Too many wrong reclaim codes from your address (5 in 10 min). Try again in 10 min."
	if !strings.Contains(refused.Output(), want) {
		t.Fatalf("claim after 5 failures: %q, want %q", refused.Output(), want)
	}
	if strings.Contains(refused.Output(), "LOBBY") {
		t.Fatal("a refused claim reached the lobby")
	}
}

// A claim while the guest is still connected ends the older session, which
// is told why: one seat, one player.
func TestClaimTakesTheSeatFromTheOlderSession(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	old, id, code := guestOnScreen(t, h.addr, sshtest.Options{User: "gina"})
	k := sshtest.NewKey(t)
	bystander := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	bystander.WaitFor("LOBBY", wait)

	newer := sshtest.Dial(t, h.addr, sshtest.Options{User: "gina", Pty: true, Command: "claim " + code})
	newer.WaitFor("LOBBY id="+string(id)+"\r", wait)
	if c, err := old.Wait(wait); err != nil || c != 0 {
		t.Fatalf("the older session: exit %d, %v", c, err)
	}
	if !strings.Contains(old.Output(), "Your guest seat was taken back from another connection with your reclaim code.") {
		t.Fatalf("the older session was not told why it ended: %q", old.Output())
	}
	// The newer session and everybody else go on.
	select {
	case <-newer.Done():
		t.Fatalf("the claiming session ended too: %q", newer.Output())
	case <-bystander.Done():
		t.Fatalf("another player's session ended: %q", bystander.Output())
	default:
	}
	newer.Type("q")
	if c, err := newer.Wait(wait); err != nil || c != 0 {
		t.Fatalf("the newer session: exit %d, %v", c, err)
	}
}

// TestReclaimCodeNeverLogged: however a guest types their claim (`claim
// CODE`, `--claim CODE`, `claim=CODE`, `--claim=CODE`, in two halves), it
// takes their identity back and the server's log never holds the code, in
// either half.
func TestReclaimCodeNeverLogged(t *testing.T) {
	logs := &syncBuffer{}
	h := start(t, server.Config{NewModel: newWhoModel, Logger: log.NewWithOptions(logs, log.Options{Level: log.DebugLevel})})
	g, id, code := guestOnScreen(t, h.addr, sshtest.Options{User: "gina"})
	defer g.Close()
	lower := strings.ToLower(code)
	halves := strings.SplitN(code, "-", 2)
	for _, typed := range []string{
		"claim " + code,
		"--claim " + lower,
		"claim=" + code,
		"--claim=" + strings.ReplaceAll(code, "-", ""),
		"CLAIM " + halves[0] + " " + halves[1],
	} {
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: "gina", Pty: true, Command: typed})
		c.WaitFor("LOBBY id="+string(id)+"\r", wait)
		c.Close()
	}
	// The connect line is written before the session runs: every one of
	// them is in the log by now.
	text := logs.String()
	commands := regexp.MustCompile(`command=("[^"]*"|\S*)`).FindAllString(text, -1)
	if len(commands) < 6 {
		t.Fatalf("%d commands logged:\n%s", len(commands), text)
	}
	for _, half := range halves {
		// Upper case anywhere (a guest id is lower case), any case in
		// the commands.
		if strings.Contains(text, half) {
			t.Errorf("the log holds %q of the reclaim code %s:\n%s", half, code, text)
		}
		for _, c := range commands {
			if strings.Contains(strings.ToUpper(c), half) {
				t.Errorf("logged %s, with %q of the reclaim code %s", c, half, code)
			}
		}
	}
}
