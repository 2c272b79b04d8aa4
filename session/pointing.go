package session

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
	ts *tableState
	// to is the table, when it takes pointing (nil otherwise).
	to pointer
	// sent is the card last sent to the table, want the card the cursor
	// is on, busy whether a Point call is in flight.
	sent, want game.CardID
	busy       bool
}

// pointDoneMsg says the table took the card last pointed at.
type pointDoneMsg struct{ gen int }

// point tells the table which card this psychic's cursor is on, when it
// changed. One call is in flight at a time, off the session's loop; moves
// made meanwhile collapse into the newest, sent when it returns, so the
// table always ends on the card the cursor ends on.
func (ts *tableState) point(card game.CardID) tea.Cmd {
	if ts.pointing.to == nil || ts.psy == nil {
		return nil
	}
	p := &ts.pointing
	p.want = card
	if p.busy || card == p.sent {
		return nil
	}
	return p.send()
}

func (p *pointing) send() tea.Cmd {
	to, card, who, gen := p.to, p.want, p.ts.m.who.ID, p.ts.gen
	p.sent, p.busy = card, true
	return func() tea.Msg {
		_ = to.Point(who, card) // refused only for a card that just left the table
		return pointDoneMsg{gen: gen}
	}
}

// done sends the newest card if the cursor moved while the table was asked.
// An answer for another table is dropped.
func (p *pointing) done(msg pointDoneMsg) tea.Cmd {
	if msg.gen != p.ts.gen {
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
func (p *pointing) by(card game.CardID) string {
	ts := p.ts
	if card == "" {
		return ""
	}
	var syms []string
	mine := ts.pub.SeatOf(ts.m.who.ID)
	for _, pt := range ts.u.Pointing {
		if pt.Card != card || pt.Seat == mine {
			continue
		}
		if c, ok := pt.Seat.Colour(); ok {
			syms = append(syms, ts.m.st.Sym(c))
		}
	}
	if len(syms) == 0 {
		return ""
	}
	return strings.Join(syms, "") + ts.m.lang().T(" looking")
}

// line is, for those who do not see the cards pointed at beside them (the
// ghost), who points at what: "● looking at The Cook · ▲ at V12".
func (p *pointing) line(w int) string {
	ts := p.ts
	if len(ts.u.Pointing) == 0 {
		return ""
	}
	var parts []string
	for _, pt := range ts.u.Pointing {
		if c, ok := pt.Seat.Colour(); ok {
			parts = append(parts, ts.m.st.Sym(c)+" "+ts.m.cardName(pt.Card))
		}
	}
	return ts.m.cut(ts.m.st.Dim.Render(ts.m.lang().T(" looking at: "))+strings.Join(parts, " · "), w)
}
