package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"testing"

	"charm.land/log/v2"

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
	addr := startServer(t, server.Limits{MaxSessions: 50, MaxSessionsPerIP: 50, ConnsPerMinutePerIP: 100, TablesPerIdentity: 5})

	var logs strings.Builder
	cfg, err := parseFlags([]string{"--addr", addr, "--sessions", "8", "--duration", "4s",
		"--idle", "1s", "--pace", "20ms", "--quiet", "100ms", "--seed", "7",
		"--server-pid", strconv.Itoa(os.Getpid())}, &logs)
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

// startServer starts a real server with the given limits on a loopback port
// for the test and returns its address.
func startServer(t *testing.T, l server.Limits) string {
	t.Helper()
	srv, err := server.New(server.Config{
		Listen:  "127.0.0.1:0",
		DataDir: t.TempDir(),
		Logger:  log.NewWithOptions(io.Discard, log.Options{}),
		Limits:  l,
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
	return ln.Addr().String()
}

// TestTightLimitsAreReported runs the tool, as a user would, against servers
// whose limits are too small for the run. The report must count as
// connected only the sessions the server let in, quote the server's
// refusal, name the flag to raise and by how much, and print no latency or
// memory figure when nothing was played; the exit status says it failed.
func TestTightLimitsAreReported(t *testing.T) {
	if testing.Short() {
		t.Skip("starts servers and SSH sessions")
	}
	tests := []struct {
		name      string
		limits    server.Limits
		connected int    // sessions that reach the lobby or their table; -1: not checked
		refusal   string // the server's sentence, quoted in a failure
		flag      string // the flag the failure names
		played    bool
	}{
		{"sessions per address", server.Limits{MaxSessionsPerIP: 3, ConnsPerMinutePerIP: 100},
			3, "Too many sessions from your address", "start the server with --max-sessions-per-ip 8", false},
		{"sessions in all", server.Limits{MaxSessions: 3, ConnsPerMinutePerIP: 100},
			3, "The server is full (3 sessions)", "start the server with --max-sessions 8", false},
		{"connections per minute", server.Limits{ConnsPerMinutePerIP: 3},
			3, "Too many connections from your address in the last minute (limit 3)", "start the server with --conns-per-minute 16", false},
		{"tables", server.Limits{MaxTables: 1, ConnsPerMinutePerIP: 100},
			-1, "Table not created: The server already has 1 tables", "start the server with --max-tables 4", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			addr := startServer(t, tc.limits)
			var stdout, stderr strings.Builder
			code := mainErr(context.Background(), []string{"--addr", addr, "--sessions", "8", "--duration", "2s",
				"--idle", "0", "--pace", "20ms", "--quiet", "100ms", "--seed", "7",
				"--server-pid", strconv.Itoa(os.Getpid()), "--json"}, &stdout, &stderr)
			out := stdout.String()
			if code != 1 {
				t.Errorf("exit status %d, want 1\n%s", code, out)
			}
			if !strings.Contains(out, "mysterium serve --max-sessions 8 --max-sessions-per-ip 8 --conns-per-minute 16 --max-tables 4 --code-failures 8") {
				t.Errorf("the report does not start with the flags the run needs:\n%s", out)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			var rep report
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
				t.Fatalf("last line: %v\n%s", err, out)
			}
			if tc.connected >= 0 && rep.Sessions != tc.connected {
				t.Errorf("%d sessions counted as connected, want %d (the ones the server let in)\n%s", rep.Sessions, tc.connected, out)
			}
			var quoted bool
			for _, f := range rep.FailureSamples {
				if strings.Contains(f, tc.refusal) && strings.HasSuffix(f, tc.flag) {
					quoted = true
				}
			}
			if !quoted {
				t.Errorf("no failure quotes %q and ends with %q:\n%s", tc.refusal, tc.flag, out)
			}
			if tc.played {
				return
			}
			for _, figure := range []string{"action → all seats", "server memory", "bytes per action", `"p50_ms"`, `"rss_peak_kb"`, `"rss_per_session_kb"`} {
				if strings.Contains(out, figure) {
					t.Errorf("nothing was played, yet the report has %q:\n%s", figure, out)
				}
			}
			if !strings.Contains(out, "nothing was played") {
				t.Errorf("the report does not say that nothing was played:\n%s", out)
			}
		})
	}
}
