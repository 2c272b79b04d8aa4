package server_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// flakyStore is a real store whose journal fails on demand, as on a full disk.
type flakyStore struct {
	*store.Store
	fail atomic.Bool
}

var errDiskFull = errors.New("database or disk is full (13)")

func (f *flakyStore) Append(e game.JournalEntry) error {
	if f.fail.Load() {
		return errDiskFull
	}
	return f.Store.Append(e)
}

// seated reports who sits in seat s of t ("" when free).
func seated(t *table.Table, s game.Seat) game.PlayerID {
	for _, sv := range t.Public().Seats {
		if sv.Seat == s {
			return sv.Player
		}
	}
	return ""
}

// TestAMoveThatCannotBeSavedIsSaidSo: while the journal cannot write, a
// player's move is refused with a plain sentence, nothing of it reaches the
// table, the failure is logged at error level with the table and the cause,
// and the same move works as soon as writes do again, which is logged too.
// (How often failures are logged: TestJournalFailuresAreLoggedOnceAMinute.)
func TestAMoveThatCannotBeSavedIsSaidSo(t *testing.T) {
	db, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fs := &flakyStore{Store: db}
	logs := &syncBuffer{}
	h := start(t, server.Config{Store: fs, Logger: log.NewWithOptions(logs, log.Options{})})
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: "SHA256:host", Name: "host"},
		session.TableSpec{Name: "full disk", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	tbl, _ := h.srv.Hub().Table(info.Code)
	watch := tbl.Subscribe("someone watching")
	defer watch.Close()
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Width: 120, Height: 40, Command: info.Code})
	c.WaitFor("enter sit", wait)

	fs.fail.Store(true)
	notSaved := "Your move was not saved (the server could not write it down), so nothing changed. Try again in a moment."
	c.Screen.Mark()
	c.Type("\r") // sit in the seat under the cursor
	c.WaitFor(notSaved, wait)
	for _, sv := range tbl.Public().Seats {
		if sv.Player != "" {
			t.Fatalf("a move that was not saved took effect: %s sits in seat %v", sv.Player, sv.Seat)
		}
	}
	var failed []string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "journal write failed") {
			failed = append(failed, l)
		}
	}
	if len(failed) != 1 || !strings.Contains(failed[0], "ERRO") || !strings.Contains(failed[0], "table="+info.Code) ||
		!strings.Contains(failed[0], "disk is full") {
		t.Fatalf("journal failure log lines:\n%s\nwant one error with table=%s and the cause", strings.Join(failed, "\n"), info.Code)
	}

	fs.fail.Store(false)
	c.Type("\r")
	for seated(tbl, game.GhostSeat) != game.PlayerID(k.Fingerprint()) {
		if _, err := watch.Next(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(logs.String(), "journal writes work again") {
		t.Error("the journal's recovery is not logged")
	}
}

// botFailStore is a real store whose journal refuses the bots' moves on
// demand (a full disk that a person's move never happened to meet).
type botFailStore struct {
	*store.Store
	fail atomic.Bool
}

func (f *botFailStore) Append(e game.JournalEntry) error {
	if f.fail.Load() && strings.HasPrefix(string(e.Player), "bot:") {
		return errDiskFull
	}
	return f.Store.Append(e)
}

// TestABotsUnsavedMoveStallsNoTableInSilence: when the bot ghost's vision
// cannot be saved, the psychic waiting for it and a spectator both read
// that the server cannot save moves and the game waits (nothing of theirs
// failed); the table retries, and when a write works they read that the
// game goes on, and the vision arrives.
func TestABotsUnsavedMoveStallsNoTableInSilence(t *testing.T) {
	db, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	fs := &botFailStore{Store: db}
	clock := table.NewManualClock(time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC))
	h := start(t, server.Config{Store: fs, Clock: clock, BotDelay: -1})
	ka, kb := sshtest.NewKey(t), sshtest.NewKey(t)
	alice := game.PlayerID(ka.Fingerprint())
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: alice, Name: "alice"}, session.TableSpec{Name: "full disk", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tbl, _ := h.srv.Hub().Table(info.Code)
	for _, c := range []game.Command{game.SetBot{Seat: game.GhostSeat, On: true}, game.Sit{Seat: 0, Name: "alice"}, game.SetBot{Seat: 1, On: true}} {
		if err := tbl.Submit(alice, c); err != nil {
			t.Fatal(err)
		}
	}
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 120, Height: 40, Command: info.Code})
	a.WaitFor("CHOOSE YOUR SEAT", wait)
	b := sshtest.Dial(t, h.addr, sshtest.Options{User: "bob", Key: &kb, Pty: true, Width: 120, Height: 40, Command: info.Code})
	b.WaitFor("CHOOSE YOUR SEAT", wait)

	fs.fail.Store(true)
	if err := tbl.Submit(alice, game.Start{}); err != nil {
		t.Fatal(err)
	}
	const waits = "The server cannot save moves: the game waits."
	for _, c := range []*sshtest.Client{a, b} {
		c.WaitFor(waits, wait)
	}
	if pub := tbl.Public(); len(pub.WaitingVisions) == 0 || pub.Psychics[0].Vision != nil {
		t.Fatalf("a vision that could not be saved was given: %+v", pub.Psychics[0])
	}
	fs.fail.Store(false)
	a.Screen.Mark()
	b.Screen.Mark()
	clock.Advance(time.Second) // the table's retry
	for _, c := range []*sshtest.Client{a, b} {
		c.WaitFor("The server saves moves again: the game goes on.", wait)
	}
	a.WaitFor("HOUR I", wait)
	if pub := tbl.Public(); pub.Psychics[0].Vision == nil {
		t.Fatalf("no vision after the retry: %+v", pub.Psychics[0])
	}
}
