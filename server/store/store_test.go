package store

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

func open(t testing.TB, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

var t0 = time.Date(2026, 11, 22, 20, 0, 0, 123456789, time.UTC)

func sampleTable(code string) Table {
	return Table{
		Code:    code,
		Name:    "Friday ghosts",
		Options: game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: 2 * time.Minute},
		Pools: game.Pools{
			Visions:    []game.CardID{"V01", "V02"},
			Characters: []game.CardID{"C01"},
			Locations:  []game.CardID{"L01"},
			Objects:    []game.CardID{"O01"},
		},
		Private: true,
		Host:    "SHA256:host",
		Seed:    1<<63 + 12345, // above int64: stored bit for bit
		Created: t0,
	}
}

func entry(code string, seq uint64, player game.PlayerID, cmd game.Command) game.JournalEntry {
	b, err := game.MarshalCommand(cmd)
	if err != nil {
		panic(err)
	}
	return game.JournalEntry{Table: code, Seq: seq, Player: player, Command: b, At: t0.Add(time.Duration(seq) * time.Second)}
}

func TestOpenCreatesWALDatabase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s := open(t, dir)
	if s.Path() != filepath.Join(dir, FileName) {
		t.Errorf("Path = %s", s.Path())
	}
	info, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if perm := info.Mode().Perm(); perm != 0o600 {
		t.Errorf("database mode %04o, want 0600", perm)
	}
	// The WAL holds the latest commands until a checkpoint: same mode.
	if err := s.CreateTable(sampleTable("WALX")); err != nil {
		t.Fatal(err)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		info, err := os.Stat(s.Path() + suffix)
		if err != nil {
			t.Fatal(err)
		}
		if perm := info.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s mode %04o, want 0600", suffix, perm)
		}
	}
	for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "5000"} {
		var got string
		if err := s.db.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("PRAGMA %s = %s, want %s", pragma, got, want)
		}
	}
	v, err := version(t.Context(), s.db)
	if err != nil || v != SchemaVersion() {
		t.Errorf("schema version %d (%v), want %d", v, err, SchemaVersion())
	}
}

func TestTableRoundTrip(t *testing.T) {
	s := open(t, t.TempDir())
	want := sampleTable("K7QX")
	if err := s.CreateTable(want); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(want); err == nil {
		t.Error("a table code was used twice")
	}
	got, err := s.Table("K7QX")
	if err != nil {
		t.Fatal(err)
	}
	if got.Code != want.Code || got.Name != want.Name || got.Options != want.Options || got.Private != want.Private ||
		got.Host != want.Host || got.Seed != want.Seed || !got.Created.Equal(want.Created) || !got.Finished.IsZero() ||
		fmt.Sprint(got.Pools) != fmt.Sprint(want.Pools) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	if _, err := s.Table("NOPE"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing table: %v", err)
	}
	if ok, err := s.TableExists("K7QX"); !ok || err != nil {
		t.Errorf("TableExists(K7QX) = %v, %v", ok, err)
	}
	if ok, err := s.TableExists("ZZZZ"); ok || err != nil {
		t.Errorf("TableExists(ZZZZ) = %v, %v", ok, err)
	}
}

func TestJournalAppendAndRestore(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	for _, code := range []string{"AAAA", "BBBB", "CCCC"} {
		tb := sampleTable(code)
		if err := s.CreateTable(tb); err != nil {
			t.Fatal(err)
		}
	}
	var journal game.Journal = s
	want := []game.JournalEntry{
		entry("AAAA", 1, "SHA256:host", game.Sit{Seat: game.GhostSeat, Name: "Ann"}),
		entry("AAAA", 2, "guest:7", game.Chat{Text: "hello"}),
		entry("AAAA", 3, "SHA256:host", game.Start{}),
	}
	for _, e := range want {
		if err := journal.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := journal.Append(entry("BBBB", 1, "bot:1", game.Stand{})); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishTable("CCCC", t0, nil); err != nil {
		t.Fatal(err)
	}
	s.Close()

	// A restart: a new Store on the same file.
	s2 := open(t, dir)
	saved, err := s2.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 2 || saved[0].Code != "AAAA" || saved[1].Code != "BBBB" {
		t.Fatalf("unfinished = %v, want AAAA and BBBB", codes(saved))
	}
	got := saved[0].Entries
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Table != w.Table || g.Seq != w.Seq || g.Player != w.Player || string(g.Command) != string(w.Command) || !g.At.Equal(w.At) {
			t.Errorf("entry %d = %+v, want %+v", i, g, w)
		}
		cmd, err := game.UnmarshalCommand(g.Command)
		if err != nil {
			t.Errorf("entry %d does not decode: %v", i, err)
		}
		if i == 1 && cmd.(game.Chat).Text != "hello" {
			t.Errorf("entry 1 decoded to %#v", cmd)
		}
	}
	if saved[0].Seed != sampleTable("").Seed {
		t.Errorf("seed %d", saved[0].Seed)
	}
	if len(saved[1].Entries) != 1 {
		t.Errorf("BBBB has %d entries", len(saved[1].Entries))
	}
	// The finished table keeps its journal for the replay.
	if e, err := s2.Entries("CCCC"); err != nil || len(e) != 0 {
		t.Errorf("Entries(CCCC) = %v, %v", e, err)
	}
}

func codes(saved []SavedTable) []string {
	var c []string
	for _, s := range saved {
		c = append(c, s.Code)
	}
	return c
}

func TestAppendRefusesBadEntries(t *testing.T) {
	s := open(t, t.TempDir())
	if err := s.CreateTable(sampleTable("AAAA")); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(entry("AAAA", 1, "p", game.Start{})); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		e    game.JournalEntry
		want string
	}{
		{"repeat", entry("AAAA", 1, "p", game.Start{}), "does not follow the last stored entry #1"},
		{"gap", entry("AAAA", 3, "p", game.Start{}), "does not follow the last stored entry #1"},
		{"zero", entry("AAAA", 0, "p", game.Start{}), "bad sequence number"},
		{"unknown table", entry("ZZZZ", 1, "p", game.Start{}), "no such table in the database"},
		{"not JSON", game.JournalEntry{Table: "AAAA", Seq: 2, Player: "p", Command: []byte("{oops"), At: t0}, "not JSON"},
	}
	for _, tt := range tests {
		err := s.Append(tt.e)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	e, err := s.Entries("AAAA")
	if err != nil || len(e) != 1 {
		t.Errorf("after refused appends: %d entries, %v", len(e), err)
	}
}

func TestConcurrentAppendsToManyTables(t *testing.T) {
	s := open(t, t.TempDir())
	const tables, perTable = 6, 20
	for i := range tables {
		if err := s.CreateTable(sampleTable(fmt.Sprintf("T%03d", i))); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := uint64(1); seq <= perTable; seq++ {
				if err := s.Append(entry(fmt.Sprintf("T%03d", i), seq, "p", game.Chat{Text: "x"})); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	// Readers at the same time (the lobby, a replay).
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 20 {
			if _, err := s.Unfinished(); err != nil {
				errs <- err
				return
			}
		}
	}()
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	saved, err := s.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range saved {
		if len(st.Entries) != perTable {
			t.Errorf("%s: %d entries", st.Code, len(st.Entries))
		}
	}
}

func TestFinishTableCountsResultsOnce(t *testing.T) {
	s := open(t, t.TempDir())
	if err := s.Seen("SHA256:ann", "Ann", t0); err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"G1", "G2"} {
		if err := s.CreateTable(sampleTable(code)); err != nil {
			t.Fatal(err)
		}
	}
	res := []Result{
		{Player: "SHA256:ann", Ghost: true, Won: true},
		{Player: "SHA256:bob", Won: true},
		{Player: "SHA256:cyd", Won: false},
	}
	if err := s.FinishTable("G1", t0.Add(time.Hour), res); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishTable("G1", t0.Add(2*time.Hour), res); err != nil { // a second call counts nothing
		t.Fatal(err)
	}
	if err := s.FinishTable("G2", t0.Add(3*time.Hour), []Result{{Player: "SHA256:ann", Won: false}}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishTable("NOPE", t0, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("finishing an unknown table: %v", err)
	}
	ann, ok, err := s.Profile("SHA256:ann")
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if ann.Name != "Ann" || ann.GhostPlayed != 1 || ann.GhostWon != 1 || ann.PsychicPlayed != 1 || ann.PsychicWon != 0 {
		t.Errorf("ann = %+v", ann)
	}
	bob, ok, _ := s.Profile("SHA256:bob")
	if !ok || bob.PsychicPlayed != 1 || bob.PsychicWon != 1 || bob.GhostPlayed != 0 {
		t.Errorf("bob = %+v", bob)
	}
	cyd, _, _ := s.Profile("SHA256:cyd")
	if cyd.PsychicPlayed != 1 || cyd.PsychicWon != 0 {
		t.Errorf("cyd = %+v", cyd)
	}
	g1, _ := s.Table("G1")
	if !g1.Finished.Equal(t0.Add(time.Hour)) {
		t.Errorf("G1 finished at %v", g1.Finished)
	}
	if saved, _ := s.Unfinished(); len(saved) != 0 {
		t.Errorf("finished tables restored: %v", codes(saved))
	}
}

func TestProfiles(t *testing.T) {
	s := open(t, t.TempDir())
	if _, ok, err := s.Profile("SHA256:new"); ok || err != nil {
		t.Errorf("unknown player: %v %v", ok, err)
	}
	if err := s.Seen("SHA256:new", "Nell", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.Seen("SHA256:new", "Nelly", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	p, ok, err := s.Profile("SHA256:new")
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if p.Name != "Nelly" || !p.FirstSeen.Equal(t0) || !p.LastSeen.Equal(t0.Add(time.Hour)) {
		t.Errorf("profile = %+v", p)
	}
}

// TestImagesChoiceIsKept: how a player wants cards drawn (I) is in their
// profile after a restart; nothing else is a choice.
func TestImagesChoiceIsKept(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if err := s.Seen("SHA256:img", "Ida", t0); err != nil {
		t.Fatal(err)
	}
	if p, _, _ := s.Profile("SHA256:img"); p.Images != "" {
		t.Fatalf("a new player's choice is %q, want \"\" (as the terminal says)", p.Images)
	}
	if err := s.SetImages("SHA256:img", "off"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetImages("SHA256:img", "sixel please"); err == nil {
		t.Fatal("a choice that is none was kept")
	}
	s.Close()
	s = open(t, dir)
	if p, _, err := s.Profile("SHA256:img"); err != nil || p.Images != "off" {
		t.Fatalf("after a restart the choice is %q (%v), want off", p.Images, err)
	}
}

// TestUpgradeFromVersion1 opens a database written by the first schema,
// with data in it, and checks that Open upgrades it and keeps the data.
func TestUpgradeFromVersion1(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	old, err := openFile(path, 1)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := version(t.Context(), old.db); v != 1 {
		t.Fatalf("old database at version %d", v)
	}
	// What a version-1 server wrote.
	if _, err := old.db.Exec(`INSERT INTO tables (code, name, options, pools, host, seed, created, finished)
		VALUES ('OLD1', 'old table', '{"Edition":"modern"}', '{"Visions":["V09"]}', 'SHA256:h', -1, 5, NULL)`); err != nil {
		t.Fatal(err)
	}
	if err := old.Append(entry("OLD1", 1, "SHA256:h", game.Start{})); err != nil {
		t.Fatal(err)
	}
	if _, err := old.db.Exec(`SELECT 1 FROM players`); err == nil {
		t.Fatal("version 1 already has players; the test no longer tests an upgrade")
	}
	old.Close()

	s := open(t, dir)
	if v, _ := version(t.Context(), s.db); v != SchemaVersion() {
		t.Fatalf("upgraded to %d, want %d", v, SchemaVersion())
	}
	saved, err := s.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) != 1 || saved[0].Code != "OLD1" || saved[0].Private || saved[0].Seed != 1<<64-1 ||
		saved[0].Options.Edition != game.Modern || len(saved[0].Entries) != 1 || saved[0].Pools.Visions[0] != "V09" {
		t.Fatalf("after upgrade: %+v", saved)
	}
	// The new tables work.
	if err := s.Seen("SHA256:h", "Host", t0); err != nil {
		t.Fatal(err)
	}
	var rows int
	if err := s.db.QueryRow(`SELECT count(*) FROM schema_version`).Scan(&rows); err != nil || rows != SchemaVersion() {
		t.Errorf("schema_version has %d rows (%v)", rows, err)
	}
}

func TestRefusesNewerSchema(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if _, err := s.db.Exec(`INSERT INTO schema_version (version, name, applied_at) VALUES (?, 'future', 0)`, SchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := Open(dir)
	if err == nil || !strings.Contains(err.Error(), "newer than this mysterium knows") {
		t.Fatalf("err = %v", err)
	}
}

func TestReopenIsIdempotent(t *testing.T) {
	dir := t.TempDir()
	for range 3 {
		s, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM schema_version`).Scan(&n); err != nil || n != SchemaVersion() {
		t.Errorf("schema_version rows = %d (%v)", n, err)
	}
}

// BenchmarkAppend measures one durable journal write of a lone table (a
// commit and an fsync of the WAL per entry, synchronous=FULL), the cost each
// accepted command pays when nothing else is written; BenchmarkAppendTables
// measures many tables writing at once.
func BenchmarkAppend(b *testing.B) {
	s := open(b, b.TempDir())
	if err := s.CreateTable(sampleTable("BNCH")); err != nil {
		b.Fatal(err)
	}
	cmd, _ := game.MarshalCommand(game.Chat{Text: "a typical short chat message"})
	seq := uint64(0)
	for b.Loop() {
		seq++
		if err := s.Append(game.JournalEntry{Table: "BNCH", Seq: seq, Player: "SHA256:p", Command: cmd, At: t0}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestAFullDiskIsNotAMissingTable: a journal write that fails because the
// database cannot grow says so, not "is the table created?" (the hint the
// foreign key's failure gets, which sent a host looking for a missing
// table on a full disk).
func TestAFullDiskIsNotAMissingTable(t *testing.T) {
	s := open(t, t.TempDir())
	defer s.Close()
	if err := s.CreateTable(Table{Code: "FULL", Name: "full", Options: game.DefaultOptions(game.Classic), Host: "p", Seed: 1}); err != nil {
		t.Fatal(err)
	}
	// One connection, which cannot grow the file past its pages: SQLite's
	// own "database or disk is full".
	s.db.SetMaxOpenConns(1)
	var pages int
	if err := s.db.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(fmt.Sprintf(`PRAGMA max_page_count = %d`, pages)); err != nil {
		t.Fatal(err)
	}
	var err error
	for seq := uint64(1); err == nil && seq < 10000; seq++ {
		err = s.Append(entry("FULL", seq, "p", game.Chat{Text: strings.Repeat("x", 400)}))
	}
	if err == nil {
		t.Fatal("the journal never filled the database")
	}
	if !strings.Contains(err.Error(), "full") {
		t.Fatalf("a full database says %q", err)
	}
	for _, wrong := range []string{"is the table created", "no such table"} {
		if strings.Contains(err.Error(), wrong) {
			t.Fatalf("a full database says %q", err)
		}
	}
}

// TestADeletedDatabaseRefusesWrites: the database file deleted under the
// store (its whole data directory), or replaced by another file, is found
// by Check, and from then on the writes that would be lost are refused
// with ErrGone instead of going into a file nobody will open again.
func TestADeletedDatabaseRefusesWrites(t *testing.T) {
	for _, tc := range []struct {
		name string
		do   func(t *testing.T, dir string)
	}{
		{"the data directory deleted", func(t *testing.T, dir string) {
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
		}},
		{"the file replaced", func(t *testing.T, dir string) {
			path := filepath.Join(dir, FileName)
			if err := os.Rename(path, path+".old"); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			s := open(t, dir)
			defer s.Close()
			if err := s.CreateTable(Table{Code: "GONE", Name: "gone", Options: game.DefaultOptions(game.Classic), Host: "p", Seed: 1}); err != nil {
				t.Fatal(err)
			}
			if err := s.Check(); err != nil {
				t.Fatalf("a database in its place: %v", err)
			}
			if err := s.Append(entry("GONE", 1, "p", game.Start{})); err != nil {
				t.Fatal(err)
			}
			tc.do(t, dir)
			if err := s.Check(); !errors.Is(err, ErrGone) {
				t.Fatalf("Check after %s: %v", tc.name, err)
			}
			for what, err := range map[string]error{
				"append":       s.Append(entry("GONE", 2, "p", game.Start{})),
				"create table": s.CreateTable(Table{Code: "NEW1", Name: "new", Options: game.DefaultOptions(game.Classic), Host: "p", Seed: 1}),
				"finish game":  s.FinishGame("GONE", t0, true, nil),
			} {
				if !errors.Is(err, ErrGone) {
					t.Errorf("%s after %s: %v", what, tc.name, err)
				}
			}
		})
	}
}

// TestHeartbeatOutlivesTheStore: the heartbeat a server leaves is what the
// next one to open the database reads as LastAlive; none before the first.
func TestHeartbeatOutlivesTheStore(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if !s.LastAlive().IsZero() {
		t.Fatalf("a new data directory has a heartbeat: %v", s.LastAlive())
	}
	at := time.Date(2026, 11, 28, 21, 30, 0, 0, time.UTC)
	if err := s.Alive(at); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, dir)
	defer s.Close()
	if !s.LastAlive().Equal(at) {
		t.Fatalf("LastAlive %v, want %v", s.LastAlive(), at)
	}
}
