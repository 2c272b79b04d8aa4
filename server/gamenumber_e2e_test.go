package server_test

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// waitHistory waits until db lists every game of want in player's history
// (the hub records a finished game a moment after it ends), then returns
// what ssh HOST history prints with k.
func waitHistory(t *testing.T, h *harness, db *store.Store, player game.PlayerID, k *sshtest.Key, want ...string) string {
	t.Helper()
	deadline := time.Now().Add(wait)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		plays, err := db.History(string(player), 20)
		if err != nil {
			t.Fatal(err)
		}
		if len(plays) >= len(want) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the store never listed %d games: %+v", len(want), plays)
		}
		<-tick.C
	}
	out, errText, exit := sshtest.Run(t, h.addr, sshtest.Options{Key: k, Command: "history"})
	if exit != 0 {
		t.Fatalf("history: exit %d, %s", exit, errText)
	}
	for _, w := range want {
		if !strings.Contains(out, w+" ") {
			t.Errorf("history does not list %s:\n%s", w, out)
		}
	}
	return out
}

// The n-th game at a table is CODE.n, the newest included: history prints
// that, and ssh -t HOST CODE.n opens what history printed (the table's
// first game was CODE in history, so CODE.2 for the second answered "There
// is no table"). The table's own code still opens its newest game.
func TestHistoryNamesEachGameByItsNumber(t *testing.T) {
	ka, kb := sshtest.NewKey(t), sshtest.NewKey(t)
	alice, bob := game.PlayerID(ka.Fingerprint()), game.PlayerID(kb.Fingerprint())
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, server.Config{DataDir: dir, Store: db, BotDelay: -1, TakeoverAfter: time.Millisecond})
	code := finishedTable(t, h, alice, bob)
	if out := waitHistory(t, h, db, alice, &ka, code+".1"); strings.Contains(out, code+" ") {
		t.Errorf("history names the first game %s, not %s.1:\n%s", code, code, out)
	}
	// spelling opens the game whose header reads header ("MYSTERIUM  K7QX "):
	// the table's own code for its current game, however it was typed.
	opens := func(spelling, header string) {
		t.Helper()
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 120, Height: 40, Command: spelling})
		defer c.Close()
		c.WaitFor("REPLAY  ◂", wait)
		c.WaitFor("MYSTERIUM  "+header+" ", wait)
	}
	opens(code+".1", code)
	opens(strings.ToLower(code), code)

	// The second game at the table, played by the bots for everyone. The
	// next game keeps only the players still connected, so alice's screens
	// above are first seen gone (else whether she kept her seat would
	// depend on how fast her connection's end reached the table), and she
	// sits down again once the table is waiting.
	hub := h.srv.Hub()
	tb, _ := hub.Table(code)
	away := tb.Subscribe("test:away")
	for {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		u, err := away.Next(ctx)
		cancel()
		if err != nil {
			t.Fatalf("waiting for alice's screens to leave the table: %v", err)
		}
		if !u.Presence[alice].Present {
			break
		}
	}
	away.Close()
	if err := hub.PlayAgain(session.Identity{ID: alice}, code); err != nil {
		t.Fatal(err)
	}
	// As a host would: start once the lobby shows the table waiting (the
	// hub has seen the new game begin).
	for deadline := time.Now().Add(wait); ; {
		if tables := hub.Tables(session.Identity{ID: alice}); len(tables) == 1 && tables[0].Status == "waiting" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table never showed waiting: %+v", hub.Tables(session.Identity{ID: alice}))
		}
		runtime.Gosched()
	}
	if err := tb.Submit(alice, game.Sit{Seat: 0, Name: "alice"}); err != nil {
		t.Fatal(err)
	}
	watch := tb.Subscribe("test:watch")
	defer watch.Close()
	if err := tb.Submit(alice, game.Start{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for {
		u, err := watch.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for the second game's end: %v", err)
		}
		if u.View.Public().Phase == game.PhaseFinished {
			break
		}
	}
	waitHistory(t, h, db, alice, &ka, code+".2", code+".1")
	opens(code+".2", code)
	opens(code+".1", code+".1")
	opens(code, code)
	if t2, ok := hub.Table(code + ".2"); !ok || t2 != tb {
		t.Errorf("%s.2 is not the table %s", code, code)
	}
	if _, ok := hub.Table(code + ".3"); ok {
		t.Errorf("%s.3 opens a game that was never played", code)
	}
}
