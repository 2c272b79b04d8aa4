package game

import (
	"fmt"
	"time"
)

// Journal records each accepted command before its result is announced, so a
// table survives a restart by replaying it (Restore). The store implements it.
// Append is called from the table's goroutine, one entry at a time, in order;
// when it fails the command is not applied and Submit returns the error.
type Journal interface {
	Append(JournalEntry) error
}

// JournalEntry is one accepted command of one table.
type JournalEntry struct {
	Table   string    // the table's code
	Seq     uint64    // 1 for the table's first accepted command, then +1
	Player  PlayerID  // who sent it (the table itself for the sand timer's EndStep)
	Command []byte    // MarshalCommand
	At      time.Time // when it was accepted, by the table's clock
}

// Bot plays one seat. Act reads the seat's view, exactly what a human in
// that seat would see, and returns the command to send, or nil when it has
// nothing to do. Package game/bot provides implementations; the interface lives
// here so that the actor can drive bots without importing them.
type Bot interface {
	Act(v View) Command
}

// BotFactory makes the bot that plays for player p. seed is derived from the
// table's seed and p, so a table's bots are reproducible. level is the bot
// seat's level, or "" for a bot standing in for an away player (the
// factory's default).
type BotFactory func(p PlayerID, seed uint64, level BotLevel) Bot

// TableConfig describes a table to NewTable or Restore.
type TableConfig struct {
	Code    string
	Name    string
	Options Options
	Pools   Pools
	Host    PlayerID
	Seed    uint64

	// Journal receives every accepted command; nil keeps the table in memory only.
	Journal Journal
	// Clock is the table's time source; nil means the system clock.
	Clock Clock

	// Bots makes the bots that play bot seats and taken-over seats; nil leaves
	// those seats idle.
	Bots BotFactory
	// BotDelay is the pause before each bot action, so humans can follow what
	// bots do. 0 makes bots act at once (tests, simulations). With a BotDelay,
	// while a person plays at the table, bots also take a person's time over
	// each move (table_botpace.go).
	BotDelay time.Duration
	// TakeoverAfter lets a bot play for a seated player who has been away (no
	// subscription) this long during a game; the player takes the seat back by
	// subscribing again. 0 turns takeover off.
	TakeoverAfter time.Duration
	// MaxPause is how long the host may hold the sand timer before it runs
	// again by itself; 0 means DefaultMaxPause.
	MaxPause time.Duration
	// LastSeen, for a table restored after a restart, is the last moment
	// the server that ran it was known to be running (its heartbeat, or
	// the table's last journaled move if later). A sand timer running then
	// resumes with the time it had left at that moment: the time the
	// server was away is nobody's turn. Zero: the deadline is the one the
	// journal gives, as if the server had never stopped.
	LastSeen time.Time
	// ChatBurst is how many chat lines one identity may write at once, from
	// all its connections together, before the table paces it to one every
	// ChatEvery (table_chat.go); 0 means the default ChatBurst, negative no
	// pace at all (load tests).
	ChatBurst int
}

// Update is what a subscriber receives: the view of its player plus table
// metadata. Updates are values shared between subscribers: do not modify them.
type Update struct {
	Code    string
	Name    string
	Version uint64 // increases with every change a subscriber can see
	View    View   // ViewFor(the subscription's player)
	// Presence of every seated player, keyed by identity.
	Presence map[PlayerID]Presence
	// Deadline is when the sand timer runs out; zero when no timer runs or
	// while it is paused.
	Deadline time.Time
	// Remaining is the sand timer's time left while it is paused.
	Remaining time.Duration
	// ResumesAt is when a paused sand timer runs again by itself.
	ResumesAt time.Time
	// Pointing lists the cards the psychics point at now, in seat order.
	Pointing []Pointer
	// Unsaved: the server cannot save this table's moves now (its last
	// write failed: a full disk, a data directory gone), so the game waits;
	// the table retries its own moves (a bot's, the sand timer's) and
	// clears it at the first write that works.
	Unsaved bool
}

// Table is the actor that owns one game's State. Every method is safe for
// concurrent use; all of them talk to the table's goroutine by message.
type Table struct {
	cfg   TableConfig
	clock Clock

	reqs chan request
	stop chan struct{}
	done chan struct{}

	// Everything below belongs to the actor goroutine.
	state   *State
	pub     *TableView // the public view of state, refreshed after every change
	history []JournalEntry
	version uint64
	subs    map[*Subscription]struct{}
	lastEnd uint64 // version at which the timer's EndStep was last tried
	// now is the clock's reading when the actor took up the message or
	// deadline it is handling: one instant for everything that follows from it.
	now time.Time

	// The actor's parts, each a type of its own with the methods that
	// touch only it; the Table reads their fields as its own.
	attendance // who is at the table (table_presence.go)
	botHands   // the bots the actor drives (table_bots.go)
	sandClock  // the sand timer's deadline and pauses (table_timer.go)
	alarm      // the actor's own timer (table_timer.go)
	visionHold // the vision on its way and the hourly take-backs (table_hold.go)
	pointBoard // what the psychics point at (table_point.go)
	saving     // whether the table's moves are saved (table_save.go)
	noteQueue  // marks and notes not journaled yet (table_notes.go)
	// chat paces each identity's chat lines (table_chat.go).
	chat chatPace
}

type reqKind int

const (
	reqSubmit reqKind = iota
	reqSubscribe
	reqUnsubscribe
	reqInspect
	reqPoint
	reqUnsaved
)

type request struct {
	kind    reqKind
	player  PlayerID
	cmd     Command
	sub     *Subscription
	inspect func(*Table)
	card    CardID
	reply   chan error
}

// NewTable creates a table and starts its goroutine.
func NewTable(cfg TableConfig) (*Table, error) {
	return Restore(cfg, nil)
}

// Restore rebuilds a table from its journal, replaying entries in order, and
// starts its goroutine. The entries are not journaled again. A sand timer that
// was running resumes with the time it had left at cfg.LastSeen (when the
// server stopped), or else with the deadline the entry that started it gives.
func Restore(cfg TableConfig, entries []JournalEntry) (*Table, error) {
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	st, err := New(cfg.Options, cfg.Pools, cfg.Host, cfg.Seed)
	if err != nil {
		return nil, fmt.Errorf("table %s: %w", cfg.Code, err)
	}
	t := &Table{
		cfg:   cfg,
		clock: cfg.Clock,
		reqs:  make(chan request),
		stop:  make(chan struct{}),
		done:  make(chan struct{}),
		state: st,
		subs:  map[*Subscription]struct{}{},
		attendance: attendance{
			conns:    map[PlayerID]int{},
			away:     map[PlayerID]time.Time{},
			takeover: map[PlayerID]bool{},
		},
		botHands: botHands{
			bots:       map[PlayerID]tableBot{},
			botStuck:   map[PlayerID]uint64{},
			botIntents: map[PlayerID]botIntent{},
			visionSeen: map[Colour]visionSeen{},
		},
		sandClock:  sandClock{longest: longestPause(cfg)},
		pointBoard: pointBoard{pointing: map[Seat]CardID{}},
		noteQueue:  noteQueue{notesWas: map[noteKey]CardNote{}},
		chat:       chatPace{},
	}
	t.pub = publicOf(st)
	for i, e := range entries {
		cmd, err := UnmarshalCommand(e.Command)
		if err != nil {
			return nil, fmt.Errorf("table %s: journal entry %d: %w", cfg.Code, e.Seq, err)
		}
		before := t.pub.TimerRunning
		evs, err := t.state.applyJournaled(e.Player, cmd)
		if err != nil {
			return nil, fmt.Errorf("table %s: journal entry %d (%s by %s) no longer applies: %w", cfg.Code, e.Seq, commandName(cmd), e.Player, err)
		}
		if e.Seq != uint64(i+1) {
			return nil, fmt.Errorf("table %s: journal entry %d found at position %d", cfg.Code, e.Seq, i+1)
		}
		t.history = append(t.history, e)
		t.pub = publicOf(t.state)
		t.noteTimer(before, t.pub, evs, e.At, cfg.Options.Timer)
		t.noteHold(evs, e.At, t.pub.Sending != nil)
	}
	t.version = uint64(len(entries)) + 1
	t.now = t.clock.Now()
	if !cfg.LastSeen.IsZero() && !t.deadline.IsZero() {
		// The server was away from LastSeen until now: give that time back.
		t.deadline = t.now.Add(max(0, t.deadline.Sub(cfg.LastSeen)))
	}
	t.syncAway()
	go t.run()
	return t, nil
}

// Code is the table's code.
func (t *Table) Code() string { return t.cfg.Code }

// Name is the table's name.
func (t *Table) Name() string { return t.cfg.Name }

// Config returns the configuration the table was created with.
func (t *Table) Config() TableConfig { return t.cfg }

// Submit sends cmd as player p. It returns nil when the command was accepted
// and journaled, the engine's *RuleError when the rules refuse it, a wrapped
// journal error when it could not be recorded (the command is then not
// applied), or ErrTableStopped.
func (t *Table) Submit(p PlayerID, cmd Command) error {
	if cmd == nil {
		return &RuleError{Format: "There is no command to send."}
	}
	reply := make(chan error, 1)
	if !t.send(request{kind: reqSubmit, player: p, cmd: cmd, reply: reply}) {
		return ErrTableStopped
	}
	return <-reply
}

// Announce puts a notice of the table itself in its chat (journaled like a
// move). It is the only way to make one: a player's Submit of Announce is
// refused, so no line a player writes can pass for the table's.
func (t *Table) Announce(n Notice) error {
	return t.Submit(SystemPlayer, Announce{Notice: n})
}

// Subscribe opens a mailbox of updates seen as player p (a seated player, or
// anyone else as a spectator). The current state is in the mailbox at once.
// Subscribing marks a seated player present. On a stopped table the
// subscription's Next returns ErrTableStopped.
func (t *Table) Subscribe(p PlayerID) *Subscription {
	s := newSubscription(t, p)
	reply := make(chan error, 1)
	if t.send(request{kind: reqSubscribe, sub: s, reply: reply}) {
		<-reply
	}
	return s
}

// Stop ends the table's goroutine and waits for it. Subscribers' Next returns
// ErrTableStopped after their last update. Stop is idempotent.
func (t *Table) Stop() {
	select {
	case <-t.stop:
	default:
		close(t.stop)
	}
	<-t.done
}

// Done is closed when the table's goroutine has exited.
func (t *Table) Done() <-chan struct{} { return t.done }

// send delivers a request to the actor; false when the table has stopped.
func (t *Table) send(r request) bool {
	select {
	case t.reqs <- r:
		return true
	case <-t.done:
		return false
	case <-t.stop:
		return false
	}
}

// inspect runs f on the actor goroutine (tests and snapshots).
func (t *Table) inspect(f func(*Table)) bool {
	reply := make(chan error, 1)
	if !t.send(request{kind: reqInspect, inspect: f, reply: reply}) {
		return false
	}
	<-reply
	return true
}

// run is the actor's goroutine: it takes up requests and deadlines, one
// at a time, until the table stops.
func (t *Table) run() {
	defer close(t.done)
	defer t.stopTimer()
	t.runBots()
	timerC := func() <-chan time.Time {
		t.armTimer(t.nextDeadline(), t.clock)
		if t.timer == nil {
			return nil
		}
		return t.timer.C()
	}
	for {
		tc := timerC()
		// A deadline that has already fired goes first, so that a request
		// sent after the clock passed it sees its effect.
		select {
		case <-tc:
			t.timerFired()
			tc = timerC()
		default:
		}
		select {
		case <-t.stop:
			// A clean stop loses no mark or note.
			t.now = t.clock.Now()
			_ = t.flushNotes()
			return
		case r := <-t.reqs:
			t.handle(r)
		case <-tc:
			t.timerFired()
		}
	}
}

// handle takes up one request.
func (t *Table) handle(r request) {
	t.now = t.clock.Now()
	switch r.kind {
	case reqSubmit:
		err := t.refuse(r.player, r.cmd)
		if err == nil {
			err = t.chat.pace(r.player, r.cmd, t.cfg.ChatBurst, t.now)
		}
		if err == nil {
			err = t.apply(r.player, r.cmd)
		}
		if err == nil {
			t.chat.said(r.player, r.cmd, t.cfg.ChatBurst, t.now)
		}
		r.reply <- err
		switch {
		case err != nil:
		case private(r.cmd):
			t.version++
			t.broadcastTo(r.player)
		default:
			t.afterChange()
		}
	case reqPoint:
		flush, err := t.point(t.pub, r.player, r.card, t.now)
		if flush {
			t.flushPoints()
		}
		r.reply <- err
	case reqSubscribe:
		t.subs[r.sub] = struct{}{}
		p := r.sub.player
		t.conns[p]++
		if t.syncAway() {
			t.version++
			t.broadcast()
			t.wakeBots()
		} else {
			r.sub.put(t.updateFor(p, &fanout{}))
		}
		r.reply <- nil
	case reqUnsubscribe:
		if _, ok := t.subs[r.sub]; !ok {
			return
		}
		delete(t.subs, r.sub)
		p := r.sub.player
		t.conns[p]--
		if t.conns[p] > 0 {
			return
		}
		delete(t.conns, p)
		t.unpoint(t.pub, p)
		if t.syncAway() {
			t.version++
			t.broadcast()
			t.wakeBots()
		}
	case reqInspect:
		r.inspect(t)
		r.reply <- nil
	case reqUnsaved:
		t.unsaved = true
		r.reply <- nil
	}
	t.tellSaving()
}

// apply applies, journals and records one command. On a journal failure the
// state is rebuilt from the history, so the command leaves no trace.
func (t *Table) apply(p PlayerID, cmd Command) error {
	if private(cmd) {
		return t.applyPrivate(p, cmd)
	}
	// The marks and notes before it go first: the journal keeps the order.
	if err := t.flushNotes(); err != nil {
		return err
	}
	cmd = completeTakeBack(cmd, t.state.held)
	data, err := MarshalCommand(cmd)
	if err != nil {
		return fmt.Errorf("table %s: encode %s: %w", t.cfg.Code, commandName(cmd), err)
	}
	before := t.pub.TimerRunning
	evs, err := t.state.Apply(p, cmd)
	if err != nil {
		return err
	}
	now := t.now
	e := JournalEntry{Table: t.cfg.Code, Seq: uint64(len(t.history)) + 1, Player: p, Command: data, At: now}
	if t.cfg.Journal != nil {
		if jerr := t.cfg.Journal.Append(e); jerr != nil {
			t.unsaved = true
			if rerr := t.rebuild(); rerr != nil {
				// Cannot happen with a deterministic engine; keep the error visible.
				return fmt.Errorf("table %s: journal: %w (and rebuilding the state failed: %v)", t.cfg.Code, jerr, rerr)
			}
			return &SaveError{Table: t.cfg.Code, Err: jerr}
		}
	}
	t.saved()
	t.history = append(t.history, e)
	t.pub = publicOf(t.state)
	t.noteTimer(before, t.pub, evs, now, t.cfg.Options.Timer)
	t.noteVisions(evs, now, t.pub)
	t.noteHold(evs, now, t.pub.Sending != nil)
	return nil
}

// rebuild replays the recorded history onto a fresh state.
func (t *Table) rebuild() error {
	st, err := New(t.cfg.Options, t.cfg.Pools, t.cfg.Host, t.cfg.Seed)
	if err != nil {
		return err
	}
	for _, e := range t.history {
		cmd, err := UnmarshalCommand(e.Command)
		if err != nil {
			return err
		}
		if _, err := st.applyJournaled(e.Player, cmd); err != nil {
			return err
		}
	}
	t.state = st
	t.pub = publicOf(st)
	return nil
}

// afterChange announces a new version and lets bots respond.
func (t *Table) afterChange() {
	t.syncAway()
	t.version++
	t.broadcast()
	t.runBots()
}

// broadcast puts the current update into every subscriber's mailbox. Views
// are computed once per player.
func (t *Table) broadcast() {
	var f fanout
	for s := range t.subs {
		s.put(t.updateFor(s.player, &f))
	}
	t.pointDirty, t.pointAt = false, time.Time{}
	t.unsavedShown = t.unsaved
}

// broadcastTo puts the current update into p's mailboxes only: after a
// private command (a mark, a note) nobody else gets so much as a new version.
func (t *Table) broadcastTo(p PlayerID) {
	var f fanout
	for s := range t.subs {
		if s.player == p {
			s.put(t.updateFor(p, &f))
		}
	}
}

// fanout is what one broadcast computes once for all its subscribers:
// each player's view (a player may have several connections), and the
// presence and pointers that are the same for every seat. Updates share
// them read-only: no reader changes an update.
type fanout struct {
	views    map[PlayerID]View
	presence map[PlayerID]Presence
	pointing []Pointer
	shared   bool
}

// updateFor is the update p receives now (f keeps what it computed for
// the broadcast's other subscribers).
func (t *Table) updateFor(p PlayerID, f *fanout) Update {
	v, ok := f.views[p]
	if !ok {
		v = t.state.ViewFor(p)
		if f.views == nil {
			f.views = map[PlayerID]View{}
		}
		f.views[p] = v
	}
	if !f.shared {
		f.presence, f.pointing, f.shared = t.presence(t.pub), t.pointers(t.pub), true
	}
	return Update{
		Code:      t.cfg.Code,
		Name:      t.cfg.Name,
		Version:   t.version,
		View:      v,
		Presence:  f.presence,
		Deadline:  t.deadline,
		Remaining: t.remaining,
		ResumesAt: t.resumeAt,
		Pointing:  f.pointing,
		Unsaved:   t.unsaved,
	}
}

// onTime handles whichever deadline has passed.
func (t *Table) onTime() {
	now := t.now
	if due := t.endDue(t.deadline); !due.IsZero() && !now.Before(due) && t.lastEnd != t.version {
		t.lastEnd = t.version
		err := t.apply(SystemPlayer, EndStep{})
		switch _, refused := AsRuleError(err); {
		case err == nil:
			t.afterChange()
		case refused:
			// The step is already over: forget this deadline.
			t.deadline = time.Time{}
		default:
			// The journal failed: the step must still end, so try again
			// (the deadline stays what it was: the sand timer ran out).
			t.endAt = now.Add(t.retryDelay())
			t.lastEnd = 0
		}
	}
	if !t.resumeAt.IsZero() && !now.Before(t.resumeAt) {
		err := t.apply(SystemPlayer, ResumeTimer{})
		switch _, refused := AsRuleError(err); {
		case err == nil:
			t.afterChange()
		case refused:
			t.resumeAt = time.Time{}
		default:
			t.resumeAt = now.Add(t.retryDelay())
		}
	}
	if !t.holdAt.IsZero() && !now.Before(t.holdAt) {
		t.deliverHeld()
	}
	if t.pointDirty && !now.Before(t.pointAt) {
		t.flushPoints()
	}
	if !t.notesAt.IsZero() && !now.Before(t.notesAt) {
		if err := t.flushNotes(); err != nil {
			t.notesAt = now.Add(t.retryDelay())
		}
	}
	if t.cfg.TakeoverAfter > 0 && gameLive(t.pub) {
		changed := false
		for p, since := range t.away {
			if !t.takeover[p] && !now.Before(since.Add(t.cfg.TakeoverAfter)) {
				t.takeover[p] = true
				changed = true
			}
		}
		if changed {
			t.version++
			t.broadcast()
			t.runBots()
		}
	}
	if !t.botAt.IsZero() && !now.Before(t.botAt) {
		t.botAt = time.Time{}
		switch acted, stalled, wake := t.botStep(t.cfg.BotDelay > 0 && t.anyPerson(t.pub)); {
		case acted:
			t.afterChange()
		case stalled:
			t.botAt = now.Add(t.retryDelay())
		case !wake.IsZero():
			t.botAt = wake
		}
	}
}

// commandName names a command's type, for errors and logs.
func commandName(c Command) string { return fmt.Sprintf("%T", c) }

// Public returns the table as a spectator sees it now (for lobby listings),
// or nil once the table has stopped.
func (t *Table) Public() *TableView {
	var pub *TableView
	t.inspect(func(t *Table) { pub = t.state.ViewFor("").Public() })
	return pub
}
