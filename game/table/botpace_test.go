package table_test

import (
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/table"
)

// stepUntil moves the clock forward a quarter second at a time, letting the
// actor catch up after each step (Public is answered after the timer it
// fired), until done holds; at most limit of the table's time.
func stepUntil(t *testing.T, tb *table.Table, clock *table.ManualClock, limit time.Duration, what string, done func(*game.TableView) bool) {
	t.Helper()
	end := clock.Now().Add(limit)
	for !done(tb.Public()) {
		if !clock.Now().Before(end) {
			t.Fatalf("%s: not after %v of the table's time", what, limit)
		}
		clock.Advance(250 * time.Millisecond)
	}
}

// entry is one journaled move, decoded.
type entry struct {
	at     time.Time
	player game.PlayerID
	cmd    game.Command
}

func decoded(t *testing.T, rec *recorder) []entry {
	t.Helper()
	var out []entry
	for _, e := range rec.all() {
		cmd, err := game.UnmarshalCommand(e.Command)
		must(t, err)
		out = append(out, entry{e.At, e.Player, cmd})
	}
	return out
}

// A bot ghost at a table where a person plays gives its visions at a
// person's pace: each move a few seconds after the last (longer for more
// cards), and never while the person's psychic is still reading the vision
// it just got. With nobody playing (TestBotPacingWaitsBetweenActions), bots
// keep the table's BotDelay.
func TestBotGhostGivesVisionsAtAPersonsPace(t *testing.T) {
	table.CheckNoLeak(t)
	for _, e := range []game.Edition{game.Classic, game.Modern} {
		t.Run(string(e), func(t *testing.T) {
			clock := table.NewManualClock(t0)
			rec := &recorder{}
			opts := game.Options{Edition: e, Difficulty: game.Difficulties(e)[0]}
			cfg := config(opts, rec, clock)
			cfg.Bots = botFactory(t, bot.KindTags)
			cfg.BotDelay = 700 * time.Millisecond
			tb := start(t, cfg)
			seatBotGhost(t, tb)
			alice := tb.Subscribe("alice") // a person plays; bob and carol are not here
			defer alice.Close()
			must(t, tb.Submit("host", game.Start{}))
			started := clock.Now()
			stepUntil(t, tb, clock, 5*time.Minute, "every vision given", func(v *game.TableView) bool {
				return v.Phase == game.PhaseVision && len(v.WaitingVisions) == 0
			})
			pub := tb.Public()
			var aliceColour game.Colour
			for _, s := range pub.Seats {
				if s.Player == "alice" {
					aliceColour = s.Colours[0]
				}
			}
			ghost := game.BotPlayer(game.GhostSeat)
			last, moves := started, 0
			var read time.Time // until when alice reads her vision
			for _, en := range decoded(t, rec) {
				if en.player != ghost || !en.at.After(started) && en.at != started {
					continue
				}
				gap := en.at.Sub(last)
				if want := table.BotThink(en.cmd, pub); gap < want {
					t.Errorf("move %d (%s) came %v after the last, want at least %v", moves+1, en.cmd.Type(), gap, want)
				}
				if en.at.Before(read) {
					t.Errorf("move %d (%s) came at %v, while alice read her vision until %v", moves+1, en.cmd.Type(), en.at.Sub(started), read.Sub(started))
				}
				if gv, ok := en.cmd.(game.GiveVision); ok && gv.To == aliceColour {
					read = en.at.Add(table.VisionRead(len(pub.Psychic(aliceColour).Vision)))
				}
				last = en.at
				moves++
			}
			if moves < 3 || read.IsZero() {
				t.Fatalf("%d ghost moves, alice's vision read until %v", moves, read)
			}
			if took, least := last.Sub(started), time.Duration(moves)*3*time.Second; took < least {
				t.Errorf("%d ghost moves took %v, want at least %v", moves, took, least)
			}
		})
	}
}

// Bot psychics at a table where a person is the ghost read each vision
// before they place their intuition, and take a moment before they say they
// are ready.
func TestBotPsychicsReadBeforeTheyPlace(t *testing.T) {
	table.CheckNoLeak(t)
	clock := table.NewManualClock(t0)
	rec := &recorder{}
	cfg := config(game.Options{Edition: game.Classic, Difficulty: game.Easy}, rec, clock)
	cfg.Bots = botFactory(t, bot.KindTags)
	cfg.BotDelay = 700 * time.Millisecond
	tb := start(t, cfg)
	must(t, tb.Submit("host", game.Sit{Seat: game.GhostSeat, Name: "Host"}))
	for _, s := range []game.Seat{0, 1, 2} {
		must(t, tb.Submit("host", game.SetBot{Seat: s, On: true}))
	}
	ghost := tb.Subscribe("host")
	defer ghost.Close()
	must(t, tb.Submit("host", game.Start{}))
	giveEveryVision(t, tb, ghost, func() { clock.Advance(time.Second) })
	stepUntil(t, tb, clock, 5*time.Minute, "every psychic ready", func(v *game.TableView) bool {
		return v.Phase != game.PhaseVision
	})
	given := map[game.Colour]time.Time{}
	placed := map[game.Colour]time.Time{}
	pub := tb.Public()
	for _, en := range decoded(t, rec) {
		switch c := en.cmd.(type) {
		case game.GiveVision:
			given[c.To] = en.at
		case game.PlaceIntuition:
			read := table.VisionRead(len(pub.Psychic(c.Psychic).Vision))
			if gap := en.at.Sub(given[c.Psychic]); gap < read {
				t.Errorf("%s placed %v after its vision, before reading it (%v)", c.Psychic, gap, read)
			}
			placed[c.Psychic] = en.at
		case game.SetReady:
			if gap := en.at.Sub(placed[c.Psychic]); gap < table.BotThink(c, pub) {
				t.Errorf("%s was ready %v after it placed", c.Psychic, gap)
			}
		}
	}
	if len(placed) != 3 {
		t.Fatalf("%d intuitions placed, want 3", len(placed))
	}
}
