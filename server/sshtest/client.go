package sshtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Key is a client identity for tests: a fresh ed25519 key pair.
type Key struct {
	Signer  gossh.Signer
	Private ed25519.PrivateKey
}

// NewKey makes a new client key.
func NewKey(t testing.TB) Key {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatalf("sshtest: generate key: %v", err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatalf("sshtest: signer: %v", err)
	}
	return Key{Signer: s, Private: priv}
}

// WriteFile writes the private key where OpenSSH's ssh -i reads it (mode
// 0600), for a real client to come in with the same identity.
func (k Key) WriteFile(t testing.TB, path string) {
	t.Helper()
	block, err := gossh.MarshalPrivateKey(k.Private, "")
	if err != nil {
		t.Fatalf("sshtest: marshal key: %v", err)
	}
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatalf("sshtest: write key: %v", err)
	}
}

// Fingerprint is the key's SHA256 fingerprint as the server computes it.
func (k Key) Fingerprint() string { return gossh.FingerprintSHA256(k.Signer.PublicKey()) }

// Options describe one connection.
type Options struct {
	User string // SSH user name (the display name); "tester" when empty
	// Key signs in with this key; nil means no key: keyboard-interactive, a guest.
	Key *Key
	// Auth, when set, replaces the methods Key chooses (tests of what the
	// server makes of several offered keys).
	Auth []gossh.AuthMethod
	// Command is the exec request; empty asks for a shell (the lobby).
	Command string
	// Pty requests a terminal of Width x Height (default 80x24).
	Pty           bool
	Width, Height int
	// Term is the terminal type the pty request names (default
	// xterm-256color).
	Term string
	// Timeout bounds the dial and handshake (default 10 s).
	Timeout time.Duration
	// Graphics makes the client's terminal answer the graphics query as
	// one that draws images would: "kitty" (kitty graphics), "sixel"; its
	// cells are 10x20 pixels; "xterm": sixel, but no word of its sizes
	// (the pty request's pixels tell them: golang.org/x/crypto sends 8
	// pixels a cell). Empty: it answers the device attributes only, as a
	// terminal without images does; "mute": not even those.
	Graphics string
	// Env is sent as env requests ("NAME=value"), as OpenSSH's SendEnv
	// sends LANG and LC_*.
	Env []string
}

// Client is one SSH session to the server with its screen.
type Client struct {
	t      testing.TB
	conn   *gossh.Client
	sess   *gossh.Session
	stdin  io.WriteCloser
	Screen *Screen
	Stderr *Screen
	done   chan struct{}
	err    error // from Wait, valid after done

	hangUp func() // for a client attached to another transport (Attach)
	shared bool   // a session of another Client's connection (Another)
}

// Attach makes a Client of a session that came another way than SSH (a
// browser's socket, see web/webtest): the caller writes what the session
// sends into c.Screen and calls end when it is over; Type writes to keys,
// and Close calls hangUp. The screen answers terminal queries as a real
// one would. Resize and Wait are for SSH sessions only.
func Attach(t testing.TB, keys io.WriteCloser, hangUp func()) (c *Client, end func(error)) {
	in := &stdinWriter{w: keys}
	c = &Client{t: t, stdin: in, Screen: NewScreen(), Stderr: NewScreen(), done: make(chan struct{}), hangUp: hangUp}
	c.Screen.answer(in)
	var once sync.Once
	end = func(err error) {
		once.Do(func() {
			c.err = err
			c.Screen.close()
			c.Stderr.close()
			close(c.done)
		})
	}
	t.Cleanup(c.Close)
	return c, end
}

// Dial connects to addr and starts a session as o says.
func Dial(t testing.TB, addr string, o Options) *Client {
	t.Helper()
	c, err := DialErr(t, addr, o)
	if err != nil {
		t.Fatalf("sshtest: %v", err)
	}
	return c
}

// DialErr is Dial returning the error instead of failing the test.
func DialErr(t testing.TB, addr string, o Options) (*Client, error) {
	t.Helper()
	if o.User == "" {
		o.User = "tester"
	}
	if o.Timeout == 0 {
		o.Timeout = 10 * time.Second
	}
	var auth []gossh.AuthMethod
	if o.Auth != nil {
		auth = o.Auth
	} else if o.Key != nil {
		auth = append(auth, gossh.PublicKeys(o.Key.Signer))
	} else {
		auth = append(auth, gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		}))
	}
	cfg := &gossh.ClientConfig{
		User:            o.User,
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         o.Timeout,
	}
	conn, err := gossh.Dial("tcp", addr, cfg)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", addr, err)
	}
	c, err := startSession(t, conn, o)
	if err != nil {
		conn.Close()
		return nil, err
	}
	t.Cleanup(func() { c.Close() })
	return c, nil
}

// Another starts one more session on c's connection, as OpenSSH does over a
// shared connection (ControlMaster): same identity, same guest. o.User,
// o.Key and o.Auth are the connection's and ignored. Closing it leaves the
// connection to c.
func (c *Client) Another(o Options) *Client {
	c.t.Helper()
	n, err := startSession(c.t, c.conn, o)
	if err != nil {
		c.t.Fatalf("sshtest: %v", err)
	}
	n.shared = true
	c.t.Cleanup(n.Close)
	return n
}

// startSession opens a session on conn and starts it as o says.
func startSession(t testing.TB, conn *gossh.Client, o Options) (*Client, error) {
	sess, err := conn.NewSession()
	if err != nil {
		return nil, fmt.Errorf("new session: %w", err)
	}
	c := &Client{t: t, conn: conn, sess: sess, Screen: NewScreen(), Stderr: NewScreen(), done: make(chan struct{})}
	sess.Stdout = c.Screen
	sess.Stderr = c.Stderr
	pipe, err := sess.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("stdin: %w", err)
	}
	c.stdin = &stdinWriter{w: pipe}
	for _, kv := range o.Env {
		name, val, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(name, val); err != nil {
			return nil, fmt.Errorf("env %s: %w", name, err)
		}
	}
	if o.Pty {
		w, h := o.Width, o.Height
		if w == 0 {
			w, h = 80, 24
		}
		termType := o.Term
		if termType == "" {
			termType = "xterm-256color"
		}
		if err := sess.RequestPty(termType, h, w, gossh.TerminalModes{}); err != nil {
			return nil, fmt.Errorf("pty: %w", err)
		}
		c.Screen.graphics = o.Graphics
		c.Screen.answer(c.stdin)
	}
	if o.Command == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(o.Command)
	}
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	go func() {
		c.err = sess.Wait()
		c.Screen.close()
		c.Stderr.close()
		close(c.done)
	}()
	return c, nil
}

// stdinWriter lets two goroutines write the session's input: the test typing
// keys and the screen answering the terminal queries it reads. One write is
// one whole key sequence or answer, never interleaved with another.
type stdinWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (s *stdinWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// Close does not wait for a write in flight: a test ends a session whose
// server stopped reading.
func (s *stdinWriter) Close() error { return s.w.Close() }

// Type sends keystrokes (raw bytes: "q", "\r" for Enter, "\x1b[B" for Down).
func (c *Client) Type(keys string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, keys); err != nil {
		c.t.Fatalf("sshtest: type %q: %v", keys, err)
	}
}

// TryType is Type returning the error (the session may have just ended).
func (c *Client) TryType(keys string) error {
	_, err := io.WriteString(c.stdin, keys)
	return err
}

// Resize sends a window change.
func (c *Client) Resize(w, h int) error {
	return c.sess.WindowChange(h, w)
}

// WaitFor waits until the screen shows want after the last Mark, or fails the test.
func (c *Client) WaitFor(want string, timeout time.Duration) {
	c.t.Helper()
	if err := c.Screen.WaitFor(want, timeout); err != nil {
		c.t.Fatal(err)
	}
}

// Wait blocks until the session ends (or timeout) and returns its exit
// status; -1 when the server sent none.
func (c *Client) Wait(timeout time.Duration) (int, error) {
	select {
	case <-c.done:
	case <-time.After(timeout):
		return -1, fmt.Errorf("sshtest: session still open after %s", timeout)
	}
	if c.err == nil {
		return 0, nil
	}
	var ee *gossh.ExitError
	if errors.As(c.err, &ee) {
		return ee.ExitStatus(), nil
	}
	var em *gossh.ExitMissingError
	if errors.As(c.err, &em) {
		return -1, nil
	}
	return -1, c.err
}

// Done is closed when the session has ended.
func (c *Client) Done() <-chan struct{} { return c.done }

// Output is stdout and stderr together, without escape sequences.
func (c *Client) Output() string { return c.Screen.Text() + c.Stderr.Text() }

// Close ends the session and the connection (idempotent).
func (c *Client) Close() {
	if c.hangUp != nil {
		c.hangUp()
		return
	}
	_ = c.sess.Close()
	if !c.shared {
		_ = c.conn.Close()
	}
}

// Run runs a command without a pty and returns its output and exit status.
func Run(t testing.TB, addr string, o Options) (stdout, stderr string, code int) {
	t.Helper()
	o.Pty = false
	c := Dial(t, addr, o)
	code, err := c.Wait(10 * time.Second)
	if err != nil {
		t.Fatalf("sshtest: run %q: %v", o.Command, err)
	}
	return string(bytes.TrimRight(c.Screen.Raw(), "")), string(c.Stderr.Raw()), code
}

// FreeAddr returns a loopback listener on a free port, for a server to Serve.
func FreeAddr(t testing.TB) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("sshtest: listen: %v", err)
	}
	return ln
}
