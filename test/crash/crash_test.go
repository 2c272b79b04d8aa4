// Package crash_test runs the real mysterium binary through a game, kills it
// with SIGKILL at 20 different points and restarts it each time, then lets the
// game finish and stops the server with SIGTERM: a kill -9 at any moment loses
// no game, and a graceful stop loses nothing (docs/design.md, "Persistence
// and restarts").
//
// The game is set up in the database before the first start, through the
// store, exactly as the server would have written it: four seats (a bot ghost
// and three human psychics identified by their key fingerprints), started.
// The humans are away, and --bot-takeover lets bots play for them, so the game
// moves on its own; a human who connects gets their seat back.
package crash_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
)

const (
	code  = "CRSH"
	kills = 20
	// wait bounds every wait on a condition; bots act every 0.1 s
	// (--bot-delay), so anything slower means the server is stuck.
	wait = 30 * time.Second
)

func TestKillNineAtTwentyPointsThenFinishAndStop(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays a whole game")
	}
	bin := build(t)
	dir := t.TempDir()
	players := []sshtest.Key{sshtest.NewKey(t), sshtest.NewKey(t), sshtest.NewKey(t)}
	tb := preload(t, dir, players)

	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	onDisk := checkJournal(t, db, tb)
	hostKey := ""
	for round := 1; round <= kills; round++ {
		srv := startServer(t, bin, dir)
		if hostKey == "" {
			hostKey = srv.hostKey
		} else if srv.hostKey != hostKey {
			t.Fatalf("round %d: the host key changed from %s to %s", round, hostKey, srv.hostKey)
		}
		// The table equals the journal's last accepted command: the
		// server rebuilt it from exactly the entries on disk.
		if got := srv.restored(t, code); got != onDisk {
			t.Fatalf("round %d: the server restored %d commands, the journal holds %d", round, got, onDisk)
		}
		// Every fifth round a player comes back and finds their seat.
		if round%5 == 0 {
			p := players[round/5%len(players)]
			c := sshtest.Dial(t, srv.addr, sshtest.Options{Key: &p, Pty: true, Command: code})
			if err := c.Screen.WaitUntil(func(s string) bool {
				return strings.Contains(s, "You are ") && !strings.Contains(s, "You are watching")
			}, "the player's own seat", wait); err != nil {
				t.Fatalf("round %d: %v\nserver log:\n%s", round, err, srv.logTail())
			}
			c.Close()
		}
		// Kill as soon as the game has moved one command further than the
		// last kill: a different point of the game each round.
		target := onDisk + 1
		waitFor(t, srv, fmt.Sprintf("journal entry #%d", target), func() bool {
			n, _ := journalLen(db)
			return n >= target
		})
		srv.kill(t)
		onDisk = checkJournal(t, db, tb)
		if finished(t, db) {
			t.Fatalf("round %d: the game finished after %d commands; the test needs a longer game", round, onDisk)
		}
	}

	// The last start: the game plays to its end. The kills are over, so the
	// bots need no pause between moves for a kill to land between two of
	// them: at 100 ms each, the rest of the game was seconds of waiting.
	srv := startServer(t, bin, dir, "--bot-delay", "1ms")
	if got := srv.restored(t, code); got != onDisk {
		t.Fatalf("last start: the server restored %d commands, the journal holds %d", got, onDisk)
	}
	deadline := time.Now().Add(5 * time.Minute)
	for !finished(t, db) {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not finish; server log:\n%s", srv.logTail())
		}
		waitFor(t, srv, "one more command or the end", func() bool {
			n, _ := journalLen(db)
			return n > onDisk || finished(t, db)
		})
		onDisk = checkJournal(t, db, tb)
	}
	st := replay(t, db, tb)
	if phase := st.ViewFor("").Public().Phase; phase != game.PhaseFinished {
		t.Fatalf("the store says finished, the journal replays to phase %s", phase)
	}
	t.Logf("%d commands in the journal, %d kills", onDisk, kills)

	// Graceful shutdown: a connected player is told, the process exits
	// by itself well within 10 s, and nothing in flight is lost.
	p := players[0]
	c := sshtest.Dial(t, srv.addr, sshtest.Options{Key: &p, Pty: true})
	c.WaitFor("CRSH", wait) // the lobby lists the finished table
	before, err := journalLen(db)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-srv.exited:
	case <-time.After(10 * time.Second):
		srv.kill(t)
		t.Fatalf("the server did not exit within 10 s of SIGTERM; log:\n%s", srv.logTail())
	}
	took := time.Since(start)
	if code := srv.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("exit code %d after SIGTERM; log:\n%s", code, srv.logTail())
	}
	if _, err := c.Wait(wait); err != nil {
		t.Errorf("the session did not end: %v", err)
	}
	if !strings.Contains(c.Output(), "The server is restarting") {
		t.Errorf("the session was not told about the restart: %q", tail(c.Output()))
	}
	if after, _ := journalLen(db); after != before {
		t.Errorf("the journal changed from %d to %d entries across the shutdown", before, after)
	}
	t.Logf("SIGTERM to exit: %v", took.Round(time.Millisecond))
}

// build compiles the binary once for this test.
func build(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go tool is not on PATH")
	}
	// go test caches a passing result by the test's own dependencies; the
	// binary is built from the whole module, so open every Go file of it
	// to make a change anywhere run this test again.
	err = filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.HasSuffix(path, ".go") || d.Name() == "go.mod" || d.Name() == "go.sum") {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			f.Close()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "mysterium")
	out, err := exec.Command(goBin, "build", "-o", bin, "../../cmd/mysterium").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// preload writes the table and its first commands into a fresh database:
// three humans sit as psychics, the host makes the ghost a bot and starts.
func preload(t *testing.T, dir string, players []sshtest.Key) store.Table {
	t.Helper()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	host := game.PlayerID(players[0].Fingerprint())
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	tb := store.Table{Code: code, Name: "crash test", Options: opts, Pools: game.BuiltinPools(),
		Host: host, Seed: 20261122, Created: time.Now()}
	if err := db.CreateTable(tb); err != nil {
		t.Fatal(err)
	}
	type step struct {
		p game.PlayerID
		c game.Command
	}
	steps := []step{
		{host, game.Sit{Seat: game.SeatOf(game.Red), Name: "Ann"}},
		{game.PlayerID(players[1].Fingerprint()), game.Sit{Seat: game.SeatOf(game.Blue), Name: "Bob"}},
		{game.PlayerID(players[2].Fingerprint()), game.Sit{Seat: game.SeatOf(game.Green), Name: "Cyd"}},
		{host, game.SetBot{Seat: game.GhostSeat, On: true}},
		{host, game.Start{}},
	}
	ref, err := game.New(tb.Options, tb.Pools, tb.Host, tb.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range steps {
		if _, err := ref.Apply(s.p, s.c); err != nil {
			t.Fatalf("setup step %d (%T): %v", i+1, s.c, err)
		}
		b, err := game.MarshalCommand(s.c)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Append(game.JournalEntry{Table: code, Seq: uint64(i + 1), Player: s.p, Command: b, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	return tb
}

// checkJournal verifies the journal on disk (numbered without gaps, every
// command decodes and the whole replays under the rules) and returns its length.
func checkJournal(t *testing.T, db *store.Store, tb store.Table) int {
	t.Helper()
	replay(t, db, tb)
	n, err := journalLen(db)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func replay(t *testing.T, db *store.Store, tb store.Table) *game.State {
	t.Helper()
	entries, err := db.Entries(code)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []game.Entry
	for i, e := range entries {
		if e.Seq != uint64(i+1) {
			t.Fatalf("journal entry %d has seq %d", i+1, e.Seq)
		}
		c, err := game.UnmarshalCommand(e.Command)
		if err != nil {
			t.Fatalf("journal entry %d does not decode: %v", e.Seq, err)
		}
		cmds = append(cmds, game.Entry{Player: e.Player, Command: c})
	}
	st, err := game.Replay(tb.Options, tb.Pools, tb.Host, tb.Seed, cmds)
	if err != nil {
		t.Fatalf("the journal (%d entries) does not replay: %v", len(entries), err)
	}
	return st
}

func journalLen(db *store.Store) (int, error) {
	e, err := db.Entries(code)
	return len(e), err
}

func finished(t *testing.T, db *store.Store) bool {
	t.Helper()
	tb, err := db.Table(code)
	if err != nil {
		t.Fatal(err)
	}
	return !tb.Finished.IsZero()
}

// server is one run of the binary.
type server struct {
	cmd     *exec.Cmd
	addr    string
	hostKey string
	exited  chan struct{}

	mu    sync.Mutex
	lines []map[string]any // the JSON log, one object per line
	raw   []string
	more  chan struct{} // closed and replaced at every new line
}

// startServer starts the binary; extra flags come last, so they win.
func startServer(t *testing.T, bin, dir string, extra ...string) *server {
	t.Helper()
	args := append([]string{"serve", "--listen", "127.0.0.1:0", "--data-dir", dir,
		"--bot-takeover", "1ms", "--bot-delay", "100ms", "--log-format", "json", "--log-level", "info"}, extra...)
	cmd := exec.Command(bin, args...)
	// The test decides every setting: none from the environment.
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "MYSTERIUM_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	s := &server{cmd: cmd, exited: make(chan struct{}), more: make(chan struct{})}
	go s.read(r)
	go func() { cmd.Wait(); close(s.exited) }()
	t.Cleanup(func() { s.kill(t) })

	line := s.waitLog(t, "listening", wait)
	s.addr, _ = line["addr"].(string)
	s.hostKey, _ = line["host-key"].(string)
	if s.addr == "" {
		t.Fatalf("no address in %v", line)
	}
	return s
}

func (s *server) read(r io.ReadCloser) {
	defer r.Close()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		var m map[string]any
		_ = json.Unmarshal(sc.Bytes(), &m) // a non-JSON line (a panic) is kept raw
		s.mu.Lock()
		s.raw = append(s.raw, sc.Text())
		if m != nil {
			s.lines = append(s.lines, m)
		}
		close(s.more)
		s.more = make(chan struct{})
		s.mu.Unlock()
	}
}

// waitLog waits for a log line whose message is msg and returns it.
func (s *server) waitLog(t *testing.T, msg string, timeout time.Duration) map[string]any {
	t.Helper()
	deadline := time.After(timeout)
	seen := 0
	for {
		s.mu.Lock()
		for ; seen < len(s.lines); seen++ {
			if s.lines[seen]["msg"] == msg {
				l := s.lines[seen]
				s.mu.Unlock()
				return l
			}
		}
		more := s.more
		s.mu.Unlock()
		select {
		case <-more:
		case <-s.exited:
			t.Fatalf("the server exited before logging %q:\n%s", msg, s.logTail())
		case <-deadline:
			t.Fatalf("no %q in the server log after %v:\n%s", msg, timeout, s.logTail())
		}
	}
}

// restored returns how many commands the server replayed for a table.
func (s *server) restored(t *testing.T, table string) int {
	t.Helper()
	for {
		l := s.waitLog(t, "table restored", wait)
		if l["code"] == table {
			n, _ := l["commands"].(float64)
			return int(n)
		}
	}
}

func (s *server) kill(t *testing.T) {
	select {
	case <-s.exited:
		return
	default:
	}
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.exited
}

func (s *server) logTail() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	from := max(0, len(s.raw)-30)
	return strings.Join(s.raw[from:], "\n")
}

// waitFor polls cond (a database query) until it holds, failing the test
// when the server dies or nothing happens for the wait limit.
func waitFor(t *testing.T, s *server, what string, cond func() bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-tick.C:
		case <-s.exited:
			t.Fatalf("the server exited while waiting for %s:\n%s", what, s.logTail())
		case <-ctx.Done():
			t.Fatalf("no %s after %v; server log:\n%s", what, wait, s.logTail())
		}
	}
}

func tail(s string) string {
	if len(s) > 400 {
		return s[len(s)-400:]
	}
	return s
}
