package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
)

// An abandoned table's clock runs from its last journalled move, so a
// restart does not give it another AbandonedTableTTL: a table whose last
// move is older than that is gone after the restart (and stays gone), while
// one played an hour ago comes back.
func TestAnAbandonedTableIsGoneAfterARestart(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	opts := game.DefaultOptions(game.Classic)
	pools := game.TestPools()
	for _, tc := range []struct {
		code string
		last time.Time
	}{{"ABCD", now.Add(-25 * time.Hour)}, {"WXYZ", now.Add(-time.Hour)}} {
		rec := store.Table{Code: tc.code, Name: "table " + tc.code, Options: opts, Pools: pools, Host: "SHA256:alice", Seed: 7, Created: now.Add(-48 * time.Hour)}
		if err := db.CreateTable(rec); err != nil {
			t.Fatal(err)
		}
		cmd, _ := game.MarshalCommand(game.Sit{Seat: game.GhostSeat, Name: "alice"})
		if err := db.Append(game.JournalEntry{Table: tc.code, Seq: 1, Player: "SHA256:alice", Command: cmd, At: tc.last}); err != nil {
			t.Fatal(err)
		}
	}
	cfg := func(db server.Store) server.Config {
		return server.Config{DataDir: dir, Store: db, NewModel: newWhoModel, Limits: server.Limits{AbandonedTableTTL: 24 * time.Hour}}
	}
	for restart := 1; restart <= 2; restart++ {
		h := start(t, cfg(db))
		out, _, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "tables"})
		if code != 0 || !strings.Contains(out, "WXYZ") || strings.Contains(out, "ABCD") {
			t.Fatalf("start %d: the table played an hour ago must be back, the one left 25 h ago gone:\n%s", restart, out)
		}
		if _, ok := h.srv.Hub().Table("ABCD"); ok {
			t.Fatalf("start %d: the abandoned table still runs", restart)
		}
		if err := h.stop(); err != nil {
			t.Fatal(err)
		}
		if db, err = store.Open(dir); err != nil {
			t.Fatal(err)
		}
	}
	defer db.Close()
	rec, err := db.Table("ABCD")
	if err != nil || rec.Finished.IsZero() {
		t.Fatalf("the abandoned table is not marked removed in the store: %+v, %v", rec, err)
	}
}
