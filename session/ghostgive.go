package session

// What the ghost gives: the selection of vision cards, the gift, the discard,
// and the cursor that moves on to the next psychic who needs a vision.

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// selectionMask is what the drawing reads of the ghost's selection maps:
// which hand cards (by position) are selected, and which cards of the
// chosen psychic's vision are marked to drop. A card outside those lists
// is never drawn from the maps.
func (g *ghostScreen) selectionMask() (selected, dropped uint64) {
	ts := g.ts
	if ts.ghost == nil {
		return 0, 0
	}
	for i, id := range ts.ghost.Hand {
		if i < 64 && g.selected[id] {
			selected |= 1 << i
		}
	}
	return selected, g.drop.mask()
}

func (g *ghostScreen) ghostTarget() *game.PsychicPublic {
	ts := g.ts
	if ts.pub == nil || g.target >= len(ts.pub.Psychics) {
		return nil
	}
	return &ts.pub.Psychics[g.target]
}

// selection is the selected hand cards in hand order.
func (g *ghostScreen) selection() []game.CardID {
	ts := g.ts
	var out []game.CardID
	if ts.ghost == nil {
		return nil
	}
	for _, c := range ts.ghost.Hand {
		if g.selected[c] {
			out = append(out, c)
		}
	}
	return out
}

func (g *ghostScreen) give() tea.Cmd {
	ts := g.ts
	p := g.ghostTarget()
	sel := g.selection()
	if p == nil {
		return nil
	}
	if len(sel) == 0 && g.cardCur < len(ts.ghost.Hand) {
		// Nothing selected: give the card under the cursor.
		sel = []game.CardID{ts.ghost.Hand[g.cardCur]}
	}
	var drop []game.CardID
	for _, c := range p.Vision {
		if g.drop.cards[c] {
			drop = append(drop, c)
		}
	}
	l := ts.m.lang()
	what := l.F("Gave %s %d cards.", p.Colour.Character(), len(sel))
	if len(drop) > 0 {
		what = l.F("Gave %s %d cards, %d old dropped.", p.Colour.Character(), len(sel), len(drop))
	}
	note := g.note.text()
	if note != "" {
		what = strings.TrimSuffix(what, ".") + l.T(", with your note.")
	}
	what += l.T(" (u takes it back before it arrives.)")
	return ts.out.submit(game.GiveVision{To: p.Colour, Cards: sel, Drop: drop, Note: note}, what)
}

func (g *ghostScreen) askDiscard() tea.Cmd {
	ts := g.ts
	gv := ts.ghost
	sel := g.selection()
	l := ts.m.lang()
	switch gv.DiscardKind {
	case game.DiscardWholeHand:
		ts.m.setFlash(l.T("Throw away your whole hand and draw 7 new cards? y/n"), false)
	default:
		if len(sel) == 0 {
			ts.m.setFlash(l.T("Select the cards to discard with space first."), true)
			return nil
		}
		word := l.T("a crow")
		if gv.DiscardKind == game.DiscardCandle {
			word = l.T("a candle")
		}
		ts.m.setFlash(l.F("Discard %d cards with %s (%s)? y/n", len(sel), word, words.DiscardText(l, ts.pub, true)), false)
	}
	ts.confirm = "discard"
	return nil
}

func (g *ghostScreen) discard() tea.Cmd {
	ts := g.ts
	if ts.ghost == nil {
		return nil
	}
	if ts.ghost.DiscardKind == game.DiscardWholeHand {
		return ts.out.submit(game.Discard{}, ts.m.lang().T("You drew a new hand."))
	}
	sel := g.selection()
	return ts.out.submit(game.Discard{Cards: sel}, ts.m.lang().F("Discarded %d cards.", len(sel)))
}

// pruneSelection drops selected cards that are no longer in the hand.
func (g *ghostScreen) pruneSelection() {
	ts := g.ts
	if ts.ghost == nil {
		return
	}
	in := map[game.CardID]bool{}
	for _, c := range ts.ghost.Hand {
		in[c] = true
	}
	for c := range g.selected {
		if !in[c] {
			delete(g.selected, c)
		}
	}
}

// tryAdvance moves the ghost's cursor on (advanceTarget) once the view
// shows the effect of the accepted gift or reveal in advanceOn; until then
// it waits for the next update.
func (g *ghostScreen) tryAdvance() {
	ts := g.ts
	if g.advanceOn == nil || ts.ghost == nil || ts.pub == nil {
		return
	}
	if !g.shows(g.advanceOn) {
		return
	}
	g.advanceOn = nil
	g.advanceTarget()
}

// shows reports whether the current view already holds the effect of the
// accepted command c: the psychic no longer waits for that vision or that
// reveal, or the step is over.
func (g *ghostScreen) shows(c game.Command) bool {
	ts := g.ts
	p := ts.pub
	switch c := c.(type) {
	case game.GiveVision:
		return p.Phase != game.PhaseVision || !words.WaitingVision(ts.pub, c.To)
	case game.Reveal:
		pp := p.Psychic(c.Psychic)
		return p.Phase != game.PhaseReveal || pp == nil || !pp.ToReveal
	case game.RevealAll:
		return p.Phase != game.PhaseReveal
	}
	return true
}

// advanceTarget puts the ghost's cursor on the first psychic still waiting
// for a vision (step 1) or a reveal (step 2), if the current one is done.
func (g *ghostScreen) advanceTarget() {
	ts := g.ts
	p := ts.pub
	needs := func(c game.Colour) bool {
		switch p.Phase {
		case game.PhaseVision:
			return words.WaitingVision(ts.pub, c)
		case game.PhaseReveal:
			pp := p.Psychic(c)
			return pp != nil && pp.ToReveal
		}
		return false
	}
	if t := g.ghostTarget(); t != nil && needs(t.Colour) {
		return
	}
	for i, pp := range p.Psychics {
		if needs(pp.Colour) {
			g.target = i
			return
		}
	}
}
