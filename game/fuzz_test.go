package game

import (
	"encoding/json"
	"testing"
)

// FuzzApply feeds arbitrary command sequences to a started game: the first
// bytes pick the table and the seed, then each pair of bytes picks a sender
// (a seated player, the host, a stranger, nobody, the table itself) and a
// command: one of the sender's legal commands, a command built from raw bytes
// (bad colours, seats, cards, groups), or raw bytes for the journal's decoder.
// Nothing may panic; every accepted command must keep the invariants; a
// refused one must be a *RuleError and leave the state as it was.
//
//	go test -run '^$' -fuzz FuzzApply ./game/
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1})
	f.Add([]byte{5, 9, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7})
	f.Add([]byte{12, 3, 1, 200, 2, 201, 3, 202, 0, 203, 1, 204, 0, 240, '{', '}'})
	f.Add([]byte{40, 7, 0, 250, '{', '"', 't', 'y', 'p', 'e', '"', ':', '"', 'v', 'o', 't', 'e', '"', '}'})
	long := []byte{3, 42}
	for i := 0; i < 600; i++ {
		long = append(long, byte(i*7), byte(i*13%160))
	}
	f.Add(long)

	tables := propTables()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		tb := tables[int(data[0])%len(tables)]
		s, err := NewStarted(tb.opts, TestPools(), tb.players, uint64(data[1]))
		if err != nil {
			t.Fatal(err)
		}
		senders := []PlayerID{"host", "stranger", "", SystemPlayer}
		for _, sv := range s.ViewFor("").Public().Seats {
			if sv.Player != "" {
				senders = append(senders, sv.Player)
			}
		}
		in := &fuzzInput{data: data[2:]}
		for steps := 0; steps < 3000 && in.more(); steps++ {
			who := senders[int(in.byte())%len(senders)]
			op := in.byte()
			var cmd Command
			switch {
			case op < 160:
				legal := LegalCommands(s.ViewFor(who))
				if len(legal) == 0 {
					continue
				}
				cmd = legal[int(op)%len(legal)]
			case op < 240:
				cmd = in.command(op, s)
			default:
				c, err := UnmarshalCommand(in.bytes(int(op - 240 + 1)))
				if err != nil {
					continue
				}
				cmd = c
			}
			before := s.ViewFor("")
			beforeGhost := s.ViewFor(s.seats[GhostSeat].player)
			_, err := s.Apply(who, cmd)
			if err != nil {
				if _, ok := AsRuleError(err); !ok {
					t.Fatalf("%#v by %q: error %v is not a *RuleError", cmd, who, err)
				}
				if !sameJSON(before, s.ViewFor("")) || !sameJSON(beforeGhost, s.ViewFor(s.seats[GhostSeat].player)) {
					t.Fatalf("refused %#v by %q changed the state", cmd, who)
				}
				continue
			}
			if err := checkInvariants(s); err != nil {
				t.Fatalf("after %#v by %q: %v", cmd, who, err)
			}
			for _, p := range senders {
				_ = s.ViewFor(p) // must not panic for anybody
			}
		}
	})
}

// fuzzInput reads the fuzzer's bytes; past the end it reads zeros.
type fuzzInput struct {
	data []byte
}

func (in *fuzzInput) more() bool { return len(in.data) > 0 }

func (in *fuzzInput) byte() byte {
	if len(in.data) == 0 {
		return 0
	}
	b := in.data[0]
	in.data = in.data[1:]
	return b
}

func (in *fuzzInput) bytes(n int) []byte {
	n = min(n*4, len(in.data))
	b := in.data[:n]
	in.data = in.data[n:]
	return b
}

// card picks a card id: mostly real ones in play, sometimes nonsense.
func (in *fuzzInput) card(s *State) CardID {
	pool := []CardID{"", "V00", "V85", "C99", "zzz", "\x1b[31m"}
	pool = append(pool, s.hand...)
	for _, cat := range Categories {
		pool = append(pool, s.table[cat]...)
	}
	for _, ps := range s.psychics {
		pool = append(pool, ps.vision...)
		pool = append(pool, ps.trail[:]...)
	}
	return pool[int(in.byte())%len(pool)]
}

func (in *fuzzInput) cards(s *State) []CardID {
	n := int(in.byte() % 10)
	out := make([]CardID, n)
	for i := range out {
		out[i] = in.card(s)
	}
	return out
}

func (in *fuzzInput) colour() Colour { return Colour(int(in.byte()%12) - 3) }
func (in *fuzzInput) seat() Seat     { return Seat(int(in.byte()%12) - 3) }
func (in *fuzzInput) group() int     { return int(in.byte()%14) - 3 }

// command builds a command of kind op from raw bytes.
func (in *fuzzInput) command(op byte, s *State) Command {
	switch op % 17 {
	case 0:
		return Sit{Seat: in.seat(), Name: string(in.bytes(1))}
	case 1:
		return Stand{}
	case 2:
		return SetBot{Seat: in.seat(), On: in.byte()%2 == 0}
	case 3:
		return Start{}
	case 4:
		return GiveVision{To: in.colour(), Cards: in.cards(s), Drop: in.cards(s)}
	case 5:
		return Discard{Cards: in.cards(s)}
	case 6:
		return PlaceIntuition{Psychic: in.colour(), Card: in.card(s)}
	case 7:
		return SetReady{Psychic: in.colour(), Ready: in.byte()%2 == 0}
	case 8:
		return PlaceToken{From: in.colour(), On: in.colour(), Kind: TokenKind(in.byte() % 4)}
	case 9:
		return TakeToken{From: in.colour(), On: in.colour()}
	case 10:
		return Reveal{Psychic: in.colour()}
	case 11:
		return RevealAll{}
	case 12:
		return EndStep{}
	case 13:
		return ChooseCulprit{Group: in.group()}
	case 14:
		return GiveSharedVision{Cards: in.cards(s)}
	case 15:
		return Vote{Group: in.group()}
	}
	return Chat{Text: string(in.bytes(2))}
}

// sameJSON compares two views by their serialisation.
func sameJSON(a, b View) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
