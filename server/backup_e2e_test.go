package server_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// A backup taken in the middle of a game, while alice plays over SSH and the
// bots move: the copy passes PRAGMA integrity_check, and a second server
// started on it (its own data directory, the copy as its database) resumes
// the game: alice's key takes her back to her seat over SSH, in the game,
// and her next move is accepted and journaled in the copy.
func TestBackupInTheMiddleOfAGameResumesOnTheCopy(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, server.Config{DataDir: dir, Store: db, BotDelay: -1})
	ka := sshtest.NewKey(t)
	alice := game.PlayerID(ka.Fingerprint())
	hub := h.srv.Hub()
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := hub.CreateTable(session.Identity{ID: alice, Name: "alice"}, session.TableSpec{Name: "Backup", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := hub.Table(info.Code)
	for _, c := range []game.Command{
		game.SetBot{Seat: game.GhostSeat, On: true},
		game.Sit{Seat: 0, Name: "alice"},
		game.SetBot{Seat: 1, On: true},
		game.SetBot{Seat: 2, On: true},
	} {
		if err := tb.Submit(alice, c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 120, Height: 40, Command: info.Code})
	a.WaitFor("CHOOSE YOUR SEAT", wait)
	if err := tb.Submit(alice, game.Start{}); err != nil {
		t.Fatal(err)
	}
	// The bot ghost gives alice her vision: the game waits for her.
	mine := waitLegal(t, tb, alice)
	a.WaitFor("Place your intuition", wait)

	// The backup, with alice connected and the bots still moving.
	copyPath := filepath.Join(t.TempDir(), "backup.db")
	if err := store.Backup(context.Background(), db.Path(), copyPath); err != nil {
		t.Fatal(err)
	}
	if err := store.IntegrityCheck(context.Background(), copyPath); err != nil {
		t.Fatal(err)
	}

	// A server on the copy, beside the first.
	dir2 := t.TempDir()
	copyDB(t, copyPath, filepath.Join(dir2, store.FileName))
	db2, err := store.Open(dir2)
	if err != nil {
		t.Fatal(err)
	}
	before, err := db2.Entries(info.Code)
	if err != nil || len(before) < 5 {
		t.Fatalf("the copy's journal: %d entries, %v", len(before), err)
	}
	h2 := start(t, server.Config{DataDir: dir2, Store: db2, BotDelay: -1})
	tb2, ok := h2.srv.Hub().Table(info.Code)
	if !ok {
		t.Fatal("the server on the copy did not restore the table")
	}
	if ph := tb2.Public().Phase; ph == game.PhaseSeating || ph == game.PhaseFinished {
		t.Fatalf("the restored table is at %s, want the game under way", ph)
	}
	a2 := sshtest.Dial(t, h2.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 120, Height: 40, Command: info.Code})
	a2.WaitFor("Place your intuition", wait)
	legal := waitLegal(t, tb2, alice)
	if len(legal) != len(mine) {
		t.Fatalf("alice's moves on the copy: %d, on the original: %d", len(legal), len(mine))
	}
	if err := tb2.Submit(alice, legal[0]); err != nil {
		t.Fatalf("alice's move on the copy: %v", err)
	}
	after, err := db2.Entries(info.Code)
	if err != nil || len(after) <= len(before) {
		t.Fatalf("the copy's journal after alice's move: %d entries (before %d), %v", len(after), len(before), err)
	}
}

// waitLegal waits until p has a move to make at tb, and returns p's moves.
func waitLegal(t *testing.T, tb *table.Table, p game.PlayerID) []game.Command {
	t.Helper()
	sub := tb.Subscribe(p)
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for {
		u, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for %s's move: %v", p, err)
		}
		if u.View.Public().Phase == game.PhaseSeating {
			continue
		}
		if legal := game.LegalCommands(u.View); len(legal) > 0 {
			return legal
		}
	}
}

// copyDB copies a database file, as a host restoring a backup would.
func copyDB(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}
