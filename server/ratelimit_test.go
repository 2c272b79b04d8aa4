package server_test

import (
	"strings"
	"testing"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
)

// TestConnectionRateRefusalsAreLogged: an address over its connection rate
// shows in the log, once a minute however hard it knocks (refused with a
// sentence, or past twice the limit dropped before the handshake).
func TestConnectionRateRefusalsAreLogged(t *testing.T) {
	logs := &syncBuffer{}
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{ConnsPerMinutePerIP: 3},
		Logger: log.NewWithOptions(logs, log.Options{})})
	for i := range 3 {
		if _, _, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "version"}); code != 0 {
			t.Fatalf("connection %d refused", i+1)
		}
	}
	// Up to twice the limit over it: refused with a sentence.
	for i := range 6 {
		out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "version"})
		if code == 0 || !strings.Contains(out+errOut, "Too many connections from your address") {
			t.Fatalf("connection %d over the limit: exit %d, %q %q", i+4, code, out, errOut)
		}
	}
	// Far over the limit: dropped before the handshake.
	for range 2 {
		if _, err := sshtest.DialErr(t, h.addr, sshtest.Options{Command: "version"}); err == nil {
			t.Fatal("a connection far over the limit got a session")
		}
	}
	var lines []string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "too many connections") || strings.Contains(l, "connection flood") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "remote=127.0.0.1") || !strings.Contains(lines[0], "refused=1") {
		t.Fatalf("refusal log lines:\n%s\nwant one for 127.0.0.1", strings.Join(lines, "\n"))
	}
}
