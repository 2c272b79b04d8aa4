package server_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// capsModel draws a card as an image once its terminal said it can: what
// the session does with term.CapsMsg, reduced to one card. It says what it
// was told.
type capsModel struct {
	caps *graphics.Caps
}

func newCapsModel(context.Context, session.Hub, session.Identity, session.Start, *term.Renderer, int, int) term.Model {
	return &capsModel{}
}

func (m *capsModel) Init() tea.Cmd { return nil }

func (m *capsModel) Update(msg tea.Msg) (term.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case term.CapsMsg:
		m.caps = &msg.Caps
	case tea.KeyPressMsg:
		if msg.String() == "q" {
			return m, tea.Quit
		}
	}
	return m, nil
}

func (m *capsModel) View() string {
	said := "said nothing"
	if m.caps != nil {
		said = fmt.Sprintf("said %v cell %dx%d", m.caps.Protocol(), m.caps.Cell.W, m.caps.Cell.H)
	}
	return "CAPS " + said + "\n" + strings.Repeat("▀▀▀▀▀▀▀▀\n", 6) + "end"
}

func (m *capsModel) TakePictures() term.Pictures {
	if m.caps == nil || m.caps.Protocol() == graphics.None {
		return term.Pictures{}
	}
	c, _ := deck.Builtin().Card("V01")
	return term.Pictures{Protocol: m.caps.Protocol(), Cell: m.caps.Cell, List: []term.Picture{{Row: 1, Col: 0, Cells: graphics.Cells{W: 8, H: 6}, Image: c.Image}}}
}

// TestTheTerminalIsAskedWhatItDraws: over SSH, a session asks its terminal
// once what it draws; a client answering as kitty is told kitty and its
// cell size, and gets the card as a kitty image; one answering sixel gets
// a sixel; one that answers only the device attributes is told it draws
// none and gets no image; with --images off nothing is asked at all.
func TestTheTerminalIsAskedWhatItDraws(t *testing.T) {
	for _, tc := range []struct {
		graphics string
		off      bool
		said     string
		image    string // what the image's bytes begin with; "" for none
	}{
		{"kitty", false, "said kitty cell 10x20", "\x1b_Ga=t,"},
		{"sixel", false, "said sixel cell 10x20", "\x1bP0;1;0q"},
		{"", false, "said none", ""},
		{"kitty", true, "said nothing", ""},
	} {
		h := start(t, server.Config{NewModel: newCapsModel, ImagesOff: tc.off})
		k := sshtest.NewKey(t)
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: "ida", Key: &k, Pty: true, Graphics: tc.graphics})
		if tc.off {
			c.WaitFor("CAPS", wait)
		} else {
			c.WaitFor("CAPS "+tc.said, wait)
		}
		c.Type("q")
		if _, err := c.Wait(wait); err != nil {
			t.Fatal(err)
		}
		raw := string(c.Screen.Raw())
		if n := strings.Count(raw, graphics.Query); n != map[bool]int{false: 1, true: 0}[tc.off] {
			t.Errorf("%s (off %v): the query was written %d times", tc.graphics, tc.off, n)
		}
		if !strings.Contains(c.Screen.Text(), tc.said) {
			t.Errorf("%s (off %v): the model was not told %q: %q", tc.graphics, tc.off, tc.said, c.Screen.Text())
		}
		got := strings.Contains(raw, "\x1b_Ga=t,") || strings.Contains(raw, "\x1bP0;1;0q")
		if tc.image == "" && got {
			t.Errorf("%s (off %v): an image was sent", tc.graphics, tc.off)
		}
		if tc.image != "" && !strings.Contains(raw, tc.image) {
			t.Errorf("%s: no image beginning %q was sent", tc.graphics, tc.image)
		}
	}
}

// images are what a stream of a session's output draws: kitty
// transmissions (id -> base64 payload) and placements (id, cells), and
// sixels as sent.
type images struct {
	sent   map[string]string
	places []kittyPlaced
	sixels []string
}

type kittyPlaced struct {
	id   string
	w, h int
}

var (
	apcG  = regexp.MustCompile(`\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\`)
	dcsQ  = regexp.MustCompile(`\x1bP[0-9;]*q[^\x1b]*\x1b\\`)
	sizeR = regexp.MustCompile(`^\x1bP[0-9;]*q"1;1;([0-9]+);([0-9]+)`)
)

func imagesIn(raw string) images {
	im := images{sent: map[string]string{}}
	current := ""
	for _, m := range apcG.FindAllStringSubmatch(raw, -1) {
		kv := map[string]string{}
		for _, f := range strings.Split(m[1], ",") {
			k, v, _ := strings.Cut(f, "=")
			kv[k] = v
		}
		switch kv["a"] {
		case "t":
			current = kv["i"]
			im.sent[current] = m[2]
		case "":
			if current != "" {
				im.sent[current] += m[2]
			}
		case "p":
			w, _ := strconv.Atoi(kv["c"])
			h, _ := strconv.Atoi(kv["r"])
			im.places = append(im.places, kittyPlaced{kv["i"], w, h})
		}
		if kv["m"] == "0" {
			current = ""
		}
	}
	im.sixels = dcsQ.FindAllString(raw, -1)
	return im
}

// kittyPayload is the base64 PNG of a card as kitty over c cells of the
// test client's 10x20 pixels.
func kittyPayload(card game.CardID, c graphics.Cells) string {
	d, _ := deck.Builtin().Card(string(card))
	return imagesIn(graphics.Encode(d.Image, graphics.Kitty, c, graphics.Pixels{W: 10, H: 20}, 1).Data).sent["1"]
}

// TestTheGhostsHandIsDrawnAsImages: over SSH, at a game, the ghost's
// second session in a terminal that answers as kitty gets the 7 cards of
// its hand as kitty images (each transmitted once, placed), one that
// answers sixel gets them as 7 sixels, and one that answers nothing gets
// no image, and the same bytes as a session on a server with --images
// off when it redraws.
func TestTheGhostsHandIsDrawnAsImages(t *testing.T) {
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2})
	u := r.waitView(r.ghost, "the ghost's hand", func(u game.Update) bool {
		g, ok := u.View.(*game.GhostView)
		return ok && len(g.Hand) == 7
	})
	hand := u.View.(*game.GhostView).Hand
	dial := func(graphicsAnswer string) *sshtest.Client {
		c := sshtest.Dial(t, r.h.addr, sshtest.Options{User: r.ghost.name, Key: &r.ghost.key, Pty: true, Width: 120, Height: 40, Command: r.code, Graphics: graphicsAnswer})
		c.WaitFor("your hand", wait)
		return c
	}

	// Each way: the hand cards not (yet) drawn as images, waited for
	// until there is none.
	kittyMissing := func(raw string) []game.CardID {
		im := imagesIn(raw)
		var missing []game.CardID
		for _, card := range hand {
			found := false
			for _, p := range im.places {
				if im.sent[p.id] != "" && im.sent[p.id] == kittyPayload(card, graphics.Cells{W: p.w, H: p.h}) {
					found = true
				}
			}
			if !found {
				missing = append(missing, card)
			}
		}
		return missing
	}
	sixelMissing := func(raw string) []game.CardID {
		six := imagesIn(raw).sixels
		var missing []game.CardID
		for _, card := range hand {
			d, _ := deck.Builtin().Card(string(card))
			found := false
			for _, s := range six {
				m := sizeR.FindStringSubmatch(s)
				if m == nil {
					continue
				}
				w, _ := strconv.Atoi(m[1])
				h, _ := strconv.Atoi(m[2])
				if graphics.Encode(d.Image, graphics.Sixel, graphics.Cells{W: w / 10, H: h / 20}, graphics.Pixels{W: 10, H: 20}, 0).Data == s {
					found = true
				}
			}
			if !found {
				missing = append(missing, card)
			}
		}
		return missing
	}
	for _, way := range []struct {
		answer  string
		missing func(string) []game.CardID
	}{{"kitty", kittyMissing}, {"sixel", sixelMissing}} {
		c := dial(way.answer)
		var missing []game.CardID
		if err := c.Screen.WaitUntil(func(string) bool {
			missing = way.missing(string(c.Screen.Raw()))
			return len(missing) == 0
		}, way.answer+" images of the hand", wait); err != nil {
			t.Fatalf("%s: hand cards not drawn as images: %v", way.answer, missing)
		}
		if way.answer == "kitty" {
			raw := string(c.Screen.Raw())
			for id := range imagesIn(raw).sent {
				if strings.Count(raw, "a=t,f=100,q=2,i="+id+",") != 1 {
					t.Errorf("kitty: image %s was transmitted more than once", id)
				}
			}
		}
	}

	// A terminal that says it draws no images gets half blocks, and its
	// frames are those of a terminal that never answered the graphics
	// query (today's): byte for byte, the whole frame a resize draws.
	silent, mute := dial(""), dial("mute")
	from := map[*sshtest.Client]int{}
	for _, c := range []*sshtest.Client{silent, mute} {
		if raw := string(c.Screen.Raw()); strings.Contains(raw, "\x1b_Ga=") || dcsQ.MatchString(raw) {
			t.Fatalf("a terminal without images got images")
		}
		from[c] = len(c.Screen.Raw())
		if err := c.Resize(100, 30); err != nil {
			t.Fatal(err)
		}
	}
	frame := func(c *sshtest.Client) string {
		var f string
		if err := c.Screen.WaitUntil(func(string) bool {
			raw := string(c.Screen.Raw()[from[c]:]) // what came after the resize
			i := strings.LastIndex(raw, "\x1b[H\x1b[2J")
			if i < 0 || !strings.Contains(ansi.Strip(raw[i:]), "a vision (") { // the status line, last
				return false
			}
			f = raw[i:]
			return strings.Count(f, "\n") >= 29 // every row of the frame came
		}, "the frame at 100x30", wait); err != nil {
			t.Fatal(err)
		}
		return f
	}
	if a, b := frame(silent), frame(mute); a != b {
		t.Fatalf("a terminal that said it draws no images got\n%q\nwhere one that said nothing got\n%q", a, b)
	}
}

// TestNoStaleImages: a ghost's session drawing cards as images, on the
// kitty and the sixel way, is zoomed into and out of, resized, switched to
// another pane, and sees cards leave its hand (a vision given); after each,
// the images its terminal shows are exactly those a session that connects
// afresh to the same screen shows: none left over, none torn.
func TestNoStaleImages(t *testing.T) {
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2})
	r.waitView(r.ghost, "the ghost's hand", func(u game.Update) bool {
		g, ok := u.View.(*game.GhostView)
		return ok && len(g.Hand) == 7
	})
	type size struct{ w, h int }
	for _, proto := range []string{"kitty", "sixel"} {
		sz := size{120, 40}
		dial := func(keys ...string) *sshtest.Client {
			c := sshtest.Dial(t, r.h.addr, sshtest.Options{User: r.ghost.name, Key: &r.ghost.key, Pty: true, Width: sz.w, Height: sz.h, Command: r.code, Graphics: proto})
			c.WaitFor("card", wait)
			for _, k := range keys {
				c.Type(k)
			}
			return c
		}
		c := dial()
		same := func(what string, some bool, keys ...string) {
			t.Helper()
			fresh := dial(keys...)
			defer fresh.Close()
			if got, want, ok := sameImages(c, fresh, sz.w, sz.h, some); !ok {
				t.Fatalf("%s, %s: the terminal shows\n%v\nwhere a fresh session shows\n%v", proto, what, got, want)
			}
		}
		same("the first screen", true)
		c.Type("\r")
		same("a zoomed card", true, "\r")
		c.Type("\x1b")
		same("the zoom closed", true)
		sz = size{100, 30}
		if err := c.Resize(sz.w, sz.h); err != nil {
			t.Fatal(err)
		}
		same("a resize", true)
		sz = size{80, 24}
		if err := c.Resize(sz.w, sz.h); err != nil {
			t.Fatal(err)
		}
		same("80x24", true)
		c.Type("\t")
		same("the next pane", false, "\t")
		c.Type("\t")
		same("the pane after", false, "\t", "\t")
		sz = size{120, 40}
		if err := c.Resize(sz.w, sz.h); err != nil {
			t.Fatal(err)
		}
		same("120x40 again", true)
		c.Close()
	}
	// A vision given: two cards leave the hand (new ones come when it
	// arrives), seen by a kitty and a sixel session.
	var watchers []*sshtest.Client
	for _, proto := range []string{"kitty", "sixel"} {
		w := sshtest.Dial(t, r.h.addr, sshtest.Options{User: r.ghost.name, Key: &r.ghost.key, Pty: true, Width: 120, Height: 40, Command: r.code, Graphics: proto})
		w.WaitFor("card", wait)
		watchers = append(watchers, w)
	}
	before := r.waitView(r.ghost, "the ghost's turn", func(u game.Update) bool { return len(u.View.(*game.GhostView).Hand) == 7 })
	r.ghost.c.Type(" ")
	r.ghost.c.Type("l")
	r.ghost.c.Type(" ")
	r.ghost.c.Type("g")
	r.waitView(r.ghost, "the vision arrives", func(u game.Update) bool {
		g := u.View.(*game.GhostView)
		return len(g.Hand) == 7 && !slices.Equal(g.Hand, before.View.(*game.GhostView).Hand)
	})
	for i, proto := range []string{"kitty", "sixel"} {
		w := watchers[i]
		fresh := sshtest.Dial(t, r.h.addr, sshtest.Options{User: r.ghost.name, Key: &r.ghost.key, Pty: true, Width: 120, Height: 40, Command: r.code, Graphics: proto})
		fresh.WaitFor("card", wait)
		if got, want, ok := sameImages(w, fresh, 120, 40, true); !ok {
			t.Fatalf("%s, cards that left the hand: the terminal shows\n%v\nwhere a fresh session shows\n%v", proto, got, want)
		}
	}
}

// sameImages waits until the images a's terminal shows are those b's shows
// (and, with some, b shows some), as either's output comes; false if they
// never are.
func sameImages(a, b *sshtest.Client, w, h int, some bool) (got, want sshtest.Drawn, ok bool) {
	same := func(string) bool {
		got = sshtest.Images(a.Screen.Raw(), w, h, 10, 20)
		want = sshtest.Images(b.Screen.Raw(), w, h, 10, 20)
		return (!some || len(want.Kitty)+len(want.Sixel) > 0) && got.Equal(want)
	}
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		// Whichever screen changes next may be the one that makes them
		// the same: each wait ends at its screen's next output.
		if a.Screen.WaitUntil(same, "", 100*time.Millisecond) == nil || b.Screen.WaitUntil(same, "", 100*time.Millisecond) == nil {
			return got, want, true
		}
	}
	return got, want, false
}

// TestNoStaleImagesAfterTheNextGame: spectators whose terminals draw images
// (kitty and sixel) watch bots play a whole game to its end screen (the
// replay's pictures), then the next game at the same table: its seat
// picker, and its first hour. At each, the images their terminals show are
// exactly those of a session that connects afresh: none of the last game's
// cards stays on screen.
func TestNoStaleImagesAfterTheNextGame(t *testing.T) {
	// Bots act at once and play for a seated player who is not connected,
	// so the first game plays itself to the end.
	h := start(t, server.Config{BotDelay: -1, TakeoverAfter: time.Millisecond})
	hub := h.srv.Hub()
	ka := sshtest.NewKey(t)
	alice := game.PlayerID(ka.Fingerprint())
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	info, err := hub.CreateTable(session.Identity{ID: alice, Name: "alice"}, session.TableSpec{Name: "Friday", Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	code := info.Code
	tb, _ := hub.Table(code)
	must := func(c game.Command) {
		t.Helper()
		if err := tb.Submit(alice, c); err != nil {
			t.Fatalf("%T: %v", c, err)
		}
	}
	must(game.SetBot{Seat: game.GhostSeat, On: true})
	must(game.Sit{Seat: 0, Name: "alice"})
	must(game.SetBot{Seat: 1, On: true})
	must(game.SetBot{Seat: 2, On: true})

	const w, ht = 120, 40
	spectator := func(proto string) *sshtest.Client {
		k := sshtest.NewKey(t)
		c := sshtest.Dial(t, h.addr, sshtest.Options{User: "watcher", Key: &k, Pty: true, Width: w, Height: ht, Command: code, Graphics: proto})
		return c
	}
	protos := []string{"kitty", "sixel"}
	watchers := map[string]*sshtest.Client{}
	for _, proto := range protos {
		watchers[proto] = spectator(proto)
		watchers[proto].WaitFor("CHOOSE YOUR SEAT", wait)
	}
	same := func(what string, some bool, wait4 string) {
		t.Helper()
		for _, proto := range protos {
			fresh := spectator(proto)
			fresh.WaitFor(wait4, wait)
			if got, want, ok := sameImages(watchers[proto], fresh, w, ht, some); !ok {
				t.Errorf("%s, %s: the terminal shows\n%v\nwhere a fresh session shows\n%v", proto, what, got, want)
			}
			fresh.Close()
		}
		if t.Failed() {
			t.FailNow()
		}
	}

	watch := tb.Subscribe("test:watch")
	defer watch.Close()
	next := func(what string, ok func(game.Update) bool) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), gameWait)
		defer cancel()
		for {
			u, err := watch.Next(ctx)
			if err != nil {
				t.Fatalf("waiting until %s: %v", what, err)
			}
			if ok(u) {
				return
			}
		}
	}
	must(game.Start{})
	next("the bots finish the game", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseFinished })
	for _, proto := range protos {
		if err := watchers[proto].Screen.WaitUntil(func(s string) bool { return endIndex(s) >= 0 }, "the end screen", wait); err != nil {
			t.Fatal(err)
		}
	}
	same("the end screen", true, "a new game at this table")

	// The next game at the table: its seat picker has no card.
	if err := hub.PlayAgain(session.Identity{ID: alice}, code); err != nil {
		t.Fatal(err)
	}
	next("the next game's seat picker", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseSeating })
	same("the next game's seat picker", false, "CHOOSE YOUR SEAT")

	// Its first hour, which waits for alice (connected, so no bot plays
	// for her): the table's suspects and the visions given, of this game.
	a := sshtest.Dial(t, h.addr, sshtest.Options{User: "alice", Key: &ka, Pty: true, Width: 80, Height: 24, Command: code})
	a.WaitFor("CHOOSE YOUR SEAT", wait)
	must(game.Sit{Seat: 0, Name: "alice"})
	next("alice is seated and here", func(u game.Update) bool { return u.Presence[alice].Present })
	must(game.Start{})
	next("the bots wait for alice", func(u game.Update) bool {
		v := u.View.Public()
		if v.Phase == game.PhaseSeating || v.Phase == game.PhaseFinished {
			return false
		}
		for _, p := range v.Psychics {
			if len(p.Vision) == 0 {
				return false
			}
		}
		return true
	})
	same("the next game's first hour", true, "card")
}
