package game

// circle is the psychics around the table, one per colour in play (two a
// player in the small variants), in colour order, each with their trail,
// their vision, their intuition and their tokens.
type circle struct {
	psychics []psychic
}

// psy returns the psychic of colour c, or nil when that colour is not in play.
func (s *circle) psy(c Colour) *psychic {
	for i := range s.psychics {
		if s.psychics[i].colour == c {
			return &s.psychics[i]
		}
	}
	return nil
}

// inPlay returns the psychic of colour c, or a rule error when no psychic
// plays that colour at this table.
func (s *circle) inPlay(c Colour) (*psychic, error) {
	if ps := s.psy(c); ps != nil {
		return ps, nil
	}
	return nil, ruleErrorf(ErrBadCommand, "No psychic plays %s at this table.", c)
}

// finished reports whether the psychic has found their whole trail.
func (ps *psychic) finished() bool { return ps.step >= 3 }

// psyName is a psychic as the events name them: "◆ Madam Wang".
func psyName(c Colour) string { return c.Symbol() + " " + c.Character() }

// waitingVisions lists the unfinished psychics still waiting for this round's vision.
func (s *circle) waitingVisions() []Colour {
	var w []Colour
	for i := range s.psychics {
		if ps := &s.psychics[i]; !ps.finished() && !ps.received {
			w = append(w, ps.colour)
		}
	}
	return w
}

type psychic struct {
	colour        Colour
	owner         Seat
	trail         [3]CardID // by Category
	found         [3]int    // round each card was found, by Category
	step          int       // index into the edition's order; 3 = finished
	finishedRound int
	vision        []CardID
	received      bool
	toReveal      bool
	intuition     CardID
	ready         bool
	track         int
	tokYes, tokNo int
	spentYes      int
	spentNo       int
	tokensOn      []TokenPlacement
}
