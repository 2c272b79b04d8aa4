package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

func simulateOut(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append([]string{"simulate"}, args...), &out, &errb)
	if code != 0 {
		return errb.String(), code
	}
	return out.String(), code
}

// Every edition at every player count it allows finishes its games, with
// no command refused, and the same seed prints the same bytes.
func TestSimulateEveryEditionAndPlayerCount(t *testing.T) {
	games := "20"
	if testing.Short() {
		games = "5"
	}
	for _, e := range game.Editions {
		for n := e.MinPlayers(); n <= e.MaxPlayers(); n++ {
			for _, kind := range []string{"random", "tags"} {
				args := []string{"--edition", string(e), "--players", fmt.Sprint(n), "--games", games, "--seed", "1", "--bots", kind, "--json"}
				out, code := simulateOut(t, args...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, out)
				}
				var got struct{ Games, Wins, Losses, Rejected int }
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatalf("%v: not JSON: %v\n%s", args, err, out)
				}
				if got.Games != got.Wins+got.Losses || fmt.Sprint(got.Games) != games || got.Rejected != 0 {
					t.Fatalf("%v: %+v", args, got)
				}
				again, _ := simulateOut(t, args...)
				if again != out {
					t.Fatalf("%v: second run differs:\n%s\n%s", args, out, again)
				}
			}
		}
	}
}

func TestSimulateTextReport(t *testing.T) {
	out, code := simulateOut(t, "--edition", "original", "--difficulty", "very-hard", "--players", "4", "--games", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	for _, want := range []string{"games        3", "wins", "losses", "clock", "wrong culprit", "mean rounds", "rejected     0"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestSimulateRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--edition", "nosuch"},
		{"--edition", "modern", "--players", "2"},
		{"--edition", "classic", "--difficulty", "normal"},
		{"--bots", "clever"},
		{"--games", "0"},
		{"--bot-level", "grandmaster"},
		{"--table", "--bot-level", "grandmaster"},
	} {
		out, code := simulateOut(t, args...)
		if code != 2 || !strings.Contains(out, "simulate") {
			t.Errorf("%v: exit %d, %q; want exit 2 with a message", args, code, out)
		}
	}
}

// --bot-level changes how the bots play, the JSON names it, and the
// calibration table is one command whose output is the same bytes run to run.
func TestSimulateBotLevelsAndTable(t *testing.T) {
	wins := map[string]int{}
	for _, l := range []string{"novice", "seasoned", "expert"} {
		out, code := simulateOut(t, "--games", "60", "--seed", "3", "--bot-level", l, "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", l, code, out)
		}
		var got struct {
			Wins     int
			BotLevel string `json:"bot_level"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || got.BotLevel != l {
			t.Fatalf("%s: %v %+v\n%s", l, err, got, out)
		}
		wins[l] = got.Wins
	}
	if !(wins["novice"] < wins["seasoned"] && wins["seasoned"] < wins["expert"]) {
		t.Fatalf("wins by level not ordered: %v", wins)
	}
	table, code := simulateOut(t, "--table", "--games", "3", "--players", "4")
	if code != 0 {
		t.Fatalf("--table: exit %d: %s", code, table)
	}
	for _, want := range []string{"| edition | difficulty | novice | seasoned | expert |", "| classic | easy |", "| modern | — |", "| original | very-hard |"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	if again, _ := simulateOut(t, "--table", "--games", "3", "--players", "4"); again != table {
		t.Fatalf("second run differs:\n%s\n%s", table, again)
	}
	lines, code := simulateOut(t, "--table", "--games", "2", "--players", "4", "--json")
	if code != 0 || strings.Count(lines, "\n") != 3*8 {
		t.Fatalf("--table --json: exit %d, want 24 lines:\n%s", code, lines)
	}
}
