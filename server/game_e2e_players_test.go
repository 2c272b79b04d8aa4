package server_test

// Whole games over real SSH: humans press keys in the real session screens,
// bots fill the other seats, a spectator watches. The test reads each human's
// situation from an oracle (an in-process subscription to the table as that
// player, exactly the view their screen is drawn from), picks a legal move
// with game.LegalCommands, and sends the keystrokes a player would type for
// it. Every command a human makes goes through the UI.

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server"
	"github.com/mysterium-ssh/mysterium/server/sshtest"
	"github.com/mysterium-ssh/mysterium/session"
	"github.com/mysterium-ssh/mysterium/web"
	"github.com/mysterium-ssh/mysterium/web/webtest"
)

// gameWait bounds one whole game; it is generous because the machine is
// shared, and the test waits on conditions, so a fast run stays fast.
const gameWait = 4 * time.Minute

// human is a person at the table: an SSH client with a key, and the oracle
// subscription that tells the test what their screen is about.
type human struct {
	name string
	key  sshtest.Key
	id   game.PlayerID
	c    *sshtest.Client
	opts sshtest.Options

	mu      sync.Mutex
	u       game.Update
	have    bool
	stop    context.CancelFunc
	acted   uint64 // the version last acted on
	actedAt time.Time

	// A player in a browser: the secret the page keeps, and the browser
	// way in's base URL.
	secret, web string
	// noted are the rounds in which this psychic wrote a note (run.notes);
	// notedAt is when the last note was typed.
	noted   map[int]bool
	notedAt time.Time
	// The ghost's note on the vision being given (run.ghostNotes): its
	// text, how far the keys went (noteStep) and when that step began.
	ghostNote string
	noteStep  noteStep
	noteAt    time.Time
}

// noteStep is how far the ghost got giving a vision with a note: each
// step waits for the ghost's screen to show the previous one's effect.
type noteStep int

const (
	noteNone   noteStep = iota
	noteOpened          // w was pressed: wait for the note line
	noteTyped           // the text was typed: wait for it on the note line
	noteGiven           // enter was pressed: wait for the table to move on
)

// latest returns the newest update the oracle received.
func (h *human) latest() (game.Update, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.u, h.have
}

// run is one game being played.
type run struct {
	t        *testing.T
	h        *harness
	code     string
	tb       *table.Table
	ghost    *human
	psychic  *human   // the first human psychic
	psychics []*human // every human psychic
	humans   []*human
	// smart psychics place their intuition on the right card and vote for
	// the culprit (read from the ghost's view), so a game reaches the final.
	smart bool
	// notes: each human psychic rules out a card and writes a note on it
	// (noteText) once a round, through the keys.
	notes bool
	// ghostNotes: the human ghost gives each vision with a note
	// (ghostNoteText), through the keys: w, the text, enter.
	ghostNotes bool
	watch      []*sshtest.Client // spectators
	changed    chan struct{}
	logs       *syncBuffer // the server's log, at debug level

	// public collects every vision card a psychic or spectator was shown
	// (so it is not a secret), from the psychic's oracle; tabled every
	// suspect card that lay on the table.
	pubMu  sync.Mutex
	public map[game.CardID]bool
	tabled map[game.CardID]bool
}

func newHuman(t *testing.T, name string) *human {
	return &human{name: name, key: sshtest.NewKey(t)}
}

// follow subscribes the oracle of h to the table.
func (r *run) follow(h *human) {
	sub := r.tb.Subscribe(h.id)
	ctx, cancel := context.WithCancel(context.Background())
	h.stop = func() { cancel(); sub.Close() }
	r.t.Cleanup(h.stop)
	go func() {
		for {
			u, err := sub.Next(ctx)
			if err != nil {
				return
			}
			h.mu.Lock()
			h.u, h.have = u, true
			h.mu.Unlock()
			if _, ok := u.View.(*game.GhostView); !ok {
				r.notePublic(u.View.Public())
			}
			select {
			case r.changed <- struct{}{}:
			default:
			}
		}
	}()
}

func (r *run) notePublic(v *game.TableView) {
	r.pubMu.Lock()
	defer r.pubMu.Unlock()
	for _, cards := range v.TableCards {
		for _, c := range cards {
			r.tabled[c] = true
		}
	}
	for _, p := range v.Psychics {
		for _, c := range p.Vision {
			r.public[c] = true
		}
	}
	if v.Final != nil {
		for _, c := range v.Final.SharedVisible {
			r.public[c] = true
		}
	}
}

// tableSpec describes a game to set up.
type tableSpec struct {
	edition  game.Edition
	psychics int    // human psychics (1 to 3); the first may be plain
	bots     int    // bot psychics
	plain    bool   // the first human psychic uses --plain
	watch    []bool // spectators, each plain or not
	smart    bool
	takeover time.Duration // the server's --bot-takeover
	// browser: the last human psychic plays in a browser session (the page's
	// socket, through the server's browser way in) instead of over SSH.
	browser bool
	// botGhost: the host puts a bot in the ghost's seat and sits as the
	// first psychic (run.ghost is then the host, a psychic).
	botGhost bool
	// graphics is what each human psychic's terminal says it draws
	// (sshtest.Options.Graphics: "kitty", "sixel"; "" or none for nothing).
	graphics []string
}

// setup starts a server; the ghost creates a table of the edition from the
// lobby and sits; the human psychics join by code and sit; spectators come
// in by code; the host adds the bots and starts the game.
func setup(t *testing.T, tc tableSpec) *run {
	t.Helper()
	logs := &syncBuffer{}
	// A test types far faster than a person: lift the keystroke limit.
	h := start(t, server.Config{BotDelay: -1, TakeoverAfter: tc.takeover, Limits: server.Limits{KeysPerSecond: 10000}, Logger: log.NewWithOptions(logs, log.Options{Level: log.DebugLevel})})
	r := &run{t: t, h: h, changed: make(chan struct{}, 1), public: map[game.CardID]bool{}, tabled: map[game.CardID]bool{}, smart: tc.smart, logs: logs}
	r.ghost = newHuman(t, "gwen")
	r.humans = []*human{r.ghost}
	for i := range tc.psychics {
		p := newHuman(t, fmt.Sprintf("psy%d", i+1))
		r.psychics = append(r.psychics, p)
		r.humans = append(r.humans, p)
	}
	r.psychic = r.psychics[0]
	for _, p := range r.humans {
		p.id = game.PlayerID(p.key.Fingerprint())
	}

	// The ghost's screen is 80x24: the small layout names each target card
	// ("must find ..."), which the hidden-information check relies on.
	g := r.ghost
	g.opts = sshtest.Options{User: g.name, Key: &g.key, Pty: true, Width: 80, Height: 24}
	g.c = sshtest.Dial(t, h.addr, g.opts)
	g.c.WaitFor("n new", wait)
	g.c.Screen.Mark()
	g.c.Type("n")
	g.c.WaitFor("enter create", wait)
	name := "e2e " + string(tc.edition)
	g.c.Type(name)
	g.c.Type("\t") // the edition field
	for range slices.Index(game.Editions, tc.edition) {
		g.c.Type("l")
	}
	g.c.Screen.Mark()
	g.c.Type("\r")
	g.c.WaitFor("CHOOSE YOUR SEAT", wait)
	for _, ti := range h.srv.Hub().Tables(session.Identity{ID: g.id}) {
		if ti.Name == name {
			r.code = ti.Code
		}
	}
	if r.code == "" {
		t.Fatal("the table created from the lobby is not listed")
	}
	r.tb, _ = h.srv.Hub().Table(r.code)
	if got := r.options().Edition; got != tc.edition {
		t.Fatalf("created a %s table, want %s", got, tc.edition)
	}
	r.follow(g)
	first := 1 // the first seat for the human psychics
	if tc.botGhost {
		g.c.Type("b") // a bot in the first seat, the ghost's; the host sits in the next
		r.waitState("a bot ghost", func(v *game.TableView) bool { return v.Seats[0].Bot })
		g.c.Type("j\r")
		r.waitState("the host sits", func(v *game.TableView) bool { return v.Seats[1].Player == g.id })
		first = 2
	} else {
		g.c.Type("\r") // sit in the first seat: the ghost
		r.waitState("the ghost sits", func(v *game.TableView) bool { return v.Seats[0].Player == g.id })
	}

	for i, p := range r.psychics {
		cmd := r.code
		if i == 0 && tc.plain {
			cmd += " --plain"
		}
		p.opts = sshtest.Options{User: p.name, Key: &p.key, Pty: true, Width: 140, Height: 45, Command: cmd}
		if i < len(tc.graphics) {
			p.opts.Graphics = tc.graphics[i]
		}
		if tc.browser && i == len(r.psychics)-1 {
			p.secret, p.web = webtest.NewSecret(), browserWayIn(t, h)
			p.id, _ = web.PlayerID(p.secret)
			p.c = webtest.Dial(t, p.web, webtest.Hello{Secret: p.secret, Name: p.name, Table: r.code, Cols: 140, Rows: 45}).Client
		} else {
			p.c = sshtest.Dial(t, h.addr, p.opts)
		}
		p.c.WaitFor(seatsHeading(i == 0 && tc.plain), wait)
		r.follow(p)
		seat := first + i
		p.c.Type(strings.Repeat("j", seat))
		p.c.Type("\r")
		r.waitState(p.name+" sits", func(v *game.TableView) bool { return v.Seats[seat].Player == p.id })
	}

	for i, plain := range tc.watch {
		k := sshtest.NewKey(t)
		cmd := r.code
		if plain {
			cmd += " --plain"
		}
		s := sshtest.Dial(t, h.addr, sshtest.Options{User: fmt.Sprintf("watcher%d", i), Key: &k, Pty: true, Width: 140, Height: 45, Command: cmd})
		s.WaitFor(seatsHeading(plain), wait)
		r.watch = append(r.watch, s)
	}

	// The host puts bots in the next seats and starts.
	g.c.Type(strings.Repeat("j", tc.psychics))
	for i := range tc.bots {
		g.c.Type("j")
		g.c.Type("b")
		seat := first + tc.psychics + i
		r.waitState(fmt.Sprintf("a bot in seat %d", seat), func(v *game.TableView) bool { return v.Seats[seat].Bot })
	}
	g.c.Type("s")
	r.waitState("the game starts", func(v *game.TableView) bool { return v.Phase != game.PhaseSeating })
	return r
}

// seatsHeading is what says the seat picker is there: its heading on the
// screen, or the first line the linear mode (--plain) says of it.
func seatsHeading(linear bool) string {
	if linear {
		return "SEATS. MYSTERIUM"
	}
	return "CHOOSE YOUR SEAT"
}

// browserWayIn serves the browser way in of h's server on a loopback HTTP
// server and returns its base URL.
func browserWayIn(t *testing.T, h *harness) string {
	t.Helper()
	w, err := web.New(web.Config{Addr: "127.0.0.1:0", Backend: h.srv, Logger: log.NewWithOptions(io.Discard, log.Options{})})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(w.Handler())
	t.Cleanup(hs.Close)
	return hs.URL
}

func (r *run) options() game.Options {
	c := r.tb.Config()
	return c.Options
}

// waitState waits until the ghost's oracle shows a table state.
func (r *run) waitState(what string, ok func(*game.TableView) bool) {
	r.t.Helper()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		if u, have := r.ghost.latest(); have && ok(u.View.Public()) {
			return
		}
		select {
		case <-r.changed:
		case <-deadline.C:
			u, _ := r.ghost.latest()
			_ = os.WriteFile("/tmp/e2e_ghost.txt", r.ghost.c.Screen.Raw(), 0o644)
			r.t.Fatalf("timed out waiting until %s; ghost screen:\n%s\nstate: %+v", what, tail(r.ghost.c.Screen.Text()), u.View)
		}
	}
}

// waitView waits until h's oracle holds an update that ok accepts: an
// oracle subscribed before its player sat may still hold a spectator's view
// when the table's state (waitState, play) has moved on.
func (r *run) waitView(h *human, what string, ok func(game.Update) bool) game.Update {
	r.t.Helper()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		if u, have := h.latest(); have && ok(u) {
			return u
		}
		select {
		case <-r.changed:
		case <-deadline.C:
			r.t.Fatalf("timed out waiting until %s", what)
		}
	}
}

func tail(s string) string {
	if len(s) > 3000 {
		return s[len(s)-3000:]
	}
	return s
}

// play drives the humans until stop returns true for the ghost's view (or
// the game is over).
func (r *run) play(stop func(game.Update) bool) {
	r.t.Helper()
	deadline := time.Now().Add(gameWait)
	retry := time.NewTicker(time.Second)
	defer retry.Stop()
	for {
		u, ok := r.ghost.latest()
		if ok && (u.View.Public().Phase == game.PhaseFinished || (stop != nil && stop(u))) {
			return
		}
		for _, h := range r.humans {
			r.act(h)
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("the game did not finish in %s; ghost:\n%s\npsychic:\n%s", gameWait,
				tail(r.ghost.c.Screen.Text()), tail(r.psychic.c.Screen.Text()))
		}
		// Wait for a change; the ticker re-sends keys that a screen missed
		// (an update the session had not drawn yet when they arrived).
		select {
		case <-r.changed:
		case <-retry.C:
		}
	}
}

// act sends the keys for h's next move, once per version (again after a
// while if the version did not move).
func (r *run) act(h *human) {
	u, ok := h.latest()
	if !ok || h.c == nil {
		return
	}
	// Halfway through a note the ghost looks at its screen again at once:
	// the next key goes as soon as the screen shows the last one's effect.
	midNote := h.noteStep == noteOpened || h.noteStep == noteTyped
	if u.Version == h.acted && time.Since(h.actedAt) < 2*time.Second && !midNote {
		return
	}
	keys := r.keysFor(h, u)
	if keys == "" {
		return
	}
	h.acted, h.actedAt = u.Version, time.Now()
	h.c.Type(keys)
}

// keysFor is what a player types for their next legal move in view u.
func (r *run) keysFor(h *human, u game.Update) string {
	legal := game.LegalCommands(u.View)
	first := func(match func(game.Command) bool) game.Command {
		for _, c := range legal {
			if match(c) {
				return c
			}
		}
		return nil
	}
	switch v := u.View.(type) {
	case *game.GhostView:
		return ghostKeys(h, v, legal, first, r.ghostNotes)
	case *game.PsychicView:
		return r.psychicKeys(h, v, first)
	}
	return ""
}

var selectedRE = regexp.MustCompile(`\((\d+) selected\)`)

func ghostKeys(h *human, v *game.GhostView, legal []game.Command, first func(func(game.Command) bool) game.Command, notes bool) string {
	top := strings.Repeat("k", 7) // target the first psychic
	switch v.Phase {
	case game.PhaseVision:
		c, ok := first(func(c game.Command) bool { _, ok := c.(game.GiveVision); return ok }).(game.GiveVision)
		if !ok {
			return ""
		}
		idx := slices.IndexFunc(v.Psychics, func(p game.PsychicPublic) bool { return p.Colour == c.To })
		keys := top + strings.Repeat("j", idx)
		// Modern: a psychic holding the most visions must drop the old ones.
		if first(func(x game.Command) bool {
			g, ok := x.(game.GiveVision)
			return ok && g.To == c.To && len(g.Drop) == 0
		}) == nil {
			keys += "d"
		}
		if notes {
			return h.noteKeys(keys, ghostNoteText(v.Round, c.To))
		}
		return keys + "g" // gives the card under the cursor
	case game.PhaseReveal:
		return "a"
	case game.PhaseCulprit:
		if c, ok := first(func(c game.Command) bool { _, ok := c.(game.ChooseCulprit); return ok }).(game.ChooseCulprit); ok {
			return strconv.Itoa(c.Group) + "c"
		}
		if first(func(c game.Command) bool { _, ok := c.(game.GiveSharedVision); return ok }) == nil {
			return ""
		}
		// Select the first three cards of the hand, unless the screen
		// already shows three selected from an earlier try.
		text := h.c.Screen.Text()
		// Not before the ghost's screen has drawn the chosen culprit: the
		// rest of the game can take less than a frame, and the scan needs
		// the ☠ on the ghost's screen to prove it could catch a leak.
		if !strings.Contains(text, "☠") {
			return ""
		}
		n := 0
		if m := selectedRE.FindAllStringSubmatch(text, -1); len(m) > 0 {
			n, _ = strconv.Atoi(m[len(m)-1][1])
		}
		if n == 3 {
			return "g"
		}
		if n != 0 {
			return "" // a half-made selection: the next screen update tells
		}
		return strings.Repeat("h", 7) + " l l g"
	}
	return ""
}

// ghostNoteText is the human ghost's note on the vision of round given to
// psychic c: one word no screen has otherwise, so the scan finds it as a token.
func ghostNoteText(round int, c game.Colour) string { return fmt.Sprintf("zqghost%sr%d", c, round) }

// noteKeys gives the vision under the cursor with a note, one step at a
// time: nav and w, then the text once the screen shows the note line, then
// enter once it shows the text. Each step waits for the ghost's own screen,
// not for the oracle: the oracle hears of a new hour before the screen has
// drawn it, and w pressed on the seat picker (or before the hour's view) is
// lost, and the note's letters would be taken as keys. A step whose effect
// does not show (a key lost that way, a refused gift) is done again.
func (h *human) noteKeys(nav, note string) string {
	scr := h.c.Screen
	stale := time.Since(h.noteAt) > 3*time.Second
	if h.ghostNote != note || h.noteStep == noteNone || h.noteStep == noteGiven && stale {
		h.ghostNote, h.noteStep, h.noteAt = note, noteOpened, time.Now()
		scr.Mark()
		return nav + "w"
	}
	switch h.noteStep {
	case noteOpened:
		if strings.Contains(scr.Since(), "✎ note (enter gives, esc drops)") {
			h.noteStep, h.noteAt = noteTyped, time.Now()
			scr.Mark()
			// ctrl+u first: a w pressed again while the line was
			// already open (its frame not drawn yet) went into it.
			return "\x15" + note
		}
		if stale {
			h.noteAt = time.Now()
			scr.Mark()
			return nav + "w"
		}
	case noteTyped:
		if strings.Contains(scr.Since(), "esc drops): "+note) {
			h.noteStep, h.noteAt = noteGiven, time.Now()
			return "\r"
		}
		if stale {
			h.noteAt = time.Now()
			scr.Mark()
			return "\x15" + note
		}
	}
	return ""
}

// noteText is the note psychic h writes in round n: one word, so that the
// scan finds it as a token.
func noteText(h *human, n int) string { return fmt.Sprintf("zqnote%sr%d", h.name, n) }

func (r *run) psychicKeys(h *human, v *game.PsychicView, first func(func(game.Command) bool) game.Command) string {
	ghost, _ := r.ghost.latest()
	gv, _ := ghost.View.(*game.GhostView)
	switch v.Phase {
	case game.PhaseVision:
		if len(v.Colours) == 0 {
			return ""
		}
		me := v.Psychic(v.Colours[0])
		if r.notes && !h.noted[v.Round] && me.ReceivedThisRound && me.Intuition == "" {
			if h.noted == nil {
				h.noted = map[int]bool{}
			}
			h.noted[v.Round] = true
			h.notedAt = time.Now()
			// On the first table card: rule it out, and a note on it.
			return strings.Repeat("h", 10) + "m" + "w" + noteText(h, v.Round) + "\r"
		}
		if r.notes && h.noted[v.Round] && me.Intuition == "" && time.Since(h.notedAt) < time.Minute &&
			!strings.Contains(h.c.Screen.Text(), "your note: "+noteText(h, v.Round)) {
			// Typing nothing until the screen shows the note under the
			// cursor: the newest frame is always drawn, a passing one may not be.
			return ""
		}
		if me.Intuition == "" {
			pick := func(c game.Command) bool { _, ok := c.(game.PlaceIntuition); return ok }
			if r.smart && gv != nil {
				for _, tr := range gv.Trails {
					if tr.Psychic == me.Colour {
						want := tr.Cards[me.Category]
						if first(func(c game.Command) bool { p, ok := c.(game.PlaceIntuition); return ok && p.Card == want }) != nil {
							pick = func(c game.Command) bool { p, ok := c.(game.PlaceIntuition); return ok && p.Card == want }
						}
					}
				}
			}
			if c, ok := first(pick).(game.PlaceIntuition); ok {
				idx := slices.Index(v.TableCards[me.Category], c.Card)
				return strings.Repeat("h", 10) + strings.Repeat("l", idx) + "i"
			}
			return ""
		}
		if !me.Ready && first(func(c game.Command) bool { s, ok := c.(game.SetReady); return ok && s.Ready }) != nil {
			return "r"
		}
	case game.PhaseVote:
		pick := func(c game.Command) bool { _, ok := c.(game.Vote); return ok }
		if r.smart && gv != nil && gv.Culprit > 0 {
			if first(func(c game.Command) bool { x, ok := c.(game.Vote); return ok && x.Group == gv.Culprit }) != nil {
				pick = func(c game.Command) bool { x, ok := c.(game.Vote); return ok && x.Group == gv.Culprit }
			}
		}
		if c, ok := first(pick).(game.Vote); ok && c.Group <= 9 {
			return strconv.Itoa(c.Group) + "v"
		}
	}
	return ""
}

// finish plays to the end and checks that every screen shows the outcome.
func (r *run) finish() *game.FinishedView {
	r.t.Helper()
	r.play(nil)
	u, _ := r.ghost.latest()
	fin, ok := u.View.(*game.FinishedView)
	if !ok {
		r.t.Fatalf("the ghost's last view is %T, want the finished view", u.View)
	}
	clients := append([]*sshtest.Client{}, r.watch...)
	for _, h := range r.humans {
		clients = append(clients, h.c)
	}
	for i, c := range clients {
		if err := c.Screen.WaitUntil(func(s string) bool { return endIndex(s) >= 0 }, "the end screen", wait); err != nil {
			r.t.Fatalf("client %d: %v", i, err)
		}
	}
	return fin
}

// endIndex is where the end screen first appears in a screen's text, or -1.
func endIndex(text string) int {
	best := -1
	for _, m := range []string{"THE PSYCHICS WON", "THE PSYCHICS LOST", "THE GAME IS OVER"} {
		if i := strings.Index(text, m); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	return best
}
