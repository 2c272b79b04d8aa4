package game

import "testing"

// midGame is a 7-player classic table in its third hour: two rounds played
// (some psychics right, some wrong), visions given this round, intuitions
// on the table, some tokens and chat: the state every update is cut from.
func midGame(b *testing.B) *State {
	b.Helper()
	s, err := NewStarted(classic(Medium), TestPools(), 7, 3)
	if err != nil {
		b.Fatal(err)
	}
	apply := func(p PlayerID, c Command) {
		b.Helper()
		if _, err := s.Apply(p, c); err != nil {
			b.Fatalf("%s by %s: %v", c.Type(), p, err)
		}
	}
	placeAll := func(right func(Colour) bool) {
		for i := range s.psychics {
			ps := &s.psychics[i]
			if ps.finished() {
				continue
			}
			card := wrongCard(s, ps)
			if right(ps.colour) {
				card = ps.trail[s.category(ps)]
			}
			apply(ownerOf(s, ps.colour), PlaceIntuition{Psychic: ps.colour, Card: card})
		}
	}
	for r, right := range []func(Colour) bool{only(Purple, Yellow, Red), only(Purple, Blue)} {
		for _, c := range s.waitingVisions() {
			apply(ghostOf(s), GiveVision{To: c, Cards: []CardID{s.hand[0], s.hand[1]}})
		}
		placeAll(right)
		for i := range s.psychics {
			ps := &s.psychics[i]
			apply(ownerOf(s, ps.colour), Chat{Text: "I think it is the one with the lamp, round " + string(rune('1'+r))})
			if !ps.finished() && !ps.ready {
				apply(ownerOf(s, ps.colour), SetReady{Psychic: ps.colour, Ready: true})
			}
		}
		apply(ghostOf(s), RevealAll{})
	}
	for _, c := range s.waitingVisions() {
		apply(ghostOf(s), GiveVision{To: c, Cards: []CardID{s.hand[0]}})
	}
	placeAll(only(Yellow))
	if s.phase != PhaseVision || s.round != 3 {
		b.Fatalf("mid-game state is in phase %s, round %d", s.phase, s.round)
	}
	return s
}

// One update of a 7-seat table: the actor cuts a view for every seat.
func BenchmarkViewForAllSeats(b *testing.B) {
	s := midGame(b)
	var players []PlayerID
	for _, seat := range Seats {
		players = append(players, s.seats[seat].player)
	}
	players = append(players, "spectator")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range players {
			_ = s.ViewFor(p)
		}
	}
}

func BenchmarkViewForGhost(b *testing.B) {
	s := midGame(b)
	g := ghostOf(s)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = s.ViewFor(g)
	}
}

func BenchmarkViewForPsychic(b *testing.B) {
	s := midGame(b)
	p := ownerOf(s, Blue)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = s.ViewFor(p)
	}
}
