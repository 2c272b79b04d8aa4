package game

import (
	"fmt"
	"math/rand/v2"
)

// State is one table's whole game: seats, cards, clock, and the RNG. Only
// the table actor holds it; everybody else sees Views. Its methods are not
// safe for concurrent use.
type State struct {
	opts  Options
	pools Pools
	host  PlayerID
	seed  uint64
	rng   rand.PCG
	phase Phase
	round int
}

// Entry is one accepted command, as stored in a journal.
type Entry struct {
	Player  PlayerID
	Command Command
}

// New creates a table in the seating phase. host may start the game and set
// bots. All randomness comes from seed, so New plus the accepted commands
// rebuild the same state (Replay).
func New(opts Options, pools Pools, host PlayerID, seed uint64) (*State, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	s := &State{opts: opts, pools: pools, host: host, seed: seed, phase: PhaseSeating}
	s.rng.Seed(seed, seed^0x6d79737465726975)
	return s, nil
}

// Apply applies command c sent by player p. On success it returns the public
// events the command caused; on failure a *RuleError and the state is untouched.
func (s *State) Apply(p PlayerID, c Command) ([]Event, error) {
	if c == nil {
		return nil, ruleErrorf(ErrBadCommand, "That is not a command.")
	}
	return nil, ruleErrorf(ErrNotSupported, "The %s command is not implemented yet.", c.Type())
}

// ViewFor returns what player p may see of the table.
func (s *State) ViewFor(p PlayerID) View {
	return &SpectatorView{TableView: TableView{Me: p, Edition: s.opts.Edition, Difficulty: s.opts.Difficulty,
		Timer: s.opts.Timer, Order: s.opts.Edition.Order(), Phase: s.phase, Round: s.round, Host: s.host}, Seat: NoSeat}
}

// Replay rebuilds a table from its options, seed and accepted commands. A
// command the engine refuses means the journal does not belong to these
// options: Replay stops and reports which entry failed.
func Replay(opts Options, pools Pools, host PlayerID, seed uint64, entries []Entry) (*State, error) {
	s, err := New(opts, pools, host, seed)
	if err != nil {
		return nil, err
	}
	for i, e := range entries {
		if _, err := s.Apply(e.Player, e.Command); err != nil {
			return nil, fmt.Errorf("game: replay entry %d (%s by %s): %w", i, e.Command.Type(), e.Player, err)
		}
	}
	return s, nil
}

// Phase is where the game stands.
func (s *State) Phase() Phase { return s.phase }

// Round is the clock (1..7), 0 during seating.
func (s *State) Round() int { return s.round }

// Options are the table's options.
func (s *State) Options() Options { return s.opts }

// Host is the player who may start the game and set bots.
func (s *State) Host() PlayerID { return s.host }

// LegalCommands lists commands player p may send now, each of which Apply
// would accept. It enumerates every seating command, every intuition,
// ready, token, reveal, culprit and vote choice; for the combinatorial ghost
// choices (which subset of the hand to give or discard) it lists every
// single card plus a few larger subsets, so it is a sample, not everything.
// It never lists EndStep (only the actor sends it) nor Chat. Bots, property
// tests and the fuzz target use it.
func (s *State) LegalCommands(p PlayerID) []Command {
	return nil
}

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

// NewStarted returns a started game with bots in every seat: the ghost and
// players-1 psychic seats (colours in order), host "host". The bots'
// identities are BotPlayer(seat). It is a helper for tests and simulations.
func NewStarted(opts Options, pools Pools, players int, seed uint64) (*State, error) {
	const host PlayerID = "host"
	s, err := New(opts, pools, host, seed)
	if err != nil {
		return nil, err
	}
	if players < 2 || players > 7 {
		return nil, ruleErrorf(ErrSeats, "A table has 2 to 7 players, not %d.", players)
	}
	cmds := []Command{SetBot{Seat: GhostSeat, On: true}}
	for i := 0; i < players-1; i++ {
		cmds = append(cmds, SetBot{Seat: Seat(i), On: true})
	}
	cmds = append(cmds, Start{})
	for _, c := range cmds {
		if _, err := s.Apply(host, c); err != nil {
			return nil, err
		}
	}
	return s, nil
}
