package crash_test

import (
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/store"
)

// TestTakeBackPauseAndAddTimeSurviveKillNine writes, as the server would
// have, a classic game in which the ghost gave every vision, took the last
// one back while it was on its way and gave it again, the table delivered
// it, and a psychic (the host is the ghost) paused the sand timer and added
// 30 s. The real binary restores it after a SIGKILL with the pause held; a
// restart after the longest pause has run out resumes the sand timer by
// itself, journaled, and that too survives the next SIGKILL.
func TestTakeBackPauseAndAddTimeSurviveKillNine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := build(t)
	dir := t.TempDir()
	const table = "CRTM"
	host, ann, bob := game.PlayerID("SHA256:host"), game.PlayerID("SHA256:ann"), game.PlayerID("SHA256:bob")
	opts := game.DefaultOptions(game.Classic) // the 2-minute sand timer
	tb := store.Table{Code: table, Name: "time controls", Options: opts, Pools: game.BuiltinPools(),
		Host: host, Seed: 20261124, Created: time.Now()}
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CreateTable(tb); err != nil {
		t.Fatal(err)
	}
	ref, err := game.New(tb.Options, tb.Pools, tb.Host, tb.Seed)
	if err != nil {
		t.Fatal(err)
	}
	seq := uint64(0)
	do := func(p game.PlayerID, c game.Command) {
		t.Helper()
		if _, err := ref.Apply(p, c); err != nil {
			t.Fatalf("setup %T: %v", c, err)
		}
		b, err := game.MarshalCommand(c)
		if err != nil {
			t.Fatal(err)
		}
		seq++
		if err := db.Append(game.JournalEntry{Table: table, Seq: seq, Player: p, Command: b, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	do(host, game.Sit{Seat: game.GhostSeat, Name: "Host"})
	do(ann, game.Sit{Seat: game.SeatOf(game.Red), Name: "Ann"})
	do(bob, game.Sit{Seat: game.SeatOf(game.Blue), Name: "Bob"})
	do(host, game.Start{})
	// give gives the first psychic who waits (not the one whose vision is
	// on its way); false when there is none.
	give := func() bool {
		gv := ref.ViewFor(host).(*game.GhostView)
		for _, c := range gv.WaitingVisions {
			if gv.Sending == nil || gv.Sending.Psychic != c {
				do(host, game.GiveVision{To: c, Cards: gv.Hand[:1]})
				return true
			}
		}
		return false
	}
	for give() {
	}
	do(host, game.TakeBack{Cards: ref.ViewFor(host).(*game.GhostView).Held})
	give()
	do(game.SystemPlayer, game.DeliverVision{}) // the last vision arrives: the sand timer turns
	do(ann, game.PauseTimer{})
	do(ann, game.AddTime{})
	onDisk := int(seq)

	check := func(when string, paused bool) {
		t.Helper()
		entries, err := db.Entries(table)
		if err != nil {
			t.Fatal(err)
		}
		var cmds []game.Entry
		for _, e := range entries {
			c, err := game.UnmarshalCommand(e.Command)
			if err != nil {
				t.Fatal(err)
			}
			cmds = append(cmds, game.Entry{Player: e.Player, Command: c})
		}
		st, err := game.Replay(tb.Options, tb.Pools, tb.Host, tb.Seed, cmds)
		if err != nil {
			t.Fatalf("%s: the journal does not replay: %v", when, err)
		}
		pub := st.ViewFor("").Public()
		if !pub.TimerRunning || pub.TimerPaused != paused || len(pub.WaitingVisions) != 0 || pub.TakenBack != nil {
			t.Fatalf("%s: running %v paused %v (want %v), waiting %v, taken back %+v", when, pub.TimerRunning, pub.TimerPaused, paused, pub.WaitingVisions, pub.TakenBack)
		}
	}

	// Killed while paused: nothing is lost and the pause holds.
	srv := startServer(t, bin, dir, "--bot-takeover", "0", "--max-pause", "1h")
	if got := srv.restored(t, table); got != onDisk {
		t.Fatalf("the server restored %d commands, the journal holds %d", got, onDisk)
	}
	srv.kill(t)
	check("after the first SIGKILL", true)
	if n, _ := db.Entries(table); len(n) != onDisk {
		t.Fatalf("the paused table wrote %d entries", len(n)-onDisk)
	}

	// Back up with a longest pause already over: the table resumes itself.
	srv = startServer(t, bin, dir, "--bot-takeover", "0", "--max-pause", "1ms")
	if got := srv.restored(t, table); got != onDisk {
		t.Fatalf("second start: restored %d commands, the journal holds %d", got, onDisk)
	}
	waitFor(t, srv, "the table's own ResumeTimer", func() bool {
		es, _ := db.Entries(table)
		return len(es) > onDisk
	})
	srv.kill(t)
	es, err := db.Entries(table)
	if err != nil {
		t.Fatal(err)
	}
	last := es[onDisk]
	if c, _ := game.UnmarshalCommand(last.Command); c != (game.ResumeTimer{}) || last.Player != game.SystemPlayer {
		t.Fatalf("entry %d is %s by %s, want the table's resume-timer", last.Seq, last.Command, last.Player)
	}
	check("after the second SIGKILL", false)

	srv = startServer(t, bin, dir, "--bot-takeover", "0")
	if got := srv.restored(t, table); got != len(es) {
		t.Fatalf("third start: restored %d commands, the journal holds %d", got, len(es))
	}
	srv.kill(t)
}
