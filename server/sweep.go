package server

import (
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/server/metrics"
)

// How tables leave the hub: the janitor's sweep of finished and abandoned
// tables, the room a new table makes at --max-tables, an admin's close, and
// the hub's own close at shutdown. A table leaves memory in two steps: it is
// taken out of the hub's map under the lock (takeLocked), then its actor is
// stopped and the store told outside it (retire).

// janitor removes finished tables after FinishedTableTTL and unfinished ones
// nobody has been present at for AbandonedTableTTL.
func (h *Hub) janitor() {
	defer h.wg.Done()
	every := min(h.limits.FinishedTableTTL, h.limits.AbandonedTableTTL, time.Minute)
	tick := time.NewTicker(every)
	defer tick.Stop()
	lastCheckpoint := h.now()
	for {
		select {
		case <-h.ctx.Done():
			return
		case <-tick.C:
			h.sweep()
			h.purge()
			if now := h.now(); h.store != nil && now.Sub(lastCheckpoint) >= checkpointEvery {
				lastCheckpoint = now
				if err := h.store.Checkpoint(); err != nil {
					h.log.Warn("database checkpoint", "err", err)
				}
			}
		}
	}
}

// checkpointEvery is how often the janitor empties the database's
// write-ahead log.
const checkpointEvery = 10 * time.Minute

// sweep removes the tables whose time is up.
func (h *Hub) sweep() {
	now := h.now()
	var gone []removal
	h.mu.Lock()
	for _, ht := range h.tables {
		if ht.t == nil {
			continue
		}
		switch {
		case !ht.finishedAt.IsZero() && !ht.present && now.Sub(later(ht.finishedAt, ht.lastSeen)) >= h.limits.FinishedTableTTL:
			// A finished table nobody is at leaves memory (it stays in the
			// store for KeepGames, and comes back when asked for).
		case ht.finishedAt.IsZero() && !ht.present && now.Sub(ht.lastSeen) >= h.limits.AbandonedTableTTL:
		default:
			continue
		}
		gone = append(gone, h.takeLocked(ht))
	}
	h.mu.Unlock()
	for _, r := range gone {
		h.retire(r, now, "time is up")
	}
}

// abandonGrace is how long an unfinished table must have been empty before
// a new table may take its place when the server is at --max-tables: long
// enough for a player whose link dropped to come back to their game.
const abandonGrace = 10 * time.Minute

// evictableLocked picks the table a new one may replace when the server is
// at MaxTables, or nil: --max-tables bounds the tables people are at, so
// that a busy evening of abandoned games never locks everyone out of
// creating one. Empty finished tables go first (the oldest finished), then
// unfinished tables empty for abandonGrace (or AbandonedTableTTL when that
// is shorter), the longest empty first. h.mu must be held.
func (h *Hub) evictableLocked(now time.Time) *hubTable {
	grace := min(abandonGrace, h.limits.AbandonedTableTTL)
	var best *hubTable
	better := func(a, b *hubTable) bool { // a before b
		af, bf := !a.finishedAt.IsZero(), !b.finishedAt.IsZero()
		switch {
		case af != bf:
			return af
		case af:
			return a.finishedAt.Before(b.finishedAt)
		}
		return a.lastSeen.Before(b.lastSeen)
	}
	for _, ht := range h.tables {
		if ht.t == nil || ht.present {
			continue
		}
		if ht.finishedAt.IsZero() && now.Sub(ht.lastSeen) < grace {
			continue
		}
		if best == nil || better(ht, best) {
			best = ht
		}
	}
	return best
}

// removal is a table taken out of h.tables, with what retire needs to
// know of it read under h.mu (its watcher keeps writing the hubTable until
// the actor stops).
type removal struct {
	t        *table.Table
	code     string
	finished bool
}

// takeLocked removes ht from h.tables; h.mu must be held.
func (h *Hub) takeLocked(ht *hubTable) removal {
	delete(h.tables, ht.rec.Code)
	if ht.t != nil && ht.finishedAt.IsZero() && ht.phase != game.PhaseSeating {
		h.metrics.GameFinished(ht.rec.Options.Edition, metrics.Abandoned)
	}
	return removal{t: ht.t, code: ht.rec.Code, finished: !ht.finishedAt.IsZero()}
}

// retire stops a table taken out of h.tables and, if it was unfinished,
// marks it removed in the store so it is not restored.
func (h *Hub) retire(r removal, now time.Time, why string) {
	r.t.Stop()
	if h.store != nil && !r.finished {
		if err := h.store.FinishTable(r.code, now, nil); err != nil {
			h.log.Error("mark table removed", "code", r.code, "err", err)
		}
	}
	h.log.Info("table removed", "code", r.code, "finished", r.finished, "why", why)
}

// closeTable ends a table at an admin's request: its actor stops (the
// sessions at it go back to the lobby with a sentence) and it is not
// restored on the next start.
func (h *Hub) closeTable(code string) error {
	h.mu.Lock()
	ht, ok := h.tables[code]
	var r removal
	if ok && ht.t != nil {
		r = h.takeLocked(ht)
	}
	h.mu.Unlock()
	if !ok || ht.t == nil {
		return tell.F("There is no table %s.", code)
	}
	r.t.Stop()
	if h.store != nil && !r.finished {
		if err := h.store.FinishTable(code, h.now(), nil); err != nil {
			return fmt.Errorf("server: close table %s: %w", code, err)
		}
	}
	h.log.Info("table closed", "code", code)
	return nil
}

func (h *Hub) closed() bool { return h.ctx.Err() != nil }

// close stops the watchers and every table's actor.
func (h *Hub) close() {
	h.cancel()
	h.mu.Lock()
	tables := make([]*hubTable, 0, len(h.tables))
	for _, ht := range h.tables {
		tables = append(tables, ht)
	}
	h.mu.Unlock()
	for _, ht := range tables {
		if ht.t != nil {
			ht.t.Stop()
		}
	}
	h.wg.Wait()
}
