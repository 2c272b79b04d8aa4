package game

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Property test of hidden information (docs/rules.md, "What each seat
// sees"): in random games, after every command, every psychic player's and a
// spectator's view is serialised to JSON and searched for what that viewer
// may not know. The secrets are computed from the State by the rules, not
// from the views: every vision card never shown to anybody (the ghost's hand,
// the deck, crow discards) and every shared-vision card not yet shown to this
// viewer must not appear at all; an unfound trail card may appear only where
// table cards are listed (the table, intuitions, the line-up), never tied to
// its psychic. The culprit and other players' hidden straw-poll votes are
// checked by non-interference: changing them must not change these views.

// publicCardKeys are JSON keys whose values name table cards openly: the
// cards on the table, intuitions (a guess, on a public card), the line-up
// and the viewer's own marks and notes (on cards the viewer chose).
var publicCardKeys = map[string]bool{"TableCards": true, "Intuition": true, "Groups": true, "Notes": true}

// scanStrings calls f with every JSON string value of a serialised view,
// saying whether it sits under a publicCardKeys key. It is a one-pass
// scanner, because the property test reads hundreds of thousands of views.
func scanStrings(b []byte, f func(s []byte, public bool)) {
	stack := []bool{false} // per open container: is it under a public key?
	pending := false       // the next value is under a public key
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			str := b[i+1 : min(j, len(b))]
			i = j
			if i+1 < len(b) && b[i+1] == ':' {
				pending = publicCardKeys[string(str)]
				i++
				continue
			}
			f(str, stack[len(stack)-1] || pending)
			pending = false
		case '{', '[':
			stack = append(stack, stack[len(stack)-1] || pending)
			pending = false
		case '}', ']':
			stack = stack[:len(stack)-1]
			pending = false
		case ',':
			pending = false
		}
	}
}

// noteMarker begins every ghost's note of the random games: no psychic or
// spectator may see one before the end.
const noteMarker = "ghost-note"

// findLeaks returns the secrets found in a serialised view: vision secrets
// anywhere, trail secrets outside the public card lists, the ghost's notes
// anywhere.
func findLeaks(view []byte, visions, trails map[CardID]string) []string {
	var found []string
	scanStrings(view, func(s []byte, public bool) {
		if strings.Contains(string(s), noteMarker) {
			found = append(found, fmt.Sprintf("%q (the ghost's note)", s))
		}
		if what, ok := visions[CardID(s)]; ok {
			found = append(found, fmt.Sprintf("%s (%s)", s, what))
		}
		if what, ok := trails[CardID(s)]; ok && !public {
			found = append(found, fmt.Sprintf("%s (%s)", s, what))
		}
	})
	return found
}

// secretTracker follows one game and knows, from the State, which vision
// cards have ever been shown to everybody.
type secretTracker struct {
	s      *State
	public map[CardID]bool
}

func (tr *secretTracker) observe() {
	for _, ps := range tr.s.psychics {
		for _, id := range ps.vision {
			tr.public[id] = true
		}
	}
	if f := tr.s.final; f != nil && f.given {
		n := len(f.shared)
		if f.kind == VoteStaged && tr.s.phase != PhaseFinished {
			n = 1 // the straw poll shows everybody the first card only
		}
		for _, id := range f.shared[:n] {
			tr.public[id] = true
		}
	}
}

// sharedAllowed is how many shared-vision cards viewer p may see now: in the
// straw poll at stage k a psychic of level L sees the first min(k, L).
func (tr *secretTracker) sharedAllowed(p PlayerID) int {
	s, f := tr.s, tr.s.final
	if f == nil || !f.given {
		return 0
	}
	if f.kind != VoteStaged {
		return len(f.shared)
	}
	seat := s.seatOf(p)
	col, ok := seat.Colour()
	if !ok || s.psy(col) == nil {
		return 1
	}
	return min(f.stage, ClairvoyanceLevel(s.players, s.psy(col).track))
}

// secretsFor lists what viewer p may not know now.
func (tr *secretTracker) secretsFor(p PlayerID) (visions, trails map[CardID]string) {
	s := tr.s
	visions, trails = map[CardID]string{}, map[CardID]string{}
	allowed := map[CardID]bool{}
	if f := s.final; f != nil && f.given {
		for _, id := range f.shared[:tr.sharedAllowed(p)] {
			allowed[id] = true
		}
	}
	for _, id := range s.pools.Visions {
		if tr.public[id] || allowed[id] {
			continue
		}
		what := "a vision card nobody has been shown"
		switch {
		case slices.Contains(s.hand, id):
			what = "in the ghost's hand"
		case s.held != nil && slices.Contains(s.held.give.Cards, id):
			what = "in the vision on its way"
		case s.final != nil && slices.Contains(s.final.shared, id):
			what = "a shared-vision card not yet shown to this viewer"
		}
		visions[id] = what
	}
	for _, ps := range s.psychics {
		for _, cat := range Categories {
			if ps.found[cat] == 0 {
				trails[ps.trail[cat]] = fmt.Sprintf("%s's unfound %s", ps.colour, cat)
			}
		}
	}
	return visions, trails
}

// othersNotes returns the notes of seats other than seat found in a
// serialised view (the random game writes "zqnote <seat> <n>").
func othersNotes(view []byte, seat Seat) []string {
	var found []string
	mine := fmt.Sprintf("zqnote %d ", seat)
	for rest := string(view); ; {
		i := strings.Index(rest, "zqnote ")
		if i < 0 {
			return found
		}
		rest = rest[i:]
		if !strings.HasPrefix(rest, mine) {
			found = append(found, "another psychic's note "+rest[:min(len(rest), 12)])
		}
		rest = rest[1:]
	}
}

// viewers are the psychic players of a game plus a spectator.
func (g *randomGame) viewers() []PlayerID {
	var out []PlayerID
	for _, p := range g.players {
		if _, ok := g.s.seatOf(p).Colour(); ok {
			out = append(out, p)
		}
	}
	return append(out, "spectator:zed")
}

func mustJSONEvents(t testing.TB, evs []Event) []byte {
	t.Helper()
	b, err := json.Marshal(evs)
	if err != nil {
		t.Fatalf("marshal events: %v", err)
	}
	return b
}

func mustJSON(t testing.TB, v View) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %T: %v", v, err)
	}
	return b
}

// propSecretGamesPerTable: 47 tables × 4 games, every view of every seat
// after every command (under -race or -short, 1 game per table).
func propSecretGamesPerTable() int {
	if testing.Short() || raceEnabled {
		return 1
	}
	return 4
}

func TestPropertyViewsNeverHoldSecrets(t *testing.T) {
	per := propSecretGamesPerTable()
	for _, tb := range propTables() {
		t.Run(tb.String(), func(t *testing.T) {
			t.Parallel()
			checked, notes, held := 0, 0, 0
			for i := 0; i < per; i++ {
				seed := uint64(i*104729 + tb.players)
				g := newExtrasGame(t, tb, seed) // a person is the ghost: visions are held, and taken back
				tr := &secretTracker{s: g.s, public: map[CardID]bool{}}
				viewers := g.viewers()
				check := func(after string) {
					if g.s.phase == PhaseFinished {
						return // after the game everybody sees everything
					}
					tr.observe()
					// The views the table actor sends, around one public
					// part shared by every seat, are each exactly ViewFor's.
					views := g.s.Views()
					for _, p := range viewers {
						v := views.For(p)
						if alone := g.s.ViewFor(p); !reflect.DeepEqual(v, alone) {
							t.Fatalf("seed %d, %s: %s's view around the shared public part is not ViewFor's:\n%+v\n%+v", seed, after, p, v, alone)
						}
						switch v.(type) {
						case *PsychicView, *SpectatorView:
						default:
							t.Fatalf("seed %d: %s gets a %T during the game", seed, p, v)
						}
						visions, trails := tr.secretsFor(p)
						b := mustJSON(t, v)
						found := findLeaks(b, visions, trails)
						found = append(found, othersNotes(b, g.s.seatOf(p))...)
						// The events everybody is told, a vision on its way included.
						found = append(found, findLeaks(mustJSONEvents(t, g.events), visions, trails)...)
						if h := g.s.held; h != nil {
							held++
							// Not even how many cards are on their way.
							if pub := v.Public(); pub.HandSize != len(g.s.hand)+len(h.give.Cards) || pub.Sending == nil {
								found = append(found, fmt.Sprintf("a hand of %d, sending %+v, with %d cards on their way", pub.HandSize, pub.Sending, len(h.give.Cards)))
							}
						}
						if len(found) > 0 {
							t.Fatalf("seed %d, %s: %s's view holds %s", seed, after, p, strings.Join(found, ", "))
						}
						checked++
					}
				}
				check("at the start")
				g.afterEach = func(p PlayerID, c Command) { check(fmt.Sprintf("after %s's %T", p, c)) }
				g.play()
				// After the game the notes are everybody's.
				notes += len(g.s.ghostNotes)
				for _, p := range viewers {
					if fv := g.s.ViewFor(p).(*FinishedView); !slices.Equal(fv.GhostNotes, g.s.ghostNotes) {
						t.Fatalf("seed %d: %s's finished view has notes %v, want %v", seed, p, fv.GhostNotes, g.s.ghostNotes)
					}
				}
			}
			if checked == 0 || notes == 0 || held == 0 {
				t.Fatalf("%d views checked, %d notes given, %d views while a vision was on its way", checked, notes, held)
			}
		})
	}
}

// The checker must see a hidden when one is there: a ghost's view, or a
// psychic's view with one extra field, are reported as leaks.
func TestSecretCheckerCatchesLeaks(t *testing.T) {
	tb := propTable{Options{Edition: Classic, Difficulty: Medium}, 5}
	g := newRandomGame(t, tb, 11)
	tr := &secretTracker{s: g.s, public: map[CardID]bool{}}
	tr.observe()
	psychic := g.viewers()[0]
	visions, trails := tr.secretsFor(psychic)

	if clean := findLeaks(mustJSON(t, g.s.ViewFor(psychic)), visions, trails); len(clean) > 0 {
		t.Fatalf("a fresh psychic view reported %v", clean)
	}
	ghost := findLeaks(mustJSON(t, g.s.ViewFor(g.s.seats[GhostSeat].player)), visions, trails)
	if len(ghost) < HandSize+len(g.s.psychics) {
		t.Fatalf("the ghost's view shown to a psychic: only %d leaks found (%v)", len(ghost), ghost)
	}
	// One trail card slipped into an otherwise public structure.
	type leaky struct {
		*PsychicView
		Hint CardID
	}
	lv := leaky{g.s.ViewFor(psychic).(*PsychicView), g.s.psychics[1].trail[Character]}
	b, _ := json.Marshal(lv)
	if found := findLeaks(b, visions, trails); len(found) != 1 {
		t.Fatalf("a leaked trail card was not found exactly once: %v", found)
	}
	// The ghost's note in a psychic's view.
	gv := g.s.ViewFor(g.s.seats[GhostSeat].player).(*GhostView)
	gv.GhostNotes = []GhostNote{{Round: 1, To: Red, Text: noteMarker + " 1"}}
	leakyNote := struct {
		*PsychicView
		Notes []GhostNote
	}{g.s.ViewFor(psychic).(*PsychicView), gv.GhostNotes}
	b, _ = json.Marshal(leakyNote)
	if found := findLeaks(b, visions, trails); len(found) != 1 {
		t.Fatalf("a leaked note was not found exactly once: %v", found)
	}
	// One hand card in a chat line.
	pv := g.s.ViewFor(psychic).(*PsychicView)
	pv.Chat = append(pv.Chat, ChatLine{Text: "x", Name: string(g.s.hand[0])})
	if found := findLeaks(mustJSON(t, pv), visions, trails); len(found) != 1 {
		t.Fatalf("a leaked hand card was not found: %v", found)
	}
}

// preamble is what NewStarted applies, so that Replay can rebuild a game.
func preamble(players int) []Entry {
	es := []Entry{{"host", SetBot{Seat: GhostSeat, On: true}}}
	for i := 0; i < players-1; i++ {
		es = append(es, Entry{"host", SetBot{Seat: Seat(i), On: true}})
	}
	return append(es, Entry{"host", Start{}})
}

// Non-interference: psychic and spectator views must not depend on which
// culprit the ghost chose (until a vote is judged), nor on what another
// psychic voted in the hidden straw poll (until the votes are revealed).
func TestPropertyCulpritAndSecretVotesDoNotShowInViews(t *testing.T) {
	cases := 0
	for _, tb := range propTables() {
		if tb.opts.Edition == Modern { // the culprit is drawn, not chosen
			continue
		}
		games := 6
		if testing.Short() || raceEnabled {
			games = 1
		}
		for i := 0; i < games; i++ {
			seed := uint64(i*31 + tb.players)
			g := newRandomGame(t, tb, seed)
			g.skill = 90
			fork := func() *State {
				s, err := Replay(tb.opts, TestPools(), "host", seed, append(preamble(tb.players), g.entries...))
				if err != nil {
					t.Fatal(err)
				}
				return s
			}
			same := func(a, b *State, viewers []PlayerID) error {
				for _, p := range viewers {
					ja, jb := mustJSON(t, a.ViewFor(p)), mustJSON(t, b.ViewFor(p))
					if string(ja) != string(jb) {
						return fmt.Errorf("%s's view differs:\n%s\n%s", p, ja, jb)
					}
				}
				return nil
			}
			viewers := g.viewers()
			forked := false
			g.afterEach = func(p PlayerID, c Command) {
				s := g.s
				// The ghost is about to choose the culprit: try two culprits.
				if !forked && s.phase == PhaseCulprit && s.final.culprit == 0 {
					forked = true
					a, b := fork(), fork()
					ghost := s.seats[GhostSeat].player
					if _, err := a.Apply(ghost, ChooseCulprit{Group: 1}); err != nil {
						t.Fatal(err)
					}
					if _, err := b.Apply(ghost, ChooseCulprit{Group: 2}); err != nil {
						t.Fatal(err)
					}
					cases++
					// Play on identically until something is judged.
					r := &randomGame{t: t, s: a, r: g.r, players: g.players}
					for a.phase != PhaseFinished {
						if err := same(a, b, viewers); err != nil {
							t.Fatalf("seed %d: the culprit shows: %v", seed, err)
						}
						q, cmd, ok := r.choose()
						if !ok {
							break
						}
						ea, erra := a.Apply(q, cmd)
						_, errb := b.Apply(q, cmd)
						if (erra == nil) != (errb == nil) {
							t.Fatalf("seed %d: %T accepted by one culprit and not the other: %v / %v", seed, cmd, erra, errb)
						}
						if slices.ContainsFunc(ea, func(e Event) bool { return e.Kind == EvGroupRemoved }) {
							break
						}
					}
				}
				// A straw-poll voter could have voted otherwise: nobody else may tell.
				if s.phase == PhaseVote && s.final.kind == VoteStaged && g.r.IntN(3) == 0 {
					for _, voter := range g.players {
						col, ok := s.seatOf(voter).Colour()
						if !ok || !slices.Contains(s.voters(), col) || s.final.voted[col] || s.level(col) != s.final.stage {
							continue
						}
						a, b := fork(), fork()
						_, erra := a.Apply(voter, Vote{Group: 1})
						_, errb := b.Apply(voter, Vote{Group: 2})
						if erra != nil || errb != nil || a.phase != PhaseVote || b.phase != PhaseVote {
							continue // a removed group, or the poll is over: votes are shown
						}
						others := slices.DeleteFunc(slices.Clone(viewers), func(q PlayerID) bool { return q == voter })
						if err := same(a, b, others); err != nil {
							t.Fatalf("seed %d: %s's hidden vote shows: %v", seed, voter, err)
						}
						cases++
						break
					}
				}
			}
			g.play()
		}
	}
	if cases == 0 {
		t.Fatal("no game reached a culprit choice or a straw poll")
	}
}
