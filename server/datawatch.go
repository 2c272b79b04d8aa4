package server

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game/table"
)

// DefaultDataWatch is how often the server checks, unless told otherwise,
// that its database file is still the one it opened: a data directory
// deleted under a running server is noticed within this time.
const DefaultDataWatch = 10 * time.Second

// aliveEvery is how often the server says it runs (Store.Alive): after a
// kill -9, a sand timer gets back at most this much more than it had.
const aliveEvery = time.Second

// watchData keeps the heartbeat (Store.Alive, every aliveEvery) and checks
// the database file every period (Store.Check). When the
// file is gone or replaced, SQLite would go on writing into a file nobody
// will open again, and a restart would find no game, no profile and no
// host key: the store refuses writes from then on, the host reads why in
// the log, and every table says that its moves cannot be saved, so nothing
// more is played to be lost. Only a restart (with the directory restored)
// ends it.
func (h *Hub) watchData(every time.Duration) {
	defer h.wg.Done()
	if every <= 0 {
		every = DefaultDataWatch
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	alive := time.NewTicker(aliveEvery)
	defer alive.Stop()
	h.alive()
	for {
		select {
		case <-h.ctx.Done():
			// A clean stop: the heartbeat is the moment it stopped.
			h.alive()
			return
		case <-alive.C:
			h.alive()
		case <-tick.C:
			if err := h.store.Check(); err != nil {
				h.dataGone(err)
				return
			}
		}
	}
}

// dataGone logs the loss of the database file and tells every table.
func (h *Hub) dataGone(err error) {
	h.log.Error("the database file is gone: moves are refused from now on so that none is lost; stop the server, restore its data directory (or start it afresh), and start it again",
		"err", err)
	h.mu.Lock()
	tables := make([]*table.Table, 0, len(h.tables))
	for _, ht := range h.tables {
		if ht.t != nil {
			tables = append(tables, ht.t)
		}
	}
	h.mu.Unlock()
	for _, t := range tables {
		t.Unsaved()
	}
}

// alive records that the server runs now.
func (h *Hub) alive() {
	if err := h.store.Alive(h.now()); err != nil {
		h.log.Debug("heartbeat", "err", err)
	}
}
