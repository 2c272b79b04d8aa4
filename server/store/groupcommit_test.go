package store

import (
	"bufio"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// BenchmarkAppendTables measures a durable journal write while 1, 10 and 100
// tables write at once, each from its own goroutine in order (as table
// actors do): ns/op is the time per accepted command across all of them.
func BenchmarkAppendTables(b *testing.B) {
	for _, tables := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("tables=%d", tables), func(b *testing.B) {
			s := open(b, b.TempDir())
			for i := range tables {
				if err := s.CreateTable(sampleTable(fmt.Sprintf("B%03d", i))); err != nil {
					b.Fatal(err)
				}
			}
			cmd, _ := game.MarshalCommand(game.Chat{Text: "a typical short chat message"})
			var left atomic.Int64
			left.Store(int64(b.N))
			var wg sync.WaitGroup
			b.ResetTimer()
			for i := range tables {
				wg.Add(1)
				go func() {
					defer wg.Done()
					code := fmt.Sprintf("B%03d", i)
					for seq := uint64(1); left.Add(-1) >= 0; seq++ {
						if err := s.Append(game.JournalEntry{Table: code, Seq: seq, Player: "SHA256:p", Command: cmd, At: t0}); err != nil {
							b.Error(err)
							return
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}

// groupChildEnv makes the test binary act as the writer of many tables;
// groupHoldEnv, when set to N, makes it hold its N-th batch of more than one
// entry after the commit and before answering anyone, and say so on stdout.
const (
	groupChildEnv = "MYSTERIUM_STORE_GROUP_CHILD"
	groupHoldEnv  = "MYSTERIUM_STORE_GROUP_HOLD"
	groupTables   = 24
)

// TestGroupCommitSurvivesKill9 kills a writer of 24 tables at once in the
// middle of its batches: in even rounds while the writer holds a batch of
// several tables' entries that is committed but not yet answered, in odd
// rounds at whatever moment a number of acknowledgements arrived. The child
// prints "acked TABLE SEQ" when an Append returns (the table shows a move only
// then: what its seats saw). After each kill the database is reopened and,
// for every table, every acknowledged entry is on disk, at most the one entry
// in flight is beyond it, and the journal has no gap; a held batch is on disk
// whole.
func TestGroupCommitSurvivesKill9(t *testing.T) {
	if dir := os.Getenv(groupChildEnv); dir != "" {
		groupChild(dir)
		return
	}
	if testing.Short() {
		t.Skip("spawns 8 processes")
	}
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := range groupTables {
		if err := s.CreateTable(sampleTable(fmt.Sprintf("G%02d", i))); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()

	acked := map[string]uint64{}
	heldBatches := 0
	for round := 1; round <= 8; round++ {
		hold := round%2 == 0
		cmd := exec.Command(os.Args[0], "-test.run=^TestGroupCommitSurvivesKill9$")
		cmd.Env = append(os.Environ(), groupChildEnv+"="+dir)
		if hold {
			cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", groupHoldEnv, round))
		}
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var held []string // the held batch: "TABLE SEQ"
		acks := 0
		stopAt := 20 + 37*round // odd rounds: kill after this many acks
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) >= 1 && f[0] == "held" {
				held = f[1:]
				break
			}
			if len(f) != 3 || f[0] != "acked" {
				t.Fatalf("round %d: child said %q", round, sc.Text())
			}
			seq, err := strconv.ParseUint(f[2], 10, 64)
			if err != nil || seq != acked[f[1]]+1 {
				t.Fatalf("round %d: child acked %s #%s after #%d", round, f[1], f[2], acked[f[1]])
			}
			acked[f[1]] = seq
			acks++
			if !hold && acks == stopAt {
				break
			}
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		if hold && held == nil {
			t.Fatalf("round %d: the child never held a batch", round)
		}

		s, err := Open(dir)
		if err != nil {
			t.Fatalf("round %d: reopen after kill -9: %v", round, err)
		}
		onDisk := map[string]uint64{}
		for i := range groupTables {
			code := fmt.Sprintf("G%02d", i)
			entries, err := s.Entries(code)
			if err != nil {
				t.Fatal(err)
			}
			for j, e := range entries {
				if e.Seq != uint64(j+1) {
					t.Fatalf("round %d: %s entry %d has seq %d", round, code, j, e.Seq)
				}
			}
			n := uint64(len(entries))
			if n < acked[code] {
				t.Errorf("round %d: %s: #%d was shown but only %d entries are on disk", round, code, acked[code], n)
			}
			if n > acked[code]+1 {
				t.Errorf("round %d: %s: %d entries on disk, %d acknowledged, one at most in flight", round, code, n, acked[code])
			}
			onDisk[code] = n
		}
		s.Close()
		for i := 0; i+1 < len(held); i += 2 {
			seq, _ := strconv.ParseUint(held[i+1], 10, 64)
			if onDisk[held[i]] < seq {
				t.Errorf("round %d: the held batch's %s #%d, committed, is not on disk", round, held[i], seq)
			}
		}
		if hold {
			heldBatches++
			t.Logf("round %d: killed while holding a committed batch of %d entries", round, len(held)/2)
		}
		maps.Copy(acked, onDisk) // the ones in flight may have made it
	}
	total := uint64(0)
	for _, n := range acked {
		total += n
	}
	t.Logf("%d entries of %d tables written across 8 kills, %d of them inside a held batch", total, groupTables, heldBatches)
}

// groupChild appends to every table at once, one goroutine a table, printing
// "acked TABLE SEQ" after each Append returned.
func groupChild(dir string) {
	s, err := Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	var mu sync.Mutex
	w := bufio.NewWriter(os.Stdout)
	say := func(line string) {
		mu.Lock()
		w.WriteString(line + "\n")
		w.Flush()
		mu.Unlock()
	}
	if n, _ := strconv.Atoi(os.Getenv(groupHoldEnv)); n > 0 {
		seen := 0
		s.testAfterCommit = func(batch []appendReq, errs []error) {
			if len(batch) < 2 {
				return
			}
			if seen++; seen < n {
				return
			}
			line := "held"
			for i, r := range batch {
				if errs[i] == nil {
					line += fmt.Sprintf(" %s %d", r.e.Table, r.e.Seq)
				}
			}
			say(line)
			select {} // until killed
		}
	}
	for i := range groupTables {
		code := fmt.Sprintf("G%02d", i)
		entries, err := s.Entries(code)
		if err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(2)
		}
		go func() {
			for seq := uint64(len(entries)) + 1; ; seq++ {
				if err := s.Append(entry(code, seq, "SHA256:p", game.Chat{Text: "still here"})); err != nil {
					fmt.Fprintln(os.Stderr, "child:", err)
					os.Exit(2)
				}
				say(fmt.Sprintf("acked %s %d", code, seq))
			}
		}()
	}
	select {}
}

// holdWriter makes s's writer stop after its first batch until release is
// closed, and records the size of every batch.
func holdWriter(s *Store) (release chan struct{}, sizes func() []int) {
	release = make(chan struct{})
	var mu sync.Mutex
	var got []int
	s.testAfterCommit = func(batch []appendReq, errs []error) {
		mu.Lock()
		got = append(got, len(batch))
		first := len(got) == 1
		mu.Unlock()
		if first {
			<-release
		}
	}
	return release, func() []int { mu.Lock(); defer mu.Unlock(); return append([]int(nil), got...) }
}

// waitQueued waits until n entries wait for the writer.
func waitQueued(t *testing.T, s *Store, n int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); len(s.queue) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d entries queued, want %d", len(s.queue), n)
		}
		runtime.Gosched()
	}
}

// TestGroupCommitFailsOnlyTheBadEntry queues, while the writer is busy, good
// entries of two tables, one of a table that does not exist and one that
// skips a sequence number: they are written as one batch, the good ones land,
// and each bad one fails alone with the reason it has when written alone.
func TestGroupCommitFailsOnlyTheBadEntry(t *testing.T) {
	s := open(t, t.TempDir())
	for _, c := range []string{"AAAA", "BBBB", "CCCC"} {
		if err := s.CreateTable(sampleTable(c)); err != nil {
			t.Fatal(err)
		}
	}
	release, sizes := holdWriter(s)
	chat := game.Chat{Text: "hi"}
	first := make(chan error, 1)
	go func() { first <- s.Append(entry("CCCC", 1, "SHA256:p", chat)) }()
	waitBatches(t, sizes, 1) // the writer holds C's #1
	entries := []game.JournalEntry{
		entry("AAAA", 1, "SHA256:p", chat),
		entry("NOPE", 1, "SHA256:p", chat),
		entry("BBBB", 1, "SHA256:p", chat),
		entry("CCCC", 3, "SHA256:p", chat), // #2 is missing
	}
	errs := make([]error, len(entries))
	var wg sync.WaitGroup
	for i, e := range entries {
		wg.Go(func() { errs[i] = s.Append(e) })
	}
	waitQueued(t, s, len(entries))
	close(release)
	wg.Wait()
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if got := sizes(); len(got) != 2 || got[1] != len(entries) {
		t.Errorf("batches %v, want [1 %d]", got, len(entries))
	}
	if errs[0] != nil || errs[2] != nil {
		t.Errorf("good entries failed: %v, %v", errs[0], errs[2])
	}
	if errs[1] == nil || !strings.Contains(errs[1].Error(), "NOPE #1: no such table in the database") {
		t.Errorf("entry of a missing table: %v", errs[1])
	}
	if errs[3] == nil || !strings.Contains(errs[3].Error(), "entry #3 does not follow the last stored entry #1") {
		t.Errorf("entry after a gap: %v", errs[3])
	}
	for code, want := range map[string]int{"AAAA": 1, "BBBB": 1, "CCCC": 1, "NOPE": 0} {
		if got, _ := s.Entries(code); len(got) != want {
			t.Errorf("%s has %d entries, want %d", code, len(got), want)
		}
	}
}

func waitBatches(t *testing.T, sizes func() []int, n int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); len(sizes()) < n; {
		if time.Now().After(deadline) {
			t.Fatalf("%d batches written, want %d", len(sizes()), n)
		}
		runtime.Gosched()
	}
}

// TestGroupCommitFailedCommitFailsTheBatch: when the commit fails (a full
// disk), every entry of the batch gets that error, none is on disk, and the
// next batch is written again.
func TestGroupCommitFailedCommitFailsTheBatch(t *testing.T) {
	s := open(t, t.TempDir())
	for _, c := range []string{"AAAA", "BBBB"} {
		if err := s.CreateTable(sampleTable(c)); err != nil {
			t.Fatal(err)
		}
	}
	release, sizes := holdWriter(s)
	chat := game.Chat{Text: "hi"}
	go s.Append(entry("AAAA", 1, "SHA256:p", chat))
	waitBatches(t, sizes, 1)
	full := errors.New("database or disk is full")
	var fail atomic.Bool
	fail.Store(true)
	s.testBeforeCommit = func() error {
		if fail.Load() {
			return full
		}
		return nil
	}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	wg.Go(func() { errs[0] = s.Append(entry("AAAA", 2, "SHA256:p", chat)) })
	wg.Go(func() { errs[1] = s.Append(entry("BBBB", 1, "SHA256:p", chat)) })
	waitQueued(t, s, 2)
	close(release)
	wg.Wait()
	for i, err := range errs {
		if !errors.Is(err, full) {
			t.Errorf("entry %d: %v, want the commit's error", i, err)
		}
	}
	if a, _ := s.Entries("AAAA"); len(a) != 1 {
		t.Errorf("AAAA has %d entries, want 1", len(a))
	}
	if b, _ := s.Entries("BBBB"); len(b) != 0 {
		t.Errorf("BBBB has %d entries, want 0", len(b))
	}
	fail.Store(false)
	if err := s.Append(entry("BBBB", 1, "SHA256:p", chat)); err != nil {
		t.Errorf("after the disk came back: %v", err)
	}
}

// TestCloseWritesWhatIsQueued: Close waits for the entries already passed to
// Append and writes them; Append fails with ErrClosed afterwards.
func TestCloseWritesWhatIsQueued(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	const tables = 10
	for i := range tables {
		if err := s.CreateTable(sampleTable(fmt.Sprintf("T%03d", i))); err != nil {
			t.Fatal(err)
		}
	}
	release, sizes := holdWriter(s)
	chat := game.Chat{Text: "hi"}
	errs := make([]error, tables)
	var wg sync.WaitGroup
	wg.Go(func() { errs[0] = s.Append(entry("T000", 1, "SHA256:p", chat)) })
	waitBatches(t, sizes, 1)
	for i := 1; i < tables; i++ {
		wg.Go(func() { errs[i] = s.Append(entry(fmt.Sprintf("T%03d", i), 1, "SHA256:p", chat)) })
	}
	waitQueued(t, s, tables-1)
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	close(release)
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("entry %d: %v", i, err)
		}
	}
	if err := s.Append(entry("T000", 2, "SHA256:p", chat)); !errors.Is(err, ErrClosed) {
		t.Errorf("Append after Close: %v, want ErrClosed", err)
	}
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i := range tables {
		if e, _ := s.Entries(fmt.Sprintf("T%03d", i)); len(e) != 1 {
			t.Errorf("T%03d has %d entries after Close, want 1", i, len(e))
		}
	}
}
