package game

import "testing"

// Clairvoyance tokens and the track (docs/rules.md, "Clairvoyance").

func TestClairvoyanceLevels(t *testing.T) {
	cases := []struct {
		name           string
		players, track int
		want           int
	}{
		{"4-5 players: space 0 is low", 4, 0, 1},
		{"4-5 players: space 4 is low (the rulebook's example)", 5, 4, 1},
		{"4-5 players: space 5 is intermediate", 4, 5, 2},
		{"4-5 players: space 8 is intermediate", 5, 8, 2},
		{"4-5 players: space 9 is high", 4, 9, 3},
		{"6-7 players: space 5 is low", 6, 5, 1},
		{"6-7 players: space 6 is intermediate (the rulebook's example)", 7, 6, 2},
		{"6-7 players: space 10 is intermediate", 6, 10, 2},
		{"6-7 players: space 11 is high (the rulebook's example)", 7, 11, 3},
	}
	for _, tc := range cases {
		if got := ClairvoyanceLevel(tc.players, tc.track); got != tc.want {
			t.Errorf("%s: level %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestTokenSupply(t *testing.T) {
	cases := []struct {
		name    string
		opts    Options
		players int
		tokens  int
	}{
		{"classic 4 players: 2 ✓ and 2 ✗ each", classic(Medium), 4, 4},
		{"classic 5 players: 4 tokens each", classic(Medium), 5, 4},
		{"classic 6 players: 3 ✓ and 3 ✗ each", classic(Medium), 6, 6},
		{"classic 7 players: 6 tokens each", classic(Medium), 7, 6},
		{"classic 3 players: no clairvoyance", classic(Medium), 3, 0},
		{"classic 2 players: no clairvoyance", classic(Medium), 2, 0},
		{"modern: no clairvoyance", modern(), 5, 0},
		{"original: no clairvoyance", original(Normal), 5, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, tc.opts, tc.players)
			for _, ps := range s.psychics {
				if ps.tokYes != tc.tokens/2 || ps.tokNo != tc.tokens/2 {
					t.Errorf("%s has %d ✓ %d ✗", ps.colour, ps.tokYes, ps.tokNo)
				}
			}
			if tc.tokens == 0 {
				giveAll(t, s)
				place(t, s, all)
				mustRefuse(t, s, ownerOf(s, Purple), PlaceToken{From: Purple, On: Yellow, Kind: TokenYes}, ErrNotSupported)
				mustRefuse(t, s, ownerOf(s, Purple), TakeToken{From: Purple, On: Yellow}, ErrNotSupported)
			}
		})
	}
}

func TestTokenPlacement(t *testing.T) {
	s := started(t, classic(Medium), 4)
	purple := ownerOf(s, Purple)
	mustRefuse(t, s, purple, PlaceToken{From: Purple, On: Yellow, Kind: TokenYes}, ErrToken) // no intuition yet
	giveAll(t, s)
	place(t, s, all)
	cases := []struct {
		name string
		p    PlayerID
		cmd  Command
		code ErrorCode
	}{
		{"never on one's own intuition", purple, PlaceToken{From: Purple, On: Purple, Kind: TokenYes}, ErrToken},
		{"only one's own tokens", purple, PlaceToken{From: Yellow, On: Red, Kind: TokenYes}, ErrNotYourSeat},
		{"a token is ✓ or ✗", purple, PlaceToken{From: Purple, On: Red, Kind: 7}, ErrBadCommand},
		{"on a psychic who is not playing", purple, PlaceToken{From: Purple, On: Green, Kind: TokenYes}, ErrBadCommand},
		{"taking back a token that is not there", purple, TakeToken{From: Purple, On: Red}, ErrToken},
		{"taking back from a psychic who is not playing", purple, TakeToken{From: Purple, On: Green}, ErrToken},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { mustRefuse(t, s, tc.p, tc.cmd, tc.code) })
	}
	mustApply(t, s, purple, PlaceToken{From: Purple, On: Yellow, Kind: TokenYes})
	// At most one token per intuition: the same kind again is refused, the other kind replaces it.
	mustRefuse(t, s, purple, PlaceToken{From: Purple, On: Yellow, Kind: TokenYes}, ErrToken)
	mustApply(t, s, purple, PlaceToken{From: Purple, On: Yellow, Kind: TokenNo})
	if p := s.psy(Purple); p.tokYes != 2 || p.tokNo != 1 || len(s.psy(Yellow).tokensOn) != 1 {
		t.Errorf("after replacing: %d ✓ %d ✗, %d on yellow", p.tokYes, p.tokNo, len(s.psy(Yellow).tokensOn))
	}
	mustApply(t, s, purple, PlaceToken{From: Purple, On: Red, Kind: TokenNo})
	mustRefuse(t, s, purple, PlaceToken{From: Purple, On: Yellow, Kind: TokenNo}, ErrToken)
	// No ✗ left.
	mustApply(t, s, purple, TakeToken{From: Purple, On: Yellow})
	mustApply(t, s, purple, PlaceToken{From: Purple, On: Yellow, Kind: TokenYes})
	mustRefuse(t, s, purple, TakeToken{From: Purple, On: Purple}, ErrToken)
	readyAll(t, s)
	mustRefuse(t, s, purple, PlaceToken{From: Purple, On: Red, Kind: TokenYes}, ErrWrongPhase)
	mustRefuse(t, s, purple, TakeToken{From: Purple, On: Red}, ErrWrongPhase)
}

func TestTokensAndTrack(t *testing.T) {
	type tok struct {
		from, on Colour
		kind     TokenKind
	}
	cases := []struct {
		name   string
		right  func(Colour) bool
		tokens []tok
		track  map[Colour]int
		spent  map[Colour]int
	}{
		{"a ✓ on a right intuition advances its owner 1", only(Yellow), []tok{{Purple, Yellow, TokenYes}},
			map[Colour]int{Purple: 1}, map[Colour]int{Purple: 1}},
		{"a ✗ on a wrong intuition advances its owner 1", none, []tok{{Purple, Yellow, TokenNo}},
			map[Colour]int{Purple: 1}, map[Colour]int{Purple: 1}},
		{"a ✓ on a wrong intuition gives nothing, and the token is used", none, []tok{{Purple, Yellow, TokenYes}},
			map[Colour]int{Purple: 0}, map[Colour]int{Purple: 1}},
		{"a ✗ on a right intuition gives nothing", all, []tok{{Purple, Yellow, TokenNo}},
			map[Colour]int{Purple: 0}, map[Colour]int{Purple: 1}},
		{"several psychics' tokens on one intuition", only(Red), []tok{{Purple, Red, TokenYes}, {Yellow, Red, TokenYes}, {Blue, Red, TokenNo}},
			map[Colour]int{Purple: 1, Yellow: 1, Blue: 0}, map[Colour]int{Purple: 1, Yellow: 1, Blue: 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, classic(Medium), 5)
			giveAll(t, s)
			place(t, s, tc.right)
			for _, k := range tc.tokens {
				mustApply(t, s, ownerOf(s, k.from), PlaceToken{From: k.from, On: k.on, Kind: k.kind})
			}
			readyAll(t, s)
			if n := len(s.usedTokens); n != len(tc.tokens) {
				t.Errorf("%d used tokens, want %d", n, len(tc.tokens))
			}
			mustApply(t, s, ghostOf(s), RevealAll{})
			for c, want := range tc.track {
				if got := s.psy(c).track; got != want {
					t.Errorf("%s track %d, want %d", c, got, want)
				}
			}
			for c, want := range tc.spent {
				if got := s.psy(c).spentYes + s.psy(c).spentNo; got != want {
					t.Errorf("%s spent %d, want %d", c, got, want)
				}
			}
			if len(s.history[0].Tokens) != len(tc.tokens) {
				t.Errorf("history tokens %+v", s.history[0].Tokens)
			}
		})
	}
}

func TestTokensReturnAtRound4(t *testing.T) {
	s := started(t, classic(Medium), 4)
	for r := 1; r <= 3; r++ {
		giveAll(t, s)
		place(t, s, none)
		mustApply(t, s, ownerOf(s, Purple), PlaceToken{From: Purple, On: Yellow, Kind: TokenNo})
		readyAll(t, s)
		ev := mustApply(t, s, ghostOf(s), RevealAll{})
		back := false
		for _, e := range ev {
			back = back || e.Kind == EvTokensBack
		}
		p := s.psy(Purple)
		switch r {
		case 1:
			if p.tokNo != 1 || p.spentNo != 1 || back {
				t.Fatalf("after hour 1: %d ✗ in hand, %d spent", p.tokNo, p.spentNo)
			}
		case 2:
			if p.tokNo != 0 || p.spentNo != 2 {
				t.Fatalf("after hour 2: %d ✗ in hand, %d spent", p.tokNo, p.spentNo)
			}
			giveAll(t, s)
			place(t, s, none)
			mustRefuse(t, s, ownerOf(s, Purple), PlaceToken{From: Purple, On: Yellow, Kind: TokenNo}, ErrToken)
			readyAll(t, s)
			mustApply(t, s, ghostOf(s), RevealAll{})
			// Hour 4 starts: every discarded token is back.
			if p := s.psy(Purple); p.tokNo != 2 || p.spentNo != 0 || p.track != 2 {
				t.Fatalf("at hour 4: %d ✗ in hand, %d spent, track %d", p.tokNo, p.spentNo, p.track)
			}
			return
		}
	}
}

func TestFinishingBonus(t *testing.T) {
	cases := []struct {
		name   string
		finish int // the round purple finishes in
		bonus  int
	}{
		{"finishing in hour 3 gives +4 on the track", 3, 4},
		{"finishing in hour 4 gives +3 on the track", 4, 3},
		{"finishing in hour 6 gives +1", 6, 1},
		{"finishing in hour 7 gives +0", 7, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, classic(Medium), 4)
			for r := 1; r <= tc.finish; r++ {
				right := none
				if r > tc.finish-3 {
					right = only(Purple)
				}
				round(t, s, right)
			}
			p := s.psy(Purple)
			if !p.finished() || p.finishedRound != tc.finish || p.track != tc.bonus {
				t.Fatalf("finished %v in %d, track %d", p.finished(), p.finishedRound, p.track)
			}
			last := s.history[len(s.history)-1].Results[0]
			if !last.Finished || (tc.bonus > 0) != (len(last.Gains) == 1) {
				t.Errorf("result %+v", last)
			}
		})
	}
}

func TestFinishedPsychicsKeepHelping(t *testing.T) {
	s := started(t, classic(Medium), 4)
	for i := 0; i < 3; i++ {
		round(t, s, only(Purple))
	}
	purple := ownerOf(s, Purple)
	giveAll(t, s)
	place(t, s, only(Yellow))
	mustRefuse(t, s, purple, PlaceIntuition{Psychic: Purple, Card: s.table[Character][0]}, ErrIntuition)
	mustRefuse(t, s, purple, SetReady{Psychic: Purple, Ready: true}, ErrIntuition)
	mustApply(t, s, purple, PlaceToken{From: Purple, On: Yellow, Kind: TokenYes})
	readyAll(t, s) // the finished psychic need not be ready
	if s.phase != PhaseReveal {
		t.Fatalf("phase %s", s.phase)
	}
	mustApply(t, s, ghostOf(s), RevealAll{})
	if got := s.psy(Purple).track; got != 4+1 {
		t.Errorf("track %d, want 4 (bonus) + 1 (token)", got)
	}
}
