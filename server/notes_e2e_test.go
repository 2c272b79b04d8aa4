package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// TestMarkKeysDoNotGrowTheJournal: a psychic who presses m two hundred
// times over SSH (a mark toggled on and off) and then writes a note adds
// no row to the journal while the game goes on (the tables' clock stands
// still: the coalesced marks and notes are not due), and at most one row
// for the mark and one for the note when the server stops; the journal
// still replays to what the psychic saw.
func TestMarkKeysDoNotGrowTheJournal(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	clock := table.NewManualClock(time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC))
	h := start(t, server.Config{DataDir: dir, Store: db, Clock: clock, Limits: server.Limits{KeysPerSecond: 100000}})
	k := sshtest.NewKey(t)
	alice := game.PlayerID(k.Fingerprint())
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: "SHA256:host", Name: "host"}, session.TableSpec{Name: "marks", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tbl, _ := h.srv.Hub().Table(info.Code)
	for _, s := range []struct {
		p game.PlayerID
		c game.Command
	}{
		{"SHA256:host", game.Sit{Seat: game.GhostSeat, Name: "host"}},
		{alice, game.Sit{Seat: 0, Name: "alice"}},
		{"SHA256:bob", game.Sit{Seat: 1, Name: "bob"}},
		{"SHA256:host", game.Start{}},
	} {
		if err := tbl.Submit(s.p, s.c); err != nil {
			t.Fatal(err)
		}
	}
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true, Width: 120, Height: 40, Command: info.Code})
	a.WaitFor("PSYCHIC", wait)
	rows := func() int {
		es, err := db.Entries(info.Code)
		if err != nil {
			t.Fatal(err)
		}
		return len(es)
	}
	base := rows()
	a.Type(strings.Repeat("m", 200))
	a.Type("wzq done\r")
	// alice's own view: the note came after every m (one outbox, in order).
	sub := tbl.Subscribe(alice)
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	var mine []game.CardNote
	for {
		u, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("alice's note never came: %v", err)
		}
		mine = u.View.(*game.PsychicView).Notes
		if len(mine) > 0 && mine[0].Text == "zq done" {
			break
		}
	}
	if n := rows() - base; n != 0 {
		t.Fatalf("200 presses of m and a note wrote %d journal rows while the game went on", n)
	}
	sub.Close()
	a.Close()
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}
	if db, err = store.Open(dir); err != nil { // the server closed its store
		t.Fatal(err)
	}
	defer db.Close()
	if n := rows() - base; n < 1 || n > 2 {
		t.Fatalf("the stop wrote %d rows for one card's mark and note", n)
	}
	es, err := db.Entries(info.Code)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []game.Entry
	for _, e := range es {
		c, err := game.UnmarshalCommand(e.Command)
		if err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, game.Entry{Player: e.Player, Command: c})
	}
	rec, err := db.Table(info.Code)
	if err != nil {
		t.Fatal(err)
	}
	st, err := game.Replay(rec.Options, rec.Pools, rec.Host, rec.Seed, cmds)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.ViewFor(alice).(*game.PsychicView).Notes; len(got) != 1 || got[0] != mine[0] {
		t.Fatalf("the journal replays to %+v, alice saw %+v", got, mine)
	}
}
