package web_test

import (
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/web"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// The page's scripts and styles go under names that carry their content's
// hash, kept a year by the browser, gzipped for a browser that accepts it
// (xterm.js from 489 KB to about 120 KB), not for one that does not; the
// page itself is checked again at each visit, and a made-up hashed name is
// not found.
func TestAssetsAreHashedCompressedAndKept(t *testing.T) {
	h := start(t, server.Limits{})
	resp, err := http.Get(h.base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("the page's Cache-Control is %q", cc)
	}
	refs := regexp.MustCompile(`(?:src|href)="(/static/h/[^"]+)"`).FindAllStringSubmatch(string(page), -1)
	if len(refs) < 4 {
		t.Fatalf("the page names %d hashed files:\n%s", len(refs), page)
	}
	var xterm string
	for _, r := range refs {
		if !regexp.MustCompile(`\.[0-9a-f]{12}\.(js|css)$`).MatchString(r[1]) {
			t.Errorf("%s has no content hash", r[1])
		}
		if strings.Contains(r[1], "/xterm/xterm.") && strings.HasSuffix(r[1], ".js") {
			xterm = r[1]
		}
	}
	if xterm == "" {
		t.Fatal("the page does not load xterm.js")
	}
	get := func(path, enc string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest("GET", h.base+path, nil)
		req.Header.Set("Accept-Encoding", enc) // set: the client then leaves the body as sent
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, b
	}
	plain, raw := get(xterm, "identity")
	if plain.StatusCode != 200 || plain.Header.Get("Content-Encoding") != "" || len(raw) < 300_000 {
		t.Fatalf("xterm.js without gzip: %d, %q, %d bytes", plain.StatusCode, plain.Header.Get("Content-Encoding"), len(raw))
	}
	zipped, zb := get(xterm, "gzip, deflate, br")
	if zipped.Header.Get("Content-Encoding") != "gzip" || len(zb) > len(raw)/3 {
		t.Fatalf("xterm.js for a browser that takes gzip: %q, %d bytes of %d", zipped.Header.Get("Content-Encoding"), len(zb), len(raw))
	}
	z, err := gzip.NewReader(strings.NewReader(string(zb)))
	if err != nil {
		t.Fatal(err)
	}
	unz, _ := io.ReadAll(z)
	if string(unz) != string(raw) {
		t.Fatal("the gzipped xterm.js is not xterm.js")
	}
	for _, r := range []*http.Response{plain, zipped} {
		if cc := r.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("Cache-Control %q", cc)
		}
		if v := r.Header.Get("Vary"); v != "Accept-Encoding" {
			t.Errorf("Vary %q", v)
		}
	}
	if r, _ := get(xterm, "gzip;q=0"); r.Header.Get("Content-Encoding") != "" {
		t.Error("gzip sent to a browser that refused it")
	}
	if r, _ := get("/static/h/xterm/xterm.000000000000.js", "gzip"); r.StatusCode != 404 {
		t.Errorf("a made-up hashed name: %d", r.StatusCode)
	}
}

// Every form of a private table's code people pass around opens the page:
// as invite prints it (with its dash), without it, in small letters.
func TestEveryFormOfACodeIsAPage(t *testing.T) {
	h := start(t, server.Limits{})
	for _, path := range []string{"/K7QX-M2PD", "/k7qx-m2pd", "/K7QXM2PD", "/k7qx", "/K7QX.2"} {
		resp, err := http.Get(h.base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: %d", path, resp.StatusCode)
		}
	}
}

// In a real browser, a private table's link typed in small letters with its
// dash opens the table; a code that names no table shows the lobby with the
// reason above it (the page used to end there, with a button that retried
// the same code).
func TestRealBrowserLinksAlwaysWork(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	info, err := h.srv.Hub().CreateTable(session.Identity{ID: "SHA256:host", Name: "host"},
		session.TableSpec{Name: "hidden", Options: game.DefaultOptions(game.Classic), Private: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(info.Code, "-") {
		t.Fatalf("a private table's code %q has no dash", info.Code)
	}
	ctx, console := browse(t, 844, 390)
	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/"+strings.ToLower(info.Code)),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.SendKeys("#name", "Lu", chromedp.ByID),
		chromedp.Click(`#ask button[type="submit"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "CHOOSE YOUR SEAT", console)
	waitText(t, ctx, info.Code, console)

	var notice, path string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/ZZZZ"),
		chromedp.Poll(`document.getElementById('notice').textContent.length > 0`, nil, chromedp.WithPollingTimeout(wait)),
		chromedp.Text("#notice", &notice, chromedp.ByID),
		chromedp.Evaluate(`location.pathname`, &path),
	); err != nil {
		t.Fatalf("no sentence for a wrong code: %v\nconsole:\n%s", err, console)
	}
	waitText(t, ctx, "TABLES", console)
	if !strings.Contains(notice, "There is no table ZZZZ") || path != "/" {
		t.Fatalf("a wrong code: notice %q at %s", notice, path)
	}
	var statusHidden bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`document.getElementById('status').hidden`, &statusHidden)); err != nil || !statusHidden {
		t.Fatalf("the dead end's status is shown over the lobby (%v)", err)
	}
}

// The tab's title follows the session's turn alerts: a ghost in the
// browser whose psychics wait for its visions reads "▲ your move ·
// Mysterium CODE" in the tab.
func TestRealBrowserTabTitleSaysYourMove(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	secret := webtestSecret()
	id, _ := web.PlayerID(secret)
	hub := h.srv.Hub()
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := hub.CreateTable(session.Identity{ID: id, Name: "Gus"}, session.TableSpec{Name: "title", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := hub.Table(info.Code)
	for _, c := range []game.Command{
		game.Sit{Seat: game.GhostSeat, Name: "Gus"},
		game.SetBot{Seat: 1, On: true},
		game.SetBot{Seat: 2, On: true},
	} {
		if err := tb.Submit(id, c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
	ctx, console := browse(t, 844, 390)
	var title string
	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/static/app.css"),
		chromedp.Evaluate(`localStorage.setItem('mysterium.secret', `+quote(secret)+`); localStorage.setItem('mysterium.name', 'Gus')`, nil),
		chromedp.Navigate(h.base+"/"+info.Code),
		chromedp.Title(&title),
	); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "CHOOSE YOUR SEAT", console)
	if strings.Contains(title, "your move") {
		t.Fatalf("the title %q before any move", title)
	}
	if err := tb.Submit(id, game.Start{}); err != nil {
		t.Fatal(err)
	}
	want := "▲ your move · Mysterium " + info.Code
	if err := chromedp.Run(ctx, chromedp.Poll(`document.title === `+quote(want), nil, chromedp.WithPollingTimeout(wait))); err != nil {
		_ = chromedp.Run(ctx, chromedp.Title(&title))
		t.Fatalf("the tab's title is %q, want %q: %v", title, want, err)
	}
}

func webtestSecret() string { return webtest.NewSecret() }

func quote(s string) string { return strconv.Quote(s) }
