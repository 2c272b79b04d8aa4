package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// simulateTable prints the calibration table of docs/bots.md: for every
// edition and difficulty (rows) and every bot level (columns), the share of
// games won at the given player count, each cell games games from seed. The
// same arguments print the same bytes.
func simulateTable(ctx context.Context, players, games int, seed uint64, kind string, asJSON bool, stdout, stderr io.Writer) int {
	if !asJSON {
		fmt.Fprintf(stdout, "%d players · %s bots · %d games per cell · seed %d\n\n", players, kind, games, seed)
		head := []string{"edition", "difficulty"}
		for _, l := range game.BotLevels {
			head = append(head, string(l))
		}
		fmt.Fprintf(stdout, "| %s |\n", strings.Join(head, " | "))
		fmt.Fprintf(stdout, "|%s\n", strings.Repeat("---|", len(head)))
	}
	for _, e := range game.Editions {
		if players < e.MinPlayers() || players > e.MaxPlayers() {
			continue
		}
		for _, d := range game.Difficulties(e) {
			opts := game.DefaultOptions(e)
			opts.Difficulty, opts.Timer = d, 0
			diff := string(d)
			if diff == "" {
				diff = "—"
			}
			row := []string{string(e), diff}
			for _, l := range game.BotLevels {
				st, err := simulate(ctx, opts, players, games, seed, kind, l)
				if err != nil {
					fmt.Fprintf(stderr, "mysterium simulate: %s %s %s: %v\n", e, diff, l, err)
					return 1
				}
				if asJSON {
					b, err := json.Marshal(st)
					if err != nil {
						fmt.Fprintf(stderr, "mysterium simulate: %v\n", err)
						return 1
					}
					fmt.Fprintln(stdout, string(b))
					continue
				}
				row = append(row, fmt.Sprintf("%.1f%%", 100*float64(st.Wins)/float64(st.Games)))
			}
			if !asJSON {
				fmt.Fprintf(stdout, "| %s |\n", strings.Join(row, " | "))
			}
		}
	}
	return 0
}
