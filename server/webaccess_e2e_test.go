package server_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/web"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// gatedWeb is a server whose keys are listed (friend's), its browser way in
// served for real (web.Listen, web.Serve, invitations' links from
// web.Link), and the log of both.
type gatedWeb struct {
	*harness
	friend sshtest.Key
	base   string // the browser way in: http://127.0.0.1:PORT
	logs   *syncBuffer
}

func startGatedWeb(t *testing.T, cfg server.Config) *gatedWeb {
	t.Helper()
	g := &gatedWeb{friend: sshtest.NewKey(t), logs: &syncBuffer{}}
	allow := filepath.Join(t.TempDir(), "allow_keys")
	writeKeyFile(t, allow, g.friend)
	cfg.AllowKeysFile = allow
	cfg.BotDelay = -1
	cfg.Logger = log.NewWithOptions(g.logs, log.Options{Level: log.DebugLevel})
	g.harness = start(t, cfg)
	w, err := web.New(web.Config{Addr: "127.0.0.1:0", Backend: g.srv, Logger: cfg.Logger})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := w.Listen()
	if err != nil {
		t.Fatal(err)
	}
	g.srv.SetWebLink(w.Link)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = w.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	g.base = w.Link("")
	g.base = strings.TrimSuffix(g.base, "/")
	return g
}

// table creates a table hosted by the friend.
func (g *gatedWeb) table(t *testing.T, name string, private bool) string {
	t.Helper()
	host := session.Identity{ID: game.PlayerID(g.friend.Fingerprint()), Name: "friend"}
	info, err := g.srv.Hub().CreateTable(host, session.TableSpec{Name: name, Options: game.DefaultOptions(game.Classic), Private: private})
	if err != nil {
		t.Fatal(err)
	}
	return info.Code
}

var browserLinkRE = regexp.MustCompile(`http://\S+`)

// link is the browser link of table code's invitation, as the friend gets
// it over SSH (ssh HOST invite CODE), and its token.
func (g *gatedWeb) link(t *testing.T, code string) (link, token string) {
	t.Helper()
	out, errOut, exit := sshtest.Run(t, g.addr, sshtest.Options{Key: &g.friend, Command: "invite " + code})
	if exit != 0 {
		t.Fatalf("invite %s: exit %d, %s", code, exit, errOut)
	}
	link = browserLinkRE.FindString(out)
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("invite") == "" {
		t.Fatalf("the invitation to %s has no browser link with a token:\n%s", code, out)
	}
	return link, u.Query().Get("invite")
}

// get fetches a page as a browser asking for lang would.
func get(t *testing.T, link, lang string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", link, nil)
	if err != nil {
		t.Fatal(err)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

const terminalPage = "Your name at the table"

// TestAllowKeysCloseTheBrowserWayIn: on a server whose keys are listed, a
// browser is refused, page and socket, unless it comes with the table's
// invitation link, which an allowed player gets from `invite CODE`; that
// link opens that table only; and no token is ever logged.
func TestAllowKeysCloseTheBrowserWayIn(t *testing.T) {
	g := startGatedWeb(t, server.Config{})
	if !strings.Contains(g.logs.String(), "only browsers with a table's invitation link") {
		t.Errorf("the start-up log does not say how the browser way in is protected:\n%s", g.logs.String())
	}
	a, b := g.table(t, "salon alpha", false), g.table(t, "salon beta", false)
	private := g.table(t, "salon gamma", true)
	linkA, tokenA := g.link(t, a)
	_, tokenB := g.link(t, b)
	linkP, tokenP := g.link(t, private)
	if tokenA == tokenB || tokenA == tokenP {
		t.Fatalf("two tables share a token: %s %s %s", tokenA, tokenB, tokenP)
	}
	if again, _ := g.link(t, a); again != linkA {
		t.Errorf("a table's link changed from one invitation to the next: %s, then %s", linkA, again)
	}

	// Over HTTP: the closed page without the table's own token, in the
	// browser's language; the terminal's page with it.
	for _, tc := range []struct {
		what, link, lang string
		status           int
		want             string
	}{
		{"the lobby", g.base + "/", "", http.StatusForbidden, "This table needs an invitation"},
		{"the lobby in French", g.base + "/", "fr-FR,fr;q=0.9", http.StatusForbidden, "Cette table demande une invitation"},
		{"the lobby with a table's token", g.base + "/?invite=" + tokenA, "", http.StatusForbidden, "ssh HOST invite CODE"},
		{"the table without its token", g.base + "/" + a, "", http.StatusForbidden, "This table needs an invitation"},
		{"the table with another table's token", g.base + "/" + a + "?invite=" + tokenB, "", http.StatusForbidden, "This table needs an invitation"},
		{"the table with a made-up token", g.base + "/" + a + "?invite=" + strings.Repeat("A", len(tokenA)), "", http.StatusForbidden, "This table needs an invitation"},
		{"the table's link", linkA, "", http.StatusOK, terminalPage},
		{"the table's link in lower case", g.base + "/" + strings.ToLower(a) + "?invite=" + tokenA, "", http.StatusOK, terminalPage},
		{"a private table's link", linkP, "", http.StatusOK, terminalPage},
	} {
		status, body := get(t, tc.link, tc.lang)
		if status != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("%s: %d, want %d with %q:\n%s", tc.what, status, tc.status, tc.want, body)
		}
		if tc.status != http.StatusOK && strings.Contains(body, terminalPage) {
			t.Errorf("%s: the refusal is the terminal's page", tc.what)
		}
	}

	// Over a real WebSocket, the page's hello: the same rule, whatever
	// the page was given.
	refusal := "lets in only the players whose SSH key is on its list"
	for _, tc := range []struct {
		what         string
		table, token string
	}{
		{"no token", a, ""},
		{"another table's token", a, tokenB},
		{"the lobby with a table's token", "", tokenA},
		{"a made-up token", a, strings.Repeat("A", len(tokenA))},
	} {
		br := webtest.Dial(t, g.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Eve", Table: tc.table, Invite: tc.token})
		br.WaitFor(refusal, wait)
		select {
		case <-br.Done():
		case <-time.After(wait):
			t.Fatalf("%s: the refused socket stays open", tc.what)
		}
	}
	fr := webtest.Dial(t, g.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Eve", Table: a, Lang: "fr-FR"})
	fr.WaitFor("Ce serveur ne laisse entrer que les joueurs dont la clé SSH est sur sa liste", wait)

	// The link lets its browser in to its table, and to no other.
	br := webtest.Dial(t, g.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Bo", Table: a, Invite: tokenA})
	br.WaitFor("CHOOSE YOUR SEAT", wait)
	br.WaitFor(a, wait)
	br.Type("q")
	br.WaitFor("enter join", wait)
	br.WaitFor("salon alpha", wait)
	if text := br.Screen.Text(); strings.Contains(text, "salon beta") {
		t.Errorf("the invited browser's lobby lists another table:\n%s", text)
	}
	br.Type("c" + b + "\r")
	br.WaitFor("opens that table only", wait)
	br.Type("\x1b")
	br.WaitFor("enter join · w watch", wait)
	br.Screen.Mark()
	br.Type("n")
	br.WaitFor("new table", wait)
	br.Type("\r")
	br.WaitFor("Table not created: This browser came with an invitation to table "+a, wait)
	br.Close()

	// A private table's link (its code without the dash, as links have it).
	pb := webtest.Dial(t, g.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Cy", Table: strings.ReplaceAll(private, "-", ""), Invite: tokenP})
	pb.WaitFor("CHOOSE YOUR SEAT", wait)
	pb.WaitFor(private, wait)
	pb.Close()

	for _, tok := range []string{tokenA, tokenB, tokenP} {
		if strings.Contains(g.logs.String(), tok) {
			t.Fatalf("a token is in the log in clear:\n%s", g.logs.String())
		}
	}
}

// TestWebOpenLetsEveryBrowserIn: --web-open opens the browser way in
// despite the allowlist, and the start-up log warns about it.
func TestWebOpenLetsEveryBrowserIn(t *testing.T) {
	g := startGatedWeb(t, server.Config{WebOpen: true})
	if !strings.Contains(g.logs.String(), "WARN") || !strings.Contains(g.logs.String(), "despite --allow-keys (--web-open)") {
		t.Errorf("the start-up log does not warn that browsers get in despite the list:\n%s", g.logs.String())
	}
	if status, body := get(t, g.base+"/", ""); status != http.StatusOK || !strings.Contains(body, terminalPage) {
		t.Errorf("the lobby with --web-open: %d\n%s", status, body)
	}
	a := g.table(t, "salon alpha", false)
	link, _ := url.Parse(browserLinkRE.FindString(func() string {
		out, _, _ := sshtest.Run(t, g.addr, sshtest.Options{Key: &g.friend, Command: "invite " + a})
		return out
	}()))
	if link == nil || link.RawQuery != "" {
		t.Errorf("with --web-open the link carries a token: %v", link)
	}
	br := webtest.Dial(t, g.base, webtest.Hello{Secret: webtest.NewSecret(), Name: "Bo"})
	br.WaitFor("enter join", wait)
}

// TestBrowserLinkOutlivesARestart: the invitations' secret is kept in the
// data directory (0600), so a link given before a restart still opens its
// table after it; a secret others may read stops the start.
func TestBrowserLinkOutlivesARestart(t *testing.T) {
	dir := t.TempDir()
	g := startGatedWeb(t, server.Config{DataDir: dir, Store: openStore(t, dir)})
	code := g.table(t, "kept", false)
	_, token := g.link(t, code)
	if err := g.stop(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(filepath.Join(dir, "web_invite.key"))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("the invitations' secret: %v, %v", info, err)
	}
	allow := filepath.Join(t.TempDir(), "allow_keys")
	writeKeyFile(t, allow, g.friend)
	h2 := start(t, server.Config{DataDir: dir, Store: openStore(t, dir), AllowKeysFile: allow})
	if !h2.srv.AdmitsBrowser(code, token) || !h2.srv.AdmitsBrowser(strings.ToLower(code), token) {
		t.Fatal("a link given before the restart no longer opens its table")
	}
	if h2.srv.AdmitsBrowser("", token) || h2.srv.AdmitsBrowser(code, "") {
		t.Fatal("the lobby, or the table without a token, is open")
	}
	if err := h2.stop(); err != nil {
		t.Fatal(err)
	}

	if err := os.Chmod(filepath.Join(dir, "web_invite.key"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := server.New(server.Config{DataDir: dir, Listen: "127.0.0.1:0", AllowKeysFile: allow}); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a secret others may read: %v", err)
	}
}
