package game

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// playRandom plays a whole game with uniformly random legal commands from
// every seat (ending the step with EndStep when a timer runs and nobody
// else can act), checking that every listed command is accepted.
func playRandom(t testing.TB, opts Options, players int, seed uint64) (*State, []Entry) {
	t.Helper()
	s, err := NewStarted(opts, TestPools(), players, seed)
	if err != nil {
		t.Fatalf("NewStarted(%+v, %d): %v", opts, players, err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	var entries []Entry
	for steps := 0; s.Phase() != PhaseFinished; steps++ {
		if steps > 20000 {
			t.Fatalf("game %+v/%d/%d does not end", opts, players, seed)
		}
		type choice struct {
			p PlayerID
			c Command
		}
		var all []choice
		for _, seat := range Seats {
			p := s.seats[seat].player
			if p == "" {
				continue
			}
			for _, c := range s.LegalCommands(p) {
				all = append(all, choice{p, c})
			}
		}
		if s.timerRunning && r.IntN(20) == 0 {
			all = append(all, choice{SystemPlayer, EndStep{}})
		}
		if len(all) == 0 {
			t.Fatalf("no legal command in phase %s round %d", s.Phase(), s.Round())
		}
		// Bias towards progress: few unready or moves, votes lean to group 1.
		var ch choice
		for {
			ch = all[r.IntN(len(all))]
			keep := true
			switch c := ch.c.(type) {
			case SetReady:
				keep = c.Ready || r.IntN(10) == 0
			case PlaceIntuition:
				keep = s.psy(c.Psychic).intuition == "" || r.IntN(5) == 0
			case Vote:
				keep = c.Group == 1 || r.IntN(3) == 0
			case Discard:
				keep = r.IntN(5) == 0
			}
			if keep {
				break
			}
		}
		if _, err := s.Apply(ch.p, ch.c); err != nil {
			t.Fatalf("legal command %#v by %s refused: %v", ch.c, ch.p, err)
		}
		entries = append(entries, Entry{ch.p, ch.c})
	}
	return s, entries
}

// allTables is every table, the timer on where it is by default (classic).
func allTables() []propTable {
	return tables(func(e Edition, _ int) bool { return e == Classic })
}

func TestRandomGamesEnd(t *testing.T) {
	for _, tc := range allTables() {
		t.Run(tc.String(), func(t *testing.T) {
			seeds := uint64(2)
			if testing.Short() {
				seeds = 1
			}
			for seed := uint64(1); seed <= seeds; seed++ {
				playRandom(t, tc.opts, tc.players, seed)
			}
		})
	}
}

func TestReplayRebuildsTheSameState(t *testing.T) {
	for i, tc := range allTables() {
		if testing.Short() && i%3 != 0 {
			continue
		}
		s, entries := playRandom(t, tc.opts, tc.players, 42)
		// NewStarted's own commands come first.
		pre := []Entry{{"host", SetBot{Seat: GhostSeat, On: true}}}
		for i := 0; i < tc.players-1; i++ {
			pre = append(pre, Entry{"host", SetBot{Seat: Seat(i), On: true}})
		}
		pre = append(pre, Entry{"host", Start{}})
		r, err := Replay(tc.opts, TestPools(), "host", 42, append(pre, entries...))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(r, s) {
			t.Errorf("%+v/%d: replayed state differs", tc.opts, tc.players)
		}
	}
}

func TestReplayReportsTheFailingEntry(t *testing.T) {
	_, err := Replay(classic(Medium), TestPools(), "host", 1, []Entry{
		{"host", SetBot{Seat: GhostSeat, On: true}},
		{"host", Start{}},
	})
	if err == nil || !strings.Contains(err.Error(), "entry 1") {
		t.Fatalf("Replay: %v", err)
	}
	var nilSit *Sit
	if _, err := Replay(classic(Medium), TestPools(), "host", 1, []Entry{{"host", nil}, {"host", nilSit}}); err == nil || !strings.Contains(err.Error(), "no command") {
		t.Errorf("Replay of a nil command: %v", err)
	}
	if _, err := Replay(Options{Edition: "chess"}, TestPools(), "host", 1, nil); err == nil {
		t.Error("bad options replayed")
	}
	for _, n := range []int{1, 8} {
		if _, err := NewStarted(classic(Medium), TestPools(), n, 1); err == nil {
			t.Errorf("NewStarted with %d players", n)
		}
	}
	if _, err := NewStarted(Options{}, TestPools(), 4, 1); err == nil {
		t.Error("NewStarted with no edition")
	}
	if TableCards(Options{Edition: "chess"}, 4) != 0 {
		t.Error("table cards for no edition")
	}
}
