package session

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// recordingSub passes a real subscription through and records the type of
// every view it hands the session.
type recordingSub struct {
	sub   *table.Subscription
	views []game.View
}

func (r *recordingSub) Next(ctx context.Context) (game.Update, error) {
	u, err := r.sub.Next(ctx)
	if err == nil {
		r.views = append(r.views, u.View)
	}
	return u, err
}

func (r *recordingSub) Close() { r.sub.Close() }

// TestPsychicSessionOnlyGetsItsSubscription plays a whole game of bots on a
// real table actor while a session watches as one psychic's identity through
// the pump. Every view it is handed is that psychic's (or the public one
// before the start, or everybody's after the end), never the ghost's, and
// nothing only the ghost's screen says ever appears on its screen.
func TestPsychicSessionOnlyGetsItsSubscription(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	factory, err := bot.Factory(bot.KindTags, bot.DeckTags(deck.Builtin()))
	if err != nil {
		t.Fatal(err)
	}
	opts := game.DefaultOptions(game.Classic)
	opts.Timer = 0
	const host game.PlayerID = "SHA256:host"
	tb, err := table.New(game.TableConfig{Code: "BOTS", Name: "bots", Options: opts, Pools: game.BuiltinPools(),
		Host: host, Seed: 11, Bots: factory, BotDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Stop()
	seats := []game.Seat{game.GhostSeat, game.SeatOf(game.Purple), game.SeatOf(game.Yellow), game.SeatOf(game.Red), game.SeatOf(game.Blue)}
	for _, s := range seats {
		if err := tb.Submit(host, game.SetBot{Seat: s, On: true}); err != nil {
			t.Fatal(err)
		}
	}
	me := game.BotPlayer(game.SeatOf(game.Yellow))
	rec := &recordingSub{sub: tb.Subscribe(me)}
	m := newTestModel(t, newFakeHub(), Identity{ID: me, Name: "watcher"}, 140, 45)
	m.attach("BOTS", tb, rec, false)
	if err := tb.Submit(host, game.Start{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m.sh.Ctx = ctx
	psychicViews := 0
	for {
		msg := state.Pump(ctx, rec, m.gen)()
		if end, ok := msg.(state.SubEndMsg); ok {
			t.Fatalf("the pump ended before the game did: %v", end.Err)
		}
		m.Update(msg)
		v := rec.views[len(rec.views)-1]
		switch v.(type) {
		case *game.GhostView:
			t.Fatal("a psychic's session was handed the ghost's view")
		case *game.PsychicView:
			psychicViews++
		case *game.SpectatorView:
			if v.Public().Phase != game.PhaseSeating {
				t.Fatalf("a seated psychic got a spectator's view in phase %s", v.Public().Phase)
			}
		}
		screen := plainView(m)
		if _, done := v.(*game.FinishedView); !done && (strings.Contains(screen, "must find") || strings.Contains(screen, "☠") || strings.Contains(screen, "your hand")) {
			t.Fatalf("the psychic's screen shows something only the ghost may see:\n%s", screen)
		}
		if _, done := v.(*game.FinishedView); done {
			break
		}
	}
	if psychicViews == 0 {
		t.Error("no psychic view ever came: the test proved nothing")
	}
	if m.table.Role() != state.RoleFinished {
		t.Errorf("the session ended on %v, not the end screen", m.table.Role())
	}
	t.Logf("%d updates, %d psychic views", len(rec.views), psychicViews)
}

// TestCloseMarksAway: when the server closes the session's model after the
// program ended, the table sees the player as away.
func TestCloseMarksAway(t *testing.T) {
	const host game.PlayerID = "SHA256:host"
	tb, err := table.New(game.TableConfig{Code: "AWAY", Name: "away", Options: game.DefaultOptions(game.Classic),
		Pools: game.BuiltinPools(), Host: host, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Stop()
	hub := newFakeHub()
	hub.tables["AWAY"] = tb
	if err := tb.Submit(pAnn, game.Sit{Seat: game.SeatOf(game.Yellow), Name: "ann"}); err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), hub, Identity{ID: pAnn, Name: "ann"}, Start{TableCode: "away"}, nil, 80, 24).(*Model)
	m.Init()
	if m.screen != screenTable {
		t.Fatal("ssh -t host away did not open the table")
	}
	watch := tb.Subscribe(host)
	defer watch.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	present := func() (bool, bool) {
		u, err := watch.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := u.Presence[pAnn]
		return p.Present, ok
	}
	for {
		if p, ok := present(); ok && p {
			break
		}
	}
	m.Close()
	m.Close() // idempotent
	for {
		if p, ok := present(); ok && !p {
			break
		}
	}
}
