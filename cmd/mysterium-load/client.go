package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/internal/vt"
)

// Keys as a terminal sends them.
const (
	keyUp       = "\x1b[A"
	keyDown     = "\x1b[B"
	keyRight    = "\x1b[C"
	keyLeft     = "\x1b[D"
	keyEnter    = "\r"
	keyTab      = "\t"
	keyShiftTab = "\x1b[Z"
	keyCtrlC    = "\x03"
)

// seat is one SSH session of the load: a real x/crypto/ssh client with its
// own in-memory ed25519 key, a pty of w x h, and a virtual screen fed by a
// reader goroutine.
type seat struct {
	n    int    // index in the whole run
	name string // SSH user name, which the server takes as the display name

	conn  *gossh.Client
	sess  *gossh.Session
	stdin io.WriteCloser

	mu     sync.Mutex
	scr    *vt.Screen
	notify chan struct{} // closed and replaced whenever the screen changes

	bytes    atomic.Int64 // bytes received in total
	lastByte atomic.Int64 // unix nanos of the last bytes received

	// The probe of the action being measured: armed with the screen version
	// before the key is sent, it records when the version first moves.
	probeArmed   bool
	probeVersion uint64
	probeAt      time.Time

	// stderr is what the server wrote on the session's stderr: a refusal
	// ("The server is full ...") comes there. At most stderrMax bytes are
	// kept.
	stderrMu   sync.Mutex
	stderr     []byte
	stderrDone chan struct{}

	done    chan struct{}
	doneErr error
}

// stderrMax bounds what is kept of a session's stderr: a refusal is one line.
const stderrMax = 1024

// dialSeat connects, asks for a pty and starts a shell (the lobby) or the
// exec command (a table code).
func dialSeat(ctx context.Context, addr string, n int, name, command string, w, h int, timeout time.Duration) (*seat, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("key: %w", err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, fmt.Errorf("signer: %w", err)
	}
	cfg := &gossh.ClientConfig{
		User: name,
		Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		// A loopback server the operator started for this run: its host key
		// is whatever that data dir holds.
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         timeout,
	}
	d := net.Dialer{Timeout: timeout}
	dctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	nc, err := d.DialContext(dctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("dial: %w", err)
	}
	_ = nc.SetDeadline(time.Now().Add(timeout))
	c, chans, reqs, err := gossh.NewClientConn(nc, addr, cfg)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("handshake: %w", err)
	}
	_ = nc.SetDeadline(time.Time{})
	conn := gossh.NewClient(c, chans, reqs)
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("session: %w", err)
	}
	s := &seat{n: n, name: name, conn: conn, sess: sess, scr: vt.New(w, h),
		notify: make(chan struct{}), done: make(chan struct{}), stderrDone: make(chan struct{})}
	fail := func(what string, err error) (*seat, error) {
		conn.Close()
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		return fail("stdout", err)
	}
	errOut, err := sess.StderrPipe()
	if err != nil {
		return fail("stderr", err)
	}
	if s.stdin, err = sess.StdinPipe(); err != nil {
		return fail("stdin", err)
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		return fail("pty", err)
	}
	if command == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(command)
	}
	if err != nil {
		return fail("start", err)
	}
	go s.readStderr(errOut)
	go s.read(out)
	return s, nil
}

// readStderr keeps the start of the session's stderr until it ends.
func (s *seat) readStderr(r io.Reader) {
	defer close(s.stderrDone)
	buf := make([]byte, 512)
	for {
		n, err := r.Read(buf)
		s.stderrMu.Lock()
		s.stderr = append(s.stderr, buf[:min(n, stderrMax-len(s.stderr))]...)
		s.stderrMu.Unlock()
		if err != nil {
			return
		}
	}
}

// refusal is what the server said on stderr, on one line, without control
// characters; "" when it said nothing.
func (s *seat) refusal() string {
	s.stderrMu.Lock()
	defer s.stderrMu.Unlock()
	return strings.Join(strings.FieldsFunc(string(s.stderr), func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
}

// read feeds the screen until the session ends.
func (s *seat) read(r io.Reader) {
	buf := make([]byte, 32*1024)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			now := time.Now()
			s.bytes.Add(int64(n))
			s.lastByte.Store(now.UnixNano())
			s.mu.Lock()
			before := s.scr.Version(1)
			_, _ = s.scr.Write(buf[:n])
			replies := s.scr.TakeReplies()
			moved := s.scr.Version(1) != before
			if moved && s.probeArmed && s.probeAt.IsZero() && s.scr.Version(1) != s.probeVersion {
				s.probeAt = now
			}
			ch := s.notify
			if moved {
				s.notify = make(chan struct{})
			}
			s.mu.Unlock()
			if moved {
				close(ch)
			}
			for _, a := range replies {
				_, _ = io.WriteString(s.stdin, a)
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				s.doneErr = err
			}
			// Both streams end with the channel; the refusal is in hand
			// before anyone learns that the session ended. (A stderr still
			// open after 1 s is not waited for.)
			t := time.NewTimer(time.Second)
			select {
			case <-s.stderrDone:
			case <-t.C:
			}
			t.Stop()
			close(s.done)
			return
		}
	}
}

// ended reports whether the session has ended.
func (s *seat) ended() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// send types keys.
func (s *seat) send(keys string) error {
	if _, err := io.WriteString(s.stdin, keys); err != nil {
		return fmt.Errorf("%s: type %q: %w", s.name, keys, err)
	}
	return nil
}

// status is the bottom row of the screen: the status line.
func (s *seat) status() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, h := s.scr.Size()
	return s.scr.Line(h - 1)
}

// text is the whole screen.
func (s *seat) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.scr.Text()
}

// version is the screen's change counter.
func (s *seat) version() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.scr.Version(1)
}

// arm starts measuring: the next change of the screen gets timed.
func (s *seat) arm() {
	s.mu.Lock()
	s.probeArmed = true
	s.probeVersion = s.scr.Version(1)
	s.probeAt = time.Time{}
	s.mu.Unlock()
}

// disarm stops measuring and returns when the screen first changed after
// arm (zero when it did not).
func (s *seat) disarm() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.probeArmed = false
	return s.probeAt
}

// waitFor waits until ok(screen text) holds, the session ends, or ctx is done.
func (s *seat) waitFor(ctx context.Context, what string, ok func(text string) bool) error {
	for {
		s.mu.Lock()
		text := s.scr.Text()
		ch := s.notify
		s.mu.Unlock()
		if ok(text) {
			return nil
		}
		select {
		case <-ch:
		case <-s.done:
			return &endedError{name: s.name, what: what, refusal: s.refusal(), screen: s.text()}
		case <-ctx.Done():
			return fmt.Errorf("%s: %w while waiting for %s; status %q", s.name, ctx.Err(), what, lastLines(s.text(), 3))
		}
	}
}

// waitText waits until the screen contains want.
func (s *seat) waitText(ctx context.Context, want string, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return s.waitFor(ctx, fmt.Sprintf("%q", want), func(t string) bool { return strings.Contains(t, want) })
}

// endedError is a session that ended while the tool waited for it, with
// what the server said on stderr and what was on its screen.
type endedError struct {
	name, what      string
	refusal, screen string
}

func (e *endedError) Error() string {
	if e.refusal != "" {
		return fmt.Sprintf("%s: the server ended the session while waiting for %s: %q", e.name, e.what, e.refusal)
	}
	if strings.TrimSpace(e.screen) == "" {
		return fmt.Sprintf("%s: the session ended while waiting for %s, with nothing on stderr or on the screen", e.name, e.what)
	}
	return fmt.Sprintf("%s: the session ended while waiting for %s; its screen: %q", e.name, e.what, lastLines(e.screen, 3))
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

// close ends the session politely (ctrl+c quits the program) and closes
// the connection.
func (s *seat) close() {
	_ = s.send(keyCtrlC)
	_ = s.sess.Close()
	_ = s.conn.Close()
}
