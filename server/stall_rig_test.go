package server_test

// The rig of the stall tests (stall_test.go): a proxy that freezes, clients
// that count what they receive, the server's log as lines, and a table
// with a stuck seat and its reading twin.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

// Socket buffers of the stuck path. The kernel doubles what is asked for
// (SO_SNDBUF, SO_RCVBUF), which stuckBound accounts for.
const (
	stallSockBuf = 32 << 10
	stallChunk   = 16 << 10 // the proxy's copy buffer
	// thawWait bounds the wait for a frozen client to catch up once the
	// proxy reads again. After a long freeze the server's TCP stack may be
	// probing the proxy's zero window on its persist timer, which backs off
	// up to two minutes: on a loaded machine (a freeze of 30 s and more) the
	// catch-up took 15 s instead of 70 ms in 2 runs of 6, waiting for that
	// probe, and failed a 10 s wait in CI. What is asserted is that the
	// client catches up with the latest screen, not how fast.
	thawWait = 3 * time.Minute
	// sshWindow is the channel window x/crypto/ssh's client grants (64
	// packets of 32 KiB): the most the server may send unacknowledged.
	sshWindow = 64 * 32 << 10
)

// stuckBound is the most the server can write to the stuck client's session
// without the client reading. Two things stop the server's writes, and the
// first to fill does: the SSH window, and the buffers on the way (the
// server's send buffer, the proxy's receive buffer, each doubled by the
// kernel, and one chunk in the proxy's hands). Behind the proxy the buffers
// fill long before the window (a run measured 85 KB reaching the stuck
// clients); the window alone bounds a client that keeps its connection
// but not its channel (TestBlockedOutputIsDisconnected's closed window).
const stuckBound = min(sshWindow, stuckBuffers)

// stuckBuffers is the buffers' part of stuckBound.
const stuckBuffers = 2*stallSockBuf + 2*stallSockBuf + stallChunk

// smallBufListener accepts the server's connections with a small send
// buffer, so that a client that does not read blocks the server's writes
// after a few KiB instead of the several MiB the kernel would autotune to.
type smallBufListener struct{ net.Listener }

func (l smallBufListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		if err := tc.SetWriteBuffer(stallSockBuf); err != nil {
			c.Close()
			return nil, fmt.Errorf("set send buffer: %w", err)
		}
	}
	return c, nil
}

// freezeProxy forwards TCP connections to the server both ways until it is
// frozen; frozen, it stops reading what the server sends (the client
// upstream keeps writing). Unfrozen, it forwards again.
type freezeProxy struct {
	t      *testing.T
	ln     net.Listener
	target string

	mu     sync.Mutex
	frozen bool
	thaw   chan struct{} // closed when unfrozen

	toClient atomic.Int64 // bytes forwarded from the server to the client
}

func newFreezeProxy(t *testing.T, target string) *freezeProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("proxy: listen: %v", err)
	}
	p := &freezeProxy{t: t, ln: ln, target: target, thaw: make(chan struct{})}
	close(p.thaw)
	var wg sync.WaitGroup
	t.Cleanup(func() {
		ln.Close()
		p.unfreeze()
		wg.Wait()
	})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.serve(c)
			}()
		}
	}()
	return p
}

func (p *freezeProxy) addr() string { return p.ln.Addr().String() }

// serve forwards one connection until either side closes.
func (p *freezeProxy) serve(client net.Conn) {
	defer client.Close()
	d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		// Before connect, so the advertised TCP window is small as well.
		var serr error
		err := rc.Control(func(fd uintptr) {
			serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, stallSockBuf)
		})
		return errors.Join(err, serr)
	}}
	server, err := d.Dial("tcp", p.target)
	if err != nil {
		p.t.Errorf("proxy: dial server: %v", err)
		return
	}
	defer server.Close()
	done := make(chan struct{}, 2)
	go func() {
		_, _ = io.Copy(server, client)
		_ = server.(*net.TCPConn).CloseWrite()
		done <- struct{}{}
	}()
	go func() {
		buf := make([]byte, stallChunk)
		for {
			p.waitThawed()
			n, err := server.Read(buf)
			if n > 0 {
				p.waitThawed()
				if _, werr := client.Write(buf[:n]); werr != nil {
					break
				}
				p.toClient.Add(int64(n))
			}
			if err != nil {
				break
			}
		}
		_ = client.(*net.TCPConn).CloseWrite()
		done <- struct{}{}
	}()
	<-done
	<-done
}

func (p *freezeProxy) waitThawed() {
	p.mu.Lock()
	ch := p.thaw
	p.mu.Unlock()
	<-ch
}

// freeze stops forwarding the server's bytes.
func (p *freezeProxy) freeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.frozen {
		p.frozen = true
		p.thaw = make(chan struct{})
	}
}

// unfreeze forwards the server's bytes again.
func (p *freezeProxy) unfreeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.frozen {
		p.frozen = false
		close(p.thaw)
	}
}

// countingClient is a normally reading SSH session that counts what it
// receives and keeps only the tail of it (a twin receives many MiB, which a
// sshtest.Screen would keep whole and scan again at every write).
type countingClient struct {
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser

	mu      sync.Mutex
	n       int64
	tail    []byte
	changed chan struct{}
	done    chan struct{}
}

const tailKeep = 256 << 10

func dialCounting(t *testing.T, addr string, k sshtest.Key, user, command string, w, h int) *countingClient {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(k.Signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait,
	})
	if err != nil {
		t.Fatalf("twin: dial: %v", err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatalf("twin: session: %v", err)
	}
	c := &countingClient{conn: conn, sess: sess, changed: make(chan struct{}), done: make(chan struct{})}
	sess.Stdout = c
	sess.Stderr = io.Discard
	if c.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatalf("twin: pty: %v", err)
	}
	if command == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(command)
	}
	if err != nil {
		t.Fatalf("twin: start: %v", err)
	}
	go func() {
		_ = sess.Wait()
		c.mu.Lock()
		close(c.done)
		c.mu.Unlock()
	}()
	t.Cleanup(func() { sess.Close(); conn.Close() })
	return c
}

func (c *countingClient) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.n += int64(len(p))
	c.tail = append(c.tail, p...)
	if len(c.tail) > 2*tailKeep {
		c.tail = append(c.tail[:0], c.tail[len(c.tail)-tailKeep:]...)
	}
	ch := c.changed
	c.changed = make(chan struct{})
	c.mu.Unlock()
	close(ch)
	return len(p), nil
}

func (c *countingClient) received() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// waitFor waits until ok(bytes received, the tail of the output) holds; ok
// runs under the client's lock and must not keep the tail.
func (c *countingClient) waitFor(what string, timeout time.Duration, ok func(n int64, tail []byte) bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		n, ch := c.n, c.changed
		done := ok(n, c.tail)
		c.mu.Unlock()
		if done {
			return nil
		}
		select {
		case <-ch:
		case <-c.done:
			return fmt.Errorf("twin: session ended before %s", what)
		case <-deadline.C:
			return fmt.Errorf("twin: timed out after %s waiting for %s (received %d bytes)", timeout, what, n)
		}
	}
}

// logLines is the server's log, with a way to wait for a line.
type logLines struct {
	mu      sync.Mutex
	b       strings.Builder
	changed chan struct{}
}

func newLogLines() *logLines { return &logLines{changed: make(chan struct{})} }

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	l.b.Write(p)
	ch := l.changed
	l.changed = make(chan struct{})
	l.mu.Unlock()
	close(ch)
	return len(p), nil
}

// has reports whether one line of the log contains every part.
func (l *logLines) has(parts ...string) bool {
	l.mu.Lock()
	text := l.b.String()
	l.mu.Unlock()
	return hasLine(text, parts)
}

func hasLine(text string, parts []string) bool {
	for _, line := range strings.Split(text, "\n") {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return true
		}
	}
	return false
}

// waitLine waits until one line of the log contains every part.
func (l *logLines) waitLine(t *testing.T, timeout time.Duration, parts ...string) {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		l.mu.Lock()
		text, ch := l.b.String(), l.changed
		l.mu.Unlock()
		if hasLine(text, parts) {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			t.Fatalf("no log line with %q after %s; log:\n%s", parts, timeout, tail(text))
		}
	}
}

// startBehind starts a server whose accepted connections have small send
// buffers (see smallBufListener).
func startBehind(t *testing.T, cfg server.Config) *harness {
	t.Helper()
	cfg.DataDir = t.TempDir()
	cfg.Listen = "127.0.0.1:0"
	cfg.Version = "test-1"
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	ln := smallBufListener{sshtest.FreeAddr(t)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	h := &harness{t: t, srv: srv, addr: ln.Addr().String()}
	var once sync.Once
	var stopErr error
	h.stop = func() error {
		once.Do(func() {
			cancel()
			stopErr = <-done
		})
		return stopErr
	}
	t.Cleanup(func() { _ = h.stop() })
	return h
}

// stallTable is a classic game in its first round: the ghost and three
// psychics, the first of whom is stuck behind a proxy, the second its twin.
type stallTable struct {
	t     *testing.T
	h     *harness
	logs  *logLines
	code  string
	tb    *table.Table
	admin sshtest.Key
	ghost *sshtest.Client // 80x24, reads normally
	actor *sshtest.Client // psy3, 80x24 --plain, reads normally
	// The oracle follows the table as a spectator, always reading (a
	// subscription left unread would be one more stuck reader).
	oracleMu sync.Mutex
	last     game.Update
	changed  chan struct{}
	churn    int // chat lines said so far
}

const stallW, stallH = 250, 80

func newStallTable(t *testing.T, limits server.Limits) *stallTable {
	t.Helper()
	st := &stallTable{t: t, logs: newLogLines(), admin: sshtest.NewKey(t)}
	admins := filepath.Join(t.TempDir(), "admin_keys")
	writeKeyFile(t, admins, st.admin)
	limits.KeysPerSecond = 10000
	limits.ConnsPerMinutePerIP = 10000
	st.h = startBehind(t, server.Config{BotDelay: -1, Limits: limits, AdminKeysFile: admins,
		Logger: log.NewWithOptions(st.logs, log.Options{Level: log.DebugLevel})})
	return st
}

// seat creates the table and seats the players (keys in seat order, the
// ghost first) through the table's API, then starts the game.
func (st *stallTable) seat(ghost sshtest.Key, psychics ...sshtest.Key) {
	t := st.t
	t.Helper()
	hub := st.h.srv.Hub()
	gid := game.PlayerID(ghost.Fingerprint())
	info, err := hub.CreateTable(session.Identity{ID: gid, Name: "gwen"}, session.TableSpec{Name: "stall", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	st.code = info.Code
	st.tb, _ = hub.Table(info.Code)
	st.must(st.tb.Submit(gid, game.Sit{Seat: game.GhostSeat, Name: "gwen"}))
	for i, k := range psychics {
		st.must(st.tb.Submit(game.PlayerID(k.Fingerprint()), game.Sit{Seat: game.Seat(i), Name: fmt.Sprintf("psy%d", i+1)}))
	}
	st.must(st.tb.Submit(gid, game.Start{}))
	sub := st.tb.Subscribe("test:oracle")
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); sub.Close() })
	st.changed = make(chan struct{}, 1)
	go func() {
		for {
			u, err := sub.Next(ctx)
			if err != nil {
				return
			}
			st.oracleMu.Lock()
			st.last = u
			st.oracleMu.Unlock()
			select {
			case st.changed <- struct{}{}:
			default:
			}
		}
	}()
}

// submit sends a command to the table and fails the test if the table does
// not answer within wait: a stalled actor shows here.
func (st *stallTable) submit(p game.PlayerID, c game.Command) {
	st.t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- st.tb.Submit(p, c) }()
	select {
	case err := <-errc:
		st.must(err)
	case <-time.After(wait):
		st.t.Fatalf("the table did not answer %T within %s: it is stalled", c, wait)
	}
}

func (st *stallTable) must(err error) {
	st.t.Helper()
	if err != nil {
		st.t.Fatal(err)
	}
}

// say makes a seated psychic say chat line n through the table (not a
// session: sessions pace chat), long and full of two-byte letters so that
// each line the chat panes scroll is large.
func chatLine(n int) string { return fmt.Sprintf("line %d of %s", n, strings.Repeat("ëő", 90)) }

// churnUntil has psychic p chat, one line per repaint of the twins, until
// every twin has received need bytes more than at base.
func (st *stallTable) churnUntil(p game.PlayerID, need int64, twins []*countingClient, base []int64) {
	t := st.t
	t.Helper()
	deadline := time.Now().Add(gameWait)
	for {
		enough := true
		for i, tw := range twins {
			enough = enough && tw.received()-base[i] >= need
		}
		if enough {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the twins did not receive %d bytes in %s (%d chat lines)", need, gameWait, st.churn)
		}
		st.churn++
		st.submit(p, game.Chat{Text: chatLine(st.churn)})
		want := []byte(fmt.Sprintf("line %d of", st.churn))
		for _, tw := range twins {
			if err := tw.waitFor("a chat line", wait, func(_ int64, tail []byte) bool { return bytes.Contains(tail, want) }); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// admin runs an admin's plain command and returns its output.
func (st *stallTable) adminRun(cmd string) string {
	st.t.Helper()
	out, errOut, code := sshtest.Run(st.t, st.h.addr, sshtest.Options{Key: &st.admin, Command: cmd})
	if code != 0 {
		st.t.Fatalf("admin %q: exit %d: %s%s", cmd, code, out, errOut)
	}
	return out
}

// sendersBlocked counts the goroutines of this package's server blocked
// handing a message to a Bubble Tea program.
func sendersBlocked() int {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	n := 0
	for _, g := range strings.Split(b.String(), "\n\n") {
		if strings.Contains(g, "(*Program).Send") && strings.Contains(g, "mysterium/server.") {
			n++
		}
	}
	return n
}

// waitOracle waits until the spectator's view of the table satisfies ok.
func (st *stallTable) waitOracle(what string, ok func(game.Update) bool) game.Update {
	st.t.Helper()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		st.oracleMu.Lock()
		u := st.last
		st.oracleMu.Unlock()
		if u.View != nil && ok(u) {
			return u
		}
		select {
		case <-st.changed:
		case <-deadline.C:
			st.t.Fatalf("timed out waiting until %s", what)
		}
	}
}
