package session

import (
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// submitOnly presses a key and runs the submit it returns against the
// table, handing back the answer without feeding it to the model (so a
// test chooses whether the table's update or the answer arrives first).
func submitOnly(t *testing.T, m *Model, key string) state.SubmitMsg {
	t.Helper()
	_, cmd := m.Update(keyMsg(key))
	if cmd == nil {
		t.Fatalf("%s sent nothing", key)
	}
	msg, ok := runQuick(cmd).(state.SubmitMsg)
	if !ok {
		t.Fatalf("%s: no submit answer", key)
	}
	if msg.Err != nil {
		t.Fatalf("%s refused: %v", key, msg.Err)
	}
	return msg
}

// deliver hands the model the submit's answer and the table's update in
// the order given.
func deliver(m *Model, pt *pureTable, msg state.SubmitMsg, updateFirst bool) {
	if updateFirst {
		refresh(m, pt)
		m.Update(msg)
		return
	}
	m.Update(msg)
	refresh(m, pt)
}

func order(updateFirst bool) string {
	if updateFirst {
		return "update-first"
	}
	return "answer-first"
}

// After a gift the ghost's cursor moves on to the next psychic who needs
// a vision, whichever of the table's update and the submit's answer
// arrives first, with no further update needed (humans sitting still).
func TestGhostCursorAdvancesAfterGiftEitherOrder(t *testing.T) {
	for _, updateFirst := range []bool{true, false} {
		t.Run(order(updateFirst), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			m := modelAt(t, pt, pGhost, 80, 24)
			if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Purple {
				t.Fatalf("start on %v", p.Colour)
			}
			deliver(m, pt, submitOnly(t, m, "g"), updateFirst)
			if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Yellow {
				t.Fatalf("after the gift the cursor is on %v, want yellow (status %q)", p.Colour, statusLine(m))
			}
			// The next g gives yellow, not purple again.
			deliver(m, pt, submitOnly(t, m, "g"), updateFirst)
			if p := pt.st.ViewFor(pGhost).Public().Psychic(game.Yellow); len(p.Vision) != 1 {
				t.Errorf("yellow's vision = %v", p.Vision)
			}
			if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Red {
				t.Errorf("after the second gift the cursor is on %v, want red", p.Colour)
			}
		})
	}
}

// The same after r (one reveal) and a (reveal all, into the next round,
// where the psychic under the cursor has finished).
func TestGhostCursorAdvancesAfterRevealEitherOrder(t *testing.T) {
	for _, updateFirst := range []bool{true, false} {
		t.Run("r/"+order(updateFirst), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			ghostGiveAll(t, pt)
			allReady(t, pt, false)
			m := modelAt(t, pt, pGhost, 80, 24)
			deliver(m, pt, submitOnly(t, m, "r"), updateFirst)
			if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Yellow {
				t.Fatalf("after revealing purple the cursor is on %v, want yellow", p.Colour)
			}
		})
		t.Run("a/"+order(updateFirst), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			// Purple finds every card, the others none: after round 3's
			// reveal purple has finished and needs no vision in round 4.
			for range 3 {
				ghostGiveAll(t, pt)
				allReadyOnly(t, pt, game.Purple)
				if pt.st.Phase() != game.PhaseReveal {
					t.Fatalf("phase %v", pt.st.Phase())
				}
				if pt.st.ViewFor(pGhost).Public().Round == 3 {
					break
				}
				pt.must(t, pGhost, game.RevealAll{})
			}
			m := modelAt(t, pt, pGhost, 80, 24)
			if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Purple {
				t.Fatalf("start on %v", p.Colour)
			}
			deliver(m, pt, submitOnly(t, m, "a"), updateFirst)
			pub := pt.st.ViewFor(pGhost).Public()
			if pub.Phase != game.PhaseVision || !pub.Psychic(game.Purple).Finished {
				t.Fatalf("phase %v, purple finished %v", pub.Phase, pub.Psychic(game.Purple).Finished)
			}
			if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Yellow {
				t.Fatalf("after reveal all the cursor is on %v, want yellow (status %q)", p.Colour, statusLine(m))
			}
		})
	}
}

// allReadyOnly readies every psychic, the one named on the trail card and
// the others on a wrong card.
func allReadyOnly(t *testing.T, pt *pureTable, right game.Colour) {
	t.Helper()
	g := pt.st.ViewFor(pGhost).(*game.GhostView)
	owner := map[game.Colour]game.PlayerID{game.Purple: pAnn, game.Yellow: pBen, game.Red: pCat, game.Blue: pDan}
	for _, tr := range g.Trails {
		p := g.Psychic(tr.Psychic)
		if p.Finished {
			continue
		}
		card := tr.Cards[p.Category]
		if tr.Psychic != right {
			for _, c := range g.TableCards[p.Category] {
				if c != card {
					card = c
					break
				}
			}
		}
		pt.must(t, owner[tr.Psychic], game.PlaceIntuition{Psychic: tr.Psychic, Card: card}, game.SetReady{Psychic: tr.Psychic, Ready: true})
	}
}

// After a vision the hand cursor is on the first card of the new hand: it
// stayed on the slot it was on, so the next space toggled a card the ghost
// never looked at and the next vision went out with fewer cards than meant.
func TestGhostHandCursorStartsTheNewHand(t *testing.T) {
	for _, updateFirst := range []bool{true, false} {
		t.Run(order(updateFirst), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			m := modelAt(t, pt, pGhost, 80, 24)
			g := &m.table.Scr.Ghost
			press(m, "l", "l", "l", " ")
			if g.CardCur != 3 || len(g.Selection()) != 1 {
				t.Fatalf("cursor %d, selection %v", g.CardCur, g.Selection())
			}
			deliver(m, pt, submitOnly(t, m, "g"), updateFirst)
			if g.CardCur != 0 {
				t.Errorf("after the vision the hand cursor is on card %d, want 0", g.CardCur)
			}
			press(m, " ")
			hand := pt.st.ViewFor(pGhost).(*game.GhostView).Hand
			if sel := g.Selection(); len(sel) != 1 || sel[0] != hand[0] {
				t.Errorf("space selected %v, want the new hand's first card %s", sel, hand[0])
			}
		})
	}
}
