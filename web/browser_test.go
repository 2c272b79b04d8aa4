package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/server"
)

// chromium finds Debian's chromium; without it the browser tests are
// skipped on a developer's machine but fail in CI (.ci/run installs it).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed (.ci/run installs it with apt-get)")
	}
	t.Skip("chromium is not installed")
	return ""
}

// browse starts a headless chromium (as root it needs --no-sandbox; the
// background-networking flags keep it off the network) with a phone-sized
// landscape viewport and touch.
func browse(t *testing.T, w, h int64) (context.Context, *consoleLog) {
	t.Helper()
	// Not t.TempDir: chromium's helpers may still be writing to their
	// profile when the test ends, and that is no failure of the test.
	profile, err := os.MkdirTemp("", "mysterium-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.UserDataDir(profile),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-sync", true),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA(); _ = os.RemoveAll(profile) })
	cl := &consoleLog{}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *log.EventEntryAdded:
			cl.add(e.Entry.Text)
		case *runtime.EventExceptionThrown:
			cl.add("exception: " + e.ExceptionDetails.Error())
		}
	})
	if err := chromedp.Run(ctx, log.Enable(), chromedp.EmulateViewport(w, h, chromedp.EmulateLandscape, chromedp.EmulateMobile, chromedp.EmulateTouch)); err != nil {
		t.Fatal(err)
	}
	return ctx, cl
}

// consoleLog keeps what the page's console and the browser's log said
// (a blocked resource or a CSP refusal shows there).
type consoleLog struct {
	mu    sync.Mutex
	lines []string
}

func (c *consoleLog) add(s string) {
	c.mu.Lock()
	c.lines = append(c.lines, s)
	c.mu.Unlock()
}

func (c *consoleLog) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.lines, "\n")
}

// waitText waits until the page's terminal shows want.
func waitText(t *testing.T, ctx context.Context, want string, console *consoleLog) string {
	t.Helper()
	var text string
	deadline := time.Now().Add(wait)
	for {
		if err := chromedp.Run(ctx, chromedp.Evaluate(`window.mysteriumText ? window.mysteriumText() : ""`, &text)); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(text, want) {
			return text
		}
		if time.Now().After(deadline) {
			var png []byte
			_ = chromedp.Run(ctx, chromedp.CaptureScreenshot(&png))
			_ = os.WriteFile(filepath.Join(os.TempDir(), "mysterium-browser-fail.png"), png, 0o644)
			t.Fatalf("the page's terminal never showed %q (screenshot in %s); it shows:\n%s\nconsole:\n%s", want, os.TempDir(), strings.TrimSpace(text), console)
		}
		if err := chromedp.Run(ctx, chromedp.Sleep(50*time.Millisecond)); err != nil { // polling the page, not waiting for time
			t.Fatal(err)
		}
	}
}

// A real browser on a phone-sized screen: it opens a table's link, is asked
// its name once, sees the seat picker, takes a seat with the on-screen key
// bar, and the terminal reads what the session drew. A screenshot of the
// phone viewport is written to $MYSTERIUM_SHOTS when set.
func TestRealBrowserTakesASeatWithTheKeyBar(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	code := h.table(t)
	tb, _ := h.srv.Hub().Table(code)
	ctx, console := browse(t, 844, 390)

	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/"+code),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.SendKeys("#name", "Zed", chromedp.ByID),
		chromedp.Click(`#ask button[type="submit"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "CHOOSE YOUR SEAT", console)
	waitText(t, ctx, code, console)
	var barShown bool
	if err := chromedp.Run(ctx, chromedp.Evaluate(`getComputedStyle(document.getElementById('keybar')).display !== 'none'`, &barShown)); err != nil {
		t.Fatal(err)
	}
	if !barShown {
		t.Fatal("the key bar is hidden on a phone-sized touch screen")
	}
	// ↓ then enter, tapped on the key bar: the first psychic's seat.
	if err := chromedp.Run(ctx,
		chromedp.Click(`#keybar button[data-key="down"]`, chromedp.ByQuery),
		chromedp.Click(`#keybar button[data-key="enter"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	waitTable(t, tb, "Zed sits in the first psychic's seat", func(u game.Update) bool {
		return strings.HasPrefix(string(u.View.Public().Seats[1].Player), "browser:")
	})
	waitText(t, ctx, "Press r when you are ready", console)
	// The seat picker's letter keys come from its key map as buttons: r
	// (ready) is one, and tapping it readies the seat.
	if err := chromedp.Run(ctx,
		chromedp.WaitVisible(`#letters button[data-key="r"]`, chromedp.ByQuery),
		chromedp.Click(`#letters button[data-key="r"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	waitTable(t, tb, "Zed is ready", func(u game.Update) bool { return u.View.Public().Seats[1].Ready })

	// The screen is drawn in its colours: the page's policy lets xterm.js
	// style its cells (with styles blocked, every cell reads the same).
	var colours int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const c = new Set(); document.querySelectorAll('.xterm-rows span').forEach(s => c.add(getComputedStyle(s).color)); return c.size })()`, &colours)); err != nil {
		t.Fatal(err)
	}
	if colours < 3 {
		t.Fatalf("the terminal's cells have %d colours: styles were blocked", colours)
	}
	// The terminal has at least 80x24 cells on the phone.
	var size []int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const r = document.querySelector('.xterm-rows'); return [r ? r.children.length : 0] })()`, &size)); err != nil {
		t.Fatal(err)
	}
	if len(size) != 1 || size[0] < 24 {
		t.Fatalf("the phone's terminal has %v rows, want at least 24", size)
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)); err != nil {
		t.Fatal(err)
	}
	if len(png) < 1000 {
		t.Fatalf("a %d-byte screenshot", len(png))
	}
	if dir := os.Getenv("MYSTERIUM_SHOTS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "browser-phone-test.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if c := console.String(); strings.Contains(c, "Refused") || strings.Contains(c, "exception") {
		t.Fatalf("the page's console:\n%s", c)
	}
}

// A phone in landscape (844x390, touch) goes from the lobby to a seat at a
// new table with taps and the on-screen key bar only, never the on-screen
// keyboard: a touch on a table of the lobby's list moves the cursor to it;
// the lobby's n is a button of the key bar (from the lobby's key map), as
// enter is; two touches on the form's edition choose modern; a touch on a seat of the new table's seat picker moves the
// cursor there and a second touch sits there; the seat picker's b, a
// button too, puts a bot in the ghost's seat. The phone's screenshot is
// written to $MYSTERIUM_SHOTS (phone-seat.png) when set.
func TestRealPhoneFromLobbyToSeatByTaps(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	h := start(t, server.Limits{})
	h.table(t)
	h.table(t)
	ctx, console := browse(t, 844, 390)
	touch := func(col, row int) {
		t.Helper()
		var xy []float64
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`window.mysteriumCell(`+strconv.Itoa(col)+`, `+strconv.Itoa(row)+`)`, &xy),
			chromedp.ActionFunc(func(ctx context.Context) error {
				if len(xy) != 2 {
					return fmt.Errorf("no cell %d,%d: %v", col, row, xy)
				}
				if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: xy[0], Y: xy[1]}}).Do(ctx); err != nil {
					return err
				}
				return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
			}),
		); err != nil {
			t.Fatal(err)
		}
	}
	// rowOf is the row of the first line showing text, and its column.
	rowOf := func(text, want string) (col, row int) {
		t.Helper()
		for i, line := range strings.Split(text, "\n") {
			if at := strings.Index(line, want); at >= 0 {
				return utf8.RuneCountInString(line[:at]), i
			}
		}
		t.Fatalf("%q is not on the page:\n%s", want, text)
		return 0, 0
	}
	// waitRow waits until the row showing want has the cursor (▸).
	waitRow := func(want string) {
		t.Helper()
		cond := `window.mysteriumText().split('\n').some(l => l.includes('▸') && l.includes(` + strconv.Quote(want) + `))`
		if err := chromedp.Run(ctx, chromedp.Poll(cond, nil, chromedp.WithPollingTimeout(wait))); err != nil {
			var text string
			_ = chromedp.Run(ctx, chromedp.Evaluate(`window.mysteriumText()`, &text))
			t.Fatalf("the cursor never came to %q: %v; the page shows:\n%s", want, err, text)
		}
	}
	// shot writes the phone's screen to $MYSTERIUM_SHOTS/name when set.
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
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	button := func(sel string) {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Click(sel, chromedp.ByQuery)); err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
	}

	if err := chromedp.Run(ctx,
		chromedp.Navigate(h.base+"/"),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.SendKeys("#name", "Pia", chromedp.ByID),
		chromedp.Click(`#ask button[type="submit"]`, chromedp.ByQuery),
	); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "TABLES", console)
	text := waitText(t, ctx, "by link", console)
	// The two tables have the same name: the second row is the one below
	// the first.
	col, row := rowOf(text, "by link")
	touch(col, row+1)
	if err := chromedp.Run(ctx, chromedp.Poll(`window.mysteriumText().split('\n')[`+strconv.Itoa(row+1)+`].includes('▸')`, nil,
		chromedp.WithPollingTimeout(wait))); err != nil {
		t.Fatalf("a touch on the second table did not move the cursor: %v", err)
	}

	// The lobby's keys are buttons: n opens the form, enter creates.
	shot("phone-lobby.png")
	button(`#letters button[data-key="n"]`)
	waitText(t, ctx, "NEW TABLE", console)
	// The form's name field has the keys: no letter button, which would
	// type into it (its named keys, enter, esc, tab, have buttons).
	if err := chromedp.Run(ctx, chromedp.Poll(`[...document.querySelectorAll('#letters button')].every(b => [...b.dataset.key].length > 1)`, nil,
		chromedp.WithPollingTimeout(wait))); err != nil {
		t.Fatalf("letter buttons stay while a text field has the keys: %v", err)
	}
	// Two touches on the edition: the next one, modern.
	col, row = rowOf(waitText(t, ctx, "Edition", console), "Edition")
	touch(col, row)
	waitRow("Edition")
	touch(col, row)
	waitText(t, ctx, "◂ modern ▸", console)
	button(`#keybar button[data-key="enter"]`)
	text = waitText(t, ctx, "CHOOSE YOUR SEAT", console)
	if !strings.Contains(strings.SplitN(text, "\n", 2)[0], "modern") {
		t.Fatalf("the new table is not modern:\n%s", text)
	}
	code := regexp.MustCompile(`MYSTERIUM +([A-Z0-9]{4})`).FindStringSubmatch(text)
	if code == nil {
		t.Fatalf("no table code on the page:\n%s", text)
	}
	tb, ok := h.srv.Hub().Table(code[1])
	if !ok {
		t.Fatalf("no table %s", code[1])
	}

	// The third psychic's seat, by two touches.
	third, _ := game.Seats[3].Colour()
	col, row = rowOf(text, third.Character())
	touch(col, row)
	waitRow(third.Character())
	touch(col, row)
	waitTable(t, tb, "Pia sits in the third psychic's seat", func(u game.Update) bool {
		return strings.HasPrefix(string(u.View.Public().Seats[3].Player), "browser:")
	})
	// A touch on the ghost's seat, then the host's b on the key bar.
	col, row = rowOf(text, "The ghost")
	touch(col, row)
	waitRow("The ghost")
	button(`#letters button[data-key="b"]`)
	waitTable(t, tb, "a bot haunts", func(u game.Update) bool { return u.View.Public().Seats[0].Bot })
	if err := chromedp.Run(ctx, chromedp.Poll(`window.mysteriumText().split('\n').some(l => l.includes('The ghost') && l.includes(' bot'))`, nil,
		chromedp.WithPollingTimeout(wait))); err != nil {
		t.Fatalf("the ghost's seat never showed its bot: %v", err)
	}

	var inputMode string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`document.querySelector('.xterm-helper-textarea').getAttribute('inputmode')`, &inputMode),
	); err != nil {
		t.Fatal(err)
	}
	if inputMode != "none" {
		t.Fatalf("the terminal's field asks for the %q keyboard", inputMode)
	}
	shot("phone-seat.png")
	if c := console.String(); strings.Contains(c, "Refused") || strings.Contains(c, "exception") {
		t.Fatalf("the page's console:\n%s", c)
	}
}
