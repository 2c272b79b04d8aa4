package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// gamesServer starts a server with the real screens and a store in dir;
// bots act at once and play for a seated player away for a moment, so a
// table whose players are not connected plays itself to the end.
func gamesServer(t *testing.T, dir string) *harness {
	t.Helper()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return start(t, server.Config{DataDir: dir, Store: db, BotDelay: -1, TakeoverAfter: time.Millisecond})
}

// finishedTable creates a classic table hosted by alice, with alice and bob
// as psychics and bots in the other seats, and lets the bots play it to the
// end while nobody is connected. It returns the table's code.
func finishedTable(t *testing.T, h *harness, alice, bob game.PlayerID) string {
	t.Helper()
	hub := h.srv.Hub()
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := hub.CreateTable(session.Identity{ID: alice, Name: "alice"}, session.TableSpec{Name: "Friday", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := hub.Table(info.Code)
	must := func(p game.PlayerID, c game.Command) {
		t.Helper()
		if err := tb.Submit(p, c); err != nil {
			t.Fatalf("%s %T: %v", p, c, err)
		}
	}
	must(alice, game.SetBot{Seat: game.GhostSeat, On: true})
	must(alice, game.Sit{Seat: 0, Name: "alice"})
	must(bob, game.Sit{Seat: 1, Name: "bob"})
	must(alice, game.SetBot{Seat: 2, On: true})
	watch := tb.Subscribe("test:watch")
	defer watch.Close()
	must(alice, game.Start{})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for {
		u, err := watch.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for the bots to finish the game: %v", err)
		}
		if u.View.Public().Phase == game.PhaseFinished {
			return info.Code
		}
	}
}

// After the game: a finished game's end screen comes back after a restart
// (ssh -t HOST CODE); n there starts the next game at the same table (same
// code, the bots and the players still there in their seats, both screens
// back at the seat picker); after another restart the table is at seating
// with those seats, and the finished game is still there as CODE.1 for its
// replay and in the players' history.
func TestPlayAgainAtTheSameTableAndFinishedGamesAfterRestarts(t *testing.T) {
	dir := t.TempDir()
	ka, kb := sshtest.NewKey(t), sshtest.NewKey(t)
	alice, bob := game.PlayerID(ka.Fingerprint()), game.PlayerID(kb.Fingerprint())
	h := gamesServer(t, dir)
	code := finishedTable(t, h, alice, bob)
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}

	// The finished game survives the restart.
	h = gamesServer(t, dir)
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 120, Height: 40, Command: code})
	a.WaitFor("a new game at this table", wait)
	a.WaitFor("REPLAY  ◂", wait) // the replay
	b := sshtest.Dial(t, h.addr, sshtest.Options{User: "bob", Key: &kb, Pty: true, Width: 120, Height: 40, Command: code})
	b.WaitFor("a new game at this table", wait)

	// n: the next game, here.
	b.Screen.Mark()
	a.Type("n")
	a.WaitFor("CHOOSE YOUR SEAT", wait)
	if err := b.Screen.WaitUntil(func(string) bool { return strings.Contains(b.Screen.Since(), "Press r when you are ready") }, "bob back at the seat picker", wait); err != nil {
		t.Fatal(err)
	}
	tb, ok := h.srv.Hub().Table(code)
	if !ok {
		t.Fatal("the table is gone")
	}
	seats := func(v *game.TableView) map[game.Seat]string {
		out := map[game.Seat]string{}
		for _, s := range v.Seats {
			switch {
			case s.Bot:
				out[s.Seat] = "bot"
			case s.Player != "":
				out[s.Seat] = string(s.Player)
			}
		}
		return out
	}
	want := map[game.Seat]string{game.GhostSeat: "bot", 0: string(alice), 1: string(bob), 2: "bot"}
	pub := tb.Public()
	if pub.Phase != game.PhaseSeating || !equalSeats(seats(pub), want) {
		t.Fatalf("the next game: phase %s, seats %v; want seating with %v", pub.Phase, seats(pub), want)
	}
	// A second "next game" (bob's, from a screen that lagged) is refused:
	// this one is not over.
	if err := h.srv.Hub().PlayAgain(session.Identity{ID: bob}, code); err == nil || err.Error() != "The game is not over yet." {
		t.Fatalf("a second next game: %v", err)
	}
	a.Close()
	b.Close()
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}

	// After a restart: the same seats, and the old game as CODE.1.
	h = gamesServer(t, dir)
	tb, ok = h.srv.Hub().Table(code)
	if !ok {
		t.Fatal("the table did not come back")
	}
	sub := tb.Subscribe("test:watch")
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	u, err := sub.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := seats(u.View.Public()); u.View.Public().Phase != game.PhaseSeating || !equalSeats(got, want) {
		t.Fatalf("after the restart: phase %s, seats %v", u.View.Public().Phase, got)
	}
	a = sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 120, Height: 40, Command: strings.ToLower(code) + ".1"})
	a.WaitFor("REPLAY  ◂", wait)
	a.Type("n")
	a.WaitFor("The table's next game is at "+code, wait)
}

func equalSeats(a, b map[game.Seat]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestDamagedGameIsNotAWrongCode: a kept game whose journal no longer
// replays (a damaged database) is not "no table": the player is told it
// could not be read, and asking for it again and again does not count as
// guessing wrong codes.
func TestDamagedGameIsNotAWrongCode(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	const code = "PVQK"
	host := game.PlayerID("SHA256:host")
	rec := store.Table{Code: code, Name: "damaged", Options: game.DefaultOptions(game.Classic), Pools: game.BuiltinPools(),
		Host: host, Seed: 7, Created: time.Now().Add(-time.Hour)}
	if err := db.CreateTable(rec); err != nil {
		t.Fatal(err)
	}
	for i, c := range []game.Command{game.Sit{Seat: game.GhostSeat, Name: "host"}, game.Start{}} {
		b, err := game.MarshalCommand(c)
		if err != nil {
			t.Fatal(err)
		}
		// A start with one seat taken: the rules refuse it, so the journal
		// does not replay.
		if err := db.Append(game.JournalEntry{Table: code, Seq: uint64(i + 1), Player: host, Command: b, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.FinishGame(code, time.Now(), true, nil); err != nil {
		t.Fatal(err)
	}
	h := start(t, server.Config{DataDir: dir, Store: db, Limits: server.Limits{CodeFailuresPerIP: 2}})
	for i := range 3 {
		c := sshtest.Dial(t, h.addr, sshtest.Options{Pty: true, Command: strings.ToLower(code)})
		if exit, err := c.Wait(wait); err != nil || exit != 1 || !strings.Contains(c.Output(), "Game PVQK is kept, but it could not be read.") {
			t.Fatalf("try %d: exit %d, %v, %q", i+1, exit, err, c.Output())
		}
	}
	// Three tries and a limit of two: none of them counted.
	c := sshtest.Dial(t, h.addr, sshtest.Options{Pty: true, Command: "ZZZZ"})
	if exit, err := c.Wait(wait); err != nil || exit != 1 || !strings.Contains(c.Output(), "There is no table ZZZZ.") {
		t.Fatalf("a wrong code after them: exit %d, %v, %q", exit, err, c.Output())
	}
}
