package game

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Property tests: thousands of random legal games across every edition,
// player count and difficulty, checking after every single command the
// invariants the rules promise. Moves come from LegalCommands (what a seat's
// view allows); a per-game "skill" sometimes steers psychics to the right
// card and votes to the culprit, so that games also reach the final phase.

// propTable is one edition × difficulty × player count (timer on for some).
type propTable struct {
	opts    Options
	players int
}

// String names the table in subtests: "classic-medium-4".
func (tb propTable) String() string {
	return fmt.Sprintf("%s-%s-%d", tb.opts.Edition, tb.opts.Difficulty, tb.players)
}

// tables lists every edition × difficulty × player count, with the default
// sand timer on where timer says.
func tables(timer func(e Edition, players int) bool) []propTable {
	var out []propTable
	for _, e := range Editions {
		for _, d := range Difficulties(e) {
			for n := e.MinPlayers(); n <= e.MaxPlayers(); n++ {
				o := Options{Edition: e, Difficulty: d}
				if timer(e, n) {
					o.Timer = DefaultTimer
				}
				out = append(out, propTable{o, n})
			}
		}
	}
	return out
}

// propTables is every table, the timer on in classic and also at even
// player counts (it is optional outside classic: exercise it too).
func propTables() []propTable {
	return tables(func(e Edition, n int) bool { return e == Classic || n%2 == 0 })
}

// propGamesPerTable: 47 tables × 40 games ≈ 1900 games, each checked after
// every command (under -race 8 each, ≈ 380 games; -short: 4 each).
func propGamesPerTable() int {
	switch {
	case testing.Short():
		return 4
	case raceEnabled:
		return 8
	}
	return 40
}

// randomGame plays one game with random legal commands.
type randomGame struct {
	t       testing.TB
	s       *State
	r       *rand.Rand
	skill   int // percent: how often a psychic goes for the right card, a voter for the culprit
	players []PlayerID
	entries []Entry
	// afterEach runs after every accepted command (nil: nothing).
	afterEach func(p PlayerID, c Command)
	// extras mixes in what LegalCommands does not list: the ghost's
	// take-backs, the host's pauses and added time, the psychics' marks and
	// notes (each note's text names its seat: "zqnote <seat> <n>").
	extras bool
	notes  int
	// events are the last command's events.
	events []Event
}

func newRandomGame(t testing.TB, tb propTable, seed uint64) *randomGame {
	t.Helper()
	s, err := NewStarted(tb.opts, TestPools(), tb.players, seed)
	if err != nil {
		t.Fatalf("NewStarted(%+v, %d): %v", tb.opts, tb.players, err)
	}
	g := &randomGame{t: t, s: s, r: rand.New(rand.NewPCG(seed, 0x70726f70)), skill: int(seed % 101)}
	for _, sv := range s.ViewFor("").Public().Seats {
		if sv.Player != "" {
			g.players = append(g.players, sv.Player)
		}
	}
	return g
}

// newExtrasGame is a random game whose ghost is a person ("ghost:gina"),
// so that its visions are held before they arrive and can be taken back,
// with extras on.
func newExtrasGame(t testing.TB, tb propTable, seed uint64) *randomGame {
	t.Helper()
	s, err := New(tb.opts, TestPools(), "host", seed)
	if err != nil {
		t.Fatal(err)
	}
	cmds := []Entry{{"ghost:gina", Sit{Seat: GhostSeat, Name: "Gina"}}}
	for i := 0; i < tb.players-1; i++ {
		cmds = append(cmds, Entry{"host", SetBot{Seat: Seat(i), On: true}})
	}
	for _, e := range append(cmds, Entry{"host", Start{}}) {
		if _, err := s.Apply(e.Player, e.Command); err != nil {
			t.Fatalf("%s: %v", e.Command.Type(), err)
		}
	}
	g := &randomGame{t: t, s: s, r: rand.New(rand.NewPCG(seed, 0x70726f70)), skill: int(seed % 101), extras: true}
	for _, sv := range s.ViewFor("").Public().Seats {
		if sv.Player != "" {
			g.players = append(g.players, sv.Player)
		}
	}
	return g
}

// choose picks a legal command for some seat, or reports none. Seats are
// tried in random order; a seat whose only moves undo progress (unready,
// move a placed intuition, take a token back) usually passes.
func (g *randomGame) choose() (PlayerID, Command, bool) {
	s := g.s
	if g.extras {
		if p, c, ok := g.extra(); ok {
			return p, c, true
		}
	}
	if s.held != nil && g.r.IntN(4) == 0 {
		return SystemPlayer, DeliverVision{}, true // the vision's hold is over
	}
	if s.timerPaused {
		return s.host, ResumeTimer{}, true // nobody else may end the step while it is held
	}
	if s.timerRunning && g.r.IntN(25) == 0 {
		return SystemPlayer, EndStep{}, true
	}
	var fallbackP PlayerID
	var fallback []Command
	for _, i := range g.r.Perm(len(g.players)) {
		p := g.players[i]
		cmds := LegalCommands(s.ViewFor(p))
		if len(cmds) == 0 {
			continue
		}
		if c, ok := g.skilled(cmds); ok {
			return p, c, true
		}
		var kept []Command
		for _, c := range cmds {
			if g.keep(c) {
				kept = append(kept, c)
			}
		}
		if len(kept) > 0 {
			return p, kept[g.r.IntN(len(kept))], true
		}
		fallbackP, fallback = p, cmds
	}
	if s.held != nil {
		return SystemPlayer, DeliverVision{}, true
	}
	if s.timerRunning {
		return SystemPlayer, EndStep{}, true
	}
	if len(fallback) > 0 {
		return fallbackP, fallback[g.r.IntN(len(fallback))], true
	}
	return "", nil, false
}

// extra sometimes picks one of the commands LegalCommands leaves out.
func (g *randomGame) extra() (PlayerID, Command, bool) {
	s := g.s
	switch g.r.IntN(12) {
	case 0:
		if gv, ok := s.ViewFor(ghostOf(s)).(*GhostView); ok && gv.CanTakeBack {
			return ghostOf(s), TakeBack{}, true
		}
	case 1:
		if s.timerRunning {
			cmds := []Command{PauseTimer{}, AddTime{}}
			if s.timerPaused {
				cmds[0] = ResumeTimer{}
			}
			return s.host, cmds[g.r.IntN(2)], true
		}
	case 2, 3:
		if s.phase == PhaseSeating || s.phase == PhaseFinished {
			break
		}
		p := g.players[g.r.IntN(len(g.players))]
		seat := s.seatOf(p)
		if _, ok := seat.Colour(); !ok {
			break
		}
		cat := Categories[g.r.IntN(3)]
		card := s.dealt[cat][g.r.IntN(len(s.dealt[cat]))]
		if g.r.IntN(2) == 0 {
			return p, Mark{Card: card, Out: g.r.IntN(3) > 0}, true
		}
		g.notes++
		return p, Note{Card: card, Text: fmt.Sprintf("zqnote %d %d", seat, g.notes)}, true
	}
	return "", nil, false
}

// skilled sometimes replaces a random choice by the right one.
func (g *randomGame) skilled(cmds []Command) (Command, bool) {
	if g.r.IntN(100) >= g.skill {
		return nil, false
	}
	for _, c := range cmds {
		switch c := c.(type) {
		case PlaceIntuition:
			ps := g.s.psy(c.Psychic)
			if ps != nil && c.Card == ps.trail[g.s.category(ps)] {
				return c, true
			}
		case Vote:
			if g.s.final != nil && c.Group == g.s.final.culprit {
				return c, true
			}
		}
	}
	return nil, false
}

// keep biases the random walk towards progress: few take-backs and moves.
func (g *randomGame) keep(c Command) bool {
	switch c := c.(type) {
	case SetReady:
		return c.Ready || g.r.IntN(10) == 0
	case PlaceIntuition:
		ps := g.s.psy(c.Psychic)
		return ps == nil || ps.intuition == "" || g.r.IntN(40) == 0
	case TakeToken:
		return g.r.IntN(20) == 0
	case PlaceToken:
		return g.r.IntN(3) == 0
	case Discard:
		return g.r.IntN(8) == 0
	}
	return true
}

// play runs the game to its end, failing the test if a listed command is
// refused or the game does not end.
func (g *randomGame) play() {
	g.t.Helper()
	for steps := 0; g.s.Phase() != PhaseFinished; steps++ {
		if steps > 5000 {
			g.t.Fatalf("game does not end: phase %s round %d after %d commands", g.s.Phase(), g.s.Round(), steps)
		}
		p, c, ok := g.choose()
		if !ok {
			g.t.Fatalf("nobody can act in phase %s round %d", g.s.Phase(), g.s.Round())
		}
		if gv, ok := c.(GiveVision); ok && steps%3 != 0 {
			// Most visions come with a note, which only the ghost may read
			// before the end (TestPropertyViewsNeverHoldSecrets).
			gv.Note = fmt.Sprintf("%s %d", noteMarker, steps)
			c = gv
		}
		evs, err := g.s.Apply(p, c)
		if err != nil {
			g.t.Fatalf("legal command %#v by %s refused: %v", c, p, err)
		}
		g.events = evs
		g.entries = append(g.entries, Entry{p, c})
		if g.afterEach != nil {
			g.afterEach(p, c)
		}
	}
}

// checkInvariants verifies the rules' invariants on the whole state.
func checkInvariants(s *State) error {
	// The clock never goes past 7.
	if s.round < 0 || s.round > LastRound {
		return fmt.Errorf("round %d", s.round)
	}
	// The hand never holds more than 7.
	if len(s.hand) > HandSize {
		return fmt.Errorf("hand of %d", len(s.hand))
	}
	// No card in two trails, and every trail card was dealt to the table.
	for _, cat := range Categories {
		seen := map[CardID]Colour{}
		for _, ps := range s.psychics {
			id := ps.trail[cat]
			if other, dup := seen[id]; dup {
				return fmt.Errorf("%s is in the trails of %s and %s", id, other, ps.colour)
			}
			seen[id] = ps.colour
			if !slices.Contains(s.dealt[cat], id) {
				return fmt.Errorf("trail card %s of %s was never on the table", id, ps.colour)
			}
			// A found card has left the table; an unfound one is still there.
			onTable := slices.Contains(s.table[cat], id)
			if found := ps.found[cat] > 0; found == onTable {
				return fmt.Errorf("%s's %s %s: found=%v but on table=%v", ps.colour, cat, id, found, onTable)
			}
		}
	}
	// Every vision card is in exactly one place.
	where := map[CardID]string{}
	put := func(place string, ids []CardID) error {
		for _, id := range ids {
			if prev, dup := where[id]; dup {
				return fmt.Errorf("vision card %s is both in %s and in %s", id, prev, place)
			}
			where[id] = place
		}
		return nil
	}
	places := []struct {
		name string
		ids  []CardID
	}{{"the deck", s.deck}, {"the hand", s.hand}, {"the discard pile", s.discard}}
	if s.held != nil {
		places = append(places, struct {
			name string
			ids  []CardID
		}{"the vision on its way", s.held.give.Cards})
	}
	for _, ps := range s.psychics {
		places = append(places, struct {
			name string
			ids  []CardID
		}{ps.colour.String() + "'s vision", ps.vision})
	}
	if s.final != nil {
		places = append(places, struct {
			name string
			ids  []CardID
		}{"the shared vision", s.final.shared})
	}
	for _, pl := range places {
		if err := put(pl.name, pl.ids); err != nil {
			return err
		}
	}
	if len(where) != len(s.pools.Visions) {
		return fmt.Errorf("%d vision cards accounted for, the deck has %d", len(where), len(s.pools.Visions))
	}
	for _, id := range s.pools.Visions {
		if _, ok := where[id]; !ok {
			return fmt.Errorf("vision card %s is nowhere", id)
		}
	}
	// Clairvoyance tokens are conserved per owner and kind.
	if n := TokensPerPsychic(s.opts.Edition, s.players); s.phase != PhaseSeating {
		for _, ps := range s.psychics {
			yes, no := ps.tokYes+ps.spentYes, ps.tokNo+ps.spentNo
			for _, on := range s.psychics {
				for _, t := range on.tokensOn {
					if t.From != ps.colour {
						continue
					}
					if on.colour == ps.colour {
						return fmt.Errorf("%s has a token on its own intuition", ps.colour)
					}
					if t.Kind == TokenYes {
						yes++
					} else {
						no++
					}
				}
			}
			if yes != n/2 || no != n/2 {
				return fmt.Errorf("%s owns %d ✓ and %d ✗ tokens, want %d of each", ps.colour, yes, no, n/2)
			}
		}
	}
	return nil
}

func TestPropertyRandomGamesKeepTheInvariants(t *testing.T) {
	per := propGamesPerTable()
	for _, tb := range propTables() {
		t.Run(tb.String(), func(t *testing.T) {
			t.Parallel()
			finals := 0
			for i := 0; i < per; i++ {
				seed := uint64(i*7919 + tb.players)
				g := newRandomGame(t, tb, seed)
				if i%2 == 1 { // every other game has a person as the ghost, takes visions back, pauses and writes notes
					g = newExtrasGame(t, tb, seed)
				}
				if err := checkInvariants(g.s); err != nil {
					t.Fatalf("seed %d, at the start: %v", seed, err)
				}
				g.afterEach = func(p PlayerID, c Command) {
					if err := checkInvariants(g.s); err != nil {
						t.Fatalf("seed %d, after %s's %#v (command %d): %v", seed, p, c, len(g.entries), err)
					}
				}
				g.play()
				if g.s.outcome == nil {
					t.Fatalf("seed %d: finished without an outcome", seed)
				}
				if g.s.final != nil {
					finals++
				}
			}
			// The walk must reach the final phase, or its rules go untested.
			if finals == 0 {
				t.Errorf("none of %d games reached the final phase", per)
			}
		})
	}
}

// The invariant checker itself must catch broken states.
func TestInvariantCheckerCatchesCorruption(t *testing.T) {
	tb := propTable{Options{Edition: Classic, Difficulty: Medium}, 5}
	corruptions := map[string]func(s *State){
		"card in two places": func(s *State) { s.discard = append(s.discard, s.hand[0]) },
		"card lost":          func(s *State) { s.deck = s.deck[1:] },
		"hand of 8":          func(s *State) { s.hand = append(s.hand, s.deck[0]); s.deck = s.deck[1:] },
		"clock past 7":       func(s *State) { s.round = 8 },
		"shared trail card":  func(s *State) { s.psychics[1].trail[Location] = s.psychics[0].trail[Location] },
		"token minted":       func(s *State) { s.psychics[0].tokYes++ },
		"token on own": func(s *State) {
			s.psychics[0].tokensOn = []TokenPlacement{{From: s.psychics[0].colour, Kind: TokenNo}}
			s.psychics[0].tokNo--
		},
	}
	for name, corrupt := range corruptions {
		g := newRandomGame(t, tb, 3)
		if err := checkInvariants(g.s); err != nil {
			t.Fatalf("fresh game: %v", err)
		}
		corrupt(g.s)
		if err := checkInvariants(g.s); err == nil {
			t.Errorf("%s: not detected", name)
		}
	}
}
