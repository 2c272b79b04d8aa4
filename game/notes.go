package game

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Mark (a psychic player, during the game) marks a suspect card dealt at
// this table as ruled out (Out) or takes the mark off. Marks are the
// player's own: nobody else sees them until the game is over.
type Mark struct {
	Card CardID `json:"card"`
	Out  bool   `json:"out"`
}

// Note (a psychic player, during the game) leaves a short note on a card
// the table has seen (a suspect card dealt here or a vision card given);
// an empty Text removes it. Private like marks. Callers sanitise Text first.
type Note struct {
	Card CardID `json:"card"`
	Text string `json:"text,omitempty"`
}

// MaxNoteRunes is the longest note, in characters.
const MaxNoteRunes = 60

// maxNoteBytes bounds a note's bytes too (four per character at most).
const maxNoteBytes = 4 * MaxNoteRunes

// CardNote is one psychic player's mark and note on one card.
type CardNote struct {
	Card CardID
	Out  bool   // ruled out
	Text string // "" when there is no note
}

// SeatNotes are the marks and notes of one seat, shown to everybody after the game.
type SeatNotes struct {
	Seat  Seat
	Name  string
	Notes []CardNote
}

// notebook is each psychic seat's private marks and notes, by Seat. Only
// that seat's PsychicView holds them during the game; the FinishedView
// shows everybody's.
type notebook struct {
	notes [7][]CardNote
}

// notedCard reports whether id is a card the table has seen: a dealt suspect
// card, or a vision card given this game (it is public from then on).
func (s *State) notedCard(id CardID, suspectsOnly bool) bool {
	for _, cat := range Categories {
		if slices.Contains(s.dealt[cat], id) {
			return true
		}
	}
	if suspectsOnly {
		return false
	}
	for i := range s.psychics {
		if slices.Contains(s.psychics[i].vision, id) {
			return true
		}
	}
	for _, rv := range s.roundVisions {
		if slices.Contains(rv.Cards, id) {
			return true
		}
	}
	for _, h := range s.history {
		for _, rv := range h.Visions {
			if slices.Contains(rv.Cards, id) {
				return true
			}
		}
	}
	return false
}

// setNote replaces seat's entry for card with n (removing it when it holds
// nothing). It builds a new slice, so a cloned state never shares a change.
func (s *notebook) setNote(seat Seat, n CardNote) {
	old := s.notes[seat]
	out := make([]CardNote, 0, len(old)+1)
	done := false
	for _, o := range old {
		if o.Card == n.Card {
			done = true
			if n.Out || n.Text != "" {
				out = append(out, n)
			}
			continue
		}
		out = append(out, o)
	}
	if !done && (n.Out || n.Text != "") {
		out = append(out, n)
	}
	s.notes[seat] = out
}

// NoteOf is player p's mark and note on card id (empty when p has none,
// or plays no psychic seat).
func (s *State) NoteOf(p PlayerID, id CardID) CardNote { return s.noteOf(s.seatOf(p), id) }

// noteOf is seat's mark and note on card id (empty when it has none).
func (s *notebook) noteOf(seat Seat, id CardID) CardNote {
	for _, n := range s.notes[seat] {
		if n.Card == id {
			return n
		}
	}
	return CardNote{Card: id}
}

// keepNote applies a Mark or a Note from p, who must play a psychic seat.
func (s *State) keepNote(p PlayerID, c Command) ([]Event, error) {
	seat, err := s.noteSeat(p)
	if err != nil {
		return nil, err
	}
	switch c := c.(type) {
	case Mark:
		if !s.notedCard(c.Card, true) {
			return nil, ruleErrorf(ErrCard, "Only the suspect cards on this table can be ruled out.")
		}
		n := s.noteOf(seat, c.Card)
		n.Out = c.Out
		s.setNote(seat, n)
	case Note:
		text := strings.TrimSpace(c.Text)
		if utf8.RuneCountInString(text) > MaxNoteRunes || len(text) > maxNoteBytes {
			return nil, ruleErrorf(ErrNote, "A note holds at most %d characters.", MaxNoteRunes)
		}
		if !s.notedCard(c.Card, false) {
			return nil, ruleErrorf(ErrCard, "Notes go on the cards of this table and the visions given.")
		}
		n := s.noteOf(seat, c.Card)
		n.Text = text
		s.setNote(seat, n)
	}
	return nil, nil
}

// notesOf returns a copy of seat's marks and notes.
func (s *notebook) notesOf(seat Seat) []CardNote {
	return cloneSlice(s.notes[seat])
}

// allNotes returns every psychic seat's marks and notes (after the game),
// with the name of the player in each seat.
func (s *notebook) allNotes(seats *seating) []SeatNotes {
	var out []SeatNotes
	for _, seat := range Seats {
		if len(s.notes[seat]) > 0 {
			out = append(out, SeatNotes{Seat: seat, Name: seats.seats[seat].name, Notes: s.notesOf(seat)})
		}
	}
	return out
}
