package main

import (
	"strings"
	"testing"
	"time"
)

func TestPercentileNearestRank(t *testing.T) {
	var xs []int64
	for i := int64(100); i >= 1; i-- { // unsorted on purpose
		xs = append(xs, i)
	}
	for _, c := range []struct {
		p    float64
		want int64
	}{{50, 50}, {99, 99}, {100, 100}, {1, 1}, {0, 1}, {99.5, 100}, {10, 10}} {
		if got := percentile(xs, c.p); got != c.want {
			t.Errorf("percentile(1..100, %v) = %d, want %d", c.p, got, c.want)
		}
	}
	if xs[0] != 100 {
		t.Errorf("percentile sorted its input in place")
	}
	if got := percentile([]time.Duration{7 * time.Millisecond}, 99); got != 7*time.Millisecond {
		t.Errorf("one sample: p99 = %v, want 7ms", got)
	}
	if got := percentile([]int64(nil), 50); got != 0 {
		t.Errorf("no samples: %d, want 0", got)
	}
	// Two samples: the median is the lower one (nearest rank), p99 the higher.
	two := []int64{10, 20}
	if percentile(two, 50) != 10 || percentile(two, 99) != 20 {
		t.Errorf("two samples: p50 %d p99 %d, want 10 and 20", percentile(two, 50), percentile(two, 99))
	}
	if m := mean([]int64{1, 2, 3, 6}); m != 3 {
		t.Errorf("mean = %v, want 3", m)
	}
}

func TestCheckLoopback(t *testing.T) {
	ok := map[string]string{
		"127.0.0.1:23234":      "127.0.0.1:23234",
		"127.1.2.3:22":         "127.1.2.3:22",
		"localhost:23234":      "127.0.0.1:23234",
		"LOCALHOST:1":          "127.0.0.1:1",
		"[::1]:23234":          "[::1]:23234",
		"[::ffff:127.0.0.1]:5": "127.0.0.1:5",
	}
	for in, want := range ok {
		got, err := checkLoopback(in)
		if err != nil || got != want {
			t.Errorf("checkLoopback(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := []string{
		"10.0.0.1:22", "192.168.1.10:23234", "0.0.0.0:23234", "[::]:23234", "example.com:22",
		"localhost.example.com:22", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "127.0.0.1:ssh",
		"[fe80::1%lo]:22", "[::ffff:10.0.0.1]:22", ":23234", "8.8.8.8:53",
	}
	for _, in := range bad {
		if got, err := checkLoopback(in); err == nil {
			t.Errorf("checkLoopback(%q) = %q, want a refusal", in, got)
		}
	}
}

func TestParseFlagsRefusesRemoteAndUnbounded(t *testing.T) {
	for _, args := range [][]string{
		{"--addr", "192.168.0.2:23234"},
		{"--sessions", "5000"},
		{"--sessions", "3"},
		{"--duration", "2h"},
		{"--duration", "0s"},
		{"--idle", "1h"},
		{"--max-seats", "8"},
		{"extra"},
	} {
		var sb strings.Builder
		if _, err := parseFlags(args, &sb); err == nil {
			t.Errorf("parseFlags(%q) accepted", args)
		}
	}
	c, err := parseFlags([]string{"--addr", "localhost:2222", "--sessions", "1000", "--duration", "5m"}, &strings.Builder{})
	if err != nil {
		t.Fatal(err)
	}
	if c.addr != "127.0.0.1:2222" || c.sessions != 1000 || c.duration != 5*time.Minute {
		t.Errorf("parsed %+v", c)
	}
}

func TestParseVmRSS(t *testing.T) {
	status := "Name:\tmysterium\nVmPeak:\t  900000 kB\nVmRSS:\t   123456 kB\nRssAnon:\t 1 kB\n"
	n, err := parseVmRSS(strings.NewReader(status))
	if err != nil || n != 123456 {
		t.Fatalf("parseVmRSS = %d, %v; want 123456", n, err)
	}
	if _, err := parseVmRSS(strings.NewReader("Name:\tkthreadd\n")); err == nil {
		t.Error("no VmRSS line: want an error")
	}
	if _, err := parseVmRSS(strings.NewReader("VmRSS:\t12 MB\n")); err == nil {
		t.Error("unexpected unit: want an error")
	}
}

func TestTableSizes(t *testing.T) {
	for _, n := range []int{4, 5, 7, 8, 9, 13, 14, 15, 100, 500, 999, 1000, 2000} {
		for _, maxSeats := range []int{4, 5, 7} {
			sizes := tableSizes(n, maxSeats)
			sum := 0
			for _, s := range sizes {
				sum += s
				if s < 4 || s > 7 || (s > maxSeats && n%maxSeats == 0) {
					t.Errorf("tableSizes(%d, %d) has a table of %d: %v", n, maxSeats, s, sizes)
				}
			}
			if sum != n {
				t.Errorf("tableSizes(%d, %d) seats %d sessions", n, maxSeats, sum)
			}
			if want := (n + 6) / 7; maxSeats == 7 && len(sizes) != want {
				t.Errorf("tableSizes(%d, 7) makes %d tables, want %d", n, len(sizes), want)
			}
		}
	}
	if got := len(tableSizes(1000, 7)); got != 143 {
		t.Errorf("1,000 sessions make %d tables, want 143", got)
	}
}

func TestParseStatCPU(t *testing.T) {
	stat := "4242 (my (odd) server) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 75 0 0 20 0 12 0 100 0 0"
	d, err := parseStatCPU(stat)
	if err != nil || d != 3250*time.Millisecond {
		t.Fatalf("parseStatCPU = %v, %v; want 3.25s", d, err)
	}
	if _, err := parseStatCPU("garbage"); err == nil {
		t.Error("garbage: want an error")
	}
}

// TestCodeLockoutNamesTheFlag: the server counts a typed code as wrong until
// it has found the table, so a big run's joiners, all typing right codes
// from one address at once, can be locked out; the tool must print the flag
// before the run and name it beside the refusal.
func TestCodeLockoutNamesTheFlag(t *testing.T) {
	nd := serverNeeds(1000, 143)
	if !strings.Contains(nd.flags(), "--code-failures 1000") {
		t.Errorf("the flags a 1,000-session run needs lack --code-failures: %s", nd.flags())
	}
	refusal := "Too many wrong table codes from you (10 in 10m). Try again in 9m 12s."
	if got := flagFor(refusal, nd); got != "--code-failures 1000" {
		t.Errorf("flagFor(%q) = %q, want --code-failures 1000", refusal, got)
	}
}
