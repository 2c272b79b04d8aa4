package game

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// randomCommand builds a command with arbitrary, often nonsensical fields.
func randomCommand(r *rand.Rand, s *State) Command {
	col := func() Colour { return Colour(r.IntN(10) - 2) }
	seat := func() Seat { return Seat(r.IntN(10) - 2) }
	cards := func() []CardID {
		var pool []CardID
		pool = append(pool, s.hand...)
		pool = append(pool, "V01", "C01", "", "zzz")
		for _, cat := range Categories {
			pool = append(pool, s.table[cat]...)
		}
		var out []CardID
		for i := r.IntN(9); i > 0; i-- {
			out = append(out, pool[r.IntN(len(pool))])
		}
		return out
	}
	card := func() CardID {
		if c := cards(); len(c) > 0 {
			return c[0]
		}
		return ""
	}
	switch r.IntN(17) {
	case 0:
		return Sit{Seat: seat(), Name: "x"}
	case 1:
		return Stand{}
	case 2:
		return SetBot{Seat: seat(), On: r.IntN(2) == 0}
	case 3:
		return Start{}
	case 4:
		return GiveVision{To: col(), Cards: cards(), Drop: cards()}
	case 5:
		return Discard{Cards: cards()}
	case 6:
		return PlaceIntuition{Psychic: col(), Card: card()}
	case 7:
		return SetReady{Psychic: col(), Ready: r.IntN(2) == 0}
	case 8:
		return PlaceToken{From: col(), On: col(), Kind: TokenKind(r.IntN(4))}
	case 9:
		return TakeToken{From: col(), On: col()}
	case 10:
		return Reveal{Psychic: col()}
	case 11:
		return RevealAll{}
	case 12:
		return EndStep{}
	case 13:
		return ChooseCulprit{Group: r.IntN(10) - 2}
	case 14:
		return GiveSharedVision{Cards: cards()}
	case 15:
		return Vote{Group: r.IntN(10) - 2}
	}
	return Chat{Text: "hm"}
}

func TestArbitraryCommandsNeverPanic(t *testing.T) {
	for _, tc := range allTables() {
		if tc.players != 2 && tc.players != 3 && tc.players != 6 {
			continue
		}
		r := rand.New(rand.NewPCG(uint64(tc.players), 99))
		s, err := NewStarted(tc.opts, TestPools(), tc.players, 5)
		if err != nil {
			t.Fatal(err)
		}
		players := []PlayerID{"", "host", "watcher", SystemPlayer}
		for _, seat := range Seats {
			if p := s.seats[seat].player; p != "" {
				players = append(players, p)
			}
		}
		for i := 0; i < 3000 && s.phase != PhaseFinished; i++ {
			p := players[r.IntN(len(players))]
			if r.IntN(3) == 0 {
				if legal := s.LegalCommands(p); len(legal) > 0 {
					mustApply(t, s, p, legal[r.IntN(len(legal))])
					continue
				}
			}
			_, _ = s.Apply(p, randomCommand(r, s))
			for _, q := range players {
				_ = s.ViewFor(q)
			}
		}
	}
}

// randomSteps applies n random legal commands (or fewer if the game ends)
// and returns them.
func randomSteps(t *testing.T, s *State, r *rand.Rand, n int) []Entry {
	t.Helper()
	var out []Entry
	for i := 0; i < n && s.phase != PhaseFinished; i++ {
		var all []Entry
		for _, seat := range Seats {
			if p := s.seats[seat].player; p != "" {
				for _, c := range s.LegalCommands(p) {
					all = append(all, Entry{p, c})
				}
			}
		}
		if s.timerRunning {
			all = append(all, Entry{SystemPlayer, EndStep{}})
		}
		e := all[r.IntN(len(all))]
		mustApply(t, s, e.Player, e.Command)
		out = append(out, e)
	}
	return out
}

// The clone shares append-only slices with the original; two copies that
// go different ways must never disturb each other. A small vision deck makes
// reshuffles frequent.
func TestClonesAreIndependent(t *testing.T) {
	pools := TestPools()
	pools.Visions = pools.Visions[:minVisions]
	for _, tc := range allTables() {
		if tc.players != 2 && tc.players != 5 {
			continue
		}
		pre := []Entry{{"host", SetBot{Seat: GhostSeat, On: true}}}
		for i := 0; i < tc.players-1; i++ {
			pre = append(pre, Entry{"host", SetBot{Seat: Seat(i), On: true}})
		}
		pre = append(pre, Entry{"host", Start{}})
		s, err := Replay(tc.opts, pools, "host", 9, pre)
		if err != nil {
			t.Fatal(err)
		}
		common := randomSteps(t, s, rand.New(rand.NewPCG(1, 1)), 60)
		c := s.Clone()
		es := randomSteps(t, s, rand.New(rand.NewPCG(2, 2)), 400)
		ec := randomSteps(t, c, rand.New(rand.NewPCG(3, 3)), 400)
		base := append(pre, common...)
		for _, x := range []struct {
			st      *State
			entries []Entry
		}{{s, es}, {c, ec}} {
			r, err := Replay(tc.opts, pools, "host", 9, append(slices.Clone(base), x.entries...))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(r, x.st) {
				t.Errorf("%+v/%d: a copy was disturbed by the other", tc.opts, tc.players)
			}
		}
	}
}

func TestReshuffleLeavesOtherCopiesAlone(t *testing.T) {
	s := started(t, classic(Medium), 4)
	s.discard = append(s.discard, s.deck[1:]...)
	s.deck = s.deck[:1]
	c := s.Clone()
	before := slices.Clone(c.discard)
	mustApply(t, s, ghostOf(s), GiveVision{To: Purple, Cards: cloneIDs(s.hand[:3])})
	if !slices.Equal(c.discard, before) {
		t.Error("the reshuffle shuffled another copy's discard pile")
	}
}
