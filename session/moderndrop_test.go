package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// Modern: the ghost completes a failed psychic's vision dropping only the
// old cards it marks, and sees which will go.
func TestModernDropChosenOldCards(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Modern))
	// Round 1: two cards each, everyone wrong: every vision stays.
	for {
		v := pt.st.ViewFor(pGhost).(*game.GhostView)
		if len(v.WaitingVisions) == 0 {
			break
		}
		pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
	}
	allReady(t, pt, false)
	pt.must(t, pGhost, game.RevealAll{})
	old := append([]game.CardID{}, pt.st.ViewFor(pGhost).Public().Psychic(game.Purple).Vision...)
	if len(old) != 2 {
		t.Fatalf("purple's old vision = %v", old)
	}
	m := modelAt(t, pt, pGhost, 80, 24)
	if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Purple {
		t.Fatalf("cursor on %v", p.Colour)
	}
	if v := plainView(m); !strings.Contains(v, "old vision: "+string(old[0])+" "+string(old[1])) {
		t.Errorf("the old vision is not shown at 80x24:\n%s", v)
	}
	// d marks the whole old vision (d then g drops it all, as scripted
	// before); space on the second card keeps it.
	act(t, m, pt, "d")
	if got := statusLine(m); !strings.HasPrefix(got, "Dropping 2 of 2 old cards of ● Conrad") || !strings.HasSuffix(got, "g gives.") {
		t.Errorf("status after d %q", got)
	}
	act(t, m, pt, "right", " ")
	if v := plainView(m); !strings.Contains(v, string(old[0])+"✗") || strings.Contains(v, string(old[1])+"✗") {
		t.Errorf("the card to drop is not marked:\n%s", v)
	}
	if got := statusLine(m); !strings.HasPrefix(got, "Dropping 1 of 2 old cards") {
		t.Errorf("status %q", got)
	}
	act(t, m, pt, "esc")
	if !strings.Contains(m.sh.Flash, "1 of 2 old cards will be dropped") {
		t.Errorf("flash %q", m.sh.Flash)
	}
	newCard := m.table.Ghost.Hand[0]
	if err := act(t, m, pt, "g"); err != nil {
		t.Fatal(err)
	}
	got := pt.st.ViewFor(pGhost).Public().Psychic(game.Purple).Vision
	if len(got) != 2 || got[0] != old[1] || got[1] != newCard {
		t.Errorf("purple's vision = %v, want [%s %s]", got, old[1], newCard)
	}
	// d then g (as the SSH tests type it) still drops the whole old vision.
	if p := m.table.Scr.Ghost.GhostTarget(); p.Colour != game.Yellow {
		t.Fatalf("cursor on %v", p.Colour)
	}
	newCard = m.table.Ghost.Hand[0]
	if err := act(t, m, pt, "d", "g"); err != nil {
		t.Fatal(err)
	}
	if got := pt.st.ViewFor(pGhost).Public().Psychic(game.Yellow).Vision; len(got) != 1 || got[0] != newCard {
		t.Errorf("yellow's vision = %v, want [%s]", got, newCard)
	}
}

// Each input of the marking of old cards is part of the frame memo's key
// on its own (dropCursor): ←→ move only the cursor over the old vision,
// and the 80x24 hand pane draws it (▸), so a key without it shows the
// cursor where it was.
func TestFrameMemoKeyHasTheDropMarks(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Modern))
	for {
		v := pt.st.ViewFor(pGhost).(*game.GhostView)
		if len(v.WaitingVisions) == 0 {
			break
		}
		pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
	}
	allReady(t, pt, false)
	pt.must(t, pGhost, game.RevealAll{})
	m := modelAt(t, pt, pGhost, 80, 24)
	if err := act(t, m, pt, "d"); err != nil {
		t.Fatal(err)
	}
	d := &m.table.Scr.Ghost.Drop
	changes := []struct {
		name string
		do   func()
	}{
		{"cursor right", func() { d.Cur = 1 }},
		{"cursor left", func() { d.Cur = 0 }},
		{"marking over", func() { d.On = false }},
		{"marking again", func() { d.On = true }},
	}
	for _, c := range changes {
		before := m.View()
		c.do()
		after := m.View()
		if after == before {
			t.Errorf("%s: the frame did not change", c.name)
		}
		if after != fresh(m) {
			t.Errorf("%s: stale frame", c.name)
		}
	}
}

// The marking of old cards is on the psychic the ghost's cursor is on, not
// the first one; its marks (✗) and cursor (▸) show where ←→ and space put
// them, at 80x24 in the hand pane's old vision line and on a big screen in
// the psychic's column, whose pictures cannot show them; and it ends by
// itself once that psychic has their vision, here given from the ghost's
// other connection, so the keys are back on the board.
func TestDropMarksOnTheChosenPsychic(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 45}, {200, 60}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Modern))
			for {
				v := pt.st.ViewFor(pGhost).(*game.GhostView)
				if len(v.WaitingVisions) == 0 {
					break
				}
				pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
			}
			allReady(t, pt, false)
			pt.must(t, pGhost, game.RevealAll{})
			m := modelAt(t, pt, pGhost, sz[0], sz[1])
			if err := act(t, m, pt, "j", "d", "right"); err != nil {
				t.Fatal(err)
			}
			p := m.table.Scr.Ghost.GhostTarget()
			if p.Colour != game.Yellow || len(p.Vision) != 2 {
				t.Fatalf("the cursor is on %v with the old vision %v, want yellow's two cards", p.Colour, p.Vision)
			}
			checks := []struct {
				name string
				got  string
				want string
			}{
				{"status", statusLine(m), "Dropping 2 of 2 old cards of " + p.Colour.Symbol() + " " + words.FirstName(p.Colour)},
				{"old vision", plainView(m), string(p.Vision[0]) + "✗ ▸" + string(p.Vision[1]) + "✗"},
			}
			for _, c := range checks {
				if !strings.Contains(c.got, c.want) {
					t.Errorf("%s: want %q in\n%s", c.name, c.want, c.got)
				}
			}
			gv := pt.st.ViewFor(pGhost).(*game.GhostView)
			pt.must(t, pGhost, game.GiveVision{To: p.Colour, Cards: gv.Hand[:1]})
			refresh(m, pt)
			if m.table.Scr.Ghost.Drop.On {
				t.Errorf("the marking goes on after yellow got their vision: %q", statusLine(m))
			}
		})
	}
}
