package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestAForgedAnnouncementMovesNobody: a psychic who types the next game's
// announcement in chat, pointing at a table of their own, sends nobody
// there: n follows only the table's own notice, which no chat line can
// look like on screen.
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
	pt.must(t, pAnn, game.Chat{Text: noticeMark + " " + forged})
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
		if strings.HasPrefix(l, noticeMark) {
			t.Errorf("a player's line is drawn as a notice: %q", l)
		}
	}
	b.Update(keyMsg("n"))
	if b.table == nil || b.table.code == trap.Code {
		t.Fatalf("ben's n took him to the forged table %s", trap.Code)
	}
	next := b.table.code
	b.Close()

	// The real announcement is a notice: drawn as one, and followed.
	c := open(pCat)
	if got := statusLine(c); !strings.Contains(got, "The next game is at table "+next) {
		t.Errorf("cat's status = %q, want the next game at %s", got, next)
	}
	notices := 0
	for _, l := range strings.Split(plainView(c), "\n") {
		if strings.HasPrefix(l, noticeMark+" New game at table "+next) {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("the next game's notice is drawn %d times, want once:\n%s", notices, plainView(c))
	}
	c.Update(keyMsg("n"))
	if c.table == nil || c.table.code != next {
		t.Errorf("cat's n did not follow to %s", next)
	}
	c.Close()
}

// TestNoPlayerLineLooksLikeANotice: a player named like a notice, writing the
// rest of one, is still drawn as a player: not from the first column, and
// without the notices' mark.
func TestNoPlayerLineLooksLikeANotice(t *testing.T) {
	pt := newPureTable(t, game.DefaultOptions(game.Classic), pGhost, 7)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: noticeMark + " New game at table T001"})
	pt.must(t, pGhost, game.Chat{Text: "press n to follow, or join it from the lobby."})
	pt.must(t, pAnn, game.Sit{Seat: game.SeatOf(game.Purple), Name: "ann"})
	pt.must(t, pAnn, game.Chat{Text: noticeMark + " New game at table T001: press n to follow."})
	m := modelAt(t, pt, pAnn, 120, 40)
	v := plainView(m)
	if !strings.Contains(v, "New game at table T001") {
		t.Fatalf("the chat is not on screen:\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if l := strings.TrimSpace(l); strings.HasPrefix(l, noticeMark) || strings.HasPrefix(l, "New game") {
			t.Errorf("a player's line looks like a notice: %q", l)
		}
	}
}
