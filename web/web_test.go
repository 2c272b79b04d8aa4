package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"
	"github.com/coder/websocket"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/web"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

const wait = 20 * time.Second

// harness is a game server with its browser way in on a real HTTP server.
type harness struct {
	srv  *server.Server
	web  *web.Web
	base string // http://127.0.0.1:PORT
}

func start(t *testing.T, limits server.Limits) *harness {
	t.Helper()
	return startWith(t, limits, func(*web.Config) {})
}

func startWith(t *testing.T, limits server.Limits, tune func(*web.Config)) *harness {
	t.Helper()
	logger := log.NewWithOptions(io.Discard, log.Options{})
	srv, err := server.New(server.Config{DataDir: t.TempDir(), Listen: "127.0.0.1:0", BotDelay: -1, Limits: limits, Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	// As the binary does (cmd/mysterium): the page is told the session's sizes.
	cfg := web.Config{Addr: "127.0.0.1:0", Backend: srv, Logger: logger, HelloTimeout: 5 * time.Second, Fits: session.Fits()}
	tune(&cfg)
	w, err := web.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(w.Handler())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		hs.Close()
	})
	return &harness{srv: srv, web: w, base: hs.URL}
}

func (h *harness) table(t *testing.T) string {
	t.Helper()
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: "SHA256:host", Name: "host"}, session.TableSpec{Name: "by link", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	return info.Code
}

// A browser with a secret and a name gets the lobby, under its name.
func TestBrowserGetsTheLobby(t *testing.T) {
	h := start(t, server.Limits{})
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Ada\x1b[31m"})
	b.WaitFor("n new", wait)
	b.WaitFor("Ada", wait)
	if strings.Contains(string(b.Screen.Raw()), "Ada\x1b[31m") {
		t.Fatal("the name reached the screen unsanitised")
	}
}

// /K7QX in the browser goes to table K7QX, as ssh -t HOST K7QX does; a code
// that names no table says so.
func TestBrowserGoesToATableByLink(t *testing.T) {
	h := start(t, server.Limits{})
	code := h.table(t)
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Bo", Table: code})
	b.WaitFor("CHOOSE YOUR SEAT", wait)
	b.WaitFor(code, wait)

	n := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Cy", Table: "ZZZZ"})
	n.WaitFor("There is no table ZZZZ", wait)
}

// The same secret is the same player: a browser that sat, dropped and came
// back (a reload, a lost network; a restart keeps it too, the identity being
// the secret's hash) is at its seat again, and the identity is not the
// secret.
func TestBrowserReturnsToItsSeatWithItsSecret(t *testing.T) {
	h := start(t, server.Limits{})
	code := h.table(t)
	tb, _ := h.srv.Hub().Table(code)
	secret := webtest.NewSecret()
	id, ok := web.PlayerID(secret)
	if !ok || strings.Contains(string(id), secret) {
		t.Fatalf("identity %q from secret %q", id, secret)
	}
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: secret, Name: "Di", Table: code})
	b.WaitFor("CHOOSE YOUR SEAT", wait)
	b.Type("j\r") // the first psychic's seat
	waitTable(t, tb, "Di sits", func(u game.Update) bool {
		return u.View.Public().Seats[1].Player == id && u.Presence[id].Present
	})
	b.Close()
	waitTable(t, tb, "Di is away", func(u game.Update) bool { return !u.Presence[id].Present })

	again := webtest.Dial(t, h.base, webtest.Hello{Secret: secret, Name: "Di", Table: code})
	again.WaitFor("CHOOSE YOUR SEAT", wait)
	waitTable(t, tb, "Di is back in her seat", func(u game.Update) bool {
		return u.View.Public().Seats[1].Player == id && u.Presence[id].Present
	})
}

func waitTable(t *testing.T, tb *table.Table, what string, ok func(game.Update) bool) {
	t.Helper()
	sub := tb.Subscribe("SHA256:observer")
	defer sub.Close()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for {
		u, err := sub.Next(ctx)
		if err != nil {
			t.Fatalf("timed out waiting until %s", what)
		}
		if ok(u) {
			return
		}
	}
}

var reclaimRE = regexp.MustCompile(`reclaim code [A-Z0-9]{4}-[A-Z0-9]{4}`)

// A browser without storage (no secret) is a guest with a reclaim code on
// its screen.
func TestBrowserWithoutStorageIsAGuest(t *testing.T) {
	h := start(t, server.Limits{})
	b := webtest.Dial(t, h.base, webtest.Hello{Name: "Fay"})
	if err := b.Screen.WaitUntil(reclaimRE.MatchString, "a reclaim code", wait); err != nil {
		t.Fatal(err)
	}
}

// A page of another site cannot open a socket: it would carry this
// browser's secret and seat.
func TestSocketRefusesAnotherOrigin(t *testing.T) {
	h := start(t, server.Limits{})
	_, err := webtest.DialErr(t, h.base, webtest.Hello{Secret: webtest.NewSecret()}, "https://evil.example")
	if err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("a foreign origin got a socket (err %v)", err)
	}
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "ok"})
	b.WaitFor("n new", wait)
}

// A message over the size limit ends its socket, and the session with it.
func TestSocketClosesOnAnOversizedMessage(t *testing.T) {
	h := start(t, server.Limits{})
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "big"})
	b.WaitFor("n new", wait)
	b.Type(strings.Repeat("x", 9<<10))
	select {
	case <-b.Done():
	case <-time.After(wait):
		t.Fatal("the socket stayed open after a 9 KiB message")
	}
	if b.Closed != websocket.StatusMessageTooBig {
		t.Fatalf("closed with %v, want %v", b.Closed, websocket.StatusMessageTooBig)
	}
}

// Browsers count against their address's session limit like SSH sessions,
// and the one over it is told why.
func TestBrowsersShareTheLimitsOfTheirAddress(t *testing.T) {
	h := start(t, server.Limits{MaxSessionsPerIP: 2})
	for i := range 2 {
		b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "n"})
		b.WaitFor("n new", wait)
		_ = i
	}
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "third"})
	b.WaitFor("Too many sessions from your address", wait)
	select {
	case <-b.Done():
	case <-time.After(wait):
		t.Fatal("the refused socket stayed open")
	}
}

// The page is one page for / and /CODE, with a strict policy; other paths
// are not found.
func TestPageAndHeaders(t *testing.T) {
	h := start(t, server.Limits{})
	for path, want := range map[string]int{"/": 200, "/K7QX": 200, "/static/xterm/xterm.js": 200, "/static/app.js": 200, "/a/b": 404, "/K7QX%3Cscript": 404} {
		resp, err := http.Get(h.base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, resp.StatusCode, want)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval';") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: policy %q", path, csp)
		}
	}
}

// A socket that goes silent (no keys, not even the page's heartbeat: a
// phone that lost its network without a goodbye) is closed, and its
// session ends; one that never says hello is closed too.
func TestSilentSocketsAreClosed(t *testing.T) {
	h := startWith(t, server.Limits{}, func(c *web.Config) {
		c.ReadIdle = 300 * time.Millisecond
		c.HelloTimeout = 300 * time.Millisecond
	})
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "quiet"})
	b.WaitFor("n new", wait)
	select {
	case <-b.Done():
	case <-time.After(wait):
		t.Fatal("a silent socket stayed open")
	}

	ctx := context.Background()
	hdr := http.Header{}
	hdr.Set("Origin", h.base)
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(h.base, "http")+"/ws", &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		t.Fatal(err)
	}
	rctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	if _, _, err := c.Read(rctx); err == nil || rctx.Err() != nil {
		t.Fatalf("a socket without a hello stayed open (%v)", err)
	}
}

// When the server shuts down, a browser is told to come back by itself
// (its page reconnects, and its secret brings it back to its seat): the
// socket closes with "service restart", not a normal closure.
// The page shows the close's reason as it is (app.js's status line): it is
// in the browser's language, as the screen's sentence is.
func TestShutdownTellsBrowsersToComeBack(t *testing.T) {
	for _, tc := range []struct {
		lang, ready, screen, reason string
	}{
		{"en", "n new", "The server is restarting", "the server is restarting"},
		{"fr", "n créer", "Le serveur redémarre", "le serveur redémarre"},
	} {
		h := start(t, server.Limits{})
		b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "stay", Lang: tc.lang})
		b.WaitFor(tc.ready, wait)
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		if err := h.srv.Shutdown(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		select {
		case <-b.Done():
		case <-time.After(wait):
			t.Fatal("the socket stayed open after the shutdown")
		}
		if b.Closed != websocket.StatusServiceRestart {
			t.Fatalf("%s: closed with %v, want %v", tc.lang, b.Closed, websocket.StatusServiceRestart)
		}
		if !strings.Contains(b.Screen.Text(), tc.screen) {
			t.Errorf("%s: the player was not told why:\n%s", tc.lang, b.Screen.Text())
		}
		if b.Reason != tc.reason {
			t.Errorf("%s: the page shows %q, want %q", tc.lang, b.Reason, tc.reason)
		}
	}
}

// Links carry the port the server listens on, also when the system chose
// it (--web 127.0.0.1:0): a link with port 0 leads nowhere.
func TestLinksCarryTheBoundPort(t *testing.T) {
	h := start(t, server.Limits{})
	ln, err := h.web.Listen()
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if got, want := h.web.Link("K7QX"), "http://"+ln.Addr().String()+"/K7QX"; got != want {
		t.Fatalf("Link = %q, want %q", got, want)
	}
}

// A private table's link opens it: its code goes without the dash (a
// page's path is letters and digits), which the server reads as the code.
// It led to a 404.
func TestPrivateTableLinkOpensIt(t *testing.T) {
	h := start(t, server.Limits{})
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: "SHA256:host", Name: "host"}, session.TableSpec{Name: "hidden", Options: game.DefaultOptions(game.Classic), Private: true})
	if err != nil {
		t.Fatal(err)
	}
	link := h.web.Link(info.Code)
	path := link[strings.LastIndex(link, "/"):]
	resp, err := http.Get(h.base + path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%s (table %s): %s", link, info.Code, resp.Status)
	}
	b := webtest.Dial(t, h.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Bo", Table: path[1:]})
	b.WaitFor("CHOOSE YOUR SEAT", wait)
	b.WaitFor(info.Code, wait)
}
