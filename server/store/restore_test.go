package store

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
)

// TestTableSurvivesRestart plays a game through the real table actor with
// the store as its journal, "restarts" (a new Store on the same file, the
// table rebuilt by table.Restore from Unfinished), and checks that every
// player's view equals a reference state that applied the same commands, and
// that play continues with the journal's numbering intact. It does this
// after several different numbers of commands.
func TestTableSurvivesRestart(t *testing.T) {
	for _, ed := range []game.Edition{game.Classic, game.Modern, game.Original} {
		for _, steps := range []int{0, 1, 7, 40, 150} {
			t.Run(fmt.Sprintf("%s/%d", ed, steps), func(t *testing.T) {
				restartAfter(t, ed, steps)
			})
		}
	}
}

func restartAfter(t *testing.T, ed game.Edition, steps int) {
	dir := t.TempDir()
	opts := game.DefaultOptions(ed)
	opts.Timer = 0 // no sand timer: the test drives every command
	pools := game.TestPools()
	const host game.PlayerID = "SHA256:host"
	players := []game.PlayerID{host, "SHA256:ann", "SHA256:bob", "guest:cyd"}
	clock := table.NewManualClock(t0)

	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	tb := Table{Code: "RSTR", Name: "restart", Options: opts, Pools: pools, Host: host, Seed: 42, Created: t0}
	if err := s.CreateTable(tb); err != nil {
		t.Fatal(err)
	}
	cfg := game.TableConfig{Code: tb.Code, Name: tb.Name, Options: opts, Pools: pools, Host: host, Seed: tb.Seed, Journal: s, Clock: clock}
	tbl, err := table.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := game.New(opts, pools, host, tb.Seed)
	if err != nil {
		t.Fatal(err)
	}
	submit := func(tbl *table.Table, p game.PlayerID, c game.Command) {
		t.Helper()
		if err := tbl.Submit(p, c); err != nil {
			t.Fatalf("%s %T: %v", p, c, err)
		}
		if _, err := ref.Apply(p, c); err != nil {
			t.Fatalf("reference refused %s %T after the table accepted it: %v", p, c, err)
		}
	}
	// Seating, then the start.
	submit(tbl, host, game.Sit{Seat: game.GhostSeat, Name: "Host"})
	for i, p := range players[1:] {
		submit(tbl, p, game.Sit{Seat: game.SeatOf(game.Colours[i]), Name: fmt.Sprintf("P%d", i)})
	}
	submit(tbl, host, game.Start{})
	// Then the first legal command of whoever has one, round robin.
	played := 0
	for turn := 0; played < steps && turn < steps*len(players)+len(players); turn++ {
		p := players[turn%len(players)]
		legal := ref.LegalCommands(p)
		if len(legal) == 0 {
			continue
		}
		submit(tbl, p, legal[(turn/len(players))%len(legal)])
		played++
	}
	submit(tbl, "SHA256:bob", game.Chat{Text: "last words before the crash"})
	tbl.Stop()
	s.Close()

	// The restart.
	s2 := open(t, dir)
	saved, err := s2.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 1 {
		t.Fatalf("%d unfinished tables", len(saved))
	}
	st := saved[0]
	t.Logf("%d journal entries, round %d, phase %v", len(st.Entries), ref.ViewFor(host).Public().Round, ref.ViewFor(host).Public().Phase)
	cfg2 := game.TableConfig{Code: st.Code, Name: st.Name, Options: st.Options, Pools: st.Pools, Host: st.Host, Seed: st.Seed, Journal: s2, Clock: clock}
	if !reflect.DeepEqual(cfg2.Options, opts) || !reflect.DeepEqual(cfg2.Pools, pools) {
		t.Fatal("options or pools changed in the store")
	}
	restored, err := table.Restore(cfg2, st.Entries)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Stop()
	for _, p := range append(players, "spectator") {
		assertView(t, restored, ref, p)
	}
	// Play goes on, and the journal numbering continues where it stopped.
	submit(restored, "SHA256:ann", game.Chat{Text: "back again"})
	entries, err := s2.Entries("RSTR")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(st.Entries)+1 || entries[len(entries)-1].Seq != uint64(len(entries)) {
		t.Fatalf("journal after restore: %d entries, last seq %d", len(entries), entries[len(entries)-1].Seq)
	}
	assertView(t, restored, ref, "SHA256:ann")
}

func assertView(t *testing.T, tbl *table.Table, ref *game.State, p game.PlayerID) {
	t.Helper()
	sub := tbl.Subscribe(p)
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	u, err := sub.Next(ctx)
	if err != nil {
		t.Fatalf("view of %s: %v", p, err)
	}
	if want := ref.ViewFor(p); !reflect.DeepEqual(u.View, want) {
		t.Errorf("after restore, %s sees\n%#v\nwant\n%#v", p, u.View, want)
	}
}
