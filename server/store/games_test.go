package store

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// A finished game is counted once (into plays, the player's and the
// server's statistics), and can be read back with its journal.
func TestFinishGameKeepsTheGameAndCountsItOnce(t *testing.T) {
	s := open(t, t.TempDir())
	if err := s.CreateTable(sampleTable("G1")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(entry("G1", 1, "SHA256:ann", game.Chat{Text: "hi"})); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.FinishedGame("G1"); ok || err != nil {
		t.Fatalf("a running game read as finished: %v, %v", ok, err)
	}
	res := []Result{{Player: "SHA256:ann", Ghost: true, Won: true}, {Player: "SHA256:bob", Won: true}}
	for i := 0; i < 2; i++ { // the second call counts nothing
		if err := s.FinishGame("G1", t0.Add(time.Hour), true, res); err != nil {
			t.Fatal(err)
		}
	}
	g, ok, err := s.FinishedGame("G1")
	if !ok || err != nil || g.Outcome != "won" || len(g.Entries) != 1 {
		t.Fatalf("finished game: %+v, %v, %v", g, ok, err)
	}
	h, err := s.History("SHA256:ann", 20)
	if err != nil || len(h) != 1 || h[0].Code != "G1.1" || h[0].Role != RoleGhost || !h[0].Won || h[0].Edition != "classic" || h[0].Difficulty != "medium" {
		t.Fatalf("history: %+v, %v", h, err)
	}
	st, err := s.PlayerStats("SHA256:bob")
	if err != nil || len(st) != 1 || st[0] != (Count{Edition: "classic", Role: RolePsychic, Played: 1, Won: 1}) {
		t.Fatalf("bob's stats: %+v, %v", st, err)
	}
	sv, err := s.ServerStats()
	if err != nil || len(sv) != 1 || sv[0] != (Count{Edition: "classic", Difficulty: "medium", Played: 1, Won: 1}) {
		t.Fatalf("server stats: %+v, %v", sv, err)
	}
	if p, _, _ := s.Profile("SHA256:ann"); p.GhostPlayed != 1 || p.GhostWon != 1 {
		t.Fatalf("ann's profile: %+v", p)
	}
}

// The next game at a table: the finished one, its journal and its plays
// move to CODE.N; the table starts over with the new seed and an empty
// journal numbered from 1; the code and its archives stay taken.
func TestNewGameArchivesTheFinishedOne(t *testing.T) {
	s := open(t, t.TempDir())
	if err := s.CreateTable(sampleTable("K7QX")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.NewGame("K7QX", 9, t0); err == nil {
		t.Fatal("an unfinished game was archived")
	}
	for seq := uint64(1); seq <= 3; seq++ {
		if err := s.Append(entry("K7QX", seq, "SHA256:ann", game.Chat{Text: "x"})); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.FinishGame("K7QX", t0.Add(time.Hour), false, []Result{{Player: "SHA256:ann"}}); err != nil {
		t.Fatal(err)
	}
	arch, err := s.NewGame("K7QX", 9, t0.Add(2*time.Hour))
	if err != nil || arch != "K7QX.1" {
		t.Fatalf("NewGame: %q, %v", arch, err)
	}
	old, ok, err := s.FinishedGame(arch)
	if !ok || err != nil || len(old.Entries) != 3 || old.Outcome != "lost" || old.Seed != sampleTable("").Seed {
		t.Fatalf("archived game: %+v, %v, %v", old.Table, ok, err)
	}
	cur, err := s.Table("K7QX")
	if err != nil || cur.Seed != 9 || !cur.Finished.IsZero() || cur.Outcome != "" || cur.Game != 2 {
		t.Fatalf("the table after NewGame: %+v, %v", cur, err)
	}
	if e, _ := s.Entries("K7QX"); len(e) != 0 {
		t.Fatalf("the new game's journal holds %d entries", len(e))
	}
	if err := s.Append(entry("K7QX", 1, "SHA256:ann", game.Chat{Text: "again"})); err != nil {
		t.Fatalf("the new game's first entry: %v", err)
	}
	if h, _ := s.History("SHA256:ann", 20); len(h) != 1 || h[0].Code != arch {
		t.Fatalf("history after NewGame: %+v", h)
	}
	saved, _ := s.Unfinished()
	if len(saved) != 1 || saved[0].Code != "K7QX" || len(saved[0].Entries) != 1 {
		t.Fatalf("restored after NewGame: %+v", saved)
	}
	if used, _ := s.TableExists("K7QX"); !used {
		t.Fatal("the code is free")
	}
	// A second round archives as K7QX.2.
	if err := s.FinishGame("K7QX", t0.Add(3*time.Hour), true, nil); err != nil {
		t.Fatal(err)
	}
	if arch2, err := s.NewGame("K7QX", 10, t0.Add(4*time.Hour)); err != nil || arch2 != "K7QX.2" {
		t.Fatalf("second NewGame: %q, %v", arch2, err)
	}
	for key, want := range map[string][2]any{"K7QX.2": {"K7QX", 2}, "K7QX": {"K7QX", 0}, "K7QX.x": {"K7QX.x", 0}, "K7QX.01": {"K7QX.01", 0}} {
		code, n, _ := SplitArchived(key)
		if code != want[0] || n != want[1] {
			t.Errorf("SplitArchived(%q) = %q, %d", key, code, n)
		}
	}
}

// Past their time, finished games (and removed tables) are deleted with
// their journals and plays, the space goes back to the file system, and the
// statistics stay.
func TestPurgeDeletesOldGamesAndGivesTheSpaceBack(t *testing.T) {
	s := open(t, t.TempDir())
	// 60 games of 40 KB of journal each, in 4 entries (each Append is a
	// transaction and an fsync: 20 entries of 2 KB a game took five times
	// as long for the same bytes).
	big := strings.Repeat("y", 10000)
	const n, perGame = 60, 4
	for i := 0; i < n; i++ {
		code := fmt.Sprintf("P%03d", i)
		if err := s.CreateTable(sampleTable(code)); err != nil {
			t.Fatal(err)
		}
		for seq := uint64(1); seq <= perGame; seq++ {
			if err := s.Append(entry(code, seq, "SHA256:ann", game.Chat{Text: big})); err != nil {
				t.Fatal(err)
			}
		}
		at := t0 // old
		if i%2 == 1 {
			at = t0.Add(40 * 24 * time.Hour) // recent
		}
		if err := s.FinishGame(code, at, true, []Result{{Player: "SHA256:ann"}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateTable(sampleTable("LIVE")); err != nil {
		t.Fatal(err)
	}
	if err := s.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	before := fileSize(t, s.Path())
	deleted, err := s.PurgeFinished(t0.Add(30 * 24 * time.Hour))
	if err != nil || deleted != n/2 {
		t.Fatalf("purged %d, %v; want %d", deleted, err, n/2)
	}
	if err := s.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	after := fileSize(t, s.Path())
	if after > before*2/3 {
		t.Fatalf("the database file is %d bytes after deleting half its games (was %d): space not given back", after, before)
	}
	var journal, plays int
	s.db.QueryRow(`SELECT count(*) FROM journal`).Scan(&journal)
	s.db.QueryRow(`SELECT count(*) FROM plays`).Scan(&plays)
	if journal != perGame*n/2 || plays != n/2 {
		t.Fatalf("left: %d journal entries, %d plays", journal, plays)
	}
	if _, err := s.Table("LIVE"); err != nil {
		t.Fatalf("a running table was purged: %v", err)
	}
	if _, ok, _ := s.FinishedGame("P000"); ok {
		t.Fatal("an old game is still there")
	}
	if st, _ := s.PlayerStats("SHA256:ann"); len(st) != 1 || st[0].Played != n {
		t.Fatalf("statistics after the purge: %+v", st)
	}
	if h, _ := s.History("SHA256:ann", 20); len(h) != 20 {
		t.Fatalf("history holds %d games, want the last 20", len(h))
	}
}
