package server_test

// A client that stops reading must never stall a table or the lobby
// (docs/design.md, "One table, one goroutine"). The trap in testing it: a whole game sends one seat well under the
// SSH channel window (2 MiB in x/crypto/ssh) plus the kernel's socket
// buffers, so a client that merely "does not read" would never make the
// server's writer block, and such a test could not fail. Here a proxy sits
// between the stuck client and the server with small socket buffers, the
// stuck screen is large, and a twin (a normally reading client with the same
// screen at the same table) counts the bytes the table's churn produces: once
// the twin has received several times what the stuck connection could hold,
// the stuck session's writer has provably blocked, and only then does the
// test check that everybody else plays on.

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// TestAStuckClientStallsNothing: psychic 1 and a spectator stop reading (a
// proxy stops taking the server's bytes); psychic 2 and another spectator,
// their twins, read normally. Once the twins have received several times
// what the stuck connections could hold, everything else must go on: the
// other seats play and see it, a newcomer uses the lobby, admins' notices,
// kicks and closes work, a stuck session the server ends is gone without
// its client's help, and a stuck client that reads again sees the latest
// state rather than a backlog.
func TestAStuckClientStallsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("megabytes over SSH")
	}
	st := newStallTable(t, server.Limits{OutputStall: time.Hour, ChatBurstPerIdentity: -1})
	h := st.h
	gk, p1, p2, p3 := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	st.seat(gk, p1, p2, p3)
	p3id := game.PlayerID(p3.Fingerprint())

	proxy := newFreezeProxy(t, h.addr)  // psychic 1 and spectator B
	proxy2 := newFreezeProxy(t, h.addr) // spectator C, stuck to the end
	big := func(k *sshtest.Key, user string) sshtest.Options {
		return sshtest.Options{User: user, Key: k, Pty: true, Width: stallW, Height: stallH, Command: st.code}
	}
	sb, sc, tw := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	stuckA := sshtest.Dial(t, proxy.addr(), big(&p1, "psy1"))
	stuckB := sshtest.Dial(t, proxy.addr(), big(&sb, "watcherB"))
	stuckC := sshtest.Dial(t, proxy2.addr(), big(&sc, "watcherC"))
	twinA := dialCounting(t, h.addr, p2, "psy2", st.code, stallW, stallH)
	twinB := dialCounting(t, h.addr, tw, "watcherT", st.code, stallW, stallH)
	st.ghost = sshtest.Dial(t, h.addr, sshtest.Options{User: "gwen", Key: &gk, Pty: true, Command: st.code})
	st.actor = sshtest.Dial(t, h.addr, sshtest.Options{User: "psy3", Key: &p3, Pty: true, Width: 140, Height: 45, Command: st.code + " --plain"})
	for _, c := range []*sshtest.Client{stuckA, stuckB, stuckC} {
		c.WaitFor("HOUR I of VII", wait)
	}
	st.ghost.WaitFor("a vision", wait)
	st.actor.WaitFor("VII", wait)
	for _, c := range []*countingClient{twinA, twinB} {
		if err := c.waitFor("the table", wait, func(_ int64, tail []byte) bool { return bytes.Contains(tail, []byte("HOUR I of VII")) }); err != nil {
			t.Fatal(err)
		}
	}

	// Freeze, and churn until the stuck sessions' writers have blocked.
	proxy.freeze()
	proxy2.freeze()
	const need = 2 << 20 // 14 times stuckBound
	if need < 3*stuckBound {
		t.Fatalf("need %d is not well over the %d bytes a stuck connection can hold", need, stuckBound)
	}
	base := []int64{twinA.received(), twinB.received()}
	st.churnUntil(p3id, need, []*countingClient{twinA, twinB}, base)
	t.Logf("frozen: the twins received %d and %d bytes (%d chat lines); a stuck connection holds at most %d; the stuck clients got %d bytes in all",
		twinA.received()-base[0], twinB.received()-base[1], st.churn, stuckBound, proxy.toClient.Load()+proxy2.toClient.Load())

	// The other seats play on, and their screens show it: psychic 3 writes
	// in the chat from its screen; the ghost gives psychic 3 a vision.
	st.ghost.Screen.Mark()
	st.actor.Screen.Mark()
	st.actor.Type("t")
	st.actor.Type("hello from psy3\r\x1b")
	st.actor.WaitFor("hello from psy3", wait)
	if err := twinA.waitFor("psy3's chat", wait, func(_ int64, tail []byte) bool { return bytes.Contains(tail, []byte("hello from psy3")) }); err != nil {
		t.Fatal(err)
	}
	st.actor.Screen.Mark()
	st.ghost.Type("kkkkkkkjjg")
	u := st.waitOracle("psychic 3 has a vision", func(u game.Update) bool { return u.View.Public().Psychics[2].ReceivedThisRound })
	st.actor.WaitFor(string(u.View.Public().Psychics[2].Vision[0]), wait)

	// A newcomer lists the tables and creates one.
	nk := sshtest.NewKey(t)
	nc := sshtest.Dial(t, h.addr, sshtest.Options{User: "newcomer", Key: &nk, Pty: true})
	nc.WaitFor(st.code, wait)
	nc.Type("n")
	nc.WaitFor("enter create", wait)
	nc.Type("fresh\r")
	nc.WaitFor("CHOOSE YOUR SEAT", wait)
	if out := st.adminRun("tables"); !strings.Contains(out, "fresh") || !strings.Contains(out, st.code) {
		t.Fatalf("tables while a client is stuck:\n%s", out)
	}

	// Admin notices reach every screen and pile nothing up behind the stuck ones.
	const notices = 40
	for i := range notices {
		if out := st.adminRun(fmt.Sprintf("notice ping %d", i)); !strings.Contains(out, "Notice shown") {
			t.Fatalf("notice: %q", out)
		}
	}
	st.ghost.WaitFor(fmt.Sprintf("ping %d", notices-1), wait)
	if n := sendersBlocked(); n >= notices {
		t.Errorf("%d goroutines are blocked handing messages to programs after %d notices: one per notice piles up behind a stuck client", n, notices)
	}

	// Kicking psychic 3 (reading) and psychic 1 (stuck) both work; the stuck
	// session ends on the server although its client never reads.
	if out := st.adminRun("kick psy3"); !strings.Contains(out, "Disconnected 1 session") {
		t.Fatalf("kick psy3: %q", out)
	}
	if _, err := st.actor.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.actor.Output(), "An admin disconnected you") {
		t.Fatalf("psy3 was not told: %q", tail(st.actor.Output()))
	}
	if out := st.adminRun("kick psy1"); !strings.Contains(out, "Disconnected 1 session") {
		t.Fatalf("kick psy1: %q", out)
	}
	st.logs.waitLine(t, wait, "hanging up", p1.Fingerprint())
	st.logs.waitLine(t, wait, "disconnect", "user=psy1")
	p1id := game.PlayerID(p1.Fingerprint())
	st.waitOracle("psychic 1 away", func(u game.Update) bool { return !u.Presence[p1id].Present })

	// Spectator B reads again: it gets the newest screen, not the backlog.
	before := proxy.toClient.Load()
	stuckB.Screen.Mark()
	proxy.unfreeze()
	thawed := time.Now()
	stuckB.WaitFor(fmt.Sprintf("line %d of", st.churn), thawWait)
	stuckB.WaitFor("hello from psy3", thawWait)
	caught := proxy.toClient.Load() - before
	t.Logf("unfrozen: spectator B caught up with %d bytes in %s", caught, time.Since(thawed).Round(time.Millisecond))
	if caught > need/2 {
		t.Errorf("the unfrozen client received %d bytes: a backlog, not the latest screen", caught)
	}

	// An admin closes the table: the ghost goes back to the lobby.
	st.ghost.Screen.Mark()
	if out := st.adminRun("close " + st.code); !strings.Contains(out, "is closed") {
		t.Fatalf("close: %q", out)
	}
	st.ghost.WaitFor("has closed", wait)
	stuckB.WaitFor("has closed", wait)

	// Spectator C is still stuck: a graceful shutdown does not wait for it.
	if err := h.stop(); err != nil {
		t.Fatalf("shutdown with a stuck client: %v", err)
	}
	st.logs.waitLine(t, wait, "hanging up", sc.Fingerprint())
	st.logs.waitLine(t, wait, "disconnect", "user=watcherC")
}

// TestBlockedOutputIsDisconnected: a session whose writes stay blocked for
// OutputStall is disconnected and logged, while its reading twin stays. Its
// client stops reading in one of two ways: the whole connection stalls (the
// proxy freezes), or the client keeps its connection alive, answering
// keepalives, but never reads its session, so the channel's window closes
// and only that channel's writes wait (the idle timeout never fires then).
func TestBlockedOutputIsDisconnected(t *testing.T) {
	if testing.Short() {
		t.Skip("megabytes over SSH")
	}
	t.Run("stuck transport", func(t *testing.T) {
		testBlockedOutput(t, func(st *stallTable, k sshtest.Key) func() error {
			proxy := newFreezeProxy(t, st.h.addr)
			stuck := sshtest.Dial(t, proxy.addr(), sshtest.Options{User: "psy1", Key: &k, Pty: true, Width: stallW, Height: stallH, Command: st.code})
			stuck.WaitFor("HOUR I of VII", wait)
			proxy.freeze()
			return func() error { return nil }
		})
	})
	t.Run("closed window", func(t *testing.T) {
		testBlockedOutput(t, func(st *stallTable, k sshtest.Key) func() error {
			conn, err := gossh.Dial("tcp", st.h.addr, &gossh.ClientConfig{
				User: "psy1", Auth: []gossh.AuthMethod{gossh.PublicKeys(k.Signer)},
				HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait,
			})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { conn.Close() })
			sess, err := conn.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			// Never read: the channel's window (2 MiB) is never reopened.
			if _, err := sess.StdoutPipe(); err != nil {
				t.Fatal(err)
			}
			if err := sess.RequestPty("xterm-256color", stallH, stallW, gossh.TerminalModes{}); err != nil {
				t.Fatal(err)
			}
			if err := sess.Start(st.code); err != nil {
				t.Fatal(err)
			}
			// The connection stays alive: the server answers keepalives.
			return func() error {
				_, _, err := conn.SendRequest("keepalive@openssh.com", true, nil)
				return err
			}
		})
	})
}

// testBlockedOutput seats psychic 1, whom dialStuck connects so that it does
// not read, and psychic 2, its reading twin, then has psychic 2 chat until
// the server hangs up on psychic 1; keepalive runs at each line.
func testBlockedOutput(t *testing.T, dialStuck func(st *stallTable, k sshtest.Key) (keepalive func() error)) {
	// Long enough that a reading client under load never waits that long
	// for a write; short enough for a test.
	st := newStallTable(t, server.Limits{OutputStall: 2 * time.Second, ChatBurstPerIdentity: -1})
	gk, p1, p2 := sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)
	st.seat(gk, p1, p2)
	p1id := p1.Fingerprint()
	st.waitOracle("the seats", func(game.Update) bool { return true })
	keepalive := dialStuck(st, p1)
	st.waitOracle("psychic 1 present", func(u game.Update) bool { return u.Presence[game.PlayerID(p1id)].Present })
	twin := dialCounting(t, st.h.addr, p2, "psy2", st.code, stallW, stallH)

	// Churn until the server gives up on the stuck session.
	p2id := game.PlayerID(p2.Fingerprint())
	deadline := time.Now().Add(gameWait)
	for !st.logs.has("hanging up", "output blocked for", p1id) {
		if time.Now().After(deadline) {
			t.Fatalf("the stuck session was not disconnected in %s (twin received %d bytes)", gameWait, twin.received())
		}
		// (The hang-up is logged before the connection closes, so a failed
		// keepalive without that line is the client's connection failing.)
		if err := keepalive(); err != nil && !st.logs.has("hanging up", "output blocked for", p1id) {
			t.Fatalf("keepalive before the hang-up: %v", err)
		}
		st.churn++
		st.submit(p2id, game.Chat{Text: chatLine(st.churn)})
		want := []byte(fmt.Sprintf("line %d of", st.churn))
		if err := twin.waitFor("a chat line", wait, func(_ int64, tail []byte) bool { return bytes.Contains(tail, want) }); err != nil {
			t.Fatal(err)
		}
	}
	st.logs.waitLine(t, wait, "disconnect", "user=psy1")
	st.waitOracle("psychic 1 away", func(u game.Update) bool { return !u.Presence[game.PlayerID(p1id)].Present })
	t.Logf("disconnected after %d chat lines; the twin received %d bytes", st.churn, twin.received())

	// The twin, which reads, is still there.
	st.churn++
	st.submit(p2id, game.Chat{Text: chatLine(st.churn)})
	want := []byte(fmt.Sprintf("line %d of", st.churn))
	if err := twin.waitFor("a chat line after", wait, func(_ int64, tail []byte) bool { return bytes.Contains(tail, want) }); err != nil {
		t.Fatal(err)
	}
	if st.logs.has("output blocked", p2.Fingerprint()) {
		t.Fatal("the reading twin was disconnected as well")
	}
}
