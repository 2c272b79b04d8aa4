package crash_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/store"

	_ "modernc.org/sqlite" // the test moves the journal's times
)

// TestSandTimerGetsTheDowntimeBack: the time a server is away is nobody's
// turn. A classic game's sand timer runs when the real binary is killed
// with SIGKILL; the server is then away for 30 s (every time it recorded
// is moved 30 s into the past: the journal's and its heartbeat's); the
// next start resumes the sand timer with the time it had when the server
// was last running (within the heartbeat's second), not 30 s less.
func TestSandTimerGetsTheDowntimeBack(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := build(t)
	dir := t.TempDir()
	const table = "CRST"
	host, ann, bob := game.PlayerID("SHA256:host"), game.PlayerID("SHA256:ann"), game.PlayerID("SHA256:bob")
	tb := store.Table{Code: table, Name: "sand timer", Options: game.DefaultOptions(game.Classic), Pools: game.BuiltinPools(),
		Host: host, Seed: 20261128, Created: time.Now().Add(-5 * time.Minute)}
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
	// The last vision turned the 2-minute sand timer a minute ago.
	turned := time.Now().Add(-time.Minute)
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
		if err := db.Append(game.JournalEntry{Table: table, Seq: seq, Player: p, Command: b, At: turned}); err != nil {
			t.Fatal(err)
		}
	}
	do(host, game.Sit{Seat: game.GhostSeat, Name: "Host"})
	do(ann, game.Sit{Seat: game.SeatOf(game.Red), Name: "Ann"})
	do(bob, game.Sit{Seat: game.SeatOf(game.Blue), Name: "Bob"})
	do(host, game.Start{})
	for len(ref.ViewFor(host).Public().WaitingVisions) > 0 {
		gv := ref.ViewFor(host).(*game.GhostView)
		if gv.Sending != nil && len(gv.WaitingVisions) == 1 {
			do(game.SystemPlayer, game.DeliverVision{}) // the last vision arrives: the sand timer turns
			continue
		}
		to := gv.WaitingVisions[0]
		if gv.Sending != nil && gv.Sending.Psychic == to {
			to = gv.WaitingVisions[1] // its vision is on its way
		}
		do(host, game.GiveVision{To: to, Cards: gv.Hand[:1]})
	}
	if !ref.ViewFor("").Public().TimerRunning {
		t.Fatal("the sand timer does not run")
	}

	// The first start: no heartbeat yet, so the journal's deadline (a
	// minute left); the server says it runs, and is killed.
	srv := startServer(t, bin, dir, "--bot-takeover", "0")
	before := timerLeft(t, srv, table)
	if before < 50*time.Second || before > time.Minute {
		t.Fatalf("first start: %v left, want about a minute", before)
	}
	alive := filepath.Join(dir, store.AliveName)
	waitFor(t, srv, "the heartbeat", func() bool {
		fi, err := os.Stat(alive)
		return err == nil && fi.ModTime().After(turned)
	})
	srv.kill(t)

	// 30 s away.
	const away = 30 * time.Second
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(dir, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`UPDATE journal SET at = at - ? WHERE table_code = ?`, int64(away), table); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(alive)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(alive, fi.ModTime().Add(-away), fi.ModTime().Add(-away)); err != nil {
		t.Fatal(err)
	}

	srv = startServer(t, bin, dir, "--bot-takeover", "0")
	after := timerLeft(t, srv, table)
	// What it had at the kill: at most the heartbeat's second more, and
	// the time the first server ran less.
	if after < before-5*time.Second || after > before+time.Second {
		t.Fatalf("the sand timer had %v at the first start and %v after %v away and a restart: the time away was not given back", before, after, away)
	}
	t.Logf("sand timer: %v at the first start, %v after the kill -9 and %v away", before, after, away)
	srv.kill(t)
}

// timerLeft reads the sand timer's time left from the server's log of a
// restored table.
func timerLeft(t *testing.T, s *server, table string) time.Duration {
	t.Helper()
	for {
		l := s.waitLog(t, "table restored", wait)
		if l["code"] != table {
			continue
		}
		v, _ := l["timer-left"].(string)
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("table restored without its sand timer's time left: %v (%v)", l, err)
		}
		return d
	}
}
