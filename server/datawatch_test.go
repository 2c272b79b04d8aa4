package server_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// TestADeletedDataDirectoryIsNoticed: the data directory deleted under a
// running server is noticed (here within a watch of 10 ms; 10 s by
// default), logged as an error, and said at every table; a move made
// after it is refused with the usual sentence, not written into a file
// nobody will open again.
func TestADeletedDataDirectoryIsNoticed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncBuffer{}
	h := start(t, server.Config{DataDir: dir, Store: db, DataWatch: 10 * time.Millisecond,
		Logger: log.NewWithOptions(logs, log.Options{})})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	info, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: "doomed", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	tbl, _ := h.srv.Hub().Table(info.Code)
	k := sshtest.NewKey(t)
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true, Width: 120, Height: 40, Command: info.Code})
	a.WaitFor("enter sit", wait)
	w := sshtest.Dial(t, h.addr, sshtest.Options{User: "watcher", Pty: true, Width: 80, Height: 24, Command: info.Code})
	w.WaitFor("CHOOSE YOUR SEAT", wait)

	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	const waits = "The server cannot save moves: the game waits."
	a.WaitFor(waits, wait)
	w.WaitFor(waits, wait)
	var gone []string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "the database file is gone") {
			gone = append(gone, l)
		}
	}
	if len(gone) != 1 || !strings.Contains(gone[0], "ERRO") || !strings.Contains(gone[0], "no longer exists") {
		t.Fatalf("the log says:\n%s", logs.String())
	}
	a.Screen.Mark()
	a.Type("\r") // sit
	a.WaitFor("Your move was not saved", wait)
	for _, sv := range tbl.Public().Seats {
		if sv.Player != "" {
			t.Fatalf("a move made after the database was gone took effect: %s sits in %v", sv.Player, sv.Seat)
		}
	}
	if err := tbl.Submit("SHA256:bob", game.Sit{Seat: 1, Name: "bob"}); !errors.Is(err, store.ErrGone) {
		t.Fatalf("a move after the database was gone: %v", err)
	}
}
