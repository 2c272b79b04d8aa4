package table_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/table"
)

// These tests drive the table actor with the real engine and the real bots.

var t0 = time.Date(2026, 10, 31, 22, 0, 0, 0, time.UTC)

// recorder is a Journal that keeps entries and can be told to fail.
type recorder struct {
	mu      sync.Mutex
	entries []game.JournalEntry
	fail    error
	failIf  func(game.JournalEntry) bool
	// onAppend, when set, runs inside Append (before the result is announced).
	onAppend func(game.JournalEntry)
}

func (r *recorder) Append(e game.JournalEntry) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.onAppend != nil {
		r.onAppend(e)
	}
	if r.fail != nil {
		return r.fail
	}
	if r.failIf != nil && r.failIf(e) {
		return errors.New("disk full")
	}
	r.entries = append(r.entries, e)
	return nil
}

func (r *recorder) all() []game.JournalEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.entries)
}

func (r *recorder) setFail(err error) {
	r.mu.Lock()
	r.fail = err
	r.mu.Unlock()
}

func config(opts game.Options, j game.Journal, clock game.Clock) game.TableConfig {
	return game.TableConfig{Code: "K7QX", Name: "Samhain", Options: opts, Pools: game.TestPools(),
		Host: "host", Seed: 7, Journal: j, Clock: clock}
}

func start(t *testing.T, cfg game.TableConfig) *table.Table {
	t.Helper()
	tb, err := table.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Stop)
	return tb
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// nextWhere reads updates until cond holds for one (a condition wait on the
// subscription, never a sleep).
func nextWhere(t *testing.T, s *table.Subscription, what string, cond func(game.Update) bool) game.Update {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for {
		u, err := s.Next(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", what, err)
		}
		if cond(u) {
			return u
		}
	}
}

// seatBotGhost seats a bot as the ghost and alice, bob and carol as
// psychics, without starting.
func seatBotGhost(t *testing.T, tb *table.Table) {
	t.Helper()
	must(t, tb.Submit("host", game.SetBot{Seat: game.GhostSeat, On: true}))
	for i, p := range []game.PlayerID{"alice", "bob", "carol"} {
		must(t, tb.Submit(p, game.Sit{Seat: game.Seat(i)}))
	}
}

// giveEveryVision has the ghost (host, watched through sub) give a one-card
// vision to each waiting psychic in turn, calling before ahead of each one,
// until none waits.
func giveEveryVision(t *testing.T, tb *table.Table, sub *table.Subscription, before func()) {
	t.Helper()
	// done tells the view that follows the last step taken: the mailbox may
	// still hold an update from before it (a spectator's view from before
	// host sat as the ghost, or the ghost's from before the last give).
	done := func(*game.GhostView) bool { return true }
	for {
		u := nextWhere(t, sub, "the ghost's view after its last step", func(u game.Update) bool {
			gv, ok := u.View.(*game.GhostView)
			return ok && done(gv)
		})
		gv := u.View.(*game.GhostView)
		if len(gv.WaitingVisions) == 0 {
			return
		}
		to, ok := game.Colour(0), false
		for _, c := range gv.WaitingVisions {
			if gv.Sending == nil || gv.Sending.Psychic != c {
				to, ok = c, true
				break
			}
		}
		if !ok {
			// Only the vision on its way is left: the table delivers it
			// when its hold is over.
			held := gv.Sending.Psychic
			tb.Config().Clock.(*table.ManualClock).Advance(game.VisionHold)
			done = func(gv *game.GhostView) bool { return !slices.Contains(gv.WaitingVisions, held) }
			continue
		}
		before()
		must(t, tb.Submit("host", game.GiveVision{To: to, Cards: gv.Hand[:1]}))
		done = func(gv *game.GhostView) bool {
			return (gv.Sending != nil && gv.Sending.Psychic == to) || !slices.Contains(gv.WaitingVisions, to)
		}
	}
}

// seatFour seats host as the ghost and alice, bob, carol as psychics, and starts.
func seatFour(t *testing.T, tb *table.Table) {
	t.Helper()
	must(t, tb.Submit("host", game.Sit{Seat: game.GhostSeat, Name: "Host"}))
	for i, p := range []game.PlayerID{"alice", "bob", "carol"} {
		must(t, tb.Submit(p, game.Sit{Seat: game.Seat(i), Name: string(p)}))
	}
	must(t, tb.Submit("host", game.Start{}))
}

func TestEachSeatGetsItsOwnKindOfView(t *testing.T) {
	table.CheckNoLeak(t)
	tb := start(t, config(game.Options{Edition: game.Classic, Difficulty: game.Easy}, nil, table.NewManualClock(t0)))
	seatFour(t, tb)
	cases := map[game.PlayerID]string{"host": "ghost", "alice": "psychic", "zed": "spectator"}
	for p, want := range cases {
		s := tb.Subscribe(p)
		u := nextWhere(t, s, "a view", func(game.Update) bool { return true })
		var got string
		switch u.View.(type) {
		case *game.GhostView:
			got = "ghost"
		case *game.PsychicView:
			got = "psychic"
		case *game.SpectatorView:
			got = "spectator"
		}
		if got != want {
			t.Errorf("%s got a %T, want a %s view", p, u.View, want)
		}
		s.Close()
	}
}

func TestStalledReaderSeesOnlyTheNewestUpdateAndNeverBlocksTheTable(t *testing.T) {
	table.CheckNoLeak(t)
	tb := start(t, config(game.Options{Edition: game.Modern}, nil, table.NewManualClock(t0)))
	stalled := tb.Subscribe("zed") // never read until the end
	defer stalled.Close()
	// 200 changes while the reader sleeps: none of them waits for it.
	for i := 0; i < 100; i++ {
		must(t, tb.Submit("alice", game.Sit{Seat: game.Seat(i % 6)}))
		must(t, tb.Submit("alice", game.Stand{}))
	}
	must(t, tb.Submit("alice", game.Sit{Seat: game.Seat(3), Name: "Alice"}))
	watcher := tb.Subscribe("yan")
	defer watcher.Close()
	latest := nextWhere(t, watcher, "the current state", func(game.Update) bool { return true })
	u := nextWhere(t, stalled, "the newest update", func(game.Update) bool { return true })
	if u.Version != latest.Version {
		t.Fatalf("stalled reader got v%d, want the newest v%d", u.Version, latest.Version)
	}
	if u.View.Public().SeatOf("alice") != game.Seat(3) {
		t.Fatalf("stalled reader's view is not the newest")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := stalled.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("a second Next with nothing new returned %v", err)
	}
}

func TestJournalIsWrittenBeforeTheResultIsAnnounced(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	tb := start(t, config(game.Options{Edition: game.Modern}, rec, clock))
	s := tb.Subscribe("zed")
	defer s.Close()
	before := nextWhere(t, s, "the first view", func(game.Update) bool { return true })
	var seenDuringAppend []bool
	rec.onAppend = func(e game.JournalEntry) {
		// Inside Append: no subscriber may have the new state yet.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := s.Next(ctx)
		seenDuringAppend = append(seenDuringAppend, err == nil)
	}
	clock.Advance(time.Minute)
	must(t, tb.Submit("alice", game.Sit{Seat: game.Seat(0), Name: "Alice"}))
	after := nextWhere(t, s, "the announced sit", func(u game.Update) bool { return u.View.Public().SeatOf("alice") == 0 })
	if after.Version <= before.Version {
		t.Fatalf("version did not increase: %d then %d", before.Version, after.Version)
	}
	if len(seenDuringAppend) != 1 || seenDuringAppend[0] {
		t.Fatalf("a subscriber saw the command before it was journaled (%v)", seenDuringAppend)
	}
	es := rec.all()
	if len(es) != 1 {
		t.Fatalf("journal has %d entries, want 1", len(es))
	}
	e := es[0]
	cmd, err := game.UnmarshalCommand(e.Command)
	if err != nil || e.Table != "K7QX" || e.Seq != 1 || e.Player != "alice" || !e.At.Equal(t0.Add(time.Minute)) {
		t.Fatalf("entry = %+v (%v)", e, err)
	}
	if sit, ok := cmd.(game.Sit); !ok || sit.Seat != 0 || sit.Name != "Alice" {
		t.Fatalf("journaled command = %#v", cmd)
	}
	// A refused command is not journaled.
	if _, ok := game.AsRuleError(tb.Submit("bob", game.Sit{Seat: 0})); !ok {
		t.Fatal("sitting in a taken seat was not refused")
	}
	if n := len(rec.all()); n != 1 {
		t.Fatalf("a refused command was journaled (%d entries)", n)
	}
}

func TestJournalFailureLeavesNoTrace(t *testing.T) {
	table.CheckNoLeak(t)
	rec := &recorder{}
	tb := start(t, config(game.Options{Edition: game.Modern}, rec, table.NewManualClock(t0)))
	must(t, tb.Submit("alice", game.Sit{Seat: 0}))
	s := tb.Subscribe("zed")
	defer s.Close()
	u1 := nextWhere(t, s, "a view", func(game.Update) bool { return true })

	diskFull := errors.New("disk full")
	rec.setFail(diskFull)
	err := tb.Submit("bob", game.Sit{Seat: 1})
	if !errors.Is(err, diskFull) {
		t.Fatalf("Submit with a failing journal = %v, want it to wrap the journal's error", err)
	}
	if _, isRule := game.AsRuleError(err); isRule {
		t.Fatalf("a journal failure must not look like a rule error")
	}
	if pub := tb.Public(); pub.SeatOf("bob") != game.NoSeat {
		t.Fatal("the command was applied although it could not be journaled")
	}
	// The table says it cannot save, and nothing else changed.
	u := nextWhere(t, s, "the table saying it cannot save", func(u game.Update) bool { return u.Unsaved })
	if u.View.Public().SeatOf("bob") != game.NoSeat {
		t.Fatalf("an unjournaled command was announced (v%d after v%d)", u.Version, u1.Version)
	}
	// Once the journal works again the same command goes through, and the
	// sequence has no gap.
	rec.setFail(nil)
	must(t, tb.Submit("bob", game.Sit{Seat: 1}))
	es := rec.all()
	if len(es) != 2 || es[1].Seq != 2 || es[1].Player != "bob" {
		t.Fatalf("journal after recovery: %+v", es)
	}
}

func TestRestoreRebuildsTheTableFromItsJournal(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	opts := game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: time.Minute}
	cfg := config(opts, rec, clock)
	tb := start(t, cfg)
	seatFour(t, tb)
	// Play into the middle of round 1: every vision given, the timer running.
	ghost := tb.Subscribe("host")
	giveEveryVision(t, tb, ghost, func() { clock.Advance(10 * time.Second) })
	must(t, tb.Submit("alice", game.PlaceIntuition{Psychic: 0, Card: tb.Public().TableCards[game.Character][0]}))
	want := nextWhere(t, ghost, "the last view", func(u game.Update) bool { return u.View.Public().Psychic(0).Intuition != "" })
	ghost.Close()
	tb.Stop()

	entries := rec.all()
	cfg.Journal = nil
	restored, err := table.Restore(cfg, entries)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Stop()
	s := restored.Subscribe("host")
	defer s.Close()
	got := nextWhere(t, s, "the restored view", func(game.Update) bool { return true })
	wj, _ := json.Marshal(want.View)
	gj, _ := json.Marshal(got.View)
	if string(wj) != string(gj) {
		t.Fatalf("restored view differs:\nwant %s\ngot  %s", wj, gj)
	}
	if !got.Deadline.Equal(want.Deadline) || got.Deadline.IsZero() {
		t.Fatalf("restored deadline %v, want %v", got.Deadline, want.Deadline)
	}
	if got.Version <= uint64(len(entries)) {
		t.Errorf("restored version %d does not continue after %d entries", got.Version, len(entries))
	}

	// Restarted after the deadline passed: the step ends at once, journaled.
	restored.Stop()
	clock.Advance(time.Hour)
	rec2 := &recorder{}
	cfg.Journal = rec2
	late, err := table.Restore(cfg, entries)
	if err != nil {
		t.Fatal(err)
	}
	defer late.Stop()
	ls := late.Subscribe("zed")
	defer ls.Close()
	nextWhere(t, ls, "the overdue step to end", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseReveal })
	if es := rec2.all(); len(es) != 1 || es[0].Seq != uint64(len(entries))+1 || es[0].Player != game.SystemPlayer {
		t.Fatalf("overdue EndStep journaled as %+v", es)
	}
	cfg.Journal = nil

	// A journal that does not belong to the table is refused, with the entry named.
	bad := slices.Clone(entries)
	bad[0].Command = []byte(`{"type":"nonsense"}`)
	if _, err := table.Restore(cfg, bad); err == nil {
		t.Error("Restore accepted an undecodable entry")
	}
	if _, err := table.Restore(cfg, entries[1:]); err == nil {
		t.Error("Restore accepted a journal with its first entry missing")
	}
}

func TestSandTimerEndsTheStepAtItsDeadline(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	opts := game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: 45 * time.Second}
	tb := start(t, config(opts, rec, clock))
	seatFour(t, tb)
	ghost := tb.Subscribe("host")
	defer ghost.Close()
	for {
		u := nextWhere(t, ghost, "the ghost's view", func(game.Update) bool { return true })
		if !u.Deadline.IsZero() {
			t.Fatalf("deadline set before the last vision: %v", u.Deadline)
		}
		gv := u.View.(*game.GhostView)
		var to []game.Colour // the vision given last is on its way: it arrives when the next is given
		for _, c := range gv.WaitingVisions {
			if gv.Sending == nil || gv.Sending.Psychic != c {
				to = append(to, c)
			}
		}
		if len(to) == 1 {
			clock.Advance(3 * time.Second)
			must(t, tb.Submit("host", game.GiveVision{To: to[0], Cards: gv.Hand[:2]}))
			break
		}
		must(t, tb.Submit("host", game.GiveVision{To: to[0], Cards: gv.Hand[:1]}))
	}
	// The last vision arrives when its hold is over: the sand timer turns then.
	nextWhere(t, ghost, "the last vision on its way", func(u game.Update) bool { return u.View.Public().Sending != nil })
	clock.Advance(game.VisionHold)
	u := nextWhere(t, ghost, "the running timer", func(u game.Update) bool { return u.View.Public().TimerRunning })
	wantDeadline := t0.Add(3*time.Second + game.VisionHold + 45*time.Second)
	if !u.Deadline.Equal(wantDeadline) {
		t.Fatalf("deadline = %v, want %v", u.Deadline, wantDeadline)
	}
	clock.Advance(44 * time.Second) // one second early: nothing happens
	must(t, tb.Submit("alice", game.PlaceIntuition{Psychic: 0, Card: tb.Public().TableCards[game.Character][0]}))
	if ph := tb.Public().Phase; ph != game.PhaseVision {
		t.Fatalf("phase %s one second before the deadline", ph)
	}
	clock.Advance(time.Second)
	u = nextWhere(t, ghost, "the end of the step", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseReveal })
	if !u.Deadline.IsZero() {
		t.Errorf("deadline still set after the step ended: %v", u.Deadline)
	}
	es := rec.all()
	last := es[len(es)-1]
	cmd, _ := game.UnmarshalCommand(last.Command)
	if _, ok := cmd.(game.EndStep); !ok || last.Player != game.SystemPlayer || !last.At.Equal(wantDeadline) {
		t.Fatalf("the timer's EndStep was not journaled as the table's: %+v", last)
	}
}

func TestSandTimerRetriesWhenTheJournalFails(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	opts := game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: 30 * time.Second}
	tb := start(t, config(opts, rec, clock))
	seatFour(t, tb)
	ghost := tb.Subscribe("host")
	defer ghost.Close()
	giveEveryVision(t, tb, ghost, func() {})
	rec.setFail(errors.New("disk full"))
	clock.Advance(30 * time.Second)
	u := nextWhere(t, ghost, "the table saying it cannot save", func(u game.Update) bool { return u.Unsaved })
	if u.View.Public().Phase != game.PhaseVision {
		t.Fatal("the step ended although its EndStep could not be journaled")
	}
	if u.Deadline.After(clock.Now()) {
		t.Fatalf("the sand timer shows time left (%v) while its end waits to be saved", u.Deadline.Sub(clock.Now()))
	}
	rec.setFail(nil)
	clock.Advance(time.Second)
	u = nextWhere(t, ghost, "the step to end on the retry", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseReveal })
	if u.Unsaved {
		t.Error("the table still says it cannot save after a write worked")
	}
	es := rec.all()
	if last := es[len(es)-1]; last.Player != game.SystemPlayer {
		t.Fatalf("last entry %+v, want the table's EndStep", last)
	}
}

func TestBotRetriesWhenTheJournalFails(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{failIf: func(e game.JournalEntry) bool { return e.Player == game.BotPlayer(game.GhostSeat) }}
	cfg := config(game.Options{Edition: game.Modern}, rec, clock)
	cfg.Bots = botFactory(t, bot.KindRandom)
	tb := start(t, cfg)
	seatBotGhost(t, tb)
	must(t, tb.Submit("host", game.Start{}))
	if w := len(tb.Public().WaitingVisions); w != 3 {
		t.Fatalf("a bot move was applied without being journaled: %d visions waiting", w)
	}
	rec.mu.Lock()
	rec.failIf = nil
	rec.mu.Unlock()
	watch := tb.Subscribe("zed")
	defer watch.Close()
	clock.Advance(time.Second)
	nextWhere(t, watch, "the bot ghost's retried visions", func(u game.Update) bool { return len(u.View.Public().WaitingVisions) == 0 })
}

func TestPresenceFollowsSubscriptions(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	tb := start(t, config(game.Options{Edition: game.Modern}, nil, clock))
	must(t, tb.Submit("alice", game.Sit{Seat: 0}))
	must(t, tb.Submit("host", game.SetBot{Seat: game.GhostSeat, On: true}))
	watch := tb.Subscribe("zed")
	defer watch.Close()
	u := nextWhere(t, watch, "alice away", func(u game.Update) bool { return true })
	if p := u.Presence["alice"]; p.Present || !p.AwaySince.Equal(t0) {
		t.Fatalf("alice never subscribed, presence = %+v", p)
	}
	if p := u.Presence[game.BotPlayer(game.GhostSeat)]; !p.Present || !p.Bot {
		t.Fatalf("a bot seat is always present: %+v", p)
	}
	if _, ok := u.Presence["zed"]; ok {
		t.Fatalf("a spectator has a presence entry")
	}
	a1 := tb.Subscribe("alice")
	a2 := tb.Subscribe("alice") // a second session of the same player
	nextWhere(t, watch, "alice present", func(u game.Update) bool { return u.Presence["alice"].Present })
	a1.Close()
	clock.Advance(time.Minute)
	a2.Close()
	u = nextWhere(t, watch, "alice away again", func(u game.Update) bool { return !u.Presence["alice"].Present })
	if !u.Presence["alice"].AwaySince.Equal(t0.Add(time.Minute)) {
		t.Fatalf("away since %v, want when her last session closed", u.Presence["alice"].AwaySince)
	}
}

func botFactory(t *testing.T, kind string) game.BotFactory {
	f, err := bot.Factory(kind, bot.SyntheticTags(1))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestBotsPlayAWholeGameThroughTheActor(t *testing.T) {
	table.CheckNoLeak(t)
	rec := &recorder{}
	cfg := config(game.Options{Edition: game.Classic, Difficulty: game.Easy, Timer: time.Minute}, rec, table.NewManualClock(t0))
	cfg.Bots = botFactory(t, bot.KindTags)
	tb := start(t, cfg)
	watch := tb.Subscribe("zed")
	defer watch.Close()
	for _, s := range []game.Seat{game.GhostSeat, 0, 1, 2, 3} {
		must(t, tb.Submit("host", game.SetBot{Seat: s, On: true}))
	}
	must(t, tb.Submit("host", game.Start{}))
	u := nextWhere(t, watch, "the end of the game", func(u game.Update) bool { return u.View.Public().Phase == game.PhaseFinished })
	if _, ok := u.View.(*game.FinishedView); !ok {
		t.Fatalf("a finished game shows a %T", u.View)
	}
	// The journal replays to the same end.
	tb.Stop()
	cfg.Journal = nil
	again, err := table.Restore(cfg, rec.all())
	if err != nil {
		t.Fatal(err)
	}
	defer again.Stop()
	if o := again.Public().Outcome; o == nil || *o != *u.View.Public().Outcome {
		t.Fatalf("replayed outcome %+v, want %+v", o, u.View.Public().Outcome)
	}
}

func TestBotPacingWaitsBetweenActions(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	cfg := config(game.Options{Edition: game.Modern}, nil, clock)
	cfg.Bots = botFactory(t, bot.KindRandom)
	cfg.BotDelay = 2 * time.Second
	tb := start(t, cfg)
	seatBotGhost(t, tb)
	must(t, tb.Submit("host", game.Start{}))
	if w := len(tb.Public().WaitingVisions); w != 3 {
		t.Fatalf("the bot ghost acted before its delay: %d visions waiting", w)
	}
	watch := tb.Subscribe("zed")
	defer watch.Close()
	clock.Advance(2 * time.Second)
	nextWhere(t, watch, "one vision", func(u game.Update) bool { return len(u.View.Public().WaitingVisions) == 2 })
	clock.Advance(2 * time.Second)
	nextWhere(t, watch, "two visions", func(u game.Update) bool { return len(u.View.Public().WaitingVisions) == 1 })
}

func TestBotTakesOverAnAwayPlayerUntilTheyReturn(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	cfg := config(game.Options{Edition: game.Modern}, nil, clock)
	// The factory is asked for the bot seat's level, and for its own
	// default ("") when a bot stands in for an away player.
	var levelsMu sync.Mutex
	levels := map[game.PlayerID]game.BotLevel{}
	f := botFactory(t, bot.KindTags)
	cfg.Bots = func(p game.PlayerID, seed uint64, l game.BotLevel) game.Bot {
		levelsMu.Lock()
		levels[p] = l
		levelsMu.Unlock()
		return f(p, seed, l)
	}
	cfg.TakeoverAfter = 5 * time.Minute
	tb := start(t, cfg)
	seatBotGhost(t, tb)
	must(t, tb.Submit("host", game.SetBot{Seat: game.GhostSeat, On: true, Level: game.BotNovice}))
	bobSub := tb.Subscribe("bob")
	carolSub := tb.Subscribe("carol")
	aliceSub := tb.Subscribe("alice")
	must(t, tb.Submit("host", game.Start{}))
	aliceSub.Close() // alice leaves; bob and carol stay
	watch := tb.Subscribe("zed")
	defer watch.Close()
	// The bot ghost has given every vision; nobody has placed an intuition.
	nextWhere(t, watch, "visions given", func(u game.Update) bool { return len(u.View.Public().WaitingVisions) == 0 })
	clock.Advance(5*time.Minute - time.Second)
	if p := tb.Public().Psychic(0); p.Intuition != "" {
		t.Fatal("a bot played for alice before the takeover delay")
	}
	clock.Advance(time.Second)
	u := nextWhere(t, watch, "alice taken over", func(u game.Update) bool {
		p := u.View.Public().Psychic(0)
		return u.Presence["alice"].Bot && p.Intuition != "" && p.Ready
	})
	if u.Presence["bob"].Bot || u.Presence["carol"].Bot {
		t.Fatal("present players were taken over")
	}
	levelsMu.Lock()
	if l, ok := levels["alice"]; !ok || l != "" {
		t.Errorf("alice's stand-in was made at level %q (made: %v), want the factory's default", l, ok)
	}
	if l := levels[game.BotPlayer(game.GhostSeat)]; l != game.BotNovice {
		t.Errorf("the ghost bot plays at %q, want its seat's novice", l)
	}
	levelsMu.Unlock()
	// Alice comes back: the seat is hers again.
	aliceSub = tb.Subscribe("alice")
	defer aliceSub.Close()
	nextWhere(t, watch, "alice back", func(u game.Update) bool { return !u.Presence["alice"].Bot && u.Presence["alice"].Present })
	must(t, tb.Submit("alice", game.SetReady{Psychic: 0, Ready: false}))
	if p := tb.Public().Psychic(0); p.Ready {
		t.Fatal("the bot still plays for alice after she came back")
	}
	bobSub.Close()
	carolSub.Close()
}

func TestStopWithBotsTimersAndReadersLeavesNoGoroutine(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	var tables []*table.Table
	var readers sync.WaitGroup
	for i := 0; i < 5; i++ {
		cfg := config(game.Options{Edition: game.Classic, Difficulty: game.Hard, Timer: time.Minute}, &recorder{}, clock)
		cfg.Bots = botFactory(t, bot.KindRandom)
		cfg.BotDelay = time.Second
		cfg.TakeoverAfter = time.Minute
		tb, err := table.New(cfg)
		must(t, err)
		tables = append(tables, tb)
		must(t, tb.Submit("host", game.SetBot{Seat: game.GhostSeat, On: true}))
		must(t, tb.Submit("alice", game.Sit{Seat: 0}))
		must(t, tb.Submit("host", game.SetBot{Seat: 1, On: true}))
		must(t, tb.Submit("host", game.Start{}))
		for _, p := range []game.PlayerID{"alice", "zed"} {
			s := tb.Subscribe(p)
			readers.Add(1)
			go func() {
				defer readers.Done()
				for {
					if _, err := s.Next(context.Background()); err != nil {
						return
					}
				}
			}()
		}
	}
	clock.Advance(3 * time.Second) // bots mid-game, timers armed
	for _, tb := range tables {
		tb.Stop()
	}
	readers.Wait()
	if clock.Pending() != 0 {
		t.Errorf("%d clock timers still armed after Stop", clock.Pending())
	}
}

// TestABotsUnsavedMoveIsToldToTheTable: when a bot's move cannot be saved,
// everyone at the table is told at once (Update.Unsaved), not only a
// person whose own move failed; the table retries later and later (1 s,
// then 2 s, then 4 s after the last try), and says so when a write works
// and the game goes on.
func TestABotsUnsavedMoveIsToldToTheTable(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	var tries atomic.Int32
	rec := &recorder{failIf: func(e game.JournalEntry) bool { return e.Player == game.BotPlayer(game.GhostSeat) }}
	rec.onAppend = func(e game.JournalEntry) {
		if e.Player == game.BotPlayer(game.GhostSeat) {
			tries.Add(1)
		}
	}
	cfg := config(game.Options{Edition: game.Modern}, rec, clock)
	cfg.Bots = botFactory(t, bot.KindRandom)
	tb := start(t, cfg)
	seatBotGhost(t, tb)
	watch := tb.Subscribe("zed") // a spectator: nothing of theirs failed
	defer watch.Close()
	must(t, tb.Submit("host", game.Start{}))
	u := nextWhere(t, watch, "the table saying it cannot save", func(u game.Update) bool { return u.Unsaved })
	if w := len(u.View.Public().WaitingVisions); w != 3 {
		t.Fatalf("%d visions waiting", w)
	}
	// tb.Public is answered after every timer that fired: the tries so far.
	triesAt := func(d time.Duration) int {
		clock.Set(t0.Add(d))
		tb.Public()
		return int(tries.Load())
	}
	for _, step := range []struct {
		at   time.Duration
		want int
	}{{0, 1}, {time.Second, 2}, {2 * time.Second, 2}, {3 * time.Second, 3}, {6 * time.Second, 3}, {7 * time.Second, 4}} {
		if got := triesAt(step.at); got != step.want {
			t.Fatalf("%d tries of the bot's move after %v, want %d (1 s, then 2 s, then 4 s apart)", got, step.at, step.want)
		}
	}
	rec.mu.Lock()
	rec.failIf = nil
	rec.mu.Unlock()
	clock.Set(t0.Add(15 * time.Second))
	// (A mailbox keeps the latest update: both come in one.)
	nextWhere(t, watch, "the table saying the game goes on, with the bot's visions", func(u game.Update) bool {
		return !u.Unsaved && len(u.View.Public().WaitingVisions) < 3
	})
}
