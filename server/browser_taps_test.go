package server_test

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/game"
)

// A real browser at a desktop size, a psychic mid-round: a click on the
// third table card (xterm.js reports it; the session was asked for
// reports) puts the psychic's cursor on it, as →→ would, and the table
// sees the psychic point at it; a second click zooms it; one more closes
// the zoom. Then on a phone, a touch on the third card of the list
// selects it without calling up the on-screen keyboard.
func TestRealBrowserTapSelectsACard(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	chrome, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is not installed (.ci/run installs it with apt-get)")
		}
		t.Skip("chromium is not installed")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 3, browser: true})
	r.play(func(u game.Update) bool {
		v := u.View.Public()
		return v.Phase == game.PhaseVision && v.Psychics[0].ReceivedThisRound
	})
	p := r.psychic

	profile, _ := os.MkdirTemp("", "mysterium-chromium-")
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.UserDataDir(profile),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA(); _ = os.RemoveAll(profile) })

	screen := func(want string) string {
		t.Helper()
		var text string
		err := chromedp.Run(ctx,
			chromedp.Poll(`window.mysteriumText && window.mysteriumText().includes(`+jsString(want)+`)`, nil, chromedp.WithPollingTimeout(30*time.Second)),
			chromedp.Evaluate(`window.mysteriumText()`, &text))
		if err != nil {
			_ = chromedp.Run(ctx, chromedp.Evaluate(`window.mysteriumText ? window.mysteriumText() : ""`, &text))
			t.Fatalf("the page never showed %q: %v; it shows:\n%s", want, err, text)
		}
		return text
	}
	click := func(col, row int) {
		t.Helper()
		var xy []float64
		if err := chromedp.Run(ctx,
			chromedp.Evaluate(`window.mysteriumCell(`+strconv.Itoa(col)+`, `+strconv.Itoa(row)+`)`, &xy),
		); err != nil || len(xy) != 2 {
			t.Fatalf("cell %d,%d: %v %v", col, row, xy, err)
		}
		if err := chromedp.Run(ctx, chromedp.MouseClickXY(xy[0], xy[1], chromedp.ButtonType(input.Left))); err != nil {
			t.Fatal(err)
		}
	}

	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(1400, 900),
		chromedp.Navigate(p.web+"/static/app.css"),
		chromedp.Evaluate(`localStorage.setItem('mysterium.secret', '`+p.secret+`'); localStorage.setItem('mysterium.name', '`+p.name+`')`, nil),
		chromedp.Navigate(p.web+"/"+r.code),
	); err != nil {
		t.Fatal(err)
	}
	text := screen("ON THE TABLE")
	// The captions' row: " 1 title 2 title 3 title ...", one per card.
	col, row := -1, -1
	for i, line := range strings.Split(text, "\n") {
		if at := strings.Index(line, " 3 "); strings.HasPrefix(line, " 1 ") && strings.Contains(line, " 2 ") && at > 0 {
			col, row = utf8.RuneCountInString(line[:at])+1, i
			break
		}
	}
	if row < 0 {
		t.Fatalf("no row of captions on the page:\n%s", text)
	}

	click(col, row)
	u, _ := p.latest()
	v := u.View.Public()
	seat := v.SeatOf(p.id)
	colour, _ := seat.Colour()
	want := v.TableCards[v.Psychic(colour).Category][2]
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for pointed := false; !pointed; {
		u, _ := r.ghost.latest()
		for _, pt := range u.Pointing {
			pointed = pointed || (pt.Seat == seat && pt.Card == want)
		}
		if pointed {
			break
		}
		select {
		case <-r.changed:
		case <-deadline.C:
			t.Fatalf("the table never saw the browser's psychic point at %s: %v", want, u.Pointing)
		}
	}
	click(col, row)
	screen("Press esc to go back.")
	click(0, 0)
	screen("ON THE TABLE")

	// A phone in landscape: the 80x24-sized list of cards, a touch on
	// the third, which asks for no on-screen keyboard.
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(844, 390, chromedp.EmulateLandscape, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Reload(),
	); err != nil {
		t.Fatal(err)
	}
	text = screen("ON THE TABLE")
	row = -1
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " ▸"), "3 ") {
			row = i
		}
	}
	if row < 0 {
		t.Fatalf("no third card in the list:\n%s", text)
	}
	var xy []float64
	var inputMode string
	if err := chromedp.Run(ctx,
		chromedp.Evaluate(`window.mysteriumCell(4, `+strconv.Itoa(row)+`)`, &xy),
		chromedp.ActionFunc(func(ctx context.Context) error {
			if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: xy[0], Y: xy[1]}}).Do(ctx); err != nil {
				return err
			}
			return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
		}),
		chromedp.Poll(`window.mysteriumText().split('\n').some(l => l.startsWith('▸ 3 '))`, nil, chromedp.WithPollingTimeout(30*time.Second)),
		chromedp.Evaluate(`document.querySelector('.xterm-helper-textarea').getAttribute('inputmode')`, &inputMode),
	); err != nil {
		_ = chromedp.Run(ctx, chromedp.Evaluate(`window.mysteriumText()`, &text))
		t.Fatalf("a touch on the third card: %v; the page shows:\n%s", err, text)
	}
	if inputMode != "none" {
		t.Fatalf("after a touch the terminal's field asks for the %q keyboard", inputMode)
	}
}

// jsString quotes s for a JavaScript expression.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
