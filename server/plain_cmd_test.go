package server_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// tables, help and version with words after them say what is wrong, rather
// than calling the command itself unknown.
func TestPlainCommandsWithExtraWords(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	for _, cmd := range []string{"tables extra", "TABLES all", "version now", "help me"} {
		name := strings.ToLower(strings.Fields(cmd)[0])
		for _, pty := range []bool{false, true} {
			c := sshtest.Dial(t, h.addr, sshtest.Options{Command: cmd, Pty: pty})
			code, err := c.Wait(wait)
			if out := c.Output(); err != nil || code != 1 || !strings.Contains(out, name+" takes no arguments") || strings.Contains(out, "Unknown command") {
				t.Errorf("%q (pty %v): exit %d, %v, %q", cmd, pty, code, err, out)
			}
		}
	}
}

// Table names with wide characters (emoji, CJK: two cells each) keep the
// columns of `tables` in line.
func TestTablesColumnsLineUpWithWideNames(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{TablesPerIdentity: 10}})
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	names := []string{"plain name", "Ghost 👻 night 🕯️", "幽霊の夜", "café"}
	for _, n := range names {
		if _, err := h.srv.Hub().CreateTable(host, session.TableSpec{Name: n, Options: game.DefaultOptions(game.Classic)}); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "tables"})
	if code != 0 {
		t.Fatalf("tables: exit %d, %q", code, errOut)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 1+len(names) {
		t.Fatalf("tables printed %d lines: %q", len(lines), out)
	}
	// Where each column starts, in terminal cells, must be the same on
	// every line: the header's EDITION and HOST against each row's
	// edition and host.
	col := func(line, word string) int {
		i := strings.Index(line, word)
		if i < 0 {
			t.Fatalf("%q not in %q", word, line)
		}
		return ansi.StringWidth(line[:i])
	}
	edition, hostCol := col(lines[0], "EDITION"), col(lines[0], "HOST")
	for _, l := range lines[1:] {
		if e, hc := col(l, " classic ")+1, strings.LastIndex(l, " host")+1; e != edition || ansi.StringWidth(l[:hc]) != hostCol {
			t.Errorf("row out of line (edition at %d, host at %d; header %d, %d):\n%s\n%s", e, ansi.StringWidth(l[:hc]), edition, hostCol, lines[0], l)
		}
	}
}
