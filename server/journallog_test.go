package server_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/mysterium-ssh/mysterium/game"
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
func seated(t *game.Table, s game.Seat) game.PlayerID {
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
