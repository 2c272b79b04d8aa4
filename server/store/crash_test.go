package store

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// crashChildEnv makes the test binary act as the crashing writer.
const crashChildEnv = "MYSTERIUM_STORE_CRASH_CHILD"

// TestAppendSurvivesKill9 runs a writer in a child process that appends to a
// journal and acknowledges each Append on stdout the moment it returns (as
// the table announces a result only after Append). The test kills it with
// SIGKILL at 20 different points, reopening the same database each time, and
// checks that every acknowledged entry is there, that at most the one entry
// in flight is beyond it, and that the journal has no gap.
func TestAppendSurvivesKill9(t *testing.T) {
	if dir := os.Getenv(crashChildEnv); dir != "" {
		crashChild(dir)
		return
	}
	if testing.Short() {
		t.Skip("spawns 20 processes")
	}
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(sampleTable("KILL")); err != nil {
		t.Fatal(err)
	}
	s.Close()

	acked := uint64(0)
	for round := 1; round <= 20; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAppendSurvivesKill9$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+dir)
		cmd.Stderr = os.Stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The child appends one entry per "go". Let it finish want-1 of
		// them, then send one more go and kill it at once, most likely in
		// the middle of that Append: a different point in each round.
		want := round%7 + 1
		sc := bufio.NewScanner(out)
		for i := 1; i <= want; i++ {
			if _, err := io.WriteString(in, "go\n"); err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			if i == want {
				break
			}
			if !sc.Scan() {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("round %d: child stopped: %v", round, sc.Err())
			}
			n, err := strconv.ParseUint(strings.TrimPrefix(sc.Text(), "acked "), 10, 64)
			if err != nil || n != acked+1 {
				t.Fatalf("round %d: child said %q after #%d", round, sc.Text(), acked)
			}
			acked = n
		}
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()

		s, err := Open(dir)
		if err != nil {
			t.Fatalf("round %d: reopen after kill -9: %v", round, err)
		}
		entries, err := s.Entries("KILL")
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range entries {
			if e.Seq != uint64(i+1) {
				t.Fatalf("round %d: entry %d has seq %d", round, i, e.Seq)
			}
		}
		n := uint64(len(entries))
		if n < acked || n > acked+1 {
			t.Fatalf("round %d: %d entries on disk, %d acknowledged", round, n, acked)
		}
		acked = n // the one in flight may have made it
	}
	t.Logf("%d entries written across 20 kills", acked)
}

// crashChild appends one entry per line on stdin, printing "acked N" after
// each Append returned.
func crashChild(dir string) {
	s, err := Open(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	entries, err := s.Entries("KILL")
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(2)
	}
	w := bufio.NewWriter(os.Stdout)
	in := bufio.NewScanner(os.Stdin)
	for seq := uint64(len(entries)) + 1; in.Scan(); seq++ {
		if err := s.Append(entry("KILL", seq, "SHA256:p", game.Chat{Text: "still here"})); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(2)
		}
		fmt.Fprintf(w, "acked %d\n", seq)
		w.Flush()
	}
	os.Exit(0)
}
