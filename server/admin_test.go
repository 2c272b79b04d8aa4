package server_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

func TestAdminCommands(t *testing.T) {
	admin, player := sshtest.NewKey(t), sshtest.NewKey(t)
	admins := filepath.Join(t.TempDir(), "admin_keys")
	writeKeyFile(t, admins, admin)
	h := start(t, server.Config{NewModel: newWhoModel, AdminKeysFile: admins})
	run := func(k sshtest.Key, cmd string) (string, int) {
		out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: cmd})
		return out + errOut, code
	}

	// Not an admin: refused with the reason.
	if out, code := run(player, "notice hello"); code == 0 || !strings.Contains(out, "Only admins may use notice") {
		t.Fatalf("a player's notice: exit %d, %q", code, out)
	}
	if out, _ := run(admin, "help"); !strings.Contains(out, "For admins") {
		t.Fatalf("an admin's help does not list the admin commands: %q", out)
	}

	// A notice reaches every screen.
	p := sshtest.Dial(t, h.addr, sshtest.Options{Key: &player, Pty: true})
	p.WaitFor("LOBBY", wait)
	if out, code := run(admin, "notice Dinner is \x1b[31mready"); code != 0 || !strings.Contains(out, "Notice shown on 1 screen") {
		t.Fatalf("notice: exit %d, %q", code, out)
	}
	p.WaitFor("⚑ Dinner is ready", wait)

	// close ends a table.
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: "SHA256:host", Name: "host"}, session.TableSpec{Options: game.DefaultOptions(game.Modern)})
	if err != nil {
		t.Fatal(err)
	}
	if out, code := run(admin, "close "+strings.ToLower(info.Code)); code != 0 || !strings.Contains(out, "Table "+info.Code+" is closed") {
		t.Fatalf("close: exit %d, %q", code, out)
	}
	if _, ok := h.srv.Hub().Table(info.Code); ok {
		t.Fatal("the closed table is still there")
	}
	if out, code := run(admin, "close "+info.Code); code == 0 || !strings.Contains(out, "There is no table") {
		t.Fatalf("closing it again: exit %d, %q", code, out)
	}

	// kick disconnects the player, who is told, and keeps them out a while.
	if out, code := run(admin, "kick "+player.Fingerprint()); code != 0 || !strings.Contains(out, "Disconnected 1 session(s)") {
		t.Fatalf("kick: exit %d, %q", code, out)
	}
	if _, err := p.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Output(), "An admin disconnected you") {
		t.Fatalf("the kicked player was not told: %q", p.Output())
	}
	if out, code := run(player, "tables"); code == 0 || !strings.Contains(out, "An admin asked you to leave") {
		t.Fatalf("kicked player comes back: exit %d, %q", code, out)
	}
	if out, code := run(admin, "kick nobody"); code == 0 || !strings.Contains(out, "Nobody called") {
		t.Fatalf("kick nobody: exit %d, %q", code, out)
	}
}

// TestAllowKeysFileIsReReadWhenItChanges: no SIGHUP needed.
func TestAllowKeysFileIsReReadWhenItChanges(t *testing.T) {
	allow := filepath.Join(t.TempDir(), "allow_keys")
	friend, newcomer := sshtest.NewKey(t), sshtest.NewKey(t)
	writeKeyFile(t, allow, friend)
	t.Cleanup(server.SetKeyWatchInterval(20 * time.Millisecond))
	logs := &syncBuffer{}
	h := start(t, server.Config{NewModel: newRoleModel, AllowKeysFile: allow,
		Logger: log.NewWithOptions(logs, log.Options{})})
	if !refused(t, h.addr, sshtest.Options{Key: &newcomer}) {
		t.Fatal("a key not on the list got in")
	}
	writeKeyFile(t, allow, friend, newcomer)
	// The watcher logs each reload; wait for it, then the newcomer gets in.
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for !strings.Contains(logs.String(), "key file reloaded") {
		select {
		case <-tick.C:
		case <-deadline.C:
			t.Fatalf("the changed allow file was not re-read; log:\n%s", logs.String())
		}
	}
	if got := role(t, h.addr, sshtest.Options{Key: &newcomer}); !strings.Contains(got, "id="+newcomer.Fingerprint()) {
		t.Fatalf("after the reload: %q", got)
	}
}
