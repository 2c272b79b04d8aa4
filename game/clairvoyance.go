package game

import "slices"

// clairvoyance is the clairvoyance tokens' rules, at the tables that play
// them: a psychic's ✔ or ✘ on another's intuition during step 1. It is a
// value over the State, made for each command.
type clairvoyance struct{ *State }

// placeToken puts c.From's ✔ or ✘ on c.On's intuition, or turns over the
// token c.From has there.
func (s clairvoyance) placeToken(p PlayerID, c PlaceToken) ([]Event, error) {
	from, err := s.tokenOwner(p, c.From)
	if err != nil {
		return nil, err
	}
	if s.phase != PhaseVision {
		return nil, ruleErrorf(ErrWrongPhase, "Tokens are placed while visions are being read.")
	}
	if c.Kind != TokenYes && c.Kind != TokenNo {
		return nil, ruleErrorf(ErrBadCommand, "A token is ✔ or ✘.")
	}
	if c.From == c.On {
		return nil, ruleErrorf(ErrToken, "You cannot put a token on your own intuition.")
	}
	on, err := s.inPlay(c.On)
	if err != nil {
		return nil, err
	}
	if on.finished() || on.intuition == "" {
		return nil, ruleErrorf(ErrToken, "%s has no intuition to put a token on.", psyName(c.On))
	}
	if i := tokenIndex(on, c.From); i >= 0 {
		if on.tokensOn[i].Kind == c.Kind {
			return nil, ruleErrorf(ErrToken, "Your %s token is already on that intuition.", c.Kind.Symbol())
		}
		from.takeBack(on, i)
	}
	if !from.takeToken(c.Kind) {
		return nil, ruleErrorf(ErrToken, "You have no %s token left.", c.Kind.Symbol())
	}
	on.tokensOn = append(on.tokensOn, TokenPlacement{From: c.From, Kind: c.Kind})
	return []Event{{Kind: EvToken, Seat: from.owner, Psychic: c.On, Round: s.round,
		Text: psyName(c.From) + " puts a " + c.Kind.Symbol() + " on " + psyName(c.On)}}, nil
}

// takeToken takes c.From's token back from c.On's intuition.
func (s clairvoyance) takeToken(p PlayerID, c TakeToken) ([]Event, error) {
	from, err := s.tokenOwner(p, c.From)
	if err != nil {
		return nil, err
	}
	if s.phase != PhaseVision {
		return nil, ruleErrorf(ErrWrongPhase, "Tokens can only be taken back while visions are being read.")
	}
	on := s.psy(c.On)
	i := -1
	if on != nil {
		i = tokenIndex(on, c.From)
	}
	if i < 0 {
		return nil, ruleErrorf(ErrToken, "You have no token on that intuition.")
	}
	from.takeBack(on, i)
	return []Event{{Kind: EvToken, Seat: from.owner, Psychic: c.On, Round: s.round,
		Text: psyName(c.From) + " takes a token back"}}, nil
}

// tokenOwner returns psychic c, whose tokens p moves, or a rule error when
// the table plays no tokens or p does not control c.
func (s clairvoyance) tokenOwner(p PlayerID, c Colour) (*psychic, error) {
	if !HasClairvoyance(s.opts.Edition, s.players) {
		return nil, ruleErrorf(ErrNotSupported, "This table does not play clairvoyance tokens.")
	}
	return s.controlled(p, c)
}

// takeBack returns from's token on.tokensOn[i] to from, keeping every token
// either on an intuition or in its owner's supply.
func (from *psychic) takeBack(on *psychic, i int) {
	from.returnToken(on.tokensOn[i].Kind)
	on.tokensOn = withoutIndex(on.tokensOn, i)
}

// withoutIndex returns a new slice without x[i].
func withoutIndex[T any](x []T, i int) []T {
	return append(append(make([]T, 0, len(x)-1), x[:i]...), x[i+1:]...)
}

// tokenIndex is the place of from's token on on's intuition, or -1.
func tokenIndex(on *psychic, from Colour) int {
	return slices.IndexFunc(on.tokensOn, func(t TokenPlacement) bool { return t.From == from })
}

// takeToken takes a token of kind k from the psychic's supply, if one is left.
func (ps *psychic) takeToken(k TokenKind) bool {
	n := &ps.tokYes
	if k == TokenNo {
		n = &ps.tokNo
	}
	if *n == 0 {
		return false
	}
	*n--
	return true
}

// returnToken puts a token of kind k back in the psychic's supply.
func (ps *psychic) returnToken(k TokenKind) {
	if k == TokenYes {
		ps.tokYes++
	} else {
		ps.tokNo++
	}
}
