package main

import (
	"context"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/test/hello"
)

// With --hello the tool drives the Wish hello app as it drives the server:
// 6 sessions in 3 pairs, the first of each pressing a key, measured on its
// partner's screen.
func TestHelloModeDrivesTheHelloApp(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the hello app and 6 SSH sessions")
	}
	srv, err := hello.New(filepath.Join(t.TempDir(), "host_ed25519"))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })

	var logs strings.Builder
	cfg, err := parseFlags([]string{"--hello", "--addr", ln.Addr().String(), "--sessions", "6", "--duration", "2s",
		"--idle", "0", "--pace", "20ms", "--quiet", "100ms", "--seed", "7"}, &logs)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	printHelloNeeds(&out, cfg, len(cfg.rooms()))
	if strings.Contains(out.String(), "mysterium serve") {
		t.Errorf("the hello run asks for the server's flags: %q", out.String())
	}
	rep, err := runLoad(context.Background(), cfg, &logs)
	if err != nil {
		t.Fatalf("runLoad: %v\n%s", err, logs.String())
	}
	if rep.Sessions != 6 || rep.Tables != 3 {
		t.Errorf("sessions %d in %d rooms, want 6 in 3", rep.Sessions, rep.Tables)
	}
	if rep.Failures != 0 {
		t.Errorf("failures: %d %q", rep.Failures, rep.FailureSamples)
	}
	if rep.ActionsByKind["key"] == 0 || rep.LatencySamples == 0 || rep.P99ms <= 0 {
		t.Errorf("no key measured on a partner's screen: %+v", rep)
	}
}

func TestPairSizes(t *testing.T) {
	for _, c := range []struct {
		n    int
		want []int
	}{{4, []int{2, 2}}, {5, []int{2, 3}}, {100, slices.Repeat([]int{2}, 50)}} {
		if got := pairSizes(c.n); !slices.Equal(got, c.want) {
			t.Errorf("pairSizes(%d) = %v, want %v", c.n, got, c.want)
		}
	}
}
