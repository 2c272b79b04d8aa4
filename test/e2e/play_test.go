package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/mysterium-ssh/mysterium/internal/vt"
)

// The words the players read on their status lines and their end screens,
// in the two languages. A client whose status line asks in the other
// language than its own fails the scenario.
var (
	endScreen = map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`THE PSYCHICS (WON|LOST)[^.]*`),
		"fr": regexp.MustCompile(`LES MÉDIUMS ONT (GAGNÉ|PERDU)[^.]*`),
	}
	asks = map[string]*regexp.Regexp{
		"en": regexp.MustCompile(`^(Give |Reveal |Choose |Select |Place your|Press r|Vote )`),
		"fr": regexp.MustCompile(`^(Donnez |Révélez |Choisissez |Posez |Appuyez sur r|Votez )`),
	}
)

var noVisionYet = regexp.MustCompile(`a vision \(0 selected\)\.`)

// A move is what a player does when its status line matches.
type move struct {
	re  *regexp.Regexp
	act func(p *player, c *client)
}

func moves(pairs ...any) []move {
	var out []move
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, move{regexp.MustCompile(pairs[i].(string)), pairs[i+1].(func(*player, *client))})
	}
	return out
}

// keys returns a move that presses keys.
func keys(k ...string) func(*player, *client) {
	return func(p *player, c *client) { p.keys(c, k...) }
}

var (
	// The ghost gives the vision the cursor is on, looks for a psychic who
	// still needs one (a different one each time), reveals, names the
	// culprit's group and picks the shared vision's three cards.
	ghostMoves = moves(
		`^(Give .*a vision|Donnez une vision à)`, keys("g"),
		`^(Choose a psychic who still needs|Choisissez un médium qui attend encore)`, func(p *player, c *client) {
			p.target = (p.target + 1) % 4 // bots and browsers too: up to four places
			p.keys(c, "k", "k", "k", "k", "k", "k")
			for range p.target {
				p.keys(c, "j")
			}
		},
		`^(Reveal the results|Révélez les résultats)`, keys("a"),
		`^(Choose the culprit|Choisissez le groupe du coupable)`, keys("1", "c"),
		`^(Select 3 cards.*\(0 selected\)|Choisissez 3 cartes pour la vision commune \(0 choisies\))`,
		keys("h", "h", "h", "h", "h", "h", "h", "Space", "l", "Space", "l", "Space"),
		`^(Select 3 cards.*\(3 selected\)|Choisissez 3 cartes pour la vision commune \(3 choisies\))`, keys("g"),
	)
	// A psychic places its intuition (on the next card when one is
	// refused, as another psychic holds it), says it is ready and votes
	// for the first group.
	psychicMoves = moves(
		`^(Place your intuition|Posez votre intuition)`, func(p *player, c *client) {
			p.tries[c.name]++
			if p.tries[c.name] > 1 {
				p.keys(c, "l")
			}
			p.keys(c, "i")
		},
		`^(Press r when|Appuyez sur r quand)`, func(p *player, c *client) {
			p.tries[c.name] = 0
			p.keys(c, "r")
		},
		`^(Vote now|Vote for a group|Votez maintenant|Votez pour un groupe)`, keys("1", "v"),
	)
)

// player drives the clients of a game by their status lines.
type player struct {
	ts      *testscript.TestScript
	w       *world
	ghost   *client
	clients []*client // the psychics
	target  int
	tries   map[string]int
	notes   []string
	given   int
	// what each client's screen showed below its header when it last
	// moved, and when: it moves again once that changed (or after a while,
	// should a key have been lost).
	last   map[string]string
	lastAt map[string]time.Time
}

func (p *player) keys(c *client, k ...string) {
	p.w.run(p.ts, append([]string{"send-keys", "-t", "clients:" + c.name}, k...)...)
}

func cmdPlay(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! play")
	}
	w := get(ts)
	timeout := 5 * time.Minute
	var untilName string
	var until *regexp.Regexp
	p := &player{ts: ts, w: w, tries: map[string]int{}, last: map[string]string{}, lastAt: map[string]time.Time{}}
	for len(args) > 1 && strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "-timeout":
			d, err := time.ParseDuration(args[1])
			ts.Check(err)
			timeout = d
		case "-until":
			name, re, ok := strings.Cut(args[1], ":")
			if !ok {
				ts.Fatalf("play: -until NAME:REGEX")
			}
			untilName, until = name, regexp.MustCompile("(?ms)"+re)
		case "-notes":
			for _, l := range strings.Split(ts.ReadFile(args[1]), "\n") {
				if l = strings.TrimSpace(l); l != "" {
					p.notes = append(p.notes, l)
				}
			}
		default:
			ts.Fatalf("play: unknown flag %s", args[0])
		}
		args = args[2:]
	}
	if len(args) < 1 {
		ts.Fatalf("usage: play [-timeout D] [-until NAME:REGEX] [-notes FILE] GHOST PSYCHIC...")
	}
	p.ghost = w.client(ts, args[0])
	all := []*client{p.ghost}
	for _, name := range args[1:] {
		c := w.client(ts, name)
		p.clients = append(p.clients, c)
		all = append(all, c)
	}
	// Any client's output wakes the loop up.
	wake := make(chan struct{}, 1)
	stop := make(chan struct{})
	defer close(stop)
	for _, c := range all {
		go func() {
			for {
				select {
				case <-c.notify:
					select {
					case wake <- struct{}{}:
					default:
					}
				case <-stop:
					return
				}
			}
		}()
	}
	deadline := time.After(timeout)
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		done := 0
		var ends []string
		for _, c := range all {
			s := c.screen()
			text := s.Text()
			if until != nil && c.name == untilName && until.MatchString(text) {
				return
			}
			if m := endScreen[c.lang].FindString(text); m != "" {
				done++
				ends = append(ends, c.name+": "+m)
				continue
			}
			p.step(c, s, c == p.ghost)
		}
		if done == len(all) && until == nil {
			fmt.Fprintln(ts.Stdout(), strings.Join(ends, "\n"))
			return
		}
		select {
		case <-wake:
		case <-tick.C:
		case <-deadline:
			w.fatalf(ts, "play: the game did not end within %v", timeout)
		}
	}
}

// step makes c's move, if its status line asks for one and its screen
// changed since its last move (or that was long ago).
func (p *player) step(c *client, s *vt.Screen, ghost bool) {
	st := statusLine(s)
	other := map[string]string{"en": "fr", "fr": "en"}[c.lang]
	if asks[other].MatchString(st) {
		p.w.fatalf(p.ts, "play: %s's status line is not in %s: %q", c.name, map[string]string{"en": "English", "fr": "French"}[c.lang], st)
	}
	body := strings.Join(s.Lines()[1:], "\n") // the header's sand timer counts down
	if body == p.last[c.name] && time.Since(p.lastAt[c.name]) < 3*time.Second {
		return
	}
	if ghost && len(p.notes) > 0 && noVisionYet.MatchString(st) {
		p.note(c)
	} else {
		list := psychicMoves
		if ghost {
			list = ghostMoves
		}
		found := false
		for _, m := range list {
			if m.re.MatchString(st) {
				m.act(p, c)
				found = true
				break
			}
		}
		if !found {
			return
		}
	}
	p.last[c.name], p.lastAt[c.name] = body, time.Now()
}

// note gives the vision with the next note: w, the note pasted, enter.
// Each step waits for the screen that asks for it: keys pressed before it
// would land on the wrong screen (the note's letters taken as keys).
func (p *player) note(c *client) {
	text := p.notes[p.given%len(p.notes)]
	p.keys(c, "w")
	if _, ok := c.await(30*time.Second, func(s *vt.Screen) bool { return strings.Contains(s.Text(), "note (enter gives") }); !ok {
		p.w.fatalf(p.ts, "play: %s's note line did not open", c.name)
	}
	p.w.paste(p.ts, c, text)
	head := text[:min(20, len(text))]
	if _, ok := c.await(30*time.Second, func(s *vt.Screen) bool { return strings.Contains(s.Text(), "drops): "+head) }); !ok {
		p.w.fatalf(p.ts, "play: %s's note %q is not on the screen", c.name, head)
	}
	p.keys(c, "Enter")
	p.given++
}
