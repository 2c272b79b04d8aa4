package table

import (
	"fmt"
	"sort"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// Again starts the next game at a finished table, in place: the same code,
// name, options and host, a new seed, and the seats of the game that ended
// taken again by the same bots and by the same players who are still
// connected (whoever left is not held to a seat; anyone may still stand up
// before the start). Subscribers stay subscribed and simply see the table
// back at seating.
//
// begin runs on the table's goroutine before anything changes: the server
// archives the finished game there and records the new seed, so that the
// journal that follows (the new game's, numbered from 1 again) replays onto
// New(options, pools, host, seed) after a restart. If begin fails, the
// finished game stays as it was and Again returns its error.
//
// Only the host and the players of the game that ended may start the next
// one; on an unfinished table Again is refused. The seating commands are
// journaled like any other, so restarts and replays stay exact.
func (t *Table) Again(p game.PlayerID, seed uint64, begin func() error) error {
	var err error
	if !t.inspect(func(t *Table) { err = t.again(p, seed, begin) }) {
		return game.ErrTableStopped
	}
	return err
}

func (t *Table) again(p game.PlayerID, seed uint64, begin func() error) error {
	if t.pub.Phase != game.PhaseFinished {
		return ruleErrorf(game.ErrWrongPhase, "The game is not over yet.")
	}
	seats := append([]game.SeatView(nil), t.pub.Seats...)
	allowed := p == t.cfg.Host
	for _, s := range seats {
		if s.Player == p && !s.Bot {
			allowed = true
		}
	}
	if !allowed {
		return ruleErrorf(game.ErrNotSeated, "Only the players of the game that ended can start the next one here.")
	}
	st, err := game.New(t.cfg.Options, t.cfg.Pools, t.cfg.Host, seed)
	if err != nil {
		return fmt.Errorf("table %s: next game: %w", t.cfg.Code, err)
	}
	// The finished game's journal is whole before it is archived.
	if err := t.flushNotes(); err != nil {
		return err
	}
	if begin != nil {
		if err := begin(); err != nil {
			return err
		}
	}
	t.cfg.Seed = seed
	t.state = st
	t.refresh()
	t.history = nil
	t.deadline, t.remaining, t.resumeAt = time.Time{}, 0, time.Time{}
	t.lastEnd = 0
	t.pointing, t.pointDirty = map[game.Seat]game.CardID{}, false
	t.botAt = time.Time{}
	t.bots = map[game.PlayerID]tableBot{}
	t.botStuck = map[game.PlayerID]uint64{}
	t.botIntents = map[game.PlayerID]botIntent{}
	t.visionSeen = map[game.Colour]visionSeen{}
	t.takeover = map[game.PlayerID]bool{}

	// The earliest seated sit down first again: the seating order breaks
	// the straw poll's last tie.
	sort.SliceStable(seats, func(i, j int) bool { return seats[i].Order < seats[j].Order })
	var failed error
	for _, s := range seats {
		var err error
		switch {
		case s.Bot:
			err = t.apply(t.cfg.Host, game.SetBot{Seat: s.Seat, On: true, Level: s.BotLevel})
		case s.Player != "" && t.conns[s.Player] > 0:
			err = t.apply(s.Player, game.Sit{Seat: s.Seat, Name: s.Name})
		}
		if err != nil && failed == nil {
			// The new game has begun; a seat that could not be saved is
			// left free for its player to take by hand.
			failed = err
		}
	}
	t.afterChange()
	return failed
}
