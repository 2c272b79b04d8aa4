package store

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestASecondServerIsRefusedTheDataDir(t *testing.T) {
	dir := t.TempDir()
	first, err := LockDir(dir)
	if err != nil {
		t.Fatalf("first lock: %v", err)
	}
	// Another open file description, as another process would have: the
	// flock is refused to it even within this process.
	_, err = LockDir(dir)
	var le *LockedError
	if !errors.As(err, &le) {
		t.Fatalf("second lock: err %v, want a LockedError", err)
	}
	abs, _ := filepath.Abs(dir)
	want := fmt.Sprintf("the data directory %s is in use by another mysterium server (pid %d)", abs, os.Getpid())
	if !strings.Contains(err.Error(), want) {
		t.Fatalf("second lock says %q, want it to contain %q", err, want)
	}
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	again, err := LockDir(dir)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	_ = again.Release()
	// The database itself can still be opened beside a held lock (a backup,
	// a test reading the journal).
	held, err := LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("open beside the lock: %v", err)
	}
	s.Close()
}

const lockChildEnv = "MYSTERIUM_TEST_LOCK_CHILD"

// TestKill9ReleasesTheDataDir: a process holding the directory is killed
// with SIGKILL; the next one gets the directory without any cleanup.
func TestKill9ReleasesTheDataDir(t *testing.T) {
	if dir := os.Getenv(lockChildEnv); dir != "" {
		if _, err := LockDir(dir); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("locked")
		select {} // hold it until killed
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKill9ReleasesTheDataDir$")
	cmd.Env = append(os.Environ(), lockChildEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || line != "locked\n" {
		cmd.Process.Kill()
		t.Fatalf("child: %q, %v", line, err)
	}
	_, err = LockDir(dir)
	var le *LockedError
	if !errors.As(err, &le) || le.PID != cmd.Process.Pid {
		cmd.Process.Kill()
		t.Fatalf("while the child holds it: err %v, want the child's pid %d", err, cmd.Process.Pid)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	l, err := LockDir(dir)
	if err != nil {
		t.Fatalf("after kill -9: %v", err)
	}
	_ = l.Release()
}
