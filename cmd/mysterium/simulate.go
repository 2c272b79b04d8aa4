package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/deck"
)

func init() {
	register(&command{
		name:    "simulate",
		summary: "play headless games with bots in every seat and print the results",
		run:     runSimulate,
	})
}

// simStats is what `mysterium simulate` reports. The JSON keys are a
// contract for scripts: games, wins, losses, rejected at least.
type simStats struct {
	Edition    string         `json:"edition"`
	Difficulty string         `json:"difficulty"`
	Players    int            `json:"players"`
	Bots       string         `json:"bots"`
	Seed       uint64         `json:"seed"`
	Games      int            `json:"games"`
	Wins       int            `json:"wins"`
	Losses     int            `json:"losses"`
	LossCauses map[string]int `json:"losses_by_cause"`
	MeanRounds float64        `json:"mean_rounds"`
	Commands   int            `json:"commands"`
	Rejected   int            `json:"rejected"`
}

func runSimulate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	edition := fs.String("edition", "classic", "edition: classic, modern or original")
	difficulty := fs.String("difficulty", "", "difficulty (classic: easy, medium, hard; original: easy, normal, hard, very-hard; modern: none); default: the edition's usual one")
	players := fs.Int("players", 5, "total players, ghost included")
	games := fs.Int("games", 100, "number of games to play")
	seed := fs.Uint64("seed", 1, "seed of the first game; the same seed gives the same output")
	kind := fs.String("bots", bot.KindTags, "bot strategy: "+strings.Join(bot.Kinds, " or "))
	asJSON := fs.Bool("json", false, "print one JSON object")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: mysterium simulate [--edition E] [--difficulty D] [--players N] [--games G] [--seed S] [--bots random|tags] [--json]")
		fmt.Fprintln(stderr, "Plays whole games headless with bots in every seat and prints wins, losses and rejected commands.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "mysterium simulate: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	opts := game.DefaultOptions(game.Edition(*edition))
	opts.Edition, opts.Timer = game.Edition(*edition), 0
	if *difficulty != "" {
		opts.Difficulty = game.Difficulty(*difficulty)
	}
	if err := opts.Validate(); err != nil {
		fmt.Fprintf(stderr, "mysterium simulate: %v\n", err)
		return 2
	}
	e := opts.Edition
	if *players < e.MinPlayers() || *players > e.MaxPlayers() {
		fmt.Fprintf(stderr, "mysterium simulate: the %s edition plays with %d to %d players, not %d\n", e, e.MinPlayers(), e.MaxPlayers(), *players)
		return 2
	}
	if *games < 1 {
		fmt.Fprintf(stderr, "mysterium simulate: --games must be at least 1\n")
		return 2
	}
	pools, tags := simulationCards()
	if _, err := bot.New(*kind, 0, tags); err != nil {
		fmt.Fprintf(stderr, "mysterium simulate: %v\n", err)
		return 2
	}
	st := simStats{Edition: string(e), Difficulty: string(opts.Difficulty), Players: *players, Bots: *kind,
		Seed: *seed, LossCauses: map[string]int{string(game.LossClock): 0, string(game.LossWrongCulprit): 0}}
	rounds := 0
	for i := 0; i < *games; i++ {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "mysterium simulate: interrupted after %d games\n", i)
			return 1
		}
		s := gameSeed(*seed, i)
		res, err := bot.Play(bot.Game{Options: opts, Pools: pools, Players: *players, Seed: s, Kind: *kind, Tags: tags})
		if err != nil {
			fmt.Fprintf(stderr, "mysterium simulate: game %d (seed %d): %v\n", i+1, s, err)
			return 1
		}
		st.Games++
		st.Commands += res.Commands
		st.Rejected += res.Rejected
		rounds += res.Rounds
		if res.Won {
			st.Wins++
		} else {
			st.Losses++
			st.LossCauses[string(res.Cause)]++
		}
	}
	st.MeanRounds = float64(rounds) / float64(st.Games)
	if *asJSON {
		b, err := json.Marshal(st)
		if err != nil {
			fmt.Fprintf(stderr, "mysterium simulate: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	diff := st.Difficulty
	if diff == "" {
		diff = "—"
	}
	fmt.Fprintf(stdout, "edition %s · difficulty %s · %d players · %s bots · seed %d\n", st.Edition, diff, st.Players, st.Bots, st.Seed)
	fmt.Fprintf(stdout, "games        %d\n", st.Games)
	fmt.Fprintf(stdout, "wins         %d (%.1f%%)\n", st.Wins, 100*float64(st.Wins)/float64(st.Games))
	fmt.Fprintf(stdout, "losses       %d\n", st.Losses)
	fmt.Fprintf(stdout, "  clock          %d\n", st.LossCauses[string(game.LossClock)])
	fmt.Fprintf(stdout, "  wrong culprit  %d\n", st.LossCauses[string(game.LossWrongCulprit)])
	fmt.Fprintf(stdout, "mean rounds  %.2f\n", st.MeanRounds)
	fmt.Fprintf(stdout, "commands     %d\n", st.Commands)
	fmt.Fprintf(stdout, "rejected     %d\n", st.Rejected)
	return 0
}

// gameSeed spreads the games of one run over unrelated seeds (splitmix64),
// so that game i of seed S never repeats game j of seed S+1.
func gameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// simulationCards returns the card pools and tags the simulator plays with:
// the built-in deck's.
func simulationCards() (game.Pools, bot.Tags) {
	d := deck.Builtin()
	return game.PoolsOf(d), bot.DeckTags(d)
}
