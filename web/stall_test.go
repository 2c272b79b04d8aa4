package web_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/web"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

const stallBuf = 32 << 10

// logText collects a server's log.
type logText struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logText) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logText) has(parts ...string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range strings.Split(l.b.String(), "\n") {
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

// smallSendBuf makes the server's side of each connection buffer little, so
// that a browser that stops reading blocks the server's writes soon.
type smallSendBuf struct{ net.Listener }

func (l smallSendBuf) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok && err == nil {
		_ = tc.SetWriteBuffer(stallBuf)
	}
	return c, err
}

// frozenProxy forwards a browser's keys to the server but never reads what
// the server sends: a browser tab that stopped reading (a frozen phone, a
// dead network on the way back).
func frozenProxy(t *testing.T, target string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			d := net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
				var serr error
				err := rc.Control(func(fd uintptr) {
					serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, stallBuf)
				})
				return errors.Join(err, serr)
			}}
			s, err := d.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			t.Cleanup(func() { c.Close(); s.Close() })
			go func() { _, _ = io.Copy(s, c) }()
			// Until the socket is open, the server's answers pass (the
			// upgrade and the first screen); then nothing more is read.
			go func() {
				buf := make([]byte, 4096)
				n, _ := s.Read(buf)
				_, _ = c.Write(buf[:n])
			}()
		}
	}()
	return ln.Addr().String()
}

// A browser that stops reading stalls only itself: the others' screens go
// on, and once its writes have been blocked for OutputStall the server hangs
// up on it, as on a stuck SSH client.
func TestAStuckBrowserStallsOnlyItself(t *testing.T) {
	logs := &logText{}
	logger := log.NewWithOptions(logs, log.Options{Level: log.DebugLevel})
	srv, err := server.New(server.Config{DataDir: t.TempDir(), Listen: "127.0.0.1:0", BotDelay: -1, Logger: logger,
		Limits: server.Limits{OutputStall: time.Second, KeysPerSecond: 10000}})
	if err != nil {
		t.Fatal(err)
	}
	w, err := web.New(web.Config{Addr: "127.0.0.1:0", Backend: srv, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: w.Handler()}
	go func() { _ = hs.Serve(smallSendBuf{ln}) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		_ = srv.Shutdown(ctx)
		_ = hs.Close()
	})
	base := "http://" + ln.Addr().String()

	stuck := webtest.Dial(t, "http://"+frozenProxy(t, ln.Addr().String()), webtest.Hello{Secret: webtest.NewSecret(), Name: "stuck", Cols: 250, Rows: 80})
	twin := webtest.Dial(t, base, webtest.Hello{Secret: webtest.NewSecret(), Name: "twin", Cols: 250, Rows: 80})
	twin.WaitFor("n new", wait)

	// The stuck browser's screen is redrawn whole at each resize; nothing
	// of it is read.
	deadline := time.Now().Add(time.Minute)
	inForm := false // the twin's create form is open
	for i := 0; !logs.has("hanging up", "output blocked for"); i++ {
		if time.Now().After(deadline) {
			t.Fatal("the stuck browser was never hung up on")
		}
		if err := stuck.Resize(200+i%50, 60+i%20); err != nil {
			break // the server hung up: the log line is on its way
		}
		// The twin's screen goes on all along.
		if i%20 == 0 {
			twin.Screen.Mark()
			if !inForm {
				twin.Type("n")
				twin.WaitFor("create", wait)
			} else {
				twin.Type("\x1b")
				twin.WaitFor("n new", wait)
			}
			inForm = !inForm
		}
	}
	for !logs.has("hanging up", "output blocked for") {
		if time.Now().After(deadline) {
			t.Fatal("the stuck browser was never hung up on")
		}
		time.Sleep(10 * time.Millisecond) // polling the log for a condition
	}
	// Still there, and still answered.
	steps := []struct{ keys, want string }{{"n", "create"}, {"\x1b", "n new"}}
	if inForm {
		steps = steps[1:]
	}
	for _, step := range steps {
		twin.Screen.Mark()
		twin.Type(step.keys)
		twin.WaitFor(step.want, wait)
	}
	if logs.has("hanging up", "user=twin") {
		t.Fatal("the reading browser was hung up on too")
	}
}
