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
	BotLevel   string         `json:"bot_level"`
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
	levelName := fs.String("bot-level", string(game.DefaultBotLevel), "how well the tag bots play: novice, seasoned or expert")
	asJSON := fs.Bool("json", false, "print one JSON object (with --table, one per line)")
	table := fs.Bool("table", false, "print the calibration table: the win rate of each bot level in every edition and difficulty at --players (--edition, --difficulty and --bot-level are ignored)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: mysterium simulate [--edition E] [--difficulty D] [--players N] [--games G] [--seed S] [--bots random|tags] [--bot-level L] [--json] [--table]")
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
	level, err := game.ParseBotLevel(*levelName)
	if err != nil {
		fmt.Fprintf(stderr, "mysterium simulate: --bot-level: %v\n", err)
		return 2
	}
	if *games < 1 {
		fmt.Fprintf(stderr, "mysterium simulate: --games must be at least 1\n")
		return 2
	}
	if *table {
		return simulateTable(ctx, *players, *games, *seed, *kind, *asJSON, stdout, stderr)
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
	if _, err := (bot.Config{Kind: *kind, Level: level}).New(0); err != nil {
		fmt.Fprintf(stderr, "mysterium simulate: %v\n", err)
		return 2
	}
	st, err := simulate(ctx, opts, *players, *games, *seed, *kind, level)
	if err != nil {
		fmt.Fprintf(stderr, "mysterium simulate: %v\n", err)
		return 1
	}
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
	fmt.Fprintf(stdout, "edition %s · difficulty %s · %d players · %s bots · %s · seed %d\n", st.Edition, diff, st.Players, st.Bots, st.BotLevel, st.Seed)
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

// simulate plays games games of one edition and difficulty and counts how
// they went.
func simulate(ctx context.Context, opts game.Options, players, games int, seed uint64, kind string, level game.BotLevel) (simStats, error) {
	pools, tags := simulationCards()
	st := simStats{Edition: string(opts.Edition), Difficulty: string(opts.Difficulty), Players: players, Bots: kind,
		BotLevel: string(level), Seed: seed, LossCauses: map[string]int{string(game.LossClock): 0, string(game.LossWrongCulprit): 0}}
	rounds := 0
	for i := 0; i < games; i++ {
		if ctx.Err() != nil {
			return st, fmt.Errorf("interrupted after %d games", i)
		}
		s := gameSeed(seed, i)
		res, err := bot.Play(bot.Game{Options: opts, Pools: pools, Players: players, Seed: s, Kind: kind, Level: level, Tags: tags})
		if err != nil {
			return st, fmt.Errorf("game %d (seed %d): %w", i+1, s, err)
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
	return st, nil
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
