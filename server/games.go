package server

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// Finished games outlive their table's time in memory: the store keeps them
// for KeepGames, and `ssh -t HOST CODE` brings one back (replayed from its
// journal) for its end screen and replay. A table moves on to its next game
// in place (PlayAgain): the finished game is archived as CODE.N. The n-th
// game at a table is CODE.n everywhere a player reads it (history), the
// table's current game included: Hub.Table takes CODE.n for the table
// CODE while it holds its n-th game, and CODE alone for its newest.

// errUnreadable is findFinished's answer for a kept game that the store
// holds but that could not be read back (a damaged row or journal): the
// code is right, so it is not a wrong guess, and the player is told.
type errUnreadable struct{ code string }

func (e errUnreadable) Error() string { return "server: game " + e.code + " could not be read" }

// findFinished brings a kept finished game back from the store, as a table
// whose every view is the end screen; it is evicted again like any
// finished table nobody is at. It returns (nil, nil) when there is no such
// game (or no store, or it is past KeepGames), an errUnreadable when the
// store has it but it does not load.
func (h *Hub) findFinished(code string) (*table.Table, error) {
	if h.store == nil || h.closed() {
		return nil, nil
	}
	saved, ok, err := h.store.FinishedGame(code)
	if err != nil {
		h.log.Error("load finished game", "code", code, "err", err)
		return nil, errUnreadable{code}
	}
	if !ok || h.now().Sub(saved.Finished) >= h.limits.KeepGames {
		return nil, nil
	}
	t, err := table.Restore(h.tableConfig(saved.Table), saved.Entries)
	if err != nil {
		h.log.Error("finished game not restored", "code", code, "err", err)
		return nil, errUnreadable{code}
	}
	h.mu.Lock()
	if ht, ok := h.tables[code]; ok {
		// Somebody else loaded it meanwhile.
		h.mu.Unlock()
		t.Stop()
		return ht.t, nil
	}
	var evicted *removal
	if len(h.tables) >= h.limits.MaxTables {
		ht := h.evictableLocked(h.now())
		if ht == nil {
			h.mu.Unlock()
			t.Stop()
			h.log.Warn("finished game not loaded: the server is at --max-tables", "code", code)
			return nil, nil
		}
		r := h.takeLocked(ht)
		evicted = &r
	}
	h.mu.Unlock()
	if evicted != nil {
		h.retire(*evicted, h.now(), "made room for a finished game")
	}
	h.add(t, saved.Table, "", h.now())
	h.log.Info("finished game loaded", "code", code, "commands", len(saved.Entries))
	return t, nil
}

// PlayAgain starts the next game at a finished table, in place (the
// session's n after the end): the code stays, the bots and the players
// still there keep their seats, and the finished game is archived as
// CODE.N for its replay and the players' history.
func (h *Hub) PlayAgain(who session.Identity, code string) error {
	code = normaliseCode(code)
	if table, n, ok := store.SplitArchived(code); ok {
		return tell.F("This is game %d of table %s, kept for its replay. The table's next game is at %s.", n, table, table)
	}
	h.mu.Lock()
	ht, ok := h.tables[code]
	h.mu.Unlock()
	if !ok || ht.t == nil {
		return tell.F("There is no table %s.", code)
	}
	seed := randomSeed()
	var archived string
	begin := func() error {
		if h.store == nil {
			return nil
		}
		var err error
		archived, err = h.store.NewGame(code, seed, h.now())
		return err
	}
	if err := ht.t.Again(who.ID, seed, begin); err != nil {
		if _, ok := game.AsRuleError(err); ok {
			return err
		}
		h.log.Error("next game", "code", code, "err", err)
		return tell.T("The next game could not be saved. Try again in a moment.")
	}
	h.mu.Lock()
	ht.rec.Seed = seed
	ht.rec.Game = max(1, ht.rec.Game) + 1
	h.mu.Unlock()
	h.log.Info("next game at the same table", "code", code, "by", who.ID, "archived", archived)
	return nil
}

// purgeEvery is how often the janitor deletes the games past KeepGames.
const purgeEvery = time.Hour

// purge deletes the finished games past KeepGames, at most once per
// purgeEvery.
func (h *Hub) purge() {
	if h.store == nil {
		return
	}
	now := h.now()
	h.mu.Lock()
	due := now.Sub(h.lastPurge) >= purgeEvery
	if due {
		h.lastPurge = now
	}
	h.mu.Unlock()
	if !due {
		return
	}
	n, err := h.store.PurgeFinished(now.Add(-h.limits.KeepGames))
	if err != nil {
		h.log.Error("delete old games", "err", err)
	}
	if n > 0 {
		h.log.Info("old games deleted", "tables", n, "older than", h.limits.KeepGames)
	}
}

// later returns the later of two times.
func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
