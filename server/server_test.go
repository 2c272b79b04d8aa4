package server_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
)

const wait = 10 * time.Second

// harness is one in-process server on a loopback port with its own data dir.
type harness struct {
	t    *testing.T
	srv  *server.Server
	addr string
	stop func() error
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
	// Every goroutine the server starts carries this label (a new
	// goroutine inherits its creator's): the tests that count the
	// server's goroutines tell them from their clients' (serverGoroutines).
	go pprof.Do(ctx, serverLabel, func(ctx context.Context) { done <- srv.Serve(ctx, ln) })
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

// syncBuffer collects a server's log for tests that read it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

type testWriter struct{ t *testing.T }

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// whoModel is a stand-in for the session's screens: it shows who the
// server says the player is and what the command line asked for.
type whoModel struct {
	hub   session.Hub
	who   session.Identity
	start session.Start
	w, h  int
}

func newWhoModel(_ context.Context, hub session.Hub, who session.Identity, st session.Start, _ *term.Renderer, w, h int) term.Model {
	return &whoModel{hub: hub, who: who, start: st, w: w, h: h}
}

func (m *whoModel) Init() tea.Cmd { return nil }

func (m *whoModel) Update(msg tea.Msg) (term.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch msg.String() {
		case "q":
			return m, tea.Quit
		case "L": // the next language, as the session's key chooses it
			m.who.Lang = m.who.Lang.Next()
			if err := m.hub.SetLang(m.who.ID, m.who.Lang); err != nil {
				m.who.Name = err.Error()
			}
		}
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	}
	return m, nil
}

func (m *whoModel) View() string {
	// Short lines: the renderer cuts lines at the terminal's width.
	return fmt.Sprintf("LOBBY id=%s\nname=%s guest=%v code=%s\nstart table=%q claim=%q plain=%v\nsize %dx%d\nlang=%s",
		m.who.ID, m.who.Name, m.who.Guest, m.who.Claim, m.start.TableCode, m.start.Claim, m.start.Plain, m.w, m.h, m.who.Lang)
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
	// Reconnecting with the same key under another user name is the same
	// player, who keeps the display name the server knows them by.
	a.Close()
	a2 := sshtest.Dial(t, h.addr, sshtest.Options{User: "renamed", Key: &k1, Pty: true})
	a2.WaitFor("LOBBY id="+k1.Fingerprint(), wait)
	a2.WaitFor("name=same", wait)
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
		{"K7QX", "Table K7QX needs a terminal: use ssh -t HOST K7QX", 1},
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

func TestSessionsPerAddressAreLimited(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{MaxSessionsPerIP: 2}})
	k := sshtest.NewKey(t)
	a := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	b := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	a.WaitFor("LOBBY", wait)
	b.WaitFor("LOBBY", wait)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	if code, err := c.Wait(wait); err != nil || code == 0 {
		t.Fatalf("third session: exit %d, %v; want refused", code, err)
	}
	if !strings.Contains(c.Output(), "Too many sessions from your address") {
		t.Fatalf("third session was not told why: %q", c.Output())
	}
	// Closing one frees its slot (the server releases it just after the
	// client saw the session end, so try until it has).
	a.Type("q")
	if _, err := a.Wait(wait); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(wait)
	for {
		d := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
		if d.Screen.WaitFor("LOBBY", wait) == nil {
			break
		}
		if !strings.Contains(d.Output(), "Too many sessions") || time.Now().After(deadline) {
			t.Fatalf("no session after one closed: %q", d.Output())
		}
	}
}

func TestSessionsInTotalAreLimited(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{MaxSessions: 1}})
	k := sshtest.NewKey(t)
	a := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	a.WaitFor("LOBBY", wait)
	out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "tables"})
	if code == 0 || !strings.Contains(out+errOut, "The server is full") {
		t.Fatalf("second session: exit %d, %q %q", code, out, errOut)
	}
}

func TestConnectionRatePerAddressIsLimited(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{ConnsPerMinutePerIP: 3}})
	for i := 0; i < 3; i++ {
		if _, _, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "version"}); code != 0 {
			t.Fatalf("connection %d refused", i+1)
		}
	}
	out, errOut, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "version"})
	if code == 0 || !strings.Contains(out+errOut, "Too many connections from your address in the last minute") {
		t.Fatalf("fourth connection: exit %d, %q %q", code, out, errOut)
	}
}

func TestIdleLobbySessionIsToldWhy(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{LobbyIdle: 300 * time.Millisecond}})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	c.WaitFor("LOBBY", wait)
	if code, err := c.Wait(wait); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	if !strings.Contains(c.Output(), "Disconnected after 300ms idle in the lobby") {
		t.Fatalf("idle session not told why: %q", c.Output())
	}
}

func TestHandshakeTimeoutClosesSilentConnections(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{HandshakeTimeout: 200 * time.Millisecond}})
	conn, err := net.Dial("tcp", h.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Say nothing; the server must hang up well before this deadline.
	_ = conn.SetDeadline(time.Now().Add(wait))
	if _, err := io.ReadAll(conn); err != nil {
		t.Fatalf("the server did not close a silent connection: %v", err)
	}
}

func TestGuestReclaimsTheirIdentity(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	g := sshtest.Dial(t, h.addr, sshtest.Options{User: "gina", Pty: true})
	g.WaitFor("LOBBY id=guest:", wait)
	g.WaitFor("code=", wait)
	text := g.Screen.Text()
	id := strings.Fields(text[strings.Index(text, "id=guest:"):])[0]
	onScreen := strings.Fields(text[strings.Index(text, "code="):])[0][len("code="):]
	g.Type("q")
	if _, err := g.Wait(wait); err != nil {
		t.Fatal(err)
	}
	out := g.Output()
	i := strings.Index(out, "reclaim code is ")
	if i < 0 {
		t.Fatalf("the guest was not given a reclaim code: %q", out)
	}
	code := strings.TrimSuffix(strings.Fields(out[i+len("reclaim code is "):])[0], ":")
	if code != onScreen || !reclaimShape.MatchString(code) {
		t.Fatalf("reclaim code %q at exit, %q on screen", code, onScreen)
	}

	// A new keyless connection with the code is the same guest.
	again := sshtest.Dial(t, h.addr, sshtest.Options{User: "gina", Pty: true, Command: "claim " + code})
	again.WaitFor("LOBBY "+id+"\r", wait)
	again.WaitFor("code="+code, wait)
	// A wrong code is refused with a sentence.
	bad := otherCode(code)
	wrong := sshtest.Dial(t, h.addr, sshtest.Options{Pty: true, Command: "claim " + bad})
	if c, err := wrong.Wait(wait); err != nil || c == 0 {
		t.Fatalf("wrong claim: exit %d, %v", c, err)
	}
	if !strings.Contains(wrong.Output(), "No guest has the reclaim code "+bad) {
		t.Fatalf("wrong claim: %q", wrong.Output())
	}
}

func TestHubListsCreatesAndLimitsTables(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{TablesPerIdentity: 2}})
	hub := h.srv.Hub()
	alice := session.Identity{ID: "SHA256:alice", Name: "alice"}
	bob := session.Identity{ID: "SHA256:bob", Name: "bob"}

	pub, err := hub.CreateTable(alice, session.TableSpec{Name: "Friday\x1b[2J seance", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if pub.Name != "Friday seance" {
		t.Errorf("table name not sanitised: %q", pub.Name)
	}
	if len(pub.Code) != 4 || strings.ContainsAny(pub.Code, "0O1I") {
		t.Errorf("code %q is not 4 unambiguous characters", pub.Code)
	}
	priv, err := hub.CreateTable(alice, session.TableSpec{Name: "secret", Options: game.DefaultOptions(game.Modern), Private: true})
	if err != nil {
		t.Fatalf("create private: %v", err)
	}
	if _, err := hub.CreateTable(alice, session.TableSpec{Options: game.DefaultOptions(game.Original)}); err == nil ||
		!strings.Contains(err.Error(), "You already host 2 unfinished tables") {
		t.Fatalf("third table: err %v, want the per-player limit", err)
	}
	if _, err := hub.CreateTable(bob, session.TableSpec{Options: game.Options{Edition: "chess"}}); err == nil {
		t.Fatal("bad options were accepted")
	}

	codes := func(ts []session.TableInfo) string {
		var cs []string
		for _, ti := range ts {
			cs = append(cs, ti.Code)
		}
		return strings.Join(cs, ",")
	}
	if got := codes(hub.Tables(bob)); got != pub.Code {
		t.Errorf("bob sees %q, want only the public table %s", got, pub.Code)
	}
	if got := codes(hub.Tables(alice)); got != pub.Code+","+priv.Code {
		t.Errorf("alice (host) sees %q, want %s,%s", got, pub.Code, priv.Code)
	}
	if _, ok := hub.Table(strings.ToLower(priv.Code)); !ok {
		t.Error("a private table cannot be found by its code")
	}
	if _, ok := hub.Table(strings.ReplaceAll(strings.ToLower(priv.Code), "-", "")); !ok {
		t.Error("a private table cannot be found by its code typed without the dash")
	}

	out, _, code := sshtest.Run(t, h.addr, sshtest.Options{Command: "tables"})
	if code != 0 || !strings.Contains(out, pub.Code) || !strings.Contains(out, "Friday seance") || strings.Contains(out, priv.Code) {
		t.Fatalf("plain tables: exit %d\n%s", code, out)
	}

	// ssh -t host CODE goes to that table; --plain and a lower-case code too.
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true, Command: strings.ToLower(priv.Code) + " --plain"})
	c.WaitFor(fmt.Sprintf("table=%q claim=\"\" plain=true", priv.Code), wait)
}

// openStore opens the store in dir, as a server's start would (a test that
// restarts a server opens it again for the new one).
func openStore(t *testing.T, dir string) *store.Store {
	t.Helper()
	db, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestTablesAndNamesSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	h := start(t, server.Config{DataDir: dir, Store: openStore(t, dir), NewModel: newWhoModel})
	alice := session.Identity{ID: "SHA256:alice", Name: "alice"}
	info, err := h.srv.Hub().CreateTable(alice, session.TableSpec{Name: "kept", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := h.srv.Hub().Table(info.Code)
	if err := tb.Submit(alice.ID, game.Sit{Seat: game.GhostSeat, Name: "alice"}); err != nil {
		t.Fatalf("sit: %v", err)
	}
	k := sshtest.NewKey(t)
	if _, err := h.srv.Hub().SetName(game.PlayerID(k.Fingerprint()), "Zelda"); err != nil {
		t.Fatal(err)
	}
	if err := h.stop(); err != nil {
		t.Fatal(err)
	}

	h2 := start(t, server.Config{DataDir: dir, Store: openStore(t, dir), NewModel: newWhoModel})
	tables := h2.srv.Hub().Tables(alice)
	if len(tables) != 1 || tables[0].Code != info.Code || tables[0].Name != "kept" {
		t.Fatalf("after restart: %+v", tables)
	}
	tb2, _ := h2.srv.Hub().Table(info.Code)
	sub := tb2.Subscribe(alice.ID)
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	u, err := sub.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := u.View.Public().Seats[0].Player; got != alice.ID {
		t.Fatalf("the ghost seat after restart holds %q, want alice", got)
	}
	c := sshtest.Dial(t, h2.addr, sshtest.Options{User: "someone", Key: &k, Pty: true})
	c.WaitFor("name=Zelda", wait)
}

func TestABadDeckIsRefusedAtStart(t *testing.T) {
	_, err := server.New(server.Config{DataDir: t.TempDir(), Listen: "127.0.0.1:0", DeckDir: filepath.Join(t.TempDir(), "nowhere"),
		Logger: log.NewWithOptions(io.Discard, log.Options{})})
	if err == nil || !strings.Contains(err.Error(), "deck") {
		t.Fatalf("a missing deck directory: err %v", err)
	}
}

func TestTooManyKeysAreDroppedWithANotice(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel, Limits: server.Limits{KeysPerSecond: 5}})
	k := sshtest.NewKey(t)
	c := sshtest.Dial(t, h.addr, sshtest.Options{Key: &k, Pty: true})
	c.WaitFor("LOBBY", wait)
	c.Type(strings.Repeat("x", 50))
	c.WaitFor("Too many keys at once: some were ignored (at most 5 a second).", wait)
	// The session still works: q quits once the bucket has refilled (a
	// dropped q is typed again).
	deadline := time.Now().Add(wait)
	for {
		_ = c.TryType("q")
		code, err := c.Wait(300 * time.Millisecond)
		if err == nil {
			if code != 0 {
				t.Fatalf("exit %d", code)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the session did not take q after the flood")
		}
	}
}

// TestSessionsMultiplexedOnOneConnection: OpenSSH can run several sessions
// over one connection (ControlMaster); each is routed and ended on its own.
func TestSessionsMultiplexedOnOneConnection(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	k := sshtest.NewKey(t)
	conn, err := gossh.Dial("tcp", h.addr, &gossh.ClientConfig{
		User: "mux", Auth: []gossh.AuthMethod{gossh.PublicKeys(k.Signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait,
	})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	tui, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	screen := sshtest.NewScreen()
	tui.Stdout = screen
	in, _ := tui.StdinPipe()
	if err := tui.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := tui.Shell(); err != nil {
		t.Fatal(err)
	}
	if err := screen.WaitFor("LOBBY id="+k.Fingerprint(), wait); err != nil {
		t.Fatal(err)
	}

	// A plain command on the same connection, while the lobby is open.
	plain, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := plain.Output("version")
	if err != nil || !strings.Contains(string(out), "mysterium test-1") {
		t.Fatalf("plain command beside the lobby: %q, %v", out, err)
	}

	// The lobby session is still there and ends on its own.
	screen.Mark()
	if _, err := io.WriteString(in, "q"); err != nil {
		t.Fatal(err)
	}
	if err := tui.Wait(); err != nil {
		t.Fatalf("the lobby session: %v", err)
	}
	// And the connection still takes new sessions.
	again, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if out, err := again.Output("tables"); err != nil || !strings.Contains(string(out), "No tables yet") {
		t.Fatalf("after the lobby ended: %q, %v", out, err)
	}
}

func TestSetNameIsSanitisedAndNeverEmpty(t *testing.T) {
	h := start(t, server.Config{NewModel: newWhoModel})
	hub := h.srv.Hub()
	if _, err := hub.SetName("SHA256:x", "\x1b[31m\u202e\x07 "); err == nil {
		t.Fatal("a name of control characters only was accepted")
	}
	got, err := hub.SetName("SHA256:x", "Zoë\x1b[2J the \u202eGreat")
	if err != nil || got != "Zoë the Great" {
		t.Fatalf("SetName = %q, %v", got, err)
	}
}

// A shutdown that comes while Serve is still starting (a SIGTERM right after
// start, or a test's cleanup) must neither race with Serve registering its
// listener (the race detector used to catch it now and then) nor fail.
func TestShutdownRightAfterStart(t *testing.T) {
	for i := range 20 {
		h := start(t, server.Config{})
		if err := h.stop(); err != nil {
			t.Fatalf("run %d: shutdown right after start: %v", i, err)
		}
	}
}
