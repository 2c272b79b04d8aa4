package web_test

import (
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/server"
)

// loadBytes counts what the network carried for the page's loads (bytes
// as sent, compressed or not).
type loadBytes struct {
	mu    sync.Mutex
	bytes float64
	urls  map[network.RequestID]string
	sizes map[string]float64
}

func (l *loadBytes) listen(ev any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		l.urls[e.RequestID] = e.Request.URL
	case *network.EventLoadingFinished:
		l.bytes += e.EncodedDataLength
		l.sizes[l.urls[e.RequestID]] += e.EncodedDataLength
	}
}

func (l *loadBytes) take() (float64, map[string]float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, s := l.bytes, l.sizes
	l.bytes, l.sizes = 0, map[string]float64{}
	return b, s
}

// A phone on a bad network (400 ms, 400 kbit/s each way): the first visit
// carries the page and xterm.js gzipped, under 200 KB; a reload carries
// the page only (the scripts and styles are kept: their names change with
// their content), under 20 KB. The bytes and the seconds until the lobby
// shows are logged (the README's browser section has them).
func TestRealBrowserLoadsFastOnABadNetwork(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	ctx, console := browse(t, 844, 390)
	lb := &loadBytes{urls: map[network.RequestID]string{}, sizes: map[string]float64{}}
	chromedp.ListenTarget(ctx, lb.listen)
	secret := webtestSecret()
	if err := chromedp.Run(ctx,
		network.Enable(),
		chromedp.Navigate(h.base+"/static/xterm/LICENSE-xterm"),
		chromedp.Evaluate(`localStorage.setItem('mysterium.secret', `+quote(secret)+`); localStorage.setItem('mysterium.name', 'Net')`, nil),
		network.EmulateNetworkConditions(false, 400, 400_000/8, 400_000/8),
	); err != nil {
		t.Fatal(err)
	}
	lb.take()
	load := func(what string, do chromedp.Action) (float64, time.Duration) {
		t.Helper()
		begin := time.Now()
		if err := chromedp.Run(ctx, do); err != nil {
			t.Fatal(err)
		}
		waitText(t, ctx, "TABLES", console)
		took := time.Since(begin)
		// The socket's screen counts too: wait for the page's requests
		// to be done before reading the sum.
		var done bool
		if err := chromedp.Run(ctx, chromedp.Evaluate(`document.readyState === 'complete'`, &done)); err != nil || !done {
			t.Fatalf("%s: the page is not loaded (%v)", what, err)
		}
		b, sizes := lb.take()
		var parts []string
		for u, n := range sizes {
			parts = append(parts, u[strings.LastIndex(u, "/")+1:]+"="+strconv.Itoa(int(n)))
		}
		t.Logf("%s: %.1f KB over the network, %.1f s until the lobby shows (%s)", what, b/1000, took.Seconds(), strings.Join(parts, " "))
		return b, took
	}
	first, _ := load("first visit", chromedp.Navigate(h.base+"/"))
	again, _ := load("reload", chromedp.Reload())
	if first > 200_000 {
		t.Errorf("the first visit carried %.0f bytes", first)
	}
	if again > 20_000 {
		t.Errorf("a reload carried %.0f bytes", again)
	}
}
