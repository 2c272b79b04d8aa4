package linear

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// linearState is the game at ts as a few sentences: who looks for what, the
// visions, the cards on the table or in hand, the final phase, the end.
func linearState(ts *table.TableState, w Words) []string {
	l := w.L
	p := ts.Pub
	if p == nil {
		return nil
	}
	var out []string
	switch ts.Role() {
	case state.RoleSeating:
		for _, seat := range game.Seats {
			sv, ok := ts.Seats.Of(seat)
			switch {
			case !ok:
				out = append(out, l.F("%s: free.", words.UpFirst(w.SeatWord(seat))))
			case sv.Host:
				out = append(out, l.F("%s: taken by %s, the host.", words.UpFirst(w.SeatWord(seat)), w.SeatName(sv)))
			case sv.Ready || sv.Bot:
				out = append(out, l.F("%s: taken by %s, ready.", words.UpFirst(w.SeatWord(seat)), w.SeatName(sv)))
			default:
				out = append(out, l.F("%s: taken by %s.", words.UpFirst(w.SeatWord(seat)), w.SeatName(sv)))
			}
		}
		return out
	case state.RoleFinished:
		if o := p.Outcome; o != nil {
			if o.Won {
				out = append(out, l.T("THE PSYCHICS WON: they found the culprit."))
			} else {
				out = append(out, l.T("THE PSYCHICS LOST."))
			}
		}
		for _, t := range ts.Fin.Trails {
			out = append(out, l.F("The trail of %s: %s.", w.Psychic(p, t.Psychic), w.CardList(t.Cards[:])))
		}
		if ts.Fin.Culprit > 0 {
			out = append(out, l.F("The culprit was group %d.", ts.Fin.Culprit))
		}
		return append(out, notesLines(w, ts.Fin.Notes)...)
	}
	if p.Round > 0 {
		out = append(out, l.F("Hour %d of 7.", p.Round))
	}
	if f := p.Final; f != nil {
		out = append(out, l.T("The final phase. The groups of suspects:"))
		for _, g := range f.Groups {
			if !g.Removed {
				out = append(out, w.Group(p, g))
			}
		}
		if shared := ts.Scr.Final.SharedCards(); len(shared) > 0 {
			out = append(out, l.F("The shared vision: %s.", w.CardList(shared)))
		}
		return out
	}
	for _, ps := range p.Psychics {
		who := w.Subject(p, ps.Colour)
		var parts []string
		if ps.Finished {
			parts = append(parts, l.F("%s has found all three cards", who))
		} else {
			parts = append(parts, l.F("%s looks for %s", who, w.Category(ps.Category)))
			if ts.Ghost != nil {
				parts = append(parts, l.F("must find %s", w.Card(ts.TrailCard(ps.Colour, ps.Category))))
			}
		}
		if len(ps.Vision) > 0 {
			parts = append(parts, l.F("vision: %s", w.CardList(ps.Vision)))
		}
		if ps.Intuition != "" {
			parts = append(parts, l.F("intuition on %s", w.Card(ps.Intuition)))
		}
		out = append(out, strings.Join(parts, "; ")+".")
	}
	if ts.Ghost != nil {
		out = append(out, l.F("Your hand: %s.", w.CardList(ts.Ghost.Hand)))
		return out
	}
	if cards := ts.Scr.Psychic.TableCards(); len(cards) > 0 {
		out = append(out, l.F("The cards on the table: %s.", w.CardListFull(cards)))
	}
	return out
}

// notesLines are the psychics' marks and notes, said after the game.
func notesLines(w Words, notes []game.SeatNotes) []string {
	if len(notes) == 0 {
		return nil
	}
	out := []string{w.L.T("THEIR NOTES:")}
	for _, sn := range notes {
		who := sanitize.Line(sn.Name, 40)
		var ruled []game.CardID
		for _, n := range sn.Notes {
			if n.Out {
				ruled = append(ruled, n.Card)
			}
			if n.Text != "" {
				out = append(out, w.L.F("%s noted on %s: %s", who, w.Card(n.Card), sanitize.Line(n.Text, state.NoteWidth)))
			}
		}
		if len(ruled) > 0 {
			out = append(out, w.L.F("%s ruled out %s.", who, w.CardList(ruled)))
		}
	}
	return out
}
