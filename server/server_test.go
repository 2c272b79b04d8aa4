package server_test

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/log"

	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
)

const wait = 10 * time.Second

// harness is one in-process server on a loopback port with its own data dir.
type harness struct {
	t    *testing.T
	srv  *server.Server
	addr string
	stop func() error
	logs *strings.Builder
}

// logBuffer is a goroutine-safe strings.Builder for the server's log.
type logBuffer struct {
	ch chan string
	sb *strings.Builder
}

func start(t *testing.T, cfg server.Config) *harness {
	t.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	cfg.Listen = "127.0.0.1:0"
	cfg.Version = "test-1"
	if cfg.Logger == nil {
		cfg.Logger = log.NewWithOptions(io.Discard, log.Options{})
		if testing.Verbose() {
			cfg.Logger = log.NewWithOptions(&testWriter{t}, log.Options{Level: log.DebugLevel})
		}
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	ln := sshtest.FreeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	h := &harness{t: t, srv: srv, addr: ln.Addr().String()}
	var stopped bool
	var stopErr error
	h.stop = func() error {
		if !stopped {
			stopped = true
			cancel()
			stopErr = <-done
		}
		return stopErr
	}
	t.Cleanup(func() {
		if err := h.stop(); err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	return h
}

type testWriter struct{ t *testing.T }

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// whoModel is a stand-in for the session's screens: it shows who the
// server says the player is and what the command line asked for.
type whoModel struct {
	who   session.Identity
	start session.Start
	w, h  int
}

func newWhoModel(_ context.Context, _ session.Hub, who session.Identity, st session.Start, _ *lipgloss.Renderer, w, h int) tea.Model {
	return &whoModel{who: who, start: st, w: w, h: h}
}

func (m *whoModel) Init() tea.Cmd { return nil }

func (m *whoModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		if msg.String() == "q" {
			return m, tea.Quit
		}
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	}
	return m, nil
}

func (m *whoModel) View() string {
	// Short lines: the renderer cuts lines at the terminal's width.
	return fmt.Sprintf("LOBBY id=%s\nname=%s guest=%v\nstart table=%q claim=%q plain=%v\nsize %dx%d",
		m.who.ID, m.who.Name, m.who.Guest, m.start.TableCode, m.start.Claim, m.start.Plain, m.w, m.h)
}

func TestPtySessionGetsTheProgram(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &k, Pty: true})
	c.WaitFor("LOBBY id="+k.Fingerprint(), wait)
	c.WaitFor("name=alice guest=false", wait)
	c.WaitFor("size 80x24", wait)
	c.Screen.Mark()
	if err := c.Resize(100, 30); err != nil {
		t.Fatal(err)
	}
	c.WaitFor("size 100x30", wait)
	c.Type("q")
	if code, err := c.Wait(wait); err != nil || code != 0 {
		t.Fatalf("exit = %d, %v; want 0", code, err)
	}
}

func TestIdentityIsTheKeyNotTheUserName(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	k1, k2 := sshtest.NewKey(t), sshtest.NewKey(t)
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "same", Key: &k1, Pty: true})
	b := sshtest.Dial(t, h.addr, sshtest.Options{User: "same", Key: &k2, Pty: true})
	a.WaitFor("id="+k1.Fingerprint(), wait)
	b.WaitFor("id="+k2.Fingerprint(), wait)
	if k1.Fingerprint() == k2.Fingerprint() {
		t.Fatal("two fresh keys have the same fingerprint")
	}
	if strings.Contains(b.Screen.Text(), k1.Fingerprint()) {
		t.Fatal("the second key was given the first key's identity")
	}
	// Reconnecting with the same key under another name is the same player.
	a.Close()
	a2 := sshtest.Dial(t, h.addr, sshtest.Options{User: "renamed", Key: &k1, Pty: true})
	a2.WaitFor("LOBBY id="+k1.Fingerprint(), wait)
	a2.WaitFor("name=renamed", wait)
}

func TestKeylessClientIsAGuest(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	c := sshtest.Dial(t, h.addr, sshtest.Options{User: "bob", Pty: true})
	c.WaitFor("LOBBY id=guest:", wait)
	c.WaitFor("name=bob guest=true", wait)
	// Two keyless clients are two different guests.
	d := sshtest.Dial(t, h.addr, sshtest.Options{User: "bob", Pty: true})
	d.WaitFor("guest=true", wait)
	idOf := func(s string) string {
		i := strings.Index(s, "id=guest:")
		return strings.Fields(s[i:])[0]
	}
	if idOf(c.Screen.Text()) == idOf(d.Screen.Text()) {
		t.Fatalf("two guests share the identity %s", idOf(c.Screen.Text()))
	}
}

func TestUserNameIsSanitised(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{User: "ev\x1b[31mil\u202e", Key: &k, Pty: true})
	c.WaitFor("LOBBY id=", wait)
	if err := c.Screen.WaitFor("name=evil guest", wait); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(c.Screen.Raw()), "\u202e") {
		t.Fatal("a bidi override from the user name reached the screen")
	}
}

func TestCommandLineRouting(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Command: "--plain"})
	c.WaitFor(`table="" claim="" plain=true`, wait)

	// A code that names no table is refused with a sentence, not a blank screen.
	d := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Command: "K7QX"})
	code, err := d.Wait(wait)
	if err != nil || code == 0 {
		t.Fatalf("unknown table: exit %d, %v; want non-zero", code, err)
	}
	if out := d.Output(); !strings.Contains(out, "There is no table K7QX") {
		t.Fatalf("unknown table: output %q", out)
	}
}

func TestPlainCommandsWithoutPty(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	k := sshtest.NewKey(t)
	for _, tc := range []struct {
		cmd  string
		want string
		code int
	}{
		{"version", "mysterium test-1", 0},
		{"help", "ssh -p PORT HOST tables", 0},
		{"tables", "No tables yet", 0},
		{"TABLES", "No tables yet", 0},
		{"frobnicate", `Unknown command "frobnicate"`, 1},
		{"K7QX", "needs a terminal: use ssh -t HOST K7QX", 1},
		{"", "This needs a terminal", 1},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Key: &k, Command: tc.cmd})
			if code != tc.code {
				t.Errorf("exit %d, want %d (stdout %q, stderr %q)", code, tc.code, out, errOut)
			}
			if !strings.Contains(out+errOut, tc.want) {
				t.Errorf("output %q + %q does not contain %q", out, errOut, tc.want)
			}
		})
	}
	// A guest can list tables too.
	out, _, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "tables"})
	if code != 0 || !strings.Contains(out, "No tables yet") {
		t.Fatalf("guest tables: exit %d, %q", code, out)
	}
}

func TestGracefulShutdownTellsSessions(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	c.WaitFor("LOBBY", wait)
	if err := h.stop(); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if code, err := c.Wait(wait); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	if !strings.Contains(c.Output(), "The server is restarting") {
		t.Fatalf("the session was not told about the restart: %q", c.Output())
	}
	if _, err := sshtest.DialErr(t, h.addr, sshtest.Options{Key: &k, Timeout: 2 * time.Second}); err == nil {
		t.Fatal("the server still accepts connections after shutdown")
	}
}
