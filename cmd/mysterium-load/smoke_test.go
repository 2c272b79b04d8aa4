package main

import (
	"context"
	"io"
	"net"
	"strings"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/mysterium-ssh/mysterium/server"
)

// TestSmokeAgainstAnInProcessServer runs the whole tool against a real
// server on a loopback port: 8 sessions at two tables of 4 play for a few
// seconds. It checks that everyone got in and seated, that actions were
// measured on the other seats' screens, and that nothing failed; it makes
// no claim about how fast (that is what the tool reports, not a test).
func TestSmokeAgainstAnInProcessServer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server and 8 SSH sessions")
	}
	srv, err := server.New(server.Config{
		Listen:  "127.0.0.1:0",
		DataDir: t.TempDir(),
		Logger:  log.NewWithOptions(io.Discard, log.Options{}),
		Limits:  server.Limits{MaxSessions: 50, MaxSessionsPerIP: 50, ConnsPerMinutePerIP: 100, TablesPerIdentity: 5},
	})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server shutdown: %v", err)
		}
	})

	var logs strings.Builder
	cfg, err := parseFlags([]string{"--addr", ln.Addr().String(), "--sessions", "8", "--duration", "4s",
		"--idle", "1s", "--pace", "20ms", "--quiet", "100ms", "--seed", "7"}, &logs)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := runLoad(context.Background(), cfg, &logs)
	if err != nil {
		t.Fatalf("runLoad: %v\n%s", err, logs.String())
	}
	if rep.Sessions != 8 || rep.Tables != 2 {
		t.Errorf("sessions %d at %d tables, want 8 at 2", rep.Sessions, rep.Tables)
	}
	if rep.Failures != 0 {
		t.Errorf("failures: %d %q", rep.Failures, rep.FailureSamples)
	}
	if rep.ActionsByKind["start"] < 2 {
		t.Errorf("games started %d, want both tables: %v", rep.ActionsByKind["start"], rep.ActionsByKind)
	}
	if rep.ActionsByKind["vision"] == 0 {
		t.Errorf("no vision given in 4 s of play: %v", rep.ActionsByKind)
	}
	if rep.LatencySamples == 0 || rep.P99ms <= 0 || rep.BytesPerActionMed <= 0 {
		t.Errorf("nothing measured: %+v", rep)
	}
	var out strings.Builder
	rep.print(&out, true)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	for _, key := range []string{`"sessions":8`, `"failures":0`, `"p50_ms":`, `"p99_ms":`, `"rss_per_session_kb":`, `"bytes_per_action_median":`} {
		if !strings.Contains(last, key) {
			t.Errorf("the JSON line lacks %s: %s", key, last)
		}
	}
}
