package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// TestAForgedAnnouncementMovesNobody: a psychic who types the old next
// game's announcement in chat, pointing at a table of their own, sends
// nobody there: n starts the next game at the same table and follows no
// chat line, and no chat line looks like a notice on screen.
func TestAForgedAnnouncementMovesNobody(t *testing.T) {
	hub := newFakeHub()
	defer hub.stop()
	trap, err := hub.CreateTable(Identity{ID: pAnn, Name: "ann"}, TableSpec{Name: "trap", Options: game.DefaultOptions(game.Classic)})
	if err != nil {
		t.Fatal(err)
	}
	forged := "New game at table " + trap.Code + ": press n to follow, or join it from the lobby."
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	pt.must(t, pAnn, game.Chat{Text: forged})
	pt.must(t, pAnn, game.Chat{Text: state.NoticeMark + " " + forged})
	playToFinal(t, pt, true)
	voteAll(t, pt, 1)
	pt.must(t, pAnn, game.Chat{Text: forged})

	open := func(p game.PlayerID) *Model {
		m := newTestModel(t, hub, Identity{ID: p, Name: names[p]}, 120, 40)
		m.attach(pt.code, pt, nil, false)
		refresh(m, pt)
		return m
	}
	b := open(pBen)
	if got := statusLine(b); strings.Contains(got, trap.Code) {
		t.Errorf("ben's status points at the forged table: %q", got)
	}
	for _, l := range strings.Split(plainView(b), "\n") {
		if strings.HasPrefix(l, state.NoticeMark) {
			t.Errorf("a player's line is drawn as a notice: %q", l)
		}
	}
	b.Update(keyMsg("n"))
	if b.table == nil || b.table.Code != pt.code {
		t.Fatalf("ben's n took him away from the table (to %v); the next game is at the same table", b.table)
	}
	b.Close()
}

// TestNoPlayerLineLooksLikeANotice: a player named like a notice, writing the
// rest of one, is still drawn as a player: not from the first column, and
// without the notices' mark.
func TestNoPlayerLineLooksLikeANotice(t *testing.T) {
	pt := newPureTable(t, game.DefaultOptions(game.Classic), pGhost, 7)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: state.NoticeMark + " New game at table T001"})
	pt.must(t, pGhost, game.Chat{Text: "press n to follow, or join it from the lobby."})
	pt.must(t, pAnn, game.Sit{Seat: game.SeatOf(game.Purple), Name: "ann"})
	pt.must(t, pAnn, game.Chat{Text: state.NoticeMark + " New game at table T001: press n to follow."})
	m := modelAt(t, pt, pAnn, 120, 40)
	v := plainView(m)
	if !strings.Contains(v, "New game at table T001") {
		t.Fatalf("the chat is not on screen:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if l := strings.TrimSpace(l); strings.HasPrefix(l, state.NoticeMark) || strings.HasPrefix(l, "New game") {
			t.Errorf("a player's line looks like a notice: %q", l)
		}
	}
}
