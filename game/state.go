package game

import (
	"fmt"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// State is one table's whole game: seats, cards, clock, and the RNG. Only
// the table actor holds it; everybody else sees Views. Its methods are not
// safe for concurrent use.
//
// Its parts that a family of rules alone looks after are types of their own,
// embedded so that the rules read them as the state's fields: the seats
// (seating), the psychics (circle), the randomness (dice), the sand timer
// (sandTimer) and the psychics' marks and notes (notebook). The commands
// that read across the table are grouped by phase in values over the State
// (visionStep, guessStep, clairvoyance, revealStep, finalPhase), and what
// one seat may see is built by viewer; apply dispatches to them.
type State struct {
	opts  Options
	pools Pools
	host  PlayerID
	seed  uint64
	// dice is the only source of randomness; it is part of the state so
	// that Replay rebuilds the exact game.
	dice
	phase Phase
	round int

	seating     // by Seat (colours 0..5, ghost 6)
	players int // total players at Start, ghost included

	table [3][]CardID // suspect cards still face up, by Category
	dealt [3][]CardID // every card laid at setup, by Category
	circle

	hand    []CardID
	deck    []CardID // deck[0] is drawn next
	discard []CardID

	discardsLeft int

	roundVisions []VisionRecord
	reveals      []RevealResult
	usedTokens   []UsedToken
	history      []RoundRecord
	ghostNotes   []GhostNote // the ghost's notes, in the order given

	final   *finalState
	chat    []ChatLine
	outcome *Outcome

	// held is the vision on its way to its psychic (VisionHold), which
	// TakeBack may still take back; nil when none. takenBack is the public
	// trace of a vision taken back; takeBacks records every one, for the
	// ghost and, after the game, the replay.
	held      *heldVision
	takenBack *TakenBack
	takeBacks []TakeBackRecord
	sandTimer
	notebook
}

// Entry is one accepted command, as stored in a journal.
type Entry struct {
	Player  PlayerID
	Command Command
}

// New creates a table in the seating phase. host may start the game and set
// bots. All randomness comes from seed, so New plus the accepted commands
// rebuild the same state (Replay). The pools are checked here: no repeated
// id, enough cards of each kind for the edition.
func New(opts Options, pools Pools, host PlayerID, seed uint64) (*State, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	if err := checkPools(opts.Edition, pools); err != nil {
		return nil, err
	}
	s := &State{opts: opts, pools: pools, host: host, seed: seed, phase: PhaseSeating}
	s.rng.Seed(seed, seed^0x6d79737465726975)
	return s, nil
}

// minVisions is the smallest vision pool a table accepts: a hand, three
// shared-vision cards and room to play.
const minVisions = 21

// checkPools refuses pools with a repeated id or too few cards of a kind
// for edition e.
func checkPools(e Edition, p Pools) error {
	seen := map[CardID]bool{}
	kinds := []struct {
		name namer
		ids  []CardID
		min  int
	}{
		{word(i18n.N("vision")), p.Visions, minVisions},
		{Character, p.Characters, maxTableCards(e)},
		{Location, p.Locations, maxTableCards(e)},
		{Object, p.Objects, maxTableCards(e)},
	}
	for _, k := range kinds {
		if len(k.ids) < k.min {
			return ruleErrorf(ErrBadOptions, "The deck has %d %s cards; the %s edition needs at least %d.", len(k.ids), k.name, e, k.min)
		}
		for _, id := range k.ids {
			if id == "" || seen[id] {
				return ruleErrorf(ErrBadOptions, "The deck repeats the card id %q.", string(id))
			}
			seen[id] = true
		}
	}
	return nil
}

// maxTableCards is the most cards of a category an edition ever lays.
func maxTableCards(e Edition) int {
	m := 0
	for _, d := range Difficulties(e) {
		for n := e.MinPlayers(); n <= e.MaxPlayers(); n++ {
			m = max(m, TableCards(Options{Edition: e, Difficulty: d}, n))
		}
	}
	return m
}

// clone returns a deep copy, so that a command is applied to a copy and the
// copy kept only if the command was legal.
func (s *State) clone() *State {
	// Slices the engine only appends to, or replaces whole, are shared with
	// their capacity capped, so an append in either copy reallocates and
	// neither copy ever writes into the other's elements. Every removal
	// builds a new slice (without) and every shuffle works on a fresh copy.
	// Only what is changed in place (the psychics, the groups) is copied.
	c := *s
	for i := range c.table {
		c.table[i] = capped(s.table[i])
	}
	c.psychics = cloneSlice(s.psychics)
	for i := range c.psychics {
		p := &c.psychics[i]
		p.vision = capped(p.vision)
		p.tokensOn = capped(p.tokensOn)
	}
	c.hand = capped(s.hand)
	c.deck = capped(s.deck)
	c.discard = capped(s.discard)
	c.roundVisions = capped(s.roundVisions)
	c.reveals = capped(s.reveals)
	c.usedTokens = capped(s.usedTokens)
	c.history = capped(s.history)
	c.ghostNotes = capped(s.ghostNotes)
	c.takeBacks = capped(s.takeBacks)
	c.chat = capped(s.chat)
	for i := range c.notes {
		c.notes[i] = capped(s.notes[i])
	}
	if s.final != nil {
		f := *s.final
		f.groups = cloneSlice(s.final.groups)
		f.log = capped(s.final.log)
		c.final = &f
	}
	if s.outcome != nil {
		o := *s.outcome
		c.outcome = &o
	}
	return &c
}

// capped returns x with its capacity cut to its length (nil stays nil).
func capped[T any](x []T) []T {
	if x == nil {
		return nil
	}
	return x[:len(x):len(x)]
}

// without returns a new slice of the elements of x that drop rejects; x is
// left as it is (it may be shared with another copy of the state).
func without[T any](x []T, drop func(T) bool) []T {
	out := make([]T, 0, len(x))
	for _, v := range x {
		if !drop(v) {
			out = append(out, v)
		}
	}
	return out
}

// cloneIDs copies ids (nil stays nil).
func cloneIDs(ids []CardID) []CardID { return cloneSlice(ids) }

// cloneSlice copies x, keeping a nil slice nil (so clones compare equal).
func cloneSlice[T any](x []T) []T {
	if x == nil {
		return nil
	}
	return append(make([]T, 0, len(x)), x...)
}

// Clone returns an independent deep copy of the state (for bots that look
// ahead and for tests).
func (s *State) Clone() *State { return s.clone() }

// Phase is where the game stands.
func (s *State) Phase() Phase { return s.phase }

// Round is the clock (1..7), 0 during seating.
func (s *State) Round() int { return s.round }

// Options are the table's options.
func (s *State) Options() Options { return s.opts }

// Host is the player who may start the game and set bots.
func (s *State) Host() PlayerID { return s.host }

// TestPools returns generated card ids (V01..V84, C01..C20, L01..L20,
// O01..O20) for tests and simulations that do not need the art.
func TestPools() Pools {
	gen := func(prefix string, n int) []CardID {
		ids := make([]CardID, n)
		for i := range ids {
			ids[i] = CardID(fmt.Sprintf("%s%02d", prefix, i+1))
		}
		return ids
	}
	return Pools{Visions: gen("V", 84), Characters: gen("C", 20), Locations: gen("L", 20), Objects: gen("O", 20)}
}

// requireGhost refuses a command that only the ghost may send.
func (s *State) requireGhost(p PlayerID) error {
	if !s.isGhost(p) {
		return ruleErrorf(ErrNotYourSeat, "Only the ghost can do that.")
	}
	return nil
}

// controlled returns psychic c if p controls it, or a rule error.
func (s *State) controlled(p PlayerID, c Colour) (*psychic, error) {
	ps, err := s.inPlay(c)
	if err != nil {
		return nil, err
	}
	if s.seats[ps.owner].player != p {
		return nil, ruleErrorf(ErrNotYourSeat, "You do not play %s %s.", c.Symbol(), c.Character())
	}
	return ps, nil
}

// category is the category psychic ps is guessing.
func (s *State) category(ps *psychic) Category {
	return s.opts.Edition.Order()[min(ps.step, 2)]
}
