package table_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// timerTable seats host (ghost, the table's host), alice, bob and carol at a
// classic table with a 2-minute sand timer, gives every vision at t0+10s and
// returns the table and the ghost's subscription.
func timerTable(t *testing.T, rec *recorder, clock *table.ManualClock) (*table.Table, game.TableConfig, *table.Subscription) {
	t.Helper()
	opts := game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: 2 * time.Minute}
	cfg := config(opts, rec, clock)
	cfg.MaxPause = 5 * time.Minute
	tb := start(t, cfg)
	seatFour(t, tb)
	ghost := tb.Subscribe("host")
	t.Cleanup(ghost.Close)
	clock.Advance(10 * time.Second)
	giveEveryVision(t, tb, ghost, func() {})
	if !tb.Public().TimerRunning {
		t.Fatal("the sand timer did not start")
	}
	return tb, cfg, ghost
}

// The host is the ghost, so the psychics work the sand timer: alice pauses
// and adds 30 s, bob resumes; the deadline follows; a kill -9
// (the journal replayed into a new table) in the middle of the pause holds it.
func TestPauseAndAddTimeMoveTheDeadlineAndSurviveARestart(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	tb, cfg, ghost := timerTable(t, rec, clock)
	start := t0.Add(10*time.Second + game.VisionHold) // the last vision arrived, the sand timer turned: 2 minutes from here

	clock.Advance(20 * time.Second) // 100 s left
	must(t, tb.Submit("alice", game.PauseTimer{}))
	u := nextWhere(t, ghost, "the pause", func(u game.Update) bool { return u.View.Public().TimerPaused })
	if !u.Deadline.IsZero() || u.Remaining != 100*time.Second || !u.ResumesAt.Equal(start.Add(20*time.Second+5*time.Minute)) {
		t.Fatalf("paused: deadline %v remaining %v resumes %v", u.Deadline, u.Remaining, u.ResumesAt)
	}
	if n := u.View.Public().TimerNote.Say(i18n.English); n != "alice paused the sand timer" {
		t.Fatalf("timer note %q", n)
	}
	clock.Advance(time.Minute) // paused: nothing runs out
	must(t, tb.Submit("alice", game.AddTime{}))
	u = nextWhere(t, ghost, "the time added", func(u game.Update) bool { return u.Remaining == 130*time.Second })

	// kill -9: the table is gone without a goodbye; its journal is all there is.
	tb.Stop()
	restored, err := table.Restore(cfg, rec.all())
	must(t, err)
	t.Cleanup(restored.Stop)
	rs := restored.Subscribe("host")
	t.Cleanup(rs.Close)
	got := nextWhere(t, rs, "the restored table", func(game.Update) bool { return true })
	if !got.View.Public().TimerPaused || got.Remaining != u.Remaining || !got.ResumesAt.Equal(u.ResumesAt) {
		t.Fatalf("restored: paused %v remaining %v resumes %v, want %v %v", got.View.Public().TimerPaused, got.Remaining, got.ResumesAt, u.Remaining, u.ResumesAt)
	}

	clock.Advance(10 * time.Second)
	must(t, restored.Submit("bob", game.ResumeTimer{}))
	resumedAt := clock.Now()
	u = nextWhere(t, rs, "the resume", func(u game.Update) bool { return !u.Deadline.IsZero() })
	if !u.Deadline.Equal(resumedAt.Add(130 * time.Second)) {
		t.Fatalf("resumed deadline %v, want %v", u.Deadline, resumedAt.Add(130*time.Second))
	}
	must(t, restored.Submit("bob", game.AddTime{}))
	u = nextWhere(t, rs, "30 s more", func(u game.Update) bool { return u.Deadline.Equal(resumedAt.Add(160 * time.Second)) })

	// The sand timer holds at most 10 minutes: 160 s + 14 × 30 s = 580 s, and the next is refused.
	var refused error
	for i := 0; i < 16 && refused == nil; i++ {
		refused = restored.Submit("carol", game.AddTime{})
	}
	if re, ok := game.AsRuleError(refused); !ok || re.Code != game.ErrTimer {
		t.Fatalf("adding past 10 minutes: %v", refused)
	}

	// Replay after a restart, deadline and all.
	restored.Stop()
	again, err := table.Restore(cfg, rec.all())
	must(t, err)
	t.Cleanup(again.Stop)
	as := again.Subscribe("host")
	t.Cleanup(as.Close)
	if got := nextWhere(t, as, "the replayed table", func(game.Update) bool { return true }); !got.Deadline.Equal(resumedAt.Add(580 * time.Second)) {
		t.Fatalf("replayed deadline %v, want %v", got.Deadline, resumedAt.Add(580*time.Second))
	}
}

// A pause cannot be held forever: at the table's longest pause the table
// resumes it itself, journaled as the table's, also after a restart.
func TestALongPauseResumesByItself(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	tb, cfg, ghost := timerTable(t, rec, clock)
	must(t, tb.Submit("alice", game.PauseTimer{}))
	nextWhere(t, ghost, "the pause", func(u game.Update) bool { return u.View.Public().TimerPaused })
	pausedAt := clock.Now()
	clock.Advance(5*time.Minute - time.Second)
	must(t, tb.Submit("alice", game.Chat{Text: "still paused?"})) // the actor has looked at the clock
	if !tb.Public().TimerPaused {
		t.Fatal("resumed before the longest pause")
	}
	tb.Stop() // and the server is down while the pause runs out
	clock.Advance(time.Hour)
	restored, err := table.Restore(cfg, rec.all())
	must(t, err)
	t.Cleanup(restored.Stop)
	rs := restored.Subscribe("host")
	t.Cleanup(rs.Close)
	u := nextWhere(t, rs, "the table's own resume", func(u game.Update) bool {
		return u.View.Public().TimerRunning && !u.View.Public().TimerPaused
	})
	es := rec.all()
	last := es[len(es)-1]
	cmd, _ := game.UnmarshalCommand(last.Command)
	if _, ok := cmd.(game.ResumeTimer); !ok || last.Player != game.SystemPlayer {
		t.Fatalf("the resume was journaled as %+v", last)
	}
	if want := clock.Now().Add(2 * time.Minute); !u.Deadline.Equal(want) {
		t.Fatalf("after the resume the deadline is %v, want %v (paused at %v)", u.Deadline, want, pausedAt)
	}
}

// Pointing reaches everybody, at most once per throttle interval however
// fast the cursor moves, and never names a card that is not in sight.
func TestPointingIsSharedAndThrottled(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	tb, _, ghost := timerTable(t, &recorder{}, clock)
	bob := tb.Subscribe("bob")
	t.Cleanup(bob.Close)
	pub := tb.Public()
	cards := pub.TableCards[game.Character]
	before := nextWhere(t, bob, "bob's view", func(game.Update) bool { return true }).Version

	must(t, tb.Point("alice", cards[0]))
	u := nextWhere(t, bob, "alice's pointer", func(u game.Update) bool { return len(u.Pointing) > 0 })
	if u.Pointing[0] != (game.Pointer{Seat: 0, Card: cards[0]}) || u.Version != before+1 {
		t.Fatalf("pointing %+v at version %d (from %d)", u.Pointing, u.Version, before)
	}
	// A held arrow key: ten moves at once are one announcement, later.
	for i := 1; i <= 10; i++ {
		must(t, tb.Point("alice", cards[i%len(cards)]))
	}
	must(t, tb.Submit("carol", game.Chat{Text: "hm"})) // any broadcast carries the newest pointer
	u = nextWhere(t, bob, "the chat", func(u game.Update) bool { return len(u.View.Public().Chat) > 0 })
	if u.Version != before+2 || u.Pointing[0].Card != cards[10%len(cards)] {
		t.Fatalf("after ten moves and a chat: version %d (from %d), pointing %+v", u.Version, before, u.Pointing)
	}
	must(t, tb.Point("alice", cards[0]))
	clock.Advance(149 * time.Millisecond)
	must(t, tb.Point("alice", cards[1]))
	clock.Advance(time.Millisecond)
	u = nextWhere(t, ghost, "the throttled pointer", func(u game.Update) bool { return len(u.Pointing) > 0 && u.Pointing[0].Card == cards[1] })
	if u.Version != before+3 {
		t.Fatalf("two moves within the interval took %d announcements", u.Version-before-2)
	}

	// Not in sight, or not a psychic: refused.
	g2 := tb.Subscribe("host")
	gv := nextWhere(t, g2, "the ghost's view", func(game.Update) bool { return true }).View.(*game.GhostView)
	g2.Close()
	for _, c := range []struct {
		p    game.PlayerID
		card game.CardID
	}{{"alice", gv.Hand[0]}, {"host", cards[0]}, {"zed", cards[0]}, {"alice", "C99"}} {
		if err := tb.Point(c.p, c.card); err == nil {
			t.Errorf("%s pointing at %s accepted", c.p, c.card)
		}
	}
	// Leaving takes the pointer away.
	al := tb.Subscribe("alice")
	al.Close()
	nextWhere(t, bob, "the pointer gone", func(u game.Update) bool { return len(u.Pointing) == 0 })
}

// A mark or a note is told to its writer only: the others get no update at all.
func TestMarksAndNotesReachOnlyTheirWriter(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	tb, _, ghost := timerTable(t, &recorder{}, clock)
	alice, bob := tb.Subscribe("alice"), tb.Subscribe("bob")
	t.Cleanup(alice.Close)
	t.Cleanup(bob.Close)
	card := tb.Public().TableCards[game.Character][0] // a round trip: every update so far is out
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, s := range []*table.Subscription{bob, ghost} {
		for _, err := s.Next(done); err == nil; _, err = s.Next(done) {
		}
	}
	must(t, tb.Submit("alice", game.Note{Card: card, Text: "zq secret note"}))
	u := nextWhere(t, alice, "alice's note", func(u game.Update) bool { return len(u.View.(*game.PsychicView).Notes) == 1 })
	tb.Public() // a round trip: the actor is done with the note
	for name, s := range map[string]*table.Subscription{"bob": bob, "ghost": ghost} {
		if got, err := s.Next(done); err == nil {
			t.Errorf("%s got an update after alice's note (version %d)", name, got.Version)
		}
	}
	must(t, tb.Submit("carol", game.Chat{Text: "next"}))
	for name, s := range map[string]*table.Subscription{"bob": bob, "ghost": ghost} {
		got := nextWhere(t, s, "carol's line", func(u game.Update) bool { return len(u.View.Public().Chat) > 0 })
		b, _ := json.Marshal(got)
		if got.Version != u.Version+1 {
			t.Errorf("%s: the chat came at version %d, the note at %d", name, got.Version, u.Version)
		}
		if strings.Contains(string(b), "zq secret note") {
			t.Errorf("%s sees alice's note", name)
		}
	}
}
