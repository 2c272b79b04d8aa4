package web_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/term/graphics"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// phoneLook is what a player sees of the page on a phone: the text's size,
// the terminal's place, the page's scroll and every shown key button.
type phoneLook struct {
	Font       float64     `json:"font"`
	W          float64     `json:"w"`
	H          float64     `json:"h"`
	ScrollW    float64     `json:"scrollW"`
	ScrollH    float64     `json:"scrollH"`
	Cols       int         `json:"cols"`
	Rows       int         `json:"rows"`
	TermBottom float64     `json:"termBottom"`
	TermRight  float64     `json:"termRight"`
	CellW      float64     `json:"cellW"`
	CellH      float64     `json:"cellH"`
	Keys       []string    `json:"keys"`
	Boxes      [][]float64 `json:"boxes"` // left, top, right, bottom
	Letters    int         `json:"letters"`
	Shown      int         `json:"shown"`
	Spilled    int         `json:"spilled"`    // the screen's keys in the ⋯ panel
	SpillShown int         `json:"spillShown"` // those shown (the panel is open)
	Above      int         `json:"above"`      // the terminal's rows above its screen
	BarRows    int         `json:"barRows"`
}

const lookJS = `(() => {
  const s = document.querySelector('.xterm-screen').getBoundingClientRect();
  const size = window.mysteriumSize();
  const o = {font: parseFloat(getComputedStyle(document.querySelector('.xterm-rows')).fontSize), w: innerWidth, h: innerHeight,
    scrollW: document.scrollingElement.scrollWidth, scrollH: document.scrollingElement.scrollHeight,
    cols: size[0], rows: size[1], termBottom: s.bottom, termRight: s.right, cellW: s.width / size[0], cellH: s.height / size[1],
    keys: [], boxes: [], letters: document.querySelectorAll('#letters button, #spill button').length, shown: 0,
    spilled: document.querySelectorAll('#spill button').length, spillShown: 0, barRows: 0};
  const tops = new Set();
  for (const b of document.querySelectorAll('#keybar button')) {
    const r = b.getBoundingClientRect();
    if (!r.width) continue;
    if (b.parentElement.id === 'letters') o.shown++;
    if (b.parentElement.id === 'spill') o.spillShown++;
    if (!b.closest('#extra')) tops.add(Math.round(r.top));
    o.keys.push(b.dataset.key || b.id); o.boxes.push([r.left, r.top, r.right, r.bottom]);
  }
  o.barRows = tops.size;
  o.above = window.mysteriumText().split('\n').length - size[1];
  return o;
})()`

// check says what a player would find wrong: text under 13 px, a page
// that scrolls, a terminal with rows above its screen (it would scroll),
// the terminal under the key bar or off the screen, a key bar
// of more than two rows, a key of the screen neither on the bar nor in the
// ⋯ panel, a key off the screen, a button under 44 px. With the ⋯ panel
// open (open), its keys may cover the terminal.
func (l phoneLook) check(open bool) []string {
	var bad []string
	if l.Font < 13 {
		bad = append(bad, fmt.Sprintf("the text is %.0f px", l.Font))
	}
	if l.ScrollW > l.W+0.5 || l.ScrollH > l.H+0.5 {
		bad = append(bad, fmt.Sprintf("the page scrolls: %.0fx%.0f in %.0fx%.0f", l.ScrollW, l.ScrollH, l.W, l.H))
	}
	if l.TermRight > l.W+0.5 || l.TermBottom > l.H+0.5 {
		bad = append(bad, fmt.Sprintf("the terminal ends at %.0f,%.0f off a %.0fx%.0f screen", l.TermRight, l.TermBottom, l.W, l.H))
	}
	if l.Above > 0 {
		bad = append(bad, fmt.Sprintf("the terminal keeps %d rows above its screen (a scroll bar shows)", l.Above))
	}
	if l.BarRows > 2 {
		bad = append(bad, fmt.Sprintf("the key bar has %d rows", l.BarRows))
	}
	if l.Shown+l.Spilled != l.Letters || (l.Spilled > 0 && !slices.Contains(l.Keys, "more")) {
		bad = append(bad, fmt.Sprintf("%d of the screen's %d keys on the bar, %d in the ⋯ panel", l.Shown, l.Letters, l.Spilled))
	}
	if open && l.SpillShown != l.Spilled {
		bad = append(bad, fmt.Sprintf("the ⋯ panel shows %d of the screen's %d other keys", l.SpillShown, l.Spilled))
	}
	for i, k := range l.Keys {
		b := l.Boxes[i]
		if b[0] < -0.5 || b[1] < -0.5 || b[2] > l.W+0.5 || b[3] > l.H+0.5 {
			bad = append(bad, fmt.Sprintf("%q is off the screen (%.0f,%.0f-%.0f,%.0f)", k, b[0], b[1], b[2], b[3]))
		}
		if b[3]-b[1] < 44 || b[2]-b[0] < 44 {
			bad = append(bad, fmt.Sprintf("%q is %.0fx%.0f px", k, b[2]-b[0], b[3]-b[1]))
		}
		if b[1] < l.TermBottom-0.5 && !open {
			bad = append(bad, fmt.Sprintf("%q covers the terminal", k))
		}
	}
	return bad
}

// A phone held upright, 390x844 and 360x740 with touch, plays a whole
// game with taps only: it gives its name, chooses between the lobby's two
// tables by taps, opens the table's invitation link, sits by tapping its
// seat, and plays every hour (a tap on a card, then the key bar's i and r)
// and the final vote (v) to the end screen, against bots (the ghost and
// two psychics). On every screen it meets: text of 13 px or more, no
// scrolling, a key bar of two rows at most, every key of the screen on it
// or in its ⋯ panel and on the screen when that is open, every button and
// every card it taps at least 44 px, and every line it taps (a table, a
// seat) taking taps 22 px above and under its middle. Screenshots of each screen go to $MYSTERIUM_SHOTS
// when set (docs/screens/phone-*.png are from it).
func TestRealPhoneUprightPlaysAWholeGameByTaps(t *testing.T) {
	if testing.Short() {
		t.Skip("a real browser")
	}
	for _, size := range [][2]int64{{390, 844}, {360, 740}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			phoneGame(t, size[0], size[1], false)
		})
	}
	// The ghost's whole game, on the smaller phone: visions given by taps
	// on the hand's cards and the key bar's g, the results revealed (a),
	// the shared vision chosen the same way.
	t.Run("ghost/360x740", func(t *testing.T) { phoneGame(t, 360, 740, true) })
}

// phoneGame plays a whole game on a w x h phone, as a psychic (against a
// bot ghost) or as the ghost (against bot psychics).
func phoneGame(t *testing.T, w, h int64, asGhost bool) {
	hs := start(t, server.Limits{})
	hs.srv.SetWebLink(func(code string) string { return hs.base + "/" + code })
	host := session.Identity{ID: "SHA256:host", Name: "host"}
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := hs.srv.Hub().CreateTable(host, session.TableSpec{Name: "phone", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	// Another table, so that the lobby's list has two lines to tell apart.
	if _, err := hs.srv.Hub().CreateTable(session.Identity{ID: "SHA256:other", Name: "other"}, session.TableSpec{Name: "spare", Options: opts}); err != nil {
		t.Fatal(err)
	}
	tb, _ := hs.srv.Hub().Table(info.Code)
	// Expert psychics, so that the game reaches the final.
	bots := []game.Command{game.SetBot{Seat: game.GhostSeat, On: true},
		game.SetBot{Seat: 1, On: true, Level: game.BotExpert}, game.SetBot{Seat: 2, On: true, Level: game.BotExpert}}
	seat, shot := game.Purple.Character(), ""
	if asGhost {
		bots[0] = game.SetBot{Seat: 3, On: true, Level: game.BotExpert}
		seat, shot = "The ghost", "ghost-"
	}
	for _, c := range bots {
		if err := tb.Submit(host.ID, c); err != nil {
			t.Fatal(err)
		}
	}
	// The test plays well: it reads the phone's card from the ghost's view
	// (the bot ghost's), so that the game reaches the final.
	ghost := game.BotPlayer(game.GhostSeat)
	answer := func() int {
		sub := tb.Subscribe(ghost)
		defer sub.Close()
		sctx, cancel := context.WithTimeout(context.Background(), wait)
		defer cancel()
		u, err := sub.Next(sctx)
		if err != nil {
			t.Fatal(err)
		}
		gv, ok := u.View.(*game.GhostView)
		if !ok {
			t.Fatalf("the ghost's view is a %T", u.View)
		}
		for _, p := range gv.Psychics {
			for _, tr := range gv.Trails {
				if p.Colour != game.Purple || tr.Psychic != game.Purple {
					continue
				}
				for i, c := range gv.TableCards[p.Category] {
					if c == tr.Cards[p.Category] {
						return i + 1
					}
				}
			}
		}
		return 0
	}
	inv, err := hs.srv.Hub().Invite(host, info.Code)
	if err != nil || inv.Link == "" {
		t.Fatalf("no invitation link: %v %+v", err, inv)
	}

	ctx, console := phone(t, w, h)
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	text := func() string {
		var s string
		_ = chromedp.Run(ctx, chromedp.Evaluate(`window.mysteriumText ? window.mysteriumText() : ""`, &s))
		return s
	}
	touchXY := func(x, y float64) {
		t.Helper()
		if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
			if err := input.DispatchTouchEvent(input.TouchStart, []*input.TouchPoint{{X: x, Y: y}}).Do(ctx); err != nil {
				return err
			}
			return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
		})); err != nil {
			t.Fatal(err)
		}
	}
	look := func() phoneLook {
		t.Helper()
		var l phoneLook
		if err := chromedp.Run(ctx, chromedp.Evaluate(lookJS, &l)); err != nil {
			t.Fatal(err)
		}
		return l
	}
	// button taps the key bar's button for key (as a finger would, at
	// its middle), after checking it is at least 44 px. A screen that has
	// moved on meanwhile has no such button: false.
	tapSel := func(sel, name string) bool {
		t.Helper()
		var box []float64
		bctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := chromedp.Run(bctx,
			chromedp.WaitVisible(sel, chromedp.ByQuery),
			chromedp.Evaluate(`(() => { const r = document.querySelector(`+strconv.Quote(sel)+`).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`, &box),
		); err != nil {
			return false
		}
		if box[2]-box[0] < 44 || box[3]-box[1] < 44 {
			t.Errorf("the %s button is %.0fx%.0f px", name, box[2]-box[0], box[3]-box[1])
		}
		touchXY((box[0]+box[2])/2, (box[1]+box[3])/2)
		return true
	}
	// A key the bar has no room for is in the ⋯ panel: ⋯ opens it.
	button := func(key string) bool {
		t.Helper()
		var spilled bool
		_ = chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`!document.querySelector('#letters button[data-key=%q]') && !!document.querySelector('#spill button[data-key=%q]')`, key, key), &spilled))
		if spilled && !tapSel("#more", "⋯") {
			return false
		}
		return tapSel(fmt.Sprintf(`#keybar button[data-key=%q]`, key), key)
	}
	// lineWith is the row of s that holds text, -1 for none.
	lineWith := func(s, text string) int {
		for row, line := range strings.Split(s, "\n") {
			if strings.Contains(line, text) {
				return row
			}
		}
		return -1
	}
	// tapLine taps the terminal's line that holds what, dy px above or
	// below its middle: a line target must take taps 44 px tall.
	tapLine := func(what string, dy float64) {
		t.Helper()
		s := text()
		row := lineWith(s, what)
		if row < 0 {
			t.Fatalf("%q is not on the screen:\n%s", what, s)
		}
		// The text holds the lines above the screen too.
		row -= strings.Count(s, "\n") + 1 - look().Rows
		var xy []float64
		if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`window.mysteriumCell(10, %d)`, row), &xy)); err != nil || len(xy) != 2 {
			t.Fatalf("no cell for row %d: %v", row, err)
		}
		touchXY(xy[0], xy[1]+dy)
	}
	// chosen waits until the ▸ is on the line that holds text.
	chosen := func(how, what string) {
		t.Helper()
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		js := fmt.Sprintf(`window.mysteriumText().split('\n').some((l) => l.includes(%q) && l.trim().startsWith('▸'))`, what)
		if err := chromedp.Run(cctx, chromedp.Poll(js, nil)); err != nil {
			t.Errorf("%s: the ▸ is not on %q after the tap:\n%s", how, what, text())
		}
	}
	seen := map[string]bool{}
	// screen measures the screen the first time it shows and takes its
	// picture.
	screen := func(name string) {
		t.Helper()
		name = shot + name
		if seen[name] {
			return
		}
		seen[name] = true
		// The key bar follows the frame: measured once it holds the keys.
		_ = chromedp.Run(ctx, chromedp.Poll(`document.querySelectorAll('#letters button').length > 0`, nil, chromedp.WithPollingTimeout(wait)))
		l := look()
		if bad := l.check(false); bad != nil {
			t.Errorf("%s at %dx%d: %s\n%+v\n%s", name, w, h, strings.Join(bad, "; "), l, text())
		}
		t.Logf("%s: %d x %d cells at %.0f px, %d keys (%d in ⋯), %d rows of keys", name, l.Cols, l.Rows, l.Font, l.Letters, l.Spilled, l.BarRows)
		// The ⋯ panel: the screen's keys the bar has no room for, then
		// P, L, T, A and the named keys, all on the screen, and ⋯ again
		// closes it.
		if !tapSel("#more", "⋯") {
			t.Fatalf("%s: no ⋯ button", name)
		}
		if err := chromedp.Run(ctx, chromedp.WaitVisible(`#extra button[data-key="P"]`, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if o := look(); o.check(true) != nil {
			t.Errorf("%s at %dx%d with ⋯ open: %s\n%+v", name, w, h, strings.Join(o.check(true), "; "), o)
		}
		tapSel("#more", "⋯")
		if err := chromedp.Run(ctx, chromedp.WaitNotVisible(`#extra button[data-key="P"]`, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("MYSTERIUM_SHOTS"); dir != "" {
			var png []byte
			if err := chromedp.Run(ctx, chromedp.Sleep(300*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil { // the fonts settle before the picture
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("phone-%dx%d-%s.png", w, h, name)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	// tapCard taps the picture of table card n (1-based) above its
	// caption, after checking the card is at least 44 px each way.
	tapCard := func(s string, n int) bool {
		t.Helper()
		lines := strings.Split(s, "\n")
		lines = lines[max(0, len(lines)-look().Rows):] // the screen's, not those above it
		heading := -1
		var captions []int // the rows of the cards' captions, under their pictures
		numbered := regexp.MustCompile(`^ \d+ \S`)
		for row, line := range lines {
			if heading >= 0 && strings.Contains(line, "VISION OF") {
				break // the table's cards end there
			}
			switch {
			case strings.Contains(line, "ON THE TABLE"):
				heading = row
			case heading >= 0 && numbered.MatchString(line) && (len(captions) == 0 || row > captions[len(captions)-1]+1):
				captions = append(captions, row)
			}
		}
		caption := regexp.MustCompile(`(^| )` + strconv.Itoa(n) + ` \S`)
		for k, row := range captions {
			loc := caption.FindStringIndex(lines[row])
			if loc == nil {
				continue
			}
			col := utf8.RuneCountInString(lines[row][:loc[0]]) + 1
			top := heading + 1
			if k > 0 {
				top = captions[k-1] + 2
			}
			l := look()
			wide, tall := 8*l.CellW, float64(row-top+1)*l.CellH
			if wide < 44 || tall < 44 {
				t.Errorf("card %d is %.0fx%.0f px", n, wide, tall)
			}
			var xy []float64
			if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`window.mysteriumCell(%d, %d)`, col+2, (top+row)/2), &xy)); err != nil || len(xy) != 2 {
				t.Fatalf("no cell for card %d: %v", n, err)
			}
			touchXY(xy[0], xy[1])
			return true
		}
		return false
	}
	// has reports whether the key bar has a button for key now.
	has := func(key string) bool {
		var ok bool
		_ = chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`!!document.querySelector('#letters button[data-key=%q]')`, key), &ok))
		return ok
	}
	status := func(s string) string {
		lines := strings.Split(strings.TrimRight(s, "\n "), "\n")
		for i := len(lines) - 1; i >= 0; i-- {
			if l := strings.TrimSpace(lines[i]); l != "" {
				return l
			}
		}
		return ""
	}

	// The lobby first, where the name is asked (a visitor types it), then
	// the invitation's link.
	if err := chromedp.Run(ctx,
		chromedp.Navigate(hs.base+"/"),
		chromedp.WaitVisible("#name", chromedp.ByID),
		chromedp.SendKeys("#name", "Ivy", chromedp.ByID),
	); err != nil {
		t.Fatal(err)
	}
	var box []float64
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const r = document.querySelector('#ask button[type="submit"]').getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()`, &box)); err != nil {
		t.Fatal(err)
	}
	if box[3]-box[1] < 44 {
		t.Errorf("the name form's button is %.0f px tall", box[3]-box[1])
	}
	touchXY((box[0]+box[2])/2, (box[1]+box[3])/2)
	waitText(t, ctx, "phone", console)
	waitText(t, ctx, "spare", console)
	screen("lobby")
	// The lobby's tables take taps 44 px tall: 22 px under the middle of
	// a table's first line, and 22 px above, choose it (the first tap on
	// a table chooses it; another would join it).
	other, first := "spare", "phone"
	if onIt := lineWith(text(), "spare"); onIt >= 0 && strings.HasPrefix(strings.TrimSpace(strings.Split(text(), "\n")[onIt]), "▸") {
		other, first = first, other
	}
	tapLine(other, 22)
	chosen("a tap 22 px under a table's line", other)
	tapLine(first, -22)
	chosen("a tap 22 px above a table's line", first)
	if err := chromedp.Run(ctx, chromedp.Navigate(inv.Link)); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "CHOOSE YOUR SEAT", console)
	screen("seats")
	// The first psychic's seat, a target 44 px tall as well: a tap 22 px
	// above the middle of its line chooses it, another 22 px under sits.
	if asGhost {
		// The ghost's row is the first, where the ▸ is: a tap on it sits.
		tapLine(seat, 22)
	} else {
		tapLine(seat, -22)
		chosen("a tap 22 px above a seat's line", seat)
		tapLine(seat, 22)
	}
	waitText(t, ctx, "You sit as", console)
	if err := tb.Submit(host.ID, game.Start{}); err != nil {
		t.Fatal(err)
	}

	// tapHand taps the picture of the ghost's hand card n (1-based),
	// above its caption.
	tapHand := func(s string, n int) bool {
		t.Helper()
		lines := strings.Split(s, "\n")
		off := len(lines) - look().Rows
		caption := regexp.MustCompile(`(^| )` + strconv.Itoa(n) + ` V\d`)
		hand := false
		for row, line := range lines {
			if strings.Contains(line, "your hand") || strings.Contains(line, "YOUR HAND") {
				hand = true
			}
			loc := caption.FindStringIndex(line)
			if !hand || loc == nil {
				continue
			}
			col := utf8.RuneCountInString(line[:loc[0]]) + 1
			var xy []float64
			if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`window.mysteriumCell(%d, %d)`, col+2, row-off-2), &xy)); err != nil || len(xy) != 2 {
				t.Fatalf("no cell for hand card %d: %v", n, err)
			}
			touchXY(xy[0], xy[1])
			return true
		}
		return false
	}
	selected := regexp.MustCompile(`\((\d+) s`) // the status line may be cut after it
	// ghostTurn does what the ghost's status line asks: a card of the
	// hand chosen then selected by taps (a first tap chooses it, a second
	// selects it) and g, a psychic who needs a vision (↓), the results
	// revealed (a), the shared vision's three cards and g.
	ghostTurn := func(s, st string) {
		t.Helper()
		n := 0
		if m := selected.FindStringSubmatch(st); m != nil {
			n, _ = strconv.Atoi(m[1])
		}
		switch {
		case strings.HasPrefix(st, "Give "):
			screen("hand")
			if n == 0 {
				tapHand(s, 1)
			} else {
				button("g")
			}
		case strings.HasPrefix(st, "Choose a psychic"):
			button("down")
		case strings.HasPrefix(st, "Reveal the results"):
			screen("reveal")
			button("a")
		case strings.HasPrefix(st, "Select 3 cards"):
			screen("final")
			if n < 3 {
				tapHand(s, n+1)
			} else {
				button("g")
			}
		}
	}
	tries, last := 0, ""
	for {
		s := text()
		if strings.Contains(s, "THE PSYCHICS WON") || strings.Contains(s, "THE PSYCHICS LOST") {
			screen("end")
			return
		}
		if err := ctx.Err(); err != nil {
			t.Fatalf("the game did not end in time; the page shows:\n%s\nconsole:\n%s", s, console)
		}
		st := status(s)
		if st != last {
			tries, last = 0, st
			t.Logf("status: %s", st)
		}
		switch {
		case strings.Contains(s, "knock knock"):
			// The reveal's banner: its pictures wait for it to end.
		case asGhost:
			ghostTurn(s, st)
		case strings.HasPrefix(st, "Place your intuition"):
			if !seen["psychic"] {
				l := look()
				pictures(t, ctx, tb, int(math.Floor(l.CellW)), int(math.Floor(l.CellH)), console)
			}
			screen("psychic")
			// The phone's card; another if that one was refused.
			n := answer()
			if tries > 0 || n == 0 {
				n = tries%6 + 1
			}
			if tapCard(s, n) {
				if err := chromedp.Run(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil { // the tap's frame
					t.Fatal(err)
				}
				if has("i") {
					button("i")
				} else {
					touchXY(10, 100) // a zoomed card: a tap closes it
				}
			}
			tries++
		case strings.HasPrefix(st, "Press r when"):
			screen("ready")
			button("r")
		case strings.HasPrefix(st, "Vote now"), strings.HasPrefix(st, "Vote for a group"):
			screen("final")
			button("v")
		}
		if err := chromedp.Run(ctx, chromedp.Sleep(300*time.Millisecond)); err != nil { // a person's pace, polling the page
			t.Fatal(err)
		}
	}
}

// pictures waits until the page's image layer holds a vision card of the
// table as the server encodes it for the cells the page has now (cw x ch
// pixels, at a tile's size: the card at a whole multiple, or shrunk where
// the tile is smaller than the card), pixel for pixel. For the cells the
// page had before it chose the upright font (5x9 pixels), a vision was
// shrunk to a blur of 40x54 pixels in a corner of its half blocks.
func pictures(t *testing.T, ctx context.Context, tb *table.Table, cw, ch int, console *consoleLog) {
	t.Helper()
	var cards []image.Image
	for _, p := range tb.Public().Psychics {
		for _, c := range p.Vision {
			d, ok := deck.Builtin().Card(string(c))
			if !ok {
				continue
			}
			for _, sz := range []layout.TileSize{layout.SizeMini, layout.SizeThumb} {
				e := graphics.Encode(d.Image, graphics.Kitty, graphics.Cells{W: sz.W, H: sz.H}, graphics.Pixels{W: cw, H: ch}, 1)
				if img := kittyImage(e.Data); img != nil {
					cards = append(cards, img)
				}
			}
		}
	}
	if len(cards) == 0 {
		t.Fatal("no vision on the table yet")
	}
	best := 0.0
	for deadline := time.Now().Add(wait); time.Now().Before(deadline); {
		var url string
		if err := chromedp.Run(ctx, chromedp.Evaluate(`(() => { const c = document.querySelector('.xterm-image-layer'); return c ? c.toDataURL('image/png') : '' })()`, &url)); err != nil {
			t.Fatal(err)
		}
		if raw, ok := strings.CutPrefix(url, "data:image/png;base64,"); ok {
			b, _ := base64.StdEncoding.DecodeString(raw)
			if layer, err := png.Decode(bytes.NewReader(b)); err == nil {
				for _, c := range cards {
					if best = max(best, webtest.CardAnywhere(layer, c)); best >= 0.97 {
						return
					}
				}
			}
		}
		if err := chromedp.Run(ctx, chromedp.Sleep(100*time.Millisecond)); err != nil { // polling the page, not waiting for time
			t.Fatal(err)
		}
	}
	t.Errorf("no vision card is on the phone's image layer as drawn for cells of %dx%d pixels (best %.0f%% of its pixels); console:\n%s", cw, ch, best*100, console)
}

// kittyImage decodes the picture of a kitty transmission (its base64 PNG).
func kittyImage(data string) image.Image {
	var payload strings.Builder
	for _, m := range regexp.MustCompile(`\x1b_G[^;\x1b]*;([^\x1b]*)\x1b\\`).FindAllStringSubmatch(data, -1) {
		payload.WriteString(m[1])
	}
	b, err := base64.StdEncoding.DecodeString(payload.String())
	if err != nil {
		return nil
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	return img
}
