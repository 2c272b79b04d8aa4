package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// A data directory deleted (or its database replaced) under a running
// server goes unnoticed by SQLite: it keeps writing into the file it has
// open, which no longer has a name, and everything written from then on —
// and, the directory gone, everything before — is lost at the next start.
// So the store remembers the file's identity (device and inode) when it
// opens it, and Check compares it with what the path names now. From the
// first difference on, the store refuses every write that would be lost
// (ErrGone): the tables' moves wait rather than vanish.

// ErrGone is the answer of every write once the database file was found
// deleted or replaced.
var ErrGone = errors.New("the database file was deleted or replaced while the server ran")

// fileID is a file's identity on its file system.
type fileID struct{ dev, ino uint64 }

func statID(path string) (fileID, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return fileID{}, err
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, fmt.Errorf("no file identity for %s", path)
	}
	return fileID{dev: uint64(st.Dev), ino: st.Ino}, nil
}

// Check reports ErrGone (wrapped with what was found) once the database
// file's path no longer names the file the store opened: vanished, or
// another file. It then stays gone: every later write is refused, until a
// restart opens whatever the path names then.
func (s *Store) Check() error {
	if err := s.goneErr(); err != nil {
		return err
	}
	id, err := statID(s.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		err = fmt.Errorf("%w: %s no longer exists", ErrGone, s.path)
	case err != nil:
		// Cannot tell (a permission changed, say): not proof of anything.
		return nil
	case id != s.id:
		err = fmt.Errorf("%w: %s is another file now", ErrGone, s.path)
	default:
		return nil
	}
	s.gmu.Lock()
	defer s.gmu.Unlock()
	if s.gone == nil {
		s.gone = err
	}
	return s.gone
}

// goneErr is the reason writes are refused, or nil.
func (s *Store) goneErr() error {
	s.gmu.Lock()
	defer s.gmu.Unlock()
	return s.gone
}
