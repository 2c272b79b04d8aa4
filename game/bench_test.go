package game_test

import (
	"fmt"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/deck"
)

// Benchmarks of the engine's own budgets: a whole 7-player classic game
// played by bots on the pure engine (target ≤ 5 ms) and ViewFor (target
// ≤ 20 µs).
//
//	go test -run '^$' -bench . -benchmem ./game/

func BenchmarkBotGame(b *testing.B) {
	d := deck.Builtin()
	pools, tags := game.PoolsOf(d), bot.DeckTags(d)
	for _, kind := range bot.Kinds {
		b.Run("classic-7-"+kind, func(b *testing.B) {
			cmds := 0
			for i := 0; i < b.N; i++ {
				res, err := bot.Play(bot.Game{Options: game.Options{Edition: game.Classic, Difficulty: game.Medium},
					Pools: pools, Players: 7, Seed: uint64(i), Kind: kind, Tags: tags})
				if err != nil {
					b.Fatal(err)
				}
				cmds += res.Commands
			}
			b.ReportMetric(float64(cmds)/float64(b.N), "commands/game")
		})
	}
}

// midGame returns a 7-player classic game in round 3 or later, played by tag bots.
func midGame(b *testing.B) *game.State {
	d := deck.Builtin()
	tags := bot.DeckTags(d)
	s, err := game.NewStarted(game.Options{Edition: game.Classic, Difficulty: game.Medium}, game.PoolsOf(d), 7, 3)
	if err != nil {
		b.Fatal(err)
	}
	var ids []game.PlayerID
	for _, sv := range s.ViewFor("").Public().Seats {
		ids = append(ids, sv.Player)
	}
	bots := map[game.PlayerID]game.Bot{}
	for _, p := range ids {
		bots[p], _ = bot.New(bot.KindTags, bot.Seed(3, p), tags)
	}
	for s.Round() < 3 {
		acted := false
		for _, p := range ids {
			if c := bots[p].Act(s.ViewFor(p)); c != nil {
				if _, err := s.Apply(p, c); err != nil {
					b.Fatal(err)
				}
				acted = true
			}
		}
		if !acted {
			b.Fatal("bots stuck")
		}
	}
	return s
}

func BenchmarkViewFor(b *testing.B) {
	s := midGame(b)
	pub := s.ViewFor("").Public()
	for _, c := range []struct {
		name string
		p    game.PlayerID
	}{
		{"ghost", pub.Seats[0].Player},
		{"psychic", pub.Seats[1].Player},
		{"spectator", "spectator"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = s.ViewFor(c.p)
			}
		})
	}
}

// BenchmarkViewForEverySeat is the views of one change for a 7-player
// table and 10 spectators: each built on its own (ViewFor, as the table
// actor did), and all around one public part (Views, as it does now).
//
//	go test -run '^$' -bench ViewForEverySeat -benchmem ./game/
func BenchmarkViewForEverySeat(b *testing.B) {
	s := midGame(b)
	var viewers []game.PlayerID
	for _, sv := range s.ViewFor("").Public().Seats {
		if sv.Player != "" {
			viewers = append(viewers, sv.Player)
		}
	}
	for i := range 10 {
		viewers = append(viewers, game.PlayerID(fmt.Sprintf("spectator-%d", i)))
	}
	b.Run("each-its-own", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			for _, p := range viewers {
				_ = s.ViewFor(p)
			}
		}
	})
	b.Run("one-public-part", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			views := s.Views()
			for _, p := range viewers {
				_ = views.For(p)
			}
		}
	})
}
