package table

import (
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// Table is the actor that owns one game's State. Every method is safe for
// concurrent use; all of them talk to the table's goroutine by message.
type Table struct {
	cfg   game.TableConfig
	clock game.Clock

	reqs chan request
	stop chan struct{}
	done chan struct{}

	// Everything below belongs to the actor goroutine.
	state   *game.State
	pub     *game.TableView // the public view of state, refreshed after every change
	views   *game.Views     // the views of state around pub, refreshed with it (refresh)
	history []game.JournalEntry
	version uint64
	subs    map[*Subscription]struct{}
	lastEnd uint64 // version at which the timer's EndStep was last tried
	// now is the clock's reading when the actor took up the message or
	// deadline it is handling: one instant for everything that follows from it.
	now time.Time

	// The actor's parts, each a type of its own with the methods that
	// touch only it; the Table reads their fields as its own.
	attendance // who is at the table (presence.go)
	botHands   // the bots the actor drives (bots.go)
	sandClock  // the sand timer's deadline and pauses (timer.go)
	alarm      // the actor's own timer (timer.go)
	visionHold // the vision on its way and the hourly take-backs (hold.go)
	pointBoard // what the psychics point at (point.go)
	saving     // whether the table's moves are saved (save.go)
	noteQueue  // marks and notes not journaled yet (notes.go)
	// chat paces each identity's chat lines (chat.go).
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
	player  game.PlayerID
	cmd     game.Command
	sub     *Subscription
	inspect func(*Table)
	card    game.CardID
	reply   chan error
}

// New creates a table and starts its goroutine.
func New(cfg game.TableConfig) (*Table, error) {
	return Restore(cfg, nil)
}

// Restore rebuilds a table from its journal, replaying entries in order, and
// starts its goroutine. The entries are not journaled again. A sand timer that
// was running resumes with the time it had left at cfg.LastSeen (when the
// server stopped), or else with the deadline the entry that started it gives.
func Restore(cfg game.TableConfig, entries []game.JournalEntry) (*Table, error) {
	if cfg.Clock == nil {
		cfg.Clock = SystemClock{}
	}
	st, err := game.New(cfg.Options, cfg.Pools, cfg.Host, cfg.Seed)
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
			conns:    map[game.PlayerID]int{},
			away:     map[game.PlayerID]time.Time{},
			takeover: map[game.PlayerID]bool{},
		},
		botHands: botHands{
			bots:       map[game.PlayerID]tableBot{},
			botStuck:   map[game.PlayerID]uint64{},
			botIntents: map[game.PlayerID]botIntent{},
			visionSeen: map[game.Colour]visionSeen{},
		},
		sandClock:  sandClock{longest: longestPause(cfg)},
		pointBoard: pointBoard{pointing: map[game.Seat]game.CardID{}},
		noteQueue:  noteQueue{notesWas: map[noteKey]game.CardNote{}},
		chat:       chatPace{},
	}
	t.refresh()
	for i, e := range entries {
		cmd, err := game.UnmarshalCommand(e.Command)
		if err != nil {
			return nil, fmt.Errorf("table %s: journal entry %d: %w", cfg.Code, e.Seq, err)
		}
		before := t.pub.TimerRunning
		evs, err := t.state.ApplyJournaled(e.Player, cmd)
		if err != nil {
			return nil, fmt.Errorf("table %s: journal entry %d (%s by %s) no longer applies: %w", cfg.Code, e.Seq, commandName(cmd), e.Player, err)
		}
		if e.Seq != uint64(i+1) {
			return nil, fmt.Errorf("table %s: journal entry %d found at position %d", cfg.Code, e.Seq, i+1)
		}
		t.history = append(t.history, e)
		t.refresh()
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
func (t *Table) Config() game.TableConfig { return t.cfg }

// Submit sends cmd as player p. It returns nil when the command was accepted
// and journaled, the engine's *RuleError when the rules refuse it, a wrapped
// journal error when it could not be recorded (the command is then not
// applied), or ErrTableStopped.
func (t *Table) Submit(p game.PlayerID, cmd game.Command) error {
	if cmd == nil {
		return &game.RuleError{Format: "There is no command to send."}
	}
	reply := make(chan error, 1)
	if !t.send(request{kind: reqSubmit, player: p, cmd: cmd, reply: reply}) {
		return game.ErrTableStopped
	}
	return <-reply
}

// Announce puts a notice of the table itself in its chat (journaled like a
// move). It is the only way to make one: a player's Submit of Announce is
// refused, so no line a player writes can pass for the table's.
func (t *Table) Announce(n game.Notice) error {
	return t.Submit(game.SystemPlayer, game.Announce{Notice: n})
}

// Subscribe opens a mailbox of updates seen as player p (a seated player, or
// anyone else as a spectator). The current state is in the mailbox at once.
// Subscribing marks a seated player present. On a stopped table the
// subscription's Next returns ErrTableStopped.
func (t *Table) Subscribe(p game.PlayerID) *Subscription {
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
func (t *Table) apply(p game.PlayerID, cmd game.Command) error {
	if private(cmd) {
		return t.applyPrivate(p, cmd)
	}
	// The marks and notes before it go first: the journal keeps the order.
	if err := t.flushNotes(); err != nil {
		return err
	}
	cmd = t.state.CompleteTakeBack(cmd)
	data, err := game.MarshalCommand(cmd)
	if err != nil {
		return fmt.Errorf("table %s: encode %s: %w", t.cfg.Code, commandName(cmd), err)
	}
	before := t.pub.TimerRunning
	evs, err := t.state.Apply(p, cmd)
	if err != nil {
		return err
	}
	now := t.now
	e := game.JournalEntry{Table: t.cfg.Code, Seq: uint64(len(t.history)) + 1, Player: p, Command: data, At: now}
	if t.cfg.Journal != nil {
		if jerr := t.cfg.Journal.Append(e); jerr != nil {
			t.unsaved = true
			if rerr := t.rebuild(); rerr != nil {
				// Cannot happen with a deterministic engine; keep the error visible.
				return fmt.Errorf("table %s: journal: %w (and rebuilding the state failed: %v)", t.cfg.Code, jerr, rerr)
			}
			return &game.SaveError{Table: t.cfg.Code, Err: jerr}
		}
	}
	t.saved()
	t.history = append(t.history, e)
	t.refresh()
	t.noteTimer(before, t.pub, evs, now, t.cfg.Options.Timer)
	t.noteVisions(evs, now, t.pub)
	t.noteHold(evs, now, t.pub.Sending != nil)
	return nil
}

// rebuild replays the recorded history onto a fresh state.
func (t *Table) rebuild() error {
	st, err := game.New(t.cfg.Options, t.cfg.Pools, t.cfg.Host, t.cfg.Seed)
	if err != nil {
		return err
	}
	for _, e := range t.history {
		cmd, err := game.UnmarshalCommand(e.Command)
		if err != nil {
			return err
		}
		if _, err := st.ApplyJournaled(e.Player, cmd); err != nil {
			return err
		}
	}
	t.state = st
	t.refresh()
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
func (t *Table) broadcastTo(p game.PlayerID) {
	var f fanout
	for s := range t.subs {
		if s.player == p {
			s.put(t.updateFor(p, &f))
		}
	}
}

// fanout is what one broadcast computes once for all its subscribers:
// each player's view (a player may have several connections), and the
// presence and pointers that are the same for every seat. The views share
// one public part, the actor's own (t.views). Updates share all of it
// read-only: no reader changes an update.
type fanout struct {
	views    map[game.PlayerID]game.View
	presence map[game.PlayerID]game.Presence
	pointing []game.Pointer
	shared   bool
}

// updateFor is the update p receives now (f keeps what it computed for
// the broadcast's other subscribers).
func (t *Table) updateFor(p game.PlayerID, f *fanout) game.Update {
	v, ok := f.views[p]
	if !ok {
		v = t.views.For(p)
		if f.views == nil {
			f.views = map[game.PlayerID]game.View{}
		}
		f.views[p] = v
	}
	if !f.shared {
		f.presence, f.pointing, f.shared = t.presence(t.pub), t.pointers(t.pub), true
	}
	return game.Update{
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
		err := t.apply(game.SystemPlayer, game.EndStep{})
		switch _, refused := game.AsRuleError(err); {
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
		err := t.apply(game.SystemPlayer, game.ResumeTimer{})
		switch _, refused := game.AsRuleError(err); {
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
func commandName(c game.Command) string { return fmt.Sprintf("%T", c) }

// Public returns the table as a spectator sees it now (for lobby listings),
// or nil once the table has stopped.
func (t *Table) Public() *game.TableView {
	var pub *game.TableView
	t.inspect(func(t *Table) { pub = t.state.ViewFor("").Public() })
	return pub
}
