package game

import (
	"math/rand/v2"
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
