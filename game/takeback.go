package game

import "math/rand/v2"

// TakeBack (ghost, step 1) takes back the last vision given: its cards
// return to the hand, the cards drawn after it go back on the deck, and the
// psychic waits for a vision again. It is allowed until that psychic has
// placed an intuition, the next vision is given, the ghost discards, or the
// step ends; see the package documentation.
type TakeBack struct{}

// undoVision is what giving the last vision changed, kept so that TakeBack
// can put it back exactly. Only the ghost's commands touch the hand, the deck,
// the discard pile and the random generator during step 1, and each of them
// either replaces this record (a vision) or clears it (a discard), so
// restoring these fields undoes the vision and nothing else.
type undoVision struct {
	to           Colour
	round        int
	vision       []CardID // the psychic's vision before
	hand         []CardID
	deck         []CardID
	discard      []CardID
	rng          rand.PCG
	timerRunning bool
	visions      []VisionRecord
	ghostNotes   []GhostNote
}

// TakenBack says that the ghost took a vision back: everybody sees it until
// the next vision is given or the step ends.
type TakenBack struct {
	Psychic Colour
	Round   int
}

// rememberVision records the state a vision to c is about to change. The
// engine never writes into a slice it may share (see clone), so keeping the
// slices themselves, capped, is keeping them as they are now.
func (s *State) rememberVision(c Colour) *undoVision {
	return &undoVision{
		to: c, round: s.round, vision: capped(s.psy(c).vision),
		hand: capped(s.hand), deck: capped(s.deck), discard: capped(s.discard),
		rng: s.rng, timerRunning: s.timerRunning, visions: capped(s.roundVisions),
		ghostNotes: capped(s.ghostNotes),
	}
}

func (s *State) takeBack(p PlayerID) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	u := s.undo
	if s.phase != PhaseVision || u == nil || u.round != s.round {
		return nil, ruleErrorf(ErrTakeBack, "There is no vision to take back.")
	}
	ps := s.psy(u.to)
	if ps.intuition != "" {
		return nil, ruleErrorf(ErrTakeBack, "%s has already placed an intuition on that vision.", psyName(u.to))
	}
	ps.vision = u.vision
	ps.received = false
	s.hand, s.deck, s.discard, s.rng = u.hand, u.deck, u.discard, u.rng
	if !u.timerRunning {
		s.stopTimer() // the vision had turned the sand timer: it waits for the vision again
	}
	s.roundVisions = u.visions
	s.ghostNotes = u.ghostNotes // the vision's note goes with it
	s.undo = nil
	s.takenBack = &TakenBack{Psychic: u.to, Round: s.round}
	return []Event{{Kind: EvTakeBack, Seat: GhostSeat, Psychic: u.to, Round: s.round,
		Text: "the ghost took the vision back from " + psyName(u.to)}}, nil
}
