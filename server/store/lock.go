package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockName is the lock file's name inside the data directory.
const LockName = "mysterium.lock"

// DirLock is a data directory held by this process: two servers sharing one
// would both rebuild and run the same tables, each appending its own journal
// entries, and the players' seats would depend on which one they reached.
//
// It is an exclusive flock on LockName. A flock belongs to the open file, so
// the kernel releases it when the process dies, kill -9 included: a crashed
// server never leaves a stale lock behind, and a restart needs no cleanup.
//
// The lock guards the serving process, not the database: reading the
// database beside a running server (a backup, the sqlite3 shell, a test
// checking the journal) is fine in WAL mode, so Open does not take it.
type DirLock struct {
	f *os.File
}

// LockedError is LockDir's answer when another process holds the directory.
type LockedError struct {
	Dir string // absolute when it could be made so
	PID int    // the holder's process id; 0 when unknown
}

func (e *LockedError) Error() string {
	holder := ""
	if e.PID > 0 {
		holder = fmt.Sprintf(" (pid %d)", e.PID)
	}
	return fmt.Sprintf("the data directory %s is in use by another mysterium server%s; stop it or choose another --data-dir", e.Dir, holder)
}

// LockDir takes the data directory for this process without waiting: when
// another process holds it, the error is one sentence naming the directory
// and, if it could be read, that process's id.
func LockDir(dataDir string) (*DirLock, error) {
	if dataDir == "" {
		dataDir = "."
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("store: create data directory: %w", err)
	}
	path := filepath.Join(dataDir, LockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("store: open lock file %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("store: lock %s: %w", path, err)
		}
		le := &LockedError{Dir: dataDir}
		if abs, aerr := filepath.Abs(dataDir); aerr == nil {
			le.Dir = abs
		}
		if b, rerr := os.ReadFile(path); rerr == nil {
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); perr == nil && pid > 0 {
				le.PID = pid
			}
		}
		return nil, le
	}
	// Ours now: say who holds it, for the next one to name.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &DirLock{f: f}, nil
}

// Release gives the directory back (the kernel also does at exit).
func (l *DirLock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	// Unlocked by closing: the lock file stays, so that the next server
	// locks the same inode rather than racing a removal.
	err := l.f.Close()
	l.f = nil
	if err != nil {
		return fmt.Errorf("store: release data directory lock: %w", err)
	}
	return nil
}
