package game

import (
	"slices"
	"time"
)

// VisionHold is how long a vision a person gives is held before it reaches
// its psychic (DeliverVision). It is long enough to see a slip (the wrong
// psychic, a card too many) and press u, and short enough that a psychic
// hardly waits; during it the psychics see that a vision is on its way and
// nothing of its cards, so a take-back can only undo a slip, never answer
// what a psychic did with the vision. It is table time: the actor's clock.
const VisionHold = 5 * time.Second

// TakeBacksPerHour is how many visions a table may take back in any hour of
// its clock, all psychics together. A take-back is public, so each one could
// carry a sign from the ghost ("I took back the third card"); two an hour
// undo a slip or two in a game and are too few to make a language of.
const TakeBacksPerHour = 2

// TakeBack (ghost, step 1) takes back the vision on its way (VisionHold):
// its cards return to the hand and its psychic waits for a vision again.
// Once the vision has reached its psychic it is refused. Cards, when set,
// must be the cards of the vision on its way; the actor fills them in
// before journaling, so the journal says what was taken back.
type TakeBack struct {
	Cards []CardID `json:"cards,omitempty"`
}

// DeliverVision lets the vision on its way reach its psychic. Only the table
// actor sends it, as SystemPlayer, when VisionHold is over.
type DeliverVision struct{}

// heldVision is a vision a person gave that has not reached its psychic
// yet: the command as it will be delivered, and the hand before it, which
// a take-back restores. Nothing changes the hand while a vision is held
// (the ghost's next vision or discard delivers it first).
type heldVision struct {
	give GiveVision
	hand []CardID
}

// TakenBack says that the ghost took a vision back: everybody sees it until
// the next vision is given or the step ends.
type TakenBack struct {
	Psychic Colour
	Round   int
}

// Sending is a vision on its way to its psychic (VisionHold), as everybody
// sees it: who it goes to, nothing of its cards (not even how many).
type Sending struct {
	Psychic Colour
	Round   int
}

// TakeBackRecord is a vision taken back: the ghost's to see during the
// game, everybody's in the replay once it is over.
type TakeBackRecord struct {
	Round   int
	To      Colour
	Cards   []CardID
	Dropped []CardID // old cards the vision would have dropped (modern)
}

// hold puts vision g on its way, or delivers it at once when a bot gives
// it: a bot never takes back, and all-bot games do not wait.
func (s visionStep) hold(g GiveVision, handBefore []CardID, events *[]Event) {
	s.held = &heldVision{give: g, hand: handBefore}
	if s.seats[GhostSeat].bot {
		s.deliver(events)
		return
	}
	*events = append(*events, Event{Kind: EvVisionSent, Seat: GhostSeat, Psychic: g.To, Round: s.round,
		Text: "the ghost is giving " + psyName(g.To) + " a vision"})
}

// deliver lets the held vision reach its psychic: only now are the old
// cards dropped, the new ones shown, the hand drawn back to 7, the sand
// timer turned if it was the last vision, and the step perhaps ended.
func (s visionStep) deliver(events *[]Event) {
	c := s.held.give
	s.held = nil
	ps := s.psy(c.To)
	if len(c.Drop) > 0 {
		ps.vision = without(ps.vision, func(id CardID) bool { return slices.Contains(c.Drop, id) })
		s.discard = append(s.discard, c.Drop...)
	}
	ps.vision = append(ps.vision, c.Cards...)
	ps.received = true
	s.roundVisions = append(s.roundVisions, VisionRecord{To: c.To, Cards: cloneIDs(c.Cards), Dropped: cloneIDs(c.Drop)})
	if c.Note != "" || c.Bot != nil {
		s.ghostNotes = append(s.ghostNotes, GhostNote{Round: s.round, To: c.To, Text: c.Note, Bot: c.Bot})
	}
	*events = append(*events, Event{Kind: EvVision, Seat: GhostSeat, Psychic: c.To, Round: s.round,
		Text: psyName(c.To) + " receives a vision"})
	s.drawToHand(events)
	if len(s.waitingVisions()) == 0 && s.opts.Timer > 0 {
		s.turnTimer()
		*events = append(*events, Event{Kind: EvTimerStarted, Seat: NoSeat, Round: s.round, Text: "the sand timer is turned"})
	}
	guessStep(s).maybeEndStep(events)
}

// deliverCmd is the table's DeliverVision, when a vision's hold is over.
func (s visionStep) deliverCmd(p PlayerID) ([]Event, error) {
	if p != SystemPlayer {
		return nil, ruleErrorf(ErrNotYourSeat, "Only the table delivers a vision, when its hold is over.")
	}
	if s.held == nil {
		return nil, ruleErrorf(ErrVision, "No vision is on its way.")
	}
	var events []Event
	s.deliver(&events)
	return events, nil
}

// takeBack is the ghost's TakeBack: the vision on its way goes back to
// the hand as it was, in public.
func (s visionStep) takeBack(p PlayerID, c TakeBack) ([]Event, error) {
	if err := s.requireGhost(p); err != nil {
		return nil, err
	}
	h := s.held
	if h == nil {
		if s.phase == PhaseVision && len(s.roundVisions) > 0 {
			return nil, ruleErrorf(ErrTakeBack, "The vision has reached %s; it can no longer be taken back.", psyName(s.roundVisions[len(s.roundVisions)-1].To))
		}
		return nil, ruleErrorf(ErrTakeBack, "There is no vision to take back.")
	}
	if len(c.Cards) > 0 && !sameCards(c.Cards, h.give.Cards) {
		return nil, ruleErrorf(ErrTakeBack, "That vision is no longer on its way; it can no longer be taken back.")
	}
	to := h.give.To
	s.hand = h.hand
	s.held = nil
	s.takenBack = &TakenBack{Psychic: to, Round: s.round}
	s.takeBacks = append(s.takeBacks, TakeBackRecord{Round: s.round, To: to, Cards: cloneIDs(h.give.Cards), Dropped: cloneIDs(h.give.Drop)})
	return []Event{{Kind: EvTakeBack, Seat: GhostSeat, Psychic: to, Round: s.round,
		Text: "the ghost took the vision back from " + psyName(to)}}, nil
}

// sameCards reports whether a and b hold the same cards, in any order.
func sameCards(a, b []CardID) bool {
	if len(a) != len(b) {
		return false
	}
	for _, id := range a {
		if !slices.Contains(b, id) {
			return false
		}
	}
	return true
}

// ApplyJournaled applies an entry of a journal (Replay, and the table
// actor's Restore). A journal written before
// visions were held has no DeliverVision: its visions arrived at once. So
// when an entry is refused while a vision is on its way, the vision is
// delivered first, as that journal's table did, and the entry tried again
// (the first refusal stands if it is refused still). Only journaled
// entries, which the table once accepted, come this way; a player's
// command never does.
func (s *State) ApplyJournaled(p PlayerID, c Command) ([]Event, error) {
	evs, err := s.Apply(p, c)
	if err == nil || s.held == nil {
		return evs, err
	}
	n := s.clone()
	var pre []Event
	visionStep{n}.deliver(&pre)
	more, err2 := n.Apply(p, c)
	if err2 != nil {
		return nil, err
	}
	*s = *n
	return append(pre, more...), nil
}

// CompleteTakeBack fills in what a command leaves to the table before it
// is journaled: a take-back names the cards it takes back (those of the
// vision on its way), so that the journal says what was taken back. Any
// other command is returned as it is.
func (s *State) CompleteTakeBack(c Command) Command {
	if tb, ok := deref(c).(TakeBack); ok && len(tb.Cards) == 0 && s.held != nil {
		tb.Cards = cloneIDs(s.held.give.Cards)
		return tb
	}
	return c
}
