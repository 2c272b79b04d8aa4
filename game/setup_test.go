package game

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// docs/rules.md, "Seats and player counts" and "Setup".

func TestTableCardsByEdition(t *testing.T) {
	cases := []struct {
		name    string
		opts    Options
		players int
		want    int
	}{
		{"classic easy with 2 players lays 4 cards a category", classic(Easy), 2, 4},
		{"classic easy with 7 players lays 7", classic(Easy), 7, 7},
		{"classic medium with 3 players lays 6", classic(Medium), 3, 6},
		{"classic medium with 6 players lays 8", classic(Medium), 6, 8},
		{"classic hard with 4 players lays 7", classic(Hard), 4, 7},
		{"classic hard with 7 players lays 9", classic(Hard), 7, 9},
		{"modern always lays 8, 3 players", modern(), 3, 8},
		{"modern always lays 8, 7 players", modern(), 7, 8},
		{"original easy with 2 players lays 4", original(Easy), 2, 4},
		{"original normal with 7 players lays 10 (the printed 9 is a misprint)", original(Normal), 7, 10},
		{"original hard with 5 players lays 9", original(Hard), 5, 9},
		{"original very hard with 7 players lays 12", original(VeryHard), 7, 12},
		{"modern has no 2-player game", modern(), 2, 0},
		{"no edition seats 8", classic(Easy), 8, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := TableCards(tc.opts, tc.players); got != tc.want {
				t.Fatalf("TableCards = %d, want %d", got, tc.want)
			}
			if tc.want == 0 {
				return
			}
			s := started(t, tc.opts, tc.players)
			for _, cat := range Categories {
				if len(s.table[cat]) != tc.want {
					t.Errorf("%s: %d cards on the table, want %d", cat, len(s.table[cat]), tc.want)
				}
			}
		})
	}
}

func TestSetupEveryTable(t *testing.T) {
	for _, tc := range allTables() {
		name := fmt.Sprintf("%s %s %d players", tc.opts.Edition, tc.opts.Difficulty, tc.players)
		t.Run(name, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				s, err := NewStarted(tc.opts, TestPools(), tc.players, seed)
				if err != nil {
					t.Fatal(err)
				}
				wantPsychics := (tc.players - 1) * PsychicsPerPlayer(tc.opts.Edition, tc.players)
				if len(s.psychics) != wantPsychics {
					t.Fatalf("%d psychics, want %d", len(s.psychics), wantPsychics)
				}
				for _, cat := range Categories {
					seen := map[CardID]bool{}
					for _, ps := range s.psychics {
						id := ps.trail[cat]
						if seen[id] {
							t.Errorf("card %s is in two trails", id)
						}
						seen[id] = true
						if !slices.Contains(s.table[cat], id) {
							t.Errorf("trail card %s is not on the table", id)
						}
					}
				}
				if len(s.hand) != HandSize || len(s.deck) != 84-HandSize {
					t.Errorf("hand %d, deck %d", len(s.hand), len(s.deck))
				}
				for _, ps := range s.psychics {
					if s.category(&ps) != tc.opts.Edition.Order()[0] {
						t.Errorf("%s starts on %s", ps.colour, s.category(&ps))
					}
				}
				if s.round != 1 || s.phase != PhaseVision {
					t.Errorf("round %d phase %s", s.round, s.phase)
				}
			}
		})
	}
}

func TestEditionCategoryOrder(t *testing.T) {
	cases := []struct {
		name string
		e    Edition
		want [3]Category
	}{
		{"classic: character, location, object", Classic, [3]Category{Character, Location, Object}},
		{"modern: as classic", Modern, [3]Category{Character, Location, Object}},
		{"original: object first, then location, then character", Original, [3]Category{Object, Location, Character}},
	}
	for _, tc := range cases {
		if got := tc.e.Order(); got != tc.want {
			t.Errorf("%s: %v", tc.name, got)
		}
	}
}

func TestSmallTableVariants(t *testing.T) {
	cases := []struct {
		name         string
		opts         Options
		players      int
		psychics     int
		perPlayer    int
		clairvoyance bool
		vote         VoteKind
	}{
		{"classic 2 players: one psychic player controls 2 psychics", classic(Medium), 2, 2, 2, false, VoteSingle},
		{"classic 3 players: 2 psychic players with 2 psychics each", classic(Medium), 3, 4, 2, false, VoteAgreed},
		{"classic 4 players: one psychic each, clairvoyance", classic(Medium), 4, 3, 1, true, VoteStaged},
		{"modern 3 players: 2 psychic players with 2 colours each", modern(), 3, 4, 2, false, VoteMajority},
		{"modern 4 players: one colour each", modern(), 4, 3, 1, false, VoteMajority},
		{"original 2 players: 1 medium controlling 2 colours", original(Normal), 2, 2, 2, false, VoteDaily},
		{"original 3 players: 2 mediums, one colour each", original(Normal), 3, 2, 1, false, VoteDaily},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, tc.players)
			if len(s.psychics) != tc.psychics {
				t.Fatalf("%d psychics, want %d", len(s.psychics), tc.psychics)
			}
			perPlayer := map[Seat]int{}
			for _, ps := range s.psychics {
				perPlayer[ps.owner]++
			}
			for seat, n := range perPlayer {
				if n != tc.perPlayer {
					t.Errorf("seat %s controls %d psychics, want %d", seat, n, tc.perPlayer)
				}
			}
			v := s.ViewFor(s.seats[0].player).(*PsychicView)
			if len(v.Colours) != tc.perPlayer {
				t.Errorf("the view shows %d colours, want %d", len(v.Colours), tc.perPlayer)
			}
			if v.Clairvoyance != tc.clairvoyance {
				t.Errorf("clairvoyance %v", v.Clairvoyance)
			}
			toFinal(t, s)
			if s.final.kind != tc.vote {
				t.Errorf("vote %s, want %s", s.final.kind, tc.vote)
			}
		})
	}
}

func TestOptionsValidate(t *testing.T) {
	cases := []struct {
		name string
		opts Options
		ok   bool
	}{
		{"classic medium with the default timer", DefaultOptions(Classic), true},
		{"modern without difficulty", DefaultOptions(Modern), true},
		{"original normal", DefaultOptions(Original), true},
		{"classic has no normal", Options{Edition: Classic, Difficulty: Normal}, false},
		{"original has very hard", Options{Edition: Original, Difficulty: VeryHard}, true},
		{"modern has no difficulty levels", Options{Edition: Modern, Difficulty: Easy}, false},
		{"unknown edition", Options{Edition: "chess"}, false},
		{"timer 30 s is the shortest", Options{Edition: Classic, Difficulty: Easy, Timer: 30 * time.Second}, true},
		{"timer 29 s is too short", Options{Edition: Classic, Difficulty: Easy, Timer: 29 * time.Second}, false},
		{"timer 601 s is too long", Options{Edition: Classic, Difficulty: Easy, Timer: 601 * time.Second}, false},
		{"modern may still set an optional timer", Options{Edition: Modern, Timer: time.Minute}, true},
	}
	for _, tc := range cases {
		err := tc.opts.Validate()
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.name, err)
		}
		if _, nerr := New(tc.opts, TestPools(), "h", 1); (nerr == nil) != tc.ok {
			t.Errorf("%s: New: %v", tc.name, nerr)
		}
	}
}

func TestPoolsChecked(t *testing.T) {
	p := TestPools()
	p.Characters = p.Characters[:5]
	if _, err := New(classic(Easy), p, "h", 1); err == nil {
		t.Error("a deck with 5 characters accepted")
	}
	p = TestPools()
	p.Objects[3] = p.Objects[4]
	if _, err := New(classic(Easy), p, "h", 1); err == nil {
		t.Error("a repeated id accepted")
	}
	p = TestPools()
	p.Visions = p.Visions[:10]
	if _, err := New(classic(Easy), p, "h", 1); err == nil {
		t.Error("10 vision cards accepted")
	}
}

func TestEditionPoolSizes(t *testing.T) {
	// Classic and modern use 18 of each category, original 19/19/20: with a
	// deck of 20 per category, every table card comes from the edition's pool.
	want := map[Edition][3]int{Classic: {18, 18, 18}, Modern: {18, 18, 18}, Original: {19, 19, 20}}
	for e, sizes := range want {
		if editionPools[e] != sizes {
			t.Errorf("%s pools %v, want %v", e, editionPools[e], sizes)
		}
	}
}

func TestColourNames(t *testing.T) {
	cases := []struct {
		c                       Colour
		name, symbol, character string
	}{
		{Purple, "purple", "●", "Conrad MacDowell"},
		{Yellow, "yellow", "▲", "Alma Salvador"},
		{Red, "red", "◆", "Madam Wang"},
		{Blue, "blue", "■", "Alphonse de Belcour"},
		{White, "white", "★", "Ardashir"},
		{Green, "green", "✚", "Jessalyn Smith"},
	}
	for _, tc := range cases {
		if tc.c.String() != tc.name || tc.c.Symbol() != tc.symbol || tc.c.Character() != tc.character {
			t.Errorf("%d: %s %s %s", tc.c, tc.c, tc.c.Symbol(), tc.c.Character())
		}
		var back Colour
		b, _ := tc.c.MarshalText()
		if err := back.UnmarshalText(b); err != nil || back != tc.c {
			t.Errorf("%s does not round-trip", tc.name)
		}
	}
	bad := Colour(9)
	if bad.Valid() || bad.Symbol() != "?" || bad.Character() != "?" || bad.String() == "" {
		t.Error("an invalid colour looks valid")
	}
	if _, err := bad.MarshalText(); err == nil {
		t.Error("an invalid colour marshals")
	}
	for _, s := range Seats {
		b, err := s.MarshalText()
		var back Seat
		if err != nil || back.UnmarshalText(b) != nil || back != s {
			t.Errorf("seat %s does not round-trip", s)
		}
	}
	var s Seat
	if s.UnmarshalText([]byte("none")) != nil || s != NoSeat || s.UnmarshalText([]byte("attic")) == nil {
		t.Error("seat parsing")
	}
	if _, err := Seat(12).MarshalText(); err == nil || Seat(12).String() == "" {
		t.Error("seat 12 marshals")
	}
	for _, c := range Categories {
		b, _ := c.MarshalText()
		var back Category
		if back.UnmarshalText(b) != nil || back != c {
			t.Errorf("category %s does not round-trip", c)
		}
	}
	var c Category
	if c.UnmarshalText([]byte("weapon")) == nil || Category(7).String() == "" {
		t.Error("category parsing")
	}
	if _, err := Category(7).MarshalText(); err == nil {
		t.Error("category 7 marshals")
	}
	for _, k := range []TokenKind{TokenYes, TokenNo} {
		b, _ := k.MarshalText()
		var back TokenKind
		if back.UnmarshalText(b) != nil || back != k {
			t.Errorf("token %s does not round-trip", k)
		}
	}
	var k TokenKind
	if k.UnmarshalText([]byte("maybe")) == nil || TokenKind(5).String() == "" || TokenYes.Symbol() != "✔" || TokenNo.Symbol() != "✘" {
		t.Error("token parsing")
	}
	if _, err := TokenKind(5).MarshalText(); err == nil {
		t.Error("token 5 marshals")
	}
}
