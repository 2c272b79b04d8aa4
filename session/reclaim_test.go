package session

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
)

// A guest finds their reclaim code on the seat picker and in the help at
// a table; nobody else ever sees it.
func TestGuestReclaimCodeAtTheTable(t *testing.T) {
	const claim = "K7QX-M2PD"
	guest := Identity{ID: "guest:gus", Name: "gus", Guest: true, Claim: claim}
	pt := seatScenario(t)
	pt.must(t, guest.ID, game.Sit{Seat: game.SeatOf(game.Green), Name: "gus"})
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		m := newTestModel(t, newFakeHub(), guest, sz[0], sz[1])
		m.attach(pt.code, pt, nil, false)
		refresh(m, pt)
		if v := plainView(m); !strings.Contains(v, "Your reclaim code: "+claim) || !strings.Contains(v, pt.code+" claim "+claim) {
			t.Errorf("%dx%d: the seat picker does not show the code:\n%s", sz[0], sz[1], v)
		}
		checkFrame(t, m.View(), sz[0], sz[1])
		press(m, "?")
		if v := plainView(m); !strings.Contains(v, "Your reclaim code: "+claim) {
			t.Errorf("%dx%d: the help does not show the code:\n%s", sz[0], sz[1], v)
		}
		checkFrame(t, m.View(), sz[0], sz[1])
	}
	// Others at the same table, and a player with a key, never see it.
	for _, p := range []game.PlayerID{pGhost, pAnn, pWatch} {
		m := modelAt(t, pt, p, 80, 24)
		if v := plainView(m); strings.Contains(v, claim) || strings.Contains(v, "reclaim") {
			t.Errorf("%s sees a reclaim code:\n%s", p, v)
		}
		press(m, "?")
		if v := plainView(m); strings.Contains(v, claim) || strings.Contains(v, "reclaim") {
			t.Errorf("%s's help shows a reclaim code:\n%s", p, v)
		}
	}
}

// A guest who comes straight to a running game (ssh -t HOST CODE) never
// saw the seat picker: their code shows when the table's screen comes up.
func TestGuestReclaimCodeOnArrivalInAGame(t *testing.T) {
	const claim = "K7QX-M2PD"
	guest := Identity{ID: "guest:gus", Name: "gus", Guest: true, Claim: claim}
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := newTestModel(t, newFakeHub(), guest, 80, 24)
	m.attach(pt.code, pt, nil, false)
	refresh(m, pt)
	if v := plainView(m); !strings.Contains(v, "Your reclaim code: "+claim) {
		t.Errorf("a guest arriving in a game does not see the code:\n%s", v)
	}
	checkFrame(t, m.View(), 80, 24)
	// A player with a key is told nothing of the kind.
	k := modelAt(t, pt, pWatch, 80, 24)
	if v := plainView(k); strings.Contains(v, "reclaim") {
		t.Errorf("a player with a key sees a reclaim line:\n%s", v)
	}
}

// A browser's guest (its terminal reports taps) is shown the page's link,
// which the page makes a link, not an ssh command it cannot run: the
// table's code without its dash.
func TestBrowserGuestReclaimIsALink(t *testing.T) {
	const claim = "K7QX-M2PD"
	guest := Identity{ID: "guest:gus", Name: "gus", Guest: true, Claim: claim}
	pt := seatScenario(t)
	pt.must(t, guest.ID, game.Sit{Seat: game.SeatOf(game.Green), Name: "gus"})
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		m := New(context.Background(), newFakeHub(), guest, Start{Taps: true}, testRenderer(colorprofile.ANSI256), sz[0], sz[1]).(*Model)
		m.attach(pt.code, pt, nil, false)
		refresh(m, pt)
		want := "/" + strings.ReplaceAll(pt.code, "-", "") + "?claim=" + claim
		if v := plainView(m); !strings.Contains(v, want) || strings.Contains(v, "ssh") {
			t.Errorf("%dx%d: the seat picker does not show %s:\n%s", sz[0], sz[1], want, v)
		}
		checkFrame(t, m.View(), sz[0], sz[1])
	}
}
