package server

import (
	"sync"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// journalLog is the tables' journal with its failures logged. A failed write
// (a full disk, say) leaves the table as it was and the acting player told
// (game.SaveError); here it is logged at error level with the table and the
// cause, at most once a minute per table (bots and the sand timer retry
// every second, so a full disk would otherwise write a line a second per
// table), and once more when that table's writes work again.
type journalLog struct {
	game.Journal
	log *log.Logger
	now func() time.Time

	mu      sync.Mutex
	failing map[string]*journalFailure // by table code; gone once a write works
}

type journalFailure struct {
	logged time.Time // when the last line was written
	since  int       // failures since that line
	total  int       // failures since writes stopped working
}

// journalLogEvery is how often one table's journal failures are logged.
const journalLogEvery = time.Minute

func newJournalLog(j game.Journal, l *log.Logger, now func() time.Time) *journalLog {
	return &journalLog{Journal: j, log: l, now: now, failing: map[string]*journalFailure{}}
}

func (j *journalLog) Append(e game.JournalEntry) error {
	err := j.Journal.Append(e)
	j.mu.Lock()
	defer j.mu.Unlock()
	f := j.failing[e.Table]
	if err == nil {
		if f != nil {
			delete(j.failing, e.Table)
			j.log.Info("journal writes work again", "table", e.Table, "failed", f.total)
		}
		return nil
	}
	now := j.now()
	if f == nil {
		f = &journalFailure{}
		j.failing[e.Table] = f
	}
	f.since++
	f.total++
	if f.logged.IsZero() || now.Sub(f.logged) >= journalLogEvery {
		j.log.Error("journal write failed: the move was not saved", "table", e.Table, "err", err, "failed", f.since)
		f.logged, f.since = now, 0
	}
	return err
}
