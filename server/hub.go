package server

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"sort"
	"sync"
	"time"

	"charm.land/log/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/server/metrics"
	"github.com/mysterium-ssh/mysterium/server/store"
	"github.com/mysterium-ssh/mysterium/session"
)

// Hub is the lobby's registry of tables; it implements session.Hub. Each
// table is a table.Table actor; the hub only keeps what the lobby lists (a
// summary it reads from a spectator's subscription, which by construction
// holds no secret) and removes tables that are finished or abandoned.
type Hub struct {
	log    *log.Logger
	limits Limits
	store  Store
	pools  game.Pools
	deck   *deck.Deck
	timer  time.Duration
	away   time.Duration
	pause  time.Duration
	delay  time.Duration
	now    func() time.Time
	bots   game.BotFactory
	clock  game.Clock // the tables'; nil means the system clock

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// players are the names, languages and alerts players chose
	// (players.go); their methods are the hub's.
	*players

	mu        sync.Mutex
	tables    map[string]*hubTable
	lastPurge time.Time // the janitor's last deletion of old games

	// guesses limits wrong table codes (FindByCode); nil: no limit.
	guesses *gate

	// For invitations: the server's host key fingerprint, --public-addr,
	// the address it listens on and the machine's name.
	hostKey, publicAddr, listenAddr, hostname string
	// webLink gives a table's browser link when the web way in is on
	// (nil when it is off); set once before serving, read under mu.
	webLink func(code string) string
	// webGate adds a table's invitation token to its browser link when the
	// web way in is closed (webaccess.go).
	webGate *webGate
	// journal is the store's journal with its failures logged; nil
	// without a store.
	journal *journalLog
	// metrics counts games and refusals (nil-safe); set once before serving.
	metrics *metrics.Metrics
}

var _ session.Hub = (*Hub)(nil)

// roundStatus is a running table's status (TableInfo.Status): the statuses
// stay English in the hub, for every player's screen to translate (fr.go).
const roundStatus = "round %d/7"

// tableStatuses lists every status the hub gives a table, for the test
// that each has French.
func tableStatuses() []string {
	out := []string{"starting", "waiting", "final", "finished", "won", "lost"}
	for r := 1; r <= 7; r++ {
		out = append(out, fmt.Sprintf(roundStatus, r))
	}
	return out
}

// hubTable is one table as the hub knows it.
type hubTable struct {
	t        *table.Table
	rec      store.Table
	hostName string // the host's display name when the table was created
	created  time.Time

	// Below: the summary kept up to date by the table's watcher (hub.mu).
	taken, open int
	status      string
	phase       game.Phase
	seated      map[game.PlayerID]bool
	present     bool      // a human is connected to a seat
	summarised  bool      // the watcher has seen an update (see summarise)
	lastSeen    time.Time // last moment a human was present (or the table changed)
	finishedAt  time.Time
}

type hubConfig struct {
	logger *log.Logger
	limits Limits
	store  Store
	deck   string
	timer  time.Duration
	away   time.Duration
	pause  time.Duration
	delay  time.Duration
	level  game.BotLevel // the takeover bots' level
	bots   game.BotFactory
	now    func() time.Time // the hub's clock; nil means time.Now (tests move it)
	// metrics counts games, moves and refusals; nil: not counted.
	metrics *metrics.Metrics
	clock   game.Clock    // the tables' clock; nil means the system clock
	watch   time.Duration // how often the database file is checked; 0: DefaultDataWatch
}

// watcherID is who the hub subscribes to its tables as: never a seat, so it
// receives a spectator's view.
const watcherID game.PlayerID = "hub:lobby"

func newHub(c hubConfig) (*Hub, error) {
	d, pools, tags, err := loadCards(c.deck)
	if err != nil {
		return nil, err
	}
	bots := c.bots
	if bots == nil {
		// Bots read the cards' tags, as people read the pictures.
		if bots, err = (bot.Config{Kind: bot.KindTags, Level: c.level, Tags: tags}).Factory(); err != nil {
			return nil, fmt.Errorf("server: bots: %w", err)
		}
	}
	now := c.now
	if now == nil {
		now = time.Now
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &Hub{
		log:    c.logger,
		limits: c.limits,
		store:  c.store,
		timer:  c.timer,
		away:   c.away,
		pause:  c.pause,
		delay:  botDelay(c.delay),
		now:    now,
		bots:   bots,
		clock:  c.clock,
		pools:  pools,
		deck:   d,
		ctx:    ctx,
		cancel: cancel,
		tables: map[string]*hubTable{},
		players: &players{log: c.logger, store: c.store, now: now,
			names: map[game.PlayerID]string{}, langs: map[game.PlayerID]i18n.Lang{}},

		metrics: c.metrics,
	}
	if c.store != nil {
		h.journal = newJournalLog(c.store, c.logger, now)
	}
	if err := h.restore(); err != nil {
		cancel()
		return nil, err
	}
	h.wg.Add(1)
	go h.janitor()
	if h.store != nil {
		h.wg.Add(1)
		go h.watchData(c.watch)
	}
	return h, nil
}

// restore rebuilds every unfinished table of the store by replaying its
// journal, and loads the kept display names.
func (h *Hub) restore() error {
	if h.store == nil {
		return nil
	}
	stored, err := h.store.Unfinished()
	if err != nil {
		return fmt.Errorf("server: load tables: %w", err)
	}
	now := h.now()
	for _, st := range stored {
		// The abandoned-table clock runs from the table's last journalled
		// move, not from this start: a server restarted more often than
		// AbandonedTableTTL must still let its abandoned tables go (and
		// not replay them at every start).
		last := st.Created
		if n := len(st.Entries); n > 0 && st.Entries[n-1].At.After(last) {
			last = st.Entries[n-1].At
		}
		if now.Sub(last) >= h.limits.AbandonedTableTTL {
			if err := h.store.FinishTable(st.Code, now, nil); err != nil {
				h.log.Error("mark abandoned table removed", "code", st.Code, "err", err)
			}
			h.log.Info("abandoned table removed", "code", st.Code, "idle", now.Sub(last).Round(time.Minute))
			continue
		}
		cfg := h.tableConfig(st.Table)
		if alive := h.store.LastAlive(); !alive.IsZero() {
			// The time the server was away is nobody's: a running sand
			// timer resumes with what it had when the server last ran.
			cfg.LastSeen = later(alive, last)
		}
		t, err := table.Restore(cfg, st.Entries)
		if err != nil {
			// One broken table must not keep the others from coming back.
			h.log.Error("table not restored", "code", st.Code, "err", err)
			continue
		}
		h.add(t, st.Table, "", last)
		if left, running := t.TimerLeft(); running {
			h.log.Info("table restored", "code", st.Code, "commands", len(st.Entries), "timer-left", left.Round(time.Second).String())
		} else {
			h.log.Info("table restored", "code", st.Code, "commands", len(st.Entries))
		}
	}
	return nil
}

// botDelay turns the configured pause before bot actions into the actor's:
// a short default so people can follow what bots do, none when negative.
func botDelay(d time.Duration) time.Duration {
	switch {
	case d < 0:
		return 0
	case d == 0:
		return 700 * time.Millisecond
	}
	return d
}

func (h *Hub) tableConfig(rec store.Table) game.TableConfig {
	cfg := game.TableConfig{
		Code:          rec.Code,
		Name:          rec.Name,
		Options:       rec.Options,
		Pools:         rec.Pools,
		Host:          rec.Host,
		Seed:          rec.Seed,
		Bots:          h.bots,
		BotDelay:      h.delay,
		TakeoverAfter: h.away,
		MaxPause:      h.pause,
		ChatBurst:     h.limits.ChatBurstPerIdentity,
		Clock:         h.clock,
	}
	if h.journal != nil {
		cfg.Journal = h.metrics.Journal(h.journal)
	}
	return cfg
}

// add registers a running table and starts its watcher; lastSeen is the
// last moment someone was at it (or it changed).
func (h *Hub) add(t *table.Table, rec store.Table, hostName string, lastSeen time.Time) *hubTable {
	ht := &hubTable{t: t, rec: rec, hostName: hostName, created: rec.Created, status: "waiting", phase: game.PhaseSeating,
		seated: map[game.PlayerID]bool{}, lastSeen: lastSeen, finishedAt: rec.Finished}
	h.mu.Lock()
	h.tables[rec.Code] = ht
	h.mu.Unlock()
	sub := t.Subscribe(watcherID)
	h.wg.Add(1)
	go h.watch(ht, sub)
	return ht
}

// watch keeps a table's lobby summary current from a spectator subscription.
func (h *Hub) watch(ht *hubTable, sub *table.Subscription) {
	defer h.wg.Done()
	defer sub.Close()
	for {
		u, err := sub.Next(h.ctx)
		if err != nil {
			return
		}
		h.mu.Lock()
		h.summarise(ht, u)
		h.mu.Unlock()
	}
}

// summarise updates ht from an update; h.mu must be held.
func (h *Hub) summarise(ht *hubTable, u game.Update) {
	v := u.View.Public()
	now := h.now()
	if ht.summarised && ht.phase == game.PhaseSeating && v.Phase != game.PhaseSeating {
		// Started here, not restored under way.
		h.metrics.GameStarted(ht.rec.Options.Edition)
	}
	ht.summarised = true
	ht.phase = v.Phase
	ht.taken, ht.open = 0, 0
	ht.seated = map[game.PlayerID]bool{}
	for _, s := range v.Seats {
		if s.Player != "" {
			ht.taken++
			if !s.Bot {
				ht.seated[s.Player] = true
			}
		} else if v.Phase == game.PhaseSeating {
			ht.open++
		}
	}
	wasPresent := ht.present
	ht.present = false
	for p, pr := range u.Presence {
		if pr.Present && !pr.Bot && ht.seated[p] {
			ht.present = true
		}
	}
	// The table was visited until now if someone sat at it before or
	// after this update. Updates nobody caused (the restored table's
	// first, bots playing to an empty room) do not keep it alive.
	if wasPresent || ht.present {
		ht.lastSeen = now
	}
	switch v.Phase {
	case game.PhaseSeating:
		ht.status = "waiting"
	case game.PhaseVision, game.PhaseReveal:
		ht.status = fmt.Sprintf(roundStatus, v.Round)
	case game.PhaseCulprit, game.PhaseVote:
		ht.status = "final"
	case game.PhaseFinished:
		ht.status = "finished"
		if v.Outcome != nil {
			if v.Outcome.Won {
				ht.status = "won"
			} else {
				ht.status = "lost"
			}
		}
		if ht.finishedAt.IsZero() {
			ht.finishedAt = now
			if v.Outcome != nil {
				h.metrics.GameFinished(ht.rec.Options.Edition, metrics.OutcomeOf(v.Outcome.Won))
			}
			if h.store != nil && v.Outcome != nil {
				if err := h.store.FinishGame(ht.rec.Code, now, v.Outcome.Won, results(v)); err != nil {
					h.log.Error("mark table finished", "code", ht.rec.Code, "err", err)
				}
			}
			h.log.Info("table finished", "code", ht.rec.Code, "status", ht.status)
		}
	default:
		ht.status = string(v.Phase)
	}
	if v.Phase != game.PhaseFinished {
		// The table may have moved on to its next game (PlayAgain).
		ht.finishedAt = time.Time{}
	}
}

// Tables lists the public tables plus those the viewer sits at (admins see
// every table), oldest first.
func (h *Hub) Tables(viewer session.Identity) []session.TableInfo {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []session.TableInfo
	list := make([]*hubTable, 0, len(h.tables))
	for _, ht := range h.tables {
		if ht.rec.Private && !viewer.Admin && !ht.seated[viewer.ID] && ht.rec.Host != viewer.ID {
			continue
		}
		list = append(list, ht)
	}
	sort.Slice(list, func(i, j int) bool {
		if !list[i].created.Equal(list[j].created) {
			return list[i].created.Before(list[j].created)
		}
		return list[i].rec.Code < list[j].rec.Code
	})
	for _, ht := range list {
		out = append(out, h.infoLocked(ht))
	}
	return out
}

func (h *Hub) infoLocked(ht *hubTable) session.TableInfo {
	host := ht.hostName
	if n, ok := h.nameOf(ht.rec.Host); ok {
		host = n
	}
	return session.TableInfo{
		Code:       ht.rec.Code,
		Name:       ht.rec.Name,
		Options:    ht.rec.Options,
		Private:    ht.rec.Private,
		Host:       host,
		SeatsTaken: ht.taken,
		SeatsOpen:  ht.open,
		Status:     ht.status,
	}
}

// CreateTable creates a table hosted by owner, within the limits.
func (h *Hub) CreateTable(owner session.Identity, spec session.TableSpec) (session.TableInfo, error) {
	opts := spec.Options
	if err := opts.Validate(); err != nil {
		return session.TableInfo{}, err
	}
	name := sanitize.Line(spec.Name, 32)
	if name == "" {
		name = owner.Name + "'s table"
	}
	h.mu.Lock()
	if h.closed() {
		h.mu.Unlock()
		return session.TableInfo{}, tell.T("The server is shutting down; no new tables.")
	}
	var evicted *removal
	if len(h.tables) >= h.limits.MaxTables {
		// Only tables someone is at count against the limit: an empty
		// finished or abandoned one makes room (see evictableLocked).
		ht := h.evictableLocked(h.now())
		if ht == nil {
			h.mu.Unlock()
			h.metrics.Refuse(metrics.MaxTables)
			return session.TableInfo{}, tell.F("The server already has %d tables with players at them, its limit. Join one, or try later.", h.limits.MaxTables)
		}
		r := h.takeLocked(ht)
		evicted = &r
	}
	hosted := 0
	for _, ht := range h.tables {
		if ht.rec.Host == owner.ID && ht.finishedAt.IsZero() {
			hosted++
		}
	}
	if hosted >= h.limits.TablesPerIdentity {
		h.mu.Unlock()
		h.metrics.Refuse(metrics.HostedTables)
		return session.TableInfo{}, tell.F("You already host %d unfinished tables, the limit per player. Finish or leave one first.", hosted)
	}
	code := h.newCodeLocked(spec.Private)
	// Reserve the code while the table starts outside the lock.
	h.tables[code] = &hubTable{rec: store.Table{Code: code, Private: true}, status: "starting", seated: map[game.PlayerID]bool{}}
	h.mu.Unlock()
	if evicted != nil {
		h.retire(*evicted, h.now(), "made room for a new table")
	}

	rec := store.Table{
		Code:    code,
		Name:    name,
		Options: opts,
		Pools:   h.pools,
		Private: spec.Private,
		Host:    owner.ID,
		Seed:    randomSeed(),
		Created: h.now(),
	}
	release := func() {
		h.mu.Lock()
		delete(h.tables, code)
		h.mu.Unlock()
	}
	if h.store != nil {
		if err := h.store.CreateTable(rec); err != nil {
			release()
			return session.TableInfo{}, fmt.Errorf("server: record table: %w", err)
		}
	}
	t, err := table.New(h.tableConfig(rec))
	if err != nil {
		release()
		return session.TableInfo{}, fmt.Errorf("server: new table: %w", err)
	}
	ht := h.add(t, rec, owner.Name, rec.Created)
	h.log.Info("table created", "code", code, "edition", opts.Edition, "host", owner.ID, "private", spec.Private)
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.infoLocked(ht), nil
}

// Table finds a table by code, public or private: a running one, or a
// finished game kept in the store (loaded for its end screen and replay).
func (h *Hub) Table(code string) (*table.Table, bool) {
	t, err := h.lookup(code)
	return t, err == nil && t != nil
}

// lookup is Table saying why it found nothing: (nil, nil) when there is no
// such table, an errUnreadable for a kept game that could not be read.
func (h *Hub) lookup(code string) (*table.Table, error) {
	code = normaliseCode(code)
	h.mu.Lock()
	ht, ok := h.tables[code]
	h.mu.Unlock()
	if ok {
		return ht.t, nil
	}
	if t, err := h.findFinished(code); t != nil || err != nil {
		return t, err
	}
	// K7QX.2 is also the table K7QX itself while its game is the second
	// (history names every game by its number, the newest one included).
	if table, n, ok := store.SplitArchived(code); ok {
		t, ok := h.Table(table)
		h.mu.Lock()
		ht := h.tables[table]
		same := ok && ht != nil && ht.t == t && max(1, ht.rec.Game) == n
		h.mu.Unlock()
		if same {
			return t, nil
		}
	}
	return nil, nil
}

// results turns a finished table into the profiles' counts: every seated
// human with a key played the ghost or a psychic, and the game is won or lost
// by everybody together.
func results(v *game.TableView) []store.Result {
	if v.Outcome == nil {
		return nil
	}
	var out []store.Result
	for _, s := range v.Seats {
		if s.Player == "" || s.Bot || isGuest(s.Player) {
			continue
		}
		out = append(out, store.Result{Player: s.Player, Ghost: s.Seat == game.GhostSeat, Won: v.Outcome.Won})
	}
	return out
}

// Deck is the deck the server's tables use (built-in or --deck), for the
// screens to draw cards from.
func (h *Hub) Deck() *deck.Deck { return h.deck }

// DefaultTimer is the sand timer the lobby's create form proposes for an
// edition that has one (the server's --timer); 0 means off.
func (h *Hub) DefaultTimer() time.Duration {
	switch {
	case h.timer < 0:
		return 0
	case h.timer == 0:
		return game.DefaultTimer
	}
	return h.timer
}

// liveSeat returns the code of the newest unfinished table where the player
// has a seat, so that coming back with the same key returns them to it.
func (h *Hub) liveSeat(id game.PlayerID) (string, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	var best *hubTable
	for _, ht := range h.tables {
		if ht.t != nil && ht.finishedAt.IsZero() && ht.seated[id] && (best == nil || ht.created.After(best.created)) {
			best = ht
		}
	}
	if best == nil {
		return "", false
	}
	return best.rec.Code, true
}

// seatedAtLiveTable reports whether a player has a seat at an unfinished table.
func (h *Hub) seatedAtLiveTable(id game.PlayerID) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ht := range h.tables {
		if ht.finishedAt.IsZero() && ht.seated[id] {
			return true
		}
	}
	return false
}

// reserved are codes that read as words a player might type as a command.
var reserved = map[string]bool{"HELP": true}

// newCodeLocked returns an unused table code (see newTableCode); h.mu must
// be held.
func (h *Hub) newCodeLocked(private bool) string {
	for {
		c := newTableCode(private)
		if _, taken := h.tables[c]; taken || reserved[c] {
			continue
		}
		if h.store != nil {
			// An old table's code stays taken: its journal is its replay.
			used, err := h.store.TableExists(c)
			if err != nil {
				h.log.Error("check table code", "code", c, "err", err)
			} else if used {
				continue
			}
		}
		return c
	}
}

func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("server: no randomness for a seed: %v", err))
	}
	return binary.LittleEndian.Uint64(b[:])
}
