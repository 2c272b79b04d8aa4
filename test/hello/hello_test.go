package hello_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/internal/vt"
	"github.com/mysterium-ssh/mysterium/test/hello"
)

const wait = 10 * time.Second

// The hello app starts and answers: two sessions started with the same
// command share a room, a key pressed in one shows on the other's screen
// (and on its own), a session of another room sees nothing of it, and a
// session without a terminal is turned away.
func TestTheHelloAppAnswersInPairs(t *testing.T) {
	addr := serve(t)
	alice := dial(t, addr, "alice", "room-1")
	bob := dial(t, addr, "bob", "room-1")
	carol := dial(t, addr, "carol", "room-2")
	for _, s := range []*term{alice, bob} {
		s.waitFor(t, "hello room-1")
		s.waitFor(t, "keys pressed in this room: 0")
	}
	carol.waitFor(t, "hello room-2")

	alice.typ(t, "k")
	for _, s := range []*term{alice, bob} {
		s.waitFor(t, "keys pressed in this room: 1")
		s.waitFor(t, "the last by alice")
	}
	bob.typ(t, "k")
	alice.waitFor(t, "keys pressed in this room: 2")
	alice.waitFor(t, "the last by bob")
	if got := carol.text(); !strings.Contains(got, "keys pressed in this room: 0") {
		t.Errorf("another room's key reached carol:\n%s", got)
	}

	out, _ := dialOut(t, addr, "dave", "room-1")
	if !strings.Contains(out, "Requires an active PTY") {
		t.Errorf("a session without a terminal was not turned away: %q", out)
	}
}

// serve starts the hello app on a loopback port for the test.
func serve(t *testing.T) string {
	t.Helper()
	srv, err := hello.New(filepath.Join(t.TempDir(), "host_ed25519"))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		_ = srv.Close()
		if err := <-done; err != nil && !errors.Is(err, ssh.ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	})
	return ln.Addr().String()
}

// term is one session's screen, fed by its output.
type term struct {
	in      io.Writer
	mu      sync.Mutex
	scr     *vt.Screen
	changed chan struct{}
}

func client(t *testing.T, addr, user string) *gossh.Client {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func dial(t *testing.T, addr, user, cmd string) *term {
	t.Helper()
	sess, err := client(t, addr, user).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	s := &term{scr: vt.New(80, 24), changed: make(chan struct{}, 1)}
	if s.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Start(cmd); err != nil {
		t.Fatal(err)
	}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := out.Read(buf)
			s.mu.Lock()
			_, _ = s.scr.Write(buf[:n])
			replies := s.scr.TakeReplies()
			s.mu.Unlock()
			for _, r := range replies {
				_, _ = io.WriteString(s.in, r)
			}
			select {
			case s.changed <- struct{}{}:
			default:
			}
			if err != nil {
				return
			}
		}
	}()
	return s
}

// dialOut runs a session without a terminal to its end and returns what
// it wrote.
func dialOut(t *testing.T, addr, user, cmd string) (string, error) {
	t.Helper()
	sess, err := client(t, addr, user).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.CombinedOutput(cmd)
	return string(out), err
}

func (s *term) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.scr.Text()
}

func (s *term) typ(t *testing.T, keys string) {
	t.Helper()
	if _, err := io.WriteString(s.in, keys); err != nil {
		t.Fatal(err)
	}
}

func (s *term) waitFor(t *testing.T, want string) {
	t.Helper()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for !strings.Contains(s.text(), want) {
		select {
		case <-s.changed:
		case <-deadline.C:
			t.Fatalf("timed out waiting for %q; the screen:\n%s", want, s.text())
		}
	}
}
