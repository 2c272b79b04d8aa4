package state

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// pointer is what the session needs of a table to point (a *table.Table).
type pointer interface {
	Point(p game.PlayerID, card game.CardID) error
}

// pointing is a psychic's finger on a card, as a real table has it: the
// card under this psychic's cursor is sent to the table, and the cards the
// others point at are shown beside the cards (or, for the ghost, on a
// line). It is the session's, touched only on its goroutine.
type pointing struct {
	ts *Table
	// to is the table, when it takes pointing (nil otherwise).
	to pointer
	// sent is the card last sent to the table, want the card the cursor
	// is on, busy whether a Point call is in flight.
	sent, want game.CardID
	busy       bool
}

// pointDoneMsg says the table took the card last pointed at.
type PointDoneMsg struct{ gen int }

// point tells the table which card this psychic's cursor is on, when it
// changed. One call is in flight at a time, off the session's loop; moves
// made meanwhile collapse into the newest, sent when it returns, so the
// table always ends on the card the cursor ends on.
func (ts *Table) Point(card game.CardID) tea.Cmd {
	if ts.Pointing.to == nil || ts.Psy == nil {
		return nil
	}
	p := &ts.Pointing
	p.want = card
	if p.busy || card == p.sent {
		return nil
	}
	return p.send()
}

func (p *pointing) send() tea.Cmd {
	to, card, who, gen := p.to, p.want, p.ts.Shell.Who.ID, p.ts.Gen
	p.sent, p.busy = card, true
	return func() tea.Msg {
		_ = to.Point(who, card) // refused only for a card that just left the table
		return PointDoneMsg{gen: gen}
	}
}

// done sends the newest card if the cursor moved while the table was asked.
// An answer for another table is dropped.
func (p *pointing) Done(msg PointDoneMsg) tea.Cmd {
	if msg.gen != p.ts.Gen {
		return nil
	}
	p.busy = false
	if p.want != p.sent {
		return p.send()
	}
	return nil
}

// by lists the symbols of the other psychic players pointing at card
// ("■ looking"), for the label beside it.
func (p *pointing) By(card game.CardID) string {
	ts := p.ts
	if card == "" {
		return ""
	}
	var syms []string
	mine := ts.Pub.SeatOf(ts.Shell.Who.ID)
	for _, pt := range ts.U.Pointing {
		if pt.Card != card || pt.Seat == mine {
			continue
		}
		if c, ok := pt.Seat.Colour(); ok {
			syms = append(syms, ts.Shell.St.Sym(c))
		}
	}
	if len(syms) == 0 {
		return ""
	}
	return strings.Join(syms, "") + ts.Shell.Lang().T(" looking")
}

// line is, for those who do not see the cards pointed at beside them (the
// ghost), who points at what: "● looking at The Cook · ▲ at V12".
func (p *pointing) Line(w int) string {
	ts := p.ts
	if len(ts.U.Pointing) == 0 {
		return ""
	}
	var parts []string
	for _, pt := range ts.U.Pointing {
		if c, ok := pt.Seat.Colour(); ok {
			parts = append(parts, ts.Shell.St.Sym(c)+" "+ts.Shell.CardName(pt.Card))
		}
	}
	return ts.Shell.Cut(ts.Shell.St.Dim.Render(ts.Shell.Lang().T(" looking at: "))+strings.Join(parts, " · "), w)
}
