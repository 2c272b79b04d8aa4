package table

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
	if ts.Ghost == nil {
		return 0, 0
	}
	for i, id := range ts.Ghost.Hand {
		if i < 64 && g.Selected[id] {
			selected |= 1 << i
		}
	}
	return selected, g.Drop.mask()
}

func (g *ghostScreen) GhostTarget() *game.PsychicPublic {
	ts := g.ts
	if ts.Pub == nil || g.Target >= len(ts.Pub.Psychics) {
		return nil
	}
	return &ts.Pub.Psychics[g.Target]
}

// selection is the selected hand cards in hand order.
func (g *ghostScreen) Selection() []game.CardID {
	ts := g.ts
	var out []game.CardID
	if ts.Ghost == nil {
		return nil
	}
	for _, c := range ts.Ghost.Hand {
		if g.Selected[c] {
			out = append(out, c)
		}
	}
	return out
}

func (g *ghostScreen) give() tea.Cmd {
	ts := g.ts
	p := g.GhostTarget()
	sel := g.Selection()
	if p == nil {
		return nil
	}
	if len(sel) == 0 && g.CardCur < len(ts.Ghost.Hand) {
		// Nothing selected: give the card under the cursor.
		sel = []game.CardID{ts.Ghost.Hand[g.CardCur]}
	}
	var drop []game.CardID
	for _, c := range p.Vision {
		if g.Drop.Cards[c] {
			drop = append(drop, c)
		}
	}
	l := ts.Shell.Lang()
	what := l.F("Gave %s %d cards.", p.Colour.Character(), len(sel))
	if len(drop) > 0 {
		what = l.F("Gave %s %d cards, %d old dropped.", p.Colour.Character(), len(sel), len(drop))
	}
	note := g.Note.text()
	if note != "" {
		what = strings.TrimSuffix(what, ".") + l.T(", with your note.")
	}
	what += l.T(" (u takes it back before it arrives.)")
	return ts.Out.Submit(game.GiveVision{To: p.Colour, Cards: sel, Drop: drop, Note: note}, what)
}

func (g *ghostScreen) askDiscard() tea.Cmd {
	ts := g.ts
	gv := ts.Ghost
	sel := g.Selection()
	l := ts.Shell.Lang()
	switch gv.DiscardKind {
	case game.DiscardWholeHand:
		ts.Shell.SetFlash(l.T("Throw away your whole hand and draw 7 new cards? y/n"), false)
	default:
		if len(sel) == 0 {
			ts.Shell.SetFlash(l.T("Select the cards to discard with space first."), true)
			return nil
		}
		word := l.T("a crow")
		if gv.DiscardKind == game.DiscardCandle {
			word = l.T("a candle")
		}
		ts.Shell.SetFlash(l.F("Discard %d cards with %s (%s)? y/n", len(sel), word, words.DiscardText(l, ts.Pub, true)), false)
	}
	ts.Confirm = "discard"
	return nil
}

func (g *ghostScreen) discard() tea.Cmd {
	ts := g.ts
	if ts.Ghost == nil {
		return nil
	}
	if ts.Ghost.DiscardKind == game.DiscardWholeHand {
		return ts.Out.Submit(game.Discard{}, ts.Shell.Lang().T("You drew a new hand."))
	}
	sel := g.Selection()
	return ts.Out.Submit(game.Discard{Cards: sel}, ts.Shell.Lang().F("Discarded %d cards.", len(sel)))
}

// pruneSelection drops selected cards that are no longer in the hand.
func (g *ghostScreen) pruneSelection() {
	ts := g.ts
	if ts.Ghost == nil {
		return
	}
	in := map[game.CardID]bool{}
	for _, c := range ts.Ghost.Hand {
		in[c] = true
	}
	for c := range g.Selected {
		if !in[c] {
			delete(g.Selected, c)
		}
	}
}

// tryAdvance moves the ghost's cursor on (advanceTarget) once the view
// shows the effect of the accepted gift or reveal in advanceOn; until then
// it waits for the next update.
func (g *ghostScreen) tryAdvance() {
	ts := g.ts
	if g.advanceOn == nil || ts.Ghost == nil || ts.Pub == nil {
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
	p := ts.Pub
	switch c := c.(type) {
	case game.GiveVision:
		return p.Phase != game.PhaseVision || !words.WaitingVision(ts.Pub, c.To)
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
	p := ts.Pub
	needs := func(c game.Colour) bool {
		switch p.Phase {
		case game.PhaseVision:
			return words.WaitingVision(ts.Pub, c)
		case game.PhaseReveal:
			pp := p.Psychic(c)
			return pp != nil && pp.ToReveal
		}
		return false
	}
	if t := g.GhostTarget(); t != nil && needs(t.Colour) {
		return
	}
	for i, pp := range p.Psychics {
		if needs(pp.Colour) {
			g.Target = i
			return
		}
	}
}
