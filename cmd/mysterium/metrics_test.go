package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// serveForTest runs `mysterium serve args...` until the test ends and
// returns the addresses its log says it listens on, by the log line's
// message: "listening" (SSH), "metrics served".
func serveForTest(t *testing.T, args ...string) map[string]string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	// The data directory is made here, before the cleanup below is
	// registered, so that it is removed after serve has returned (cleanups
	// run last first): made inside the goroutine, it was at times removed
	// while serve still wrote its heartbeat there ("directory not empty").
	dataDir := t.TempDir()
	go func() {
		done <- run(ctx, append([]string{"serve", "--data-dir", dataDir, "--log-format", "logfmt"}, args...), io.Discard, pw)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("serve exited %d", code)
		}
	})
	addrs := map[string]string{}
	addrRe := regexp.MustCompile(`msg=(?:"([^"]*)"|(\S+)) .*\baddr=(\S+)`)
	// The log is read to its end, whoever listens: the server never
	// waits on it.
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
		close(lines)
		_, _ = io.Copy(io.Discard, pr)
	}()
	timeout := time.After(10 * time.Second)
	for addrs["listening"] == "" || (strings.Contains(strings.Join(args, " "), "--metrics") && addrs["metrics served"] == "") {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatal("serve ended before it listened")
			}
			if m := addrRe.FindStringSubmatch(l); m != nil {
				addrs[m[1]+m[2]] = m[3]
			}
		case <-timeout:
			t.Fatalf("serve did not say where it listens: %v", addrs)
		}
	}
	return addrs
}

// --metrics serves /metrics and /healthz; `mysterium healthcheck` finds the
// server by /healthz, or by its SSH greeting, and fails when nothing answers.
func TestMetricsFlagAndHealthcheck(t *testing.T) {
	addrs := serveForTest(t, "--listen", "127.0.0.1:0", "--metrics", "127.0.0.1:0")
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + addrs["metrics served"] + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/healthz"); code != 200 || body != "ok\n" {
		t.Fatalf("/healthz: %d %q", code, body)
	}
	if code, body := get("/metrics"); code != 200 || !strings.Contains(body, "mysterium_build_info{") || !strings.Contains(body, `mysterium_sessions{way="ssh"} 0`) {
		t.Fatalf("/metrics: %d\n%s", code, body)
	}

	var out, errb bytes.Buffer
	for _, args := range [][]string{{"--metrics", addrs["metrics served"]}, {"--listen", addrs["listening"]}} {
		out.Reset()
		errb.Reset()
		if code := run(context.Background(), append([]string{"healthcheck"}, args...), &out, &errb); code != 0 || out.String() != "ok\n" {
			t.Errorf("healthcheck %v: exit %d, %q %q", args, code, out.String(), errb.String())
		}
	}
	// Nothing listens there.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	errb.Reset()
	if code := run(context.Background(), []string{"healthcheck", "--listen", closed}, &out, &errb); code != 1 {
		t.Errorf("healthcheck of a closed port: exit %d, %q", code, errb.String())
	}
	// The container's case: the address from MYSTERIUM_LISTEN, ":PORT".
	_, port, _ := net.SplitHostPort(addrs["listening"])
	t.Setenv("MYSTERIUM_LISTEN", ":"+port)
	if code := run(context.Background(), []string{"healthcheck"}, &out, &errb); code != 0 {
		t.Errorf("healthcheck from MYSTERIUM_LISTEN=:%s: exit %d, %q", port, code, errb.String())
	}
}

// Behind --proxy-protocol trusting loopback, the health check says it is
// one with a PROXY header (LOCAL), as a relay's own check would; without the
// setting it is refused like any connection from a relay without a header.
func TestHealthcheckBehindProxyProtocol(t *testing.T) {
	addrs := serveForTest(t, "--listen", "127.0.0.1:0", "--proxy-protocol", "127.0.0.0/8")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"healthcheck", "--listen", addrs["listening"], "--proxy-protocol", "127.0.0.0/8"}, &out, &errb); code != 0 {
		t.Errorf("healthcheck with the server's --proxy-protocol: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run(context.Background(), []string{"healthcheck", "--listen", addrs["listening"]}, &out, &errb); code != 1 {
		t.Errorf("healthcheck without a header from a trusted address: exit %d, %q", code, errb.String())
	}
}
