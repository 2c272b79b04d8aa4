package table_test

import (
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
)

// holdTable seats host (ghost, the table's host), alice, bob and carol at a
// classic table and starts; it returns the table, its configuration and
// the ghost's and alice's subscriptions.
func holdTable(t *testing.T, rec *recorder, clock *table.ManualClock) (*table.Table, game.TableConfig, *table.Subscription, *table.Subscription) {
	t.Helper()
	cfg := config(game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: 2 * time.Minute}, rec, clock)
	cfg.MaxPause = 5 * time.Minute
	tb := start(t, cfg)
	seatFour(t, tb)
	ghost, alice := tb.Subscribe("host"), tb.Subscribe("alice")
	t.Cleanup(ghost.Close)
	t.Cleanup(alice.Close)
	return tb, cfg, ghost, alice
}

// The table delivers a vision when its hold is over, by its own clock, as a
// journaled command of its own; a restart in the middle of the hold keeps
// the vision on its way and delivers it at the same moment.
func TestAVisionArrivesWhenItsHoldIsOver(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	tb, cfg, ghost, alice := holdTable(t, rec, clock)
	u := nextWhere(t, ghost, "the ghost's view", func(game.Update) bool { return true })
	hand := u.View.(*game.GhostView).Hand
	must(t, tb.Submit("host", game.GiveVision{To: 0, Cards: hand[:2]}))
	given := clock.Now()
	nextWhere(t, alice, "the vision on its way", func(u game.Update) bool {
		p := u.View.Public()
		return p.Sending != nil && p.Sending.Psychic == 0 && len(p.Psychic(0).Vision) == 0
	})
	clock.Advance(game.VisionHold - time.Second)
	must(t, tb.Submit("bob", game.Chat{Text: "anything yet?"})) // the actor has looked at the clock
	if p := tb.Public(); p.Sending == nil || len(p.Psychic(0).Vision) != 0 {
		t.Fatal("the vision arrived before its hold was over")
	}

	// kill -9 in the middle of the hold.
	tb.Stop()
	restored, err := table.Restore(cfg, rec.all())
	must(t, err)
	t.Cleanup(restored.Stop)
	rs := restored.Subscribe("alice")
	t.Cleanup(rs.Close)
	nextWhere(t, rs, "the vision still on its way", func(u game.Update) bool { return u.View.Public().Sending != nil })
	clock.Advance(time.Second)
	u = nextWhere(t, rs, "the vision arrived", func(u game.Update) bool { return len(u.View.Public().Psychic(0).Vision) == 2 })
	if u.View.Public().Sending != nil {
		t.Fatal("the vision arrived and is still on its way")
	}
	es := rec.all()
	last := es[len(es)-1]
	if last.Player != game.SystemPlayer || !strings.Contains(string(last.Command), "deliver-vision") || !last.At.Equal(given.Add(game.VisionHold)) {
		t.Fatalf("the journal's last entry: %s by %s at %v", last.Command, last.Player, last.At)
	}
	if err := restored.Submit("host", game.TakeBack{}); err == nil || !strings.Contains(err.Error(), "it can no longer be taken back") {
		t.Fatalf("take-back after the vision arrived: %v", err)
	}
}

// A table takes back at most TakeBacksPerHour visions in any hour of its
// clock; the journal names the cards of each vision taken back.
func TestTakeBacksAreBoundedPerHour(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	tb, _, ghost, _ := holdTable(t, rec, clock)
	u := nextWhere(t, ghost, "the ghost's view", func(game.Update) bool { return true })
	hand := u.View.(*game.GhostView).Hand
	for i := 0; i < game.TakeBacksPerHour; i++ {
		must(t, tb.Submit("host", game.GiveVision{To: 1, Cards: hand[:1]}))
		must(t, tb.Submit("host", game.TakeBack{}))
		clock.Advance(10 * time.Minute)
	}
	es := rec.all()
	if tbk := es[len(es)-1]; !strings.Contains(string(tbk.Command), `"take-back"`) || !strings.Contains(string(tbk.Command), string(hand[0])) {
		t.Fatalf("the journal's take-back does not say what was taken back: %s", tbk.Command)
	}
	must(t, tb.Submit("host", game.GiveVision{To: 1, Cards: hand[:1]}))
	err := tb.Submit("host", game.TakeBack{})
	if re, ok := game.AsRuleError(err); !ok || re.Code != game.ErrTakeBack || !strings.Contains(re.Error(), "in 40 min") {
		t.Fatalf("a third take-back within the hour: %v", err)
	}
	// The vision stays on its way, and arrives.
	clock.Advance(game.VisionHold)
	u = nextWhere(t, ghost, "the vision arrived", func(u game.Update) bool { return u.View.Public().Psychic(1).ReceivedThisRound })
	// An hour after the first take-back, another one is allowed.
	clock.Advance(40 * time.Minute)
	must(t, tb.Submit("host", game.GiveVision{To: 2, Cards: u.View.(*game.GhostView).Hand[:1]}))
	must(t, tb.Submit("host", game.TakeBack{}))
}

// A step's pauses last the longest pause in all: after 3 minutes of pause
// (of 5), the next pause resumes by itself after 2, and cannot be renewed.
func TestAStepsPausesHaveABudget(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	tb, _, ghost := timerTable(t, rec, clock)
	must(t, tb.Submit("alice", game.PauseTimer{}))
	nextWhere(t, ghost, "the pause", func(u game.Update) bool { return u.View.Public().TimerPaused })
	clock.Advance(3 * time.Minute)
	must(t, tb.Submit("alice", game.ResumeTimer{}))
	nextWhere(t, ghost, "the resume", func(u game.Update) bool { return !u.View.Public().TimerPaused })
	must(t, tb.Submit("bob", game.PauseTimer{}))
	u := nextWhere(t, ghost, "the second pause", func(u game.Update) bool { return u.View.Public().TimerPaused })
	if want := clock.Now().Add(2 * time.Minute); !u.ResumesAt.Equal(want) {
		t.Fatalf("the second pause resumes at %v, want %v (what is left of the step's 5 minutes)", u.ResumesAt, want)
	}
	clock.Advance(2 * time.Minute)
	nextWhere(t, ghost, "the table's resume", func(u game.Update) bool { return !u.View.Public().TimerPaused })
	err := tb.Submit("carol", game.PauseTimer{})
	if re, ok := game.AsRuleError(err); !ok || re.Code != game.ErrTimer {
		t.Fatalf("a pause past the step's budget: %v", err)
	}
}
