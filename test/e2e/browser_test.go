package e2e

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/input"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/rogpeppe/go-internal/testscript"
)

// browserRun is a browser player of a scenario, playing in the background.
type browserRun struct {
	cancel func()
	done   chan struct{}
	err    error
	shots  string          // where its screenshots go
	log    strings.Builder // written by the player until done
}

// cmdBrowser starts a psychic in headless chromium (at 1400x900, the
// terminal larger than 120x40 cells): it opens the table's link, gives its
// name, takes seat N (the picker's row; 0 is the ghost), and then does what
// its status line asks, placing its intuitions and votes with taps on the
// cards (mouse reports) and the rest with keys, until the end screen. With
// -shots DIR, at hour II it takes the desktop window and a phone in
// landscape (844x390) as DIR/browser.png and DIR/browser-phone.png (and,
// with -screens, the README's, copied there by browser -wait).
func cmdBrowser(ts *testscript.TestScript, neg bool, args []string) {
	w := get(ts)
	if len(args) == 2 && args[0] == "-wait" {
		b := w.browsers[args[1]]
		if b == nil {
			ts.Fatalf("no browser %q", args[1])
		}
		<-b.done
		fmt.Fprint(ts.Stdout(), b.log.String())
		if *screens != "" && b.shots != "" && b.err == nil {
			for _, f := range []string{"browser.png", "browser-phone.png"} {
				png, err := os.ReadFile(filepath.Join(b.shots, f))
				ts.Check(err)
				ts.Check(os.MkdirAll(*screens, 0o755))
				ts.Check(os.WriteFile(filepath.Join(*screens, f), png, 0o644))
				fmt.Fprintln(ts.Stdout(), filepath.Join(*screens, f))
			}
		}
		if (b.err != nil) != neg {
			w.fatalf(ts, "browser %s: %v\n--- its log:\n%s", args[1], b.err, b.log.String())
		}
		return
	}
	if neg {
		ts.Fatalf("unsupported: ! browser (but ! browser -wait)")
	}
	seat, shots := 2, ""
	for len(args) > 1 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-seat":
			n, err := strconv.Atoi(args[1])
			ts.Check(err)
			seat = n
		case "-shots":
			shots = ts.MkAbs(args[1])
			ts.Check(os.MkdirAll(shots, 0o755))
		default:
			ts.Fatalf("browser: unknown flag %s", args[0])
		}
		args = args[2:]
	}
	if len(args) != 2 {
		ts.Fatalf("usage: browser [-seat N] [-shots DIR] NAME TABLE")
	}
	web := ts.Getenv("WEB")
	if web == "" {
		ts.Fatalf("browser: no $WEB (start the server with --web 127.0.0.1:0)")
	}
	name, table := args[0], args[1]
	ctx, cancel := context.WithCancel(context.Background())
	b := &browserRun{cancel: cancel, done: make(chan struct{}), shots: shots}
	w.browsers[name] = b
	go func() {
		defer close(b.done)
		p, err := openBrowser(ctx, 8*time.Minute, &b.log)
		if err != nil {
			b.err = err
			return
		}
		defer p.close()
		if err := p.play("http://"+web, table, name, seat, shots); err != nil {
			b.err = fmt.Errorf("%w\n--- the page shows:\n%s", err, p.text())
		}
	}()
}

// player is one headless chromium with the game's page.
type browserPlayer struct {
	ctx   context.Context
	close func()
	log   io.Writer
}

func openBrowser(ctx context.Context, limit time.Duration, log io.Writer) (*browserPlayer, error) {
	profile, err := os.MkdirTemp("", "mysterium-browserplayer-")
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.UserDataDir(profile), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
	if path := os.Getenv("CHROMIUM"); path != "" {
		opts = append(opts, chromedp.ExecPath(path))
	}
	actx, cancelA := chromedp.NewExecAllocator(ctx, opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, limit)
	return &browserPlayer{ctx: ctx, log: log, close: func() { cancelT(); cancelC(); cancelA(); _ = os.RemoveAll(profile) }}, nil
}

// desktop is the window the game is played in: 1400x900 gives the
// terminal more than 120x40 cells, the one-screen layout.
func (p *browserPlayer) desktop() error {
	return chromedp.Run(p.ctx, chromedp.EmulateViewport(1400, 900))
}

func (p *browserPlayer) play(base, table, name string, seat int, shots string) error {
	if err := p.desktop(); err != nil {
		return err
	}
	if err := chromedp.Run(p.ctx,
		chromedp.Navigate(base+"/"+table),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.SendKeys("#name", name, chromedp.ByID),
		chromedp.Click(`#ask button[type="submit"]`, chromedp.ByQuery),
	); err != nil {
		return err
	}
	if err := p.wait("CHOOSE YOUR SEAT", time.Minute); err != nil {
		return err
	}
	for range seat {
		p.keys("j")
	}
	p.keys("\r")
	if err := p.wait("(you)", 30*time.Second); err != nil {
		return err
	}
	p.keys("r") // ready
	fmt.Fprintln(p.log, "seated at", table)

	shot := shots == ""
	tries, lastStatus := 0, ""
	for {
		text := p.text()
		if strings.Contains(text, "THE PSYCHICS WON") || strings.Contains(text, "THE PSYCHICS LOST") {
			for _, l := range strings.Split(text, "\n") {
				if i := strings.Index(l, "THE PSYCHICS"); i >= 0 {
					fmt.Fprintln(p.log, strings.TrimSpace(l[i:]))
					break
				}
			}
			return nil
		}
		if !shot && strings.Contains(text, "HOUR II") && strings.Contains(text, "knock knock") {
			// The pictures wait for the knock's banner to be over.
			p.changes(text, time.Second)
			continue
		}
		if !shot && strings.Contains(text, "HOUR II") && strings.Contains(pageStatus(text), "Place your intuition") {
			// Mid-game, the cursor moved by a tap first, so that the
			// pictures show a chosen card.
			p.tapCard(text, 2)
			p.settle(text)
			if err := p.screenshots(shots, base, table); err != nil {
				return err
			}
			shot = true
			continue
		}
		s := pageStatus(text)
		if s != lastStatus {
			tries, lastStatus = 0, s
		}
		switch {
		case strings.HasPrefix(s, "Place your intuition"):
			// A tap on a card, then i; a card another psychic holds is
			// refused, and the next try taps the next card.
			if p.tapCard(text, tries) {
				p.keys("i")
			}
			tries++
		case strings.HasPrefix(s, "Press r when"):
			p.keys("r")
		case strings.HasPrefix(s, "Vote now"), strings.HasPrefix(s, "Vote for a group"):
			if p.tapGroup(text, 1) {
				p.keys("v")
			}
		}
		if err := p.ctx.Err(); err != nil {
			return errors.New("the game did not end in time")
		}
		p.changes(text, time.Second) // or, when nothing moves, try again
	}
}

// changes waits until the page's terminal shows something else than
// text, for d at most.
func (p *browserPlayer) changes(text string, d time.Duration) {
	_ = chromedp.Run(p.ctx, chromedp.Poll(`window.mysteriumText && window.mysteriumText() !== `+strconv.Quote(text), nil, chromedp.WithPollingTimeout(d)))
}

// settle waits for a tap's frame (the page showing something else than
// text, a second at most), then for the fonts and two animation frames,
// so that a picture shows the page drawn.
func (p *browserPlayer) settle(text string) {
	p.changes(text, time.Second)
	var ok bool
	_ = chromedp.Run(p.ctx, chromedp.Evaluate(`document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))))`, &ok,
		func(e *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams { return e.WithAwaitPromise(true) }))
}

// screenshots takes the desktop window, then a phone in landscape (the
// same page reloaded at 844x390 with touch), then goes back to the desktop.
func (p *browserPlayer) screenshots(dir, base, table string) error {
	var png []byte
	if err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot(&png)); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "browser.png"), png, 0o644); err != nil {
		return err
	}
	if err := chromedp.Run(p.ctx,
		chromedp.EmulateViewport(844, 390, chromedp.EmulateLandscape, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(base+"/"+table),
	); err != nil {
		return err
	}
	if err := p.wait("ON THE TABLE", 30*time.Second); err != nil {
		return err
	}
	text := p.text()
	p.tapCard(text, 2)
	p.settle(text)
	if err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot(&png)); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "browser-phone.png"), png, 0o644); err != nil {
		return err
	}
	fmt.Fprintln(p.log, "screenshots in", dir)
	if err := chromedp.Run(p.ctx, chromedp.EmulateViewport(1400, 900, chromedp.EmulatePortrait), chromedp.Navigate(base+"/"+table)); err != nil {
		return err
	}
	return p.wait("ON THE TABLE", 30*time.Second)
}

// text is what the page's terminal shows.
func (p *browserPlayer) text() string {
	var s string
	_ = chromedp.Run(p.ctx, chromedp.Evaluate(`window.mysteriumText ? window.mysteriumText() : ""`, &s))
	return s
}

func (p *browserPlayer) wait(want string, d time.Duration) error {
	return chromedp.Run(p.ctx, chromedp.Poll(`window.mysteriumText && window.mysteriumText().includes(`+strconv.Quote(want)+`)`, nil, chromedp.WithPollingTimeout(d)))
}

// keys types into the page's terminal, as the keyboard does.
func (p *browserPlayer) keys(k string) {
	_ = chromedp.Run(p.ctx, chromedp.Focus(".xterm-helper-textarea", chromedp.ByQuery), chromedp.KeyEvent(k))
}

// tap clicks cell (col, row) of the terminal.
func (p *browserPlayer) tap(col, row int) bool {
	var xy []float64
	if err := chromedp.Run(p.ctx, chromedp.Evaluate(fmt.Sprintf(`window.mysteriumCell(%d, %d)`, col, row), &xy)); err != nil || len(xy) != 2 {
		return false
	}
	return chromedp.Run(p.ctx, chromedp.MouseClickXY(xy[0], xy[1], chromedp.ButtonType(input.Left))) == nil
}

// tapCard taps the table card numbered n+1 (counting on from the last
// when there are fewer): its caption under its picture at a large size,
// its row in the list at a small one.
func (p *browserPlayer) tapCard(text string, n int) bool {
	lines := strings.Split(text, "\n")
	for k := n + 1; k >= 1; k-- {
		label := strconv.Itoa(k) + " "
		for row, l := range lines {
			// The large layout: a row of captions " 1 title 2 title ...".
			if strings.HasPrefix(l, " 1 ") && k > 1 {
				if at := strings.Index(l, " "+label); at > 0 {
					return p.tap(utf8.RuneCountInString(l[:at])+1, row)
				}
			}
			// The small layout's list: "▸ 1 title" or "  2 title".
			if strings.HasPrefix(strings.TrimLeft(l, " ▸"), label) && strings.Contains(text, "ON THE TABLE") && row > 3 && row < len(lines)-2 {
				return p.tap(4, row)
			}
		}
	}
	return false
}

// tapGroup taps the line of suspect group n in the final.
func (p *browserPlayer) tapGroup(text string, n int) bool {
	lines := strings.Split(text, "\n")
	in := false
	for row, l := range lines {
		if strings.Contains(l, "SUSPECT GROUPS") {
			in = true
			continue
		}
		if in && strings.HasPrefix(strings.TrimLeft(l, " ▸✓☠"), strconv.Itoa(n)+" ") {
			return p.tap(4, row)
		}
	}
	return false
}

// status is the terminal's last line that is not blank: the status line.
func pageStatus(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n "), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if s := strings.TrimSpace(lines[i]); s != "" {
			return s
		}
	}
	return ""
}
