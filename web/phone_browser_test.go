package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/server"
)

// phone is a headless chromium as a phone held upright: w x h CSS px,
// touch, mobile.
func phone(t *testing.T, w, h int64) (context.Context, *consoleLog) {
	t.Helper()
	ctx, console := browse(t, w, h)
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(w, h, chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	return ctx, console
}

// barLayout is where the key bar's shown buttons are.
type barLayout struct {
	Keys    []string  `json:"keys"`   // data-key, or the id
	Labels  []string  `json:"labels"` // accessible names
	Lefts   []float64 `json:"lefts"`
	Rights  []float64 `json:"rights"`
	Tops    []float64 `json:"tops"`
	Bottoms []float64 `json:"bottoms"`
	Heights []float64 `json:"heights"`
	W       float64   `json:"w"`
	H       float64   `json:"h"`
	Font    float64   `json:"font"`
	Cols    int       `json:"cols"`
}

const barJS = `(() => {
  const out = {keys: [], labels: [], lefts: [], rights: [], tops: [], bottoms: [], heights: [], w: innerWidth, h: innerHeight,
    font: parseFloat(getComputedStyle(document.querySelector('.xterm-rows')).fontSize), cols: window.mysteriumSize()[0]};
  for (const b of document.querySelectorAll('#keybar button')) {
    const r = b.getBoundingClientRect();
    if (!r.width) continue;
    out.keys.push(b.dataset.key || b.id); out.labels.push(b.getAttribute('aria-label') || b.textContent);
    out.lefts.push(r.left); out.rights.push(r.right); out.tops.push(r.top); out.bottoms.push(r.bottom); out.heights.push(r.height);
  }
  return out;
})()`

// check says what is wrong with the bar: a button off the screen or under
// 44 px, more than two rows, a key missing.
func (b barLayout) check(want ...string) []string {
	var bad []string
	rows := map[float64]bool{}
	for i, k := range b.Keys {
		if b.Lefts[i] < 0 || b.Rights[i] > b.W+0.5 || b.Tops[i] < 0 || b.Bottoms[i] > b.H+0.5 {
			bad = append(bad, fmt.Sprintf("%q is off the screen (%.0f..%.0f of %.0f)", k, b.Lefts[i], b.Rights[i], b.W))
		}
		if b.Heights[i] < 44 {
			bad = append(bad, fmt.Sprintf("%q is %.0f px tall", k, b.Heights[i]))
		}
		rows[b.Tops[i]] = true
	}
	if len(rows) > 2 {
		bad = append(bad, fmt.Sprintf("the bar has %d rows", len(rows)))
	}
	for _, w := range want {
		found := false
		for _, k := range b.Keys {
			found = found || k == w
		}
		if !found {
			bad = append(bad, fmt.Sprintf("no %q button on the screen", w))
		}
	}
	return bad
}

// A phone held upright (390x844 and 360x740, touch): the key bar holds
// the screen's own keys (the lobby's n, the seat picker's r, never the
// other's), ?, ⋯ and ⌨, on at most two rows, every button on the screen
// and at least 44 px tall; ⋯ shows P, L, T and A, on the screen too. The
// server says it draws for 42 columns upright (session.Fits), and the font
// is then at least 13 px. Screenshots go to $MYSTERIUM_SHOTS when set.
func TestRealPhoneUprightKeyBarFits(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	code := h.table(t)
	for _, size := range [][2]int64{{390, 844}, {360, 740}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			ctx, console := phone(t, size[0], size[1])
			bar := func() barLayout {
				t.Helper()
				var b barLayout
				if err := chromedp.Run(ctx, chromedp.Evaluate(barJS, &b)); err != nil {
					t.Fatal(err)
				}
				return b
			}
			shot := func(name string) {
				t.Helper()
				dir := os.Getenv("MYSTERIUM_SHOTS")
				if dir == "" {
					return
				}
				var png []byte
				if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("phone-%dx%d-%s.png", size[0], size[1], name)), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Run(ctx,
				chromedp.Navigate(h.base+"/"),
				chromedp.WaitVisible("#name", chromedp.ByID),
				chromedp.SendKeys("#name", "Uma", chromedp.ByID),
				chromedp.Click(`#ask button[type="submit"]`, chromedp.ByQuery),
				chromedp.WaitVisible(`#letters button[data-key="n"]`, chromedp.ByQuery),
			); err != nil {
				t.Fatal(err)
			}
			waitText(t, ctx, "TABLES", console)
			lobby := bar()
			if bad := lobby.check("n", "?", "more", "kbd"); bad != nil {
				t.Errorf("the lobby's bar: %s\n%+v", strings.Join(bad, "; "), lobby)
			}
			shot("lobby")

			if err := chromedp.Run(ctx,
				chromedp.Navigate(h.base+"/"+code),
				chromedp.WaitVisible(`#letters button[data-key="r"]`, chromedp.ByQuery),
			); err != nil {
				t.Fatal(err)
			}
			waitText(t, ctx, "CHOOSE YOUR SEAT", console)
			seats := bar()
			if bad := seats.check("r", "?", "more", "kbd"); bad != nil {
				t.Errorf("the seat picker's bar: %s\n%+v", strings.Join(bad, "; "), seats)
			}
			for _, k := range seats.Keys {
				if k == "n" {
					t.Errorf("the lobby's n is on the seat picker's bar: %v", seats.Keys)
				}
			}
			for i, k := range seats.Keys {
				if k == "r" && !strings.HasPrefix(seats.Labels[i], "r: ") {
					t.Errorf("r's button is labelled %q", seats.Labels[i])
				}
			}
			if err := chromedp.Run(ctx, chromedp.Click("#more", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}
			more := bar()
			for _, k := range []string{"P", "L", "T", "A"} {
				for _, b := range more.check(k) {
					if !strings.Contains(b, "rows") {
						t.Errorf("after ⋯: %s", b)
					}
				}
			}
			if err := chromedp.Run(ctx, chromedp.Click("#more", chromedp.ByID)); err != nil {
				t.Fatal(err)
			}

			shot("seats")
			// The server says it lays screens out for a phone held upright
			// (session.Fits): the page takes that size's font.
			if seats.Font < 13 || seats.Cols < 40 || seats.Cols > 56 {
				t.Errorf("the server draws for 42 columns upright, the page draws %d columns at %.0f px", seats.Cols, seats.Font)
			}
			if err := chromedp.Run(ctx,
				chromedp.Evaluate(`window.mysteriumControl({fits: [44, 20]})`, nil),
				chromedp.Poll(`parseFloat(getComputedStyle(document.querySelector('.xterm-rows')).fontSize) >= 13`, nil, chromedp.WithPollingTimeout(wait)),
			); err != nil {
				t.Errorf("a server that draws for 44 columns: the font stays under 13 px: %v", err)
			}
			if cols := bar().Cols; cols < 44 || cols > 56 {
				t.Errorf("a server that draws for 44 columns gets %d", cols)
			}
		})
	}
}

// The viewport lets a phone's pinch zoom in.
func TestPageAllowsPinchZoom(t *testing.T) {
	h := start(t, server.Limits{})
	page := get(t, h.base+"/")
	for _, no := range []string{"user-scalable=no", "maximum-scale"} {
		if strings.Contains(page, no) {
			t.Errorf("the page's viewport says %s", no)
		}
	}
}

// After P (the ⋯ button's), the linear mode's lines are in the browser's
// accessibility tree, in a polite live region, and the key buttons have
// names that say what they do.
func TestRealBrowserLinearModeReachesTheAccessibilityTree(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	h.table(t)
	ctx, console := browse(t, 844, 390)
	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/"),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.SendKeys("#name", "Vi", chromedp.ByID),
		chromedp.Click(`#ask button[type="submit"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "TABLES", console)
	if err := chromedp.Run(ctx,
		chromedp.Click("#more", chromedp.ByID),
		chromedp.Click(`#extra button[data-key="P"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	want := "by link" // the lobby's table, said as a line
	// The tree as the browser gives it to a screen reader (decoded here
	// by hand: this cdproto's types refuse some of the newer chromium's
	// values), asked again until it has the line: the browser updates it
	// after the page's own changes.
	type value struct {
		Value any `json:"value"`
	}
	type axTree struct {
		Nodes []struct {
			Role       *value `json:"role"`
			Name       *value `json:"name"`
			Properties []struct {
				Name  string `json:"name"`
				Value *value `json:"value"`
			} `json:"properties"`
		} `json:"nodes"`
	}
	str := func(v *value) string {
		if v == nil {
			return ""
		}
		return fmt.Sprint(v.Value)
	}
	var live, line, named bool
	var names []string
	var tree axTree
	for deadline := time.Now().Add(wait); !(live && line) && time.Now().Before(deadline); {
		tree = axTree{}
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			return cdp.Execute(ctx, accessibility.CommandGetFullAXTree, nil, &tree)
		})); err != nil {
			t.Fatal(err)
		}
		live, named, names = false, false, nil
		for _, n := range tree.Nodes {
			for _, p := range n.Properties {
				if p.Name == "live" && str(p.Value) == "polite" {
					live = true
				}
			}
			if str(n.Role) == "StaticText" && strings.Contains(str(n.Name), want) {
				line = true
			}
			if str(n.Role) == "button" {
				names = append(names, str(n.Name))
				if strings.HasPrefix(str(n.Name), "n: ") {
					named = true
				}
			}
		}
		if err := chromedp.Run(ctx, chromedp.Sleep(50*time.Millisecond)); err != nil { // polling the tree, not waiting for time
			t.Fatal(err)
		}
	}
	if !live || !line {
		var text string
		_ = chromedp.Run(ctx, chromedp.Evaluate(`window.mysteriumText()`, &text))
		t.Fatalf("after P the accessibility tree has a polite live region: %v, the line %q: %v (%d nodes); the terminal shows:\n%s", live, want, line, len(tree.Nodes), text)
	}
	if !named {
		t.Errorf("the n button has no name that says what it does: %q", names)
	}
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}
