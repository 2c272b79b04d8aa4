package web_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/server"
)

// A page whose connection dropped while the server could not be reached
// tries again at once when the network comes back or the tab is shown
// again, not only when its back-off timer says so (it used to wait up to
// 30 s beside a server that was back). The page's own timer is made never
// to fire here, so only the events can bring it back.
func TestRealBrowserReconnectsWhenTheNetworkReturns(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	var down atomic.Bool
	var sockets atomic.Int32
	inner := h.web.Handler()
	var mu sync.Mutex
	var conns []net.Conn
	hs := httptest.NewUnstartedServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/ws" {
			if down.Load() {
				http.Error(rw, "down", http.StatusServiceUnavailable)
				return
			}
			sockets.Add(1)
		}
		inner.ServeHTTP(rw, r)
	}))
	// Every connection, kept to be cut (a socket's is hijacked: the
	// server's own CloseClientConnections no longer knows it).
	hs.Config.ConnState = func(c net.Conn, s http.ConnState) {
		if s == http.StateNew {
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}
	hs.Start()
	t.Cleanup(hs.Close)
	cut := func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
		conns = nil
	}
	ctx, console := browse(t, 844, 390)
	if err := chromedp.Run(ctx,
		chromedp.Navigate(hs.URL+"/static/app.css"),
		chromedp.Evaluate(`localStorage.setItem('mysterium.secret', `+quote(webtestSecret())+`); localStorage.setItem('mysterium.name', 'Rex')`, nil),
		chromedp.Navigate(hs.URL+"/"),
	); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "TABLES", console)
	for _, event := range []string{`window.dispatchEvent(new Event('online'))`, `document.dispatchEvent(new Event('visibilitychange'))`} {
		down.Store(true)
		before := sockets.Load()
		if err := chromedp.Run(ctx,
			// The screen wiped first, so that the lobby seen after the
			// reconnect is the new session's, not the one left behind.
			chromedp.Evaluate(`window.mysteriumWrite('\x1b[2J\x1b[H'); true`, nil),
			chromedp.Poll(`!window.mysteriumText().includes('TABLES')`, nil, chromedp.WithPollingTimeout(wait)),
			// The back-off's timer (a second or more): taken, never run.
			// Only that one: xterm.js schedules its writes with
			// setTimeout(f) too, and a write swallowed here left its
			// buffer waiting for ever, a blank terminal after the
			// reconnect (1 run in 3 under load).
			chromedp.Evaluate(`window.realSetTimeout = window.setTimeout; window.setTimeout = (f, ms, ...a) => ms >= 1000 ? 1 : window.realSetTimeout(f, ms, ...a); true`, nil),
			chromedp.ActionFunc(func(ctxt context.Context) error { cut(); return nil }),
			chromedp.Poll(`!document.getElementById('status').hidden`, nil, chromedp.WithPollingTimeout(wait)),
			chromedp.Evaluate(`window.setTimeout = window.realSetTimeout; true`, nil),
		); err != nil {
			t.Fatal(err)
		}
		down.Store(false)
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(event, nil),
			chromedp.Poll(`document.getElementById('status').hidden`, nil, chromedp.WithPollingTimeout(wait)),
		); err != nil {
			t.Fatalf("after %s the page did not connect again: %v", event, err)
		}
		// The new socket, and the lobby drawn on it.
		for deadline := time.Now().Add(wait); sockets.Load() <= before; {
			if time.Now().After(deadline) {
				t.Fatalf("after %s no new socket", event)
			}
			if err := chromedp.Run(ctx, chromedp.Sleep(20*time.Millisecond)); err != nil { // polling a counter, not waiting for time
				t.Fatal(err)
			}
		}
		waitText(t, ctx, "TABLES", console)
	}
}
