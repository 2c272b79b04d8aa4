package session

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// allReady puts every psychic's intuition on the trail card and readies them.
func allReady(t *testing.T, pt *pureTable, right bool) {
	t.Helper()
	g := pt.st.ViewFor(pGhost).(*game.GhostView)
	owner := map[game.Colour]game.PlayerID{game.Purple: pAnn, game.Yellow: pBen, game.Red: pCat, game.Blue: pDan}
	for _, tr := range g.Trails {
		p := g.Psychic(tr.Psychic)
		card := tr.Cards[p.Category]
		if !right {
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

func TestRevealKnocks(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	allReady(t, pt, false)
	a := modelAt(t, pt, pAnn, 80, 24)
	g := modelAt(t, pt, pGhost, 80, 24)
	if got := statusLine(g); !strings.HasPrefix(got, "Reveal the results") {
		t.Fatalf("ghost status = %q", got)
	}
	// The ghost reveals purple with r (purple is the first column).
	if err := act(t, g, pt, "r"); err != nil {
		t.Fatal(err)
	}
	_, cmd := a.Update(state.UpdateMsg{Gen: a.gen, U: pt.update(pAnn)})
	ts := a.table
	if !strings.Contains(ts.Knock.Text, "✘ knock knock") || !strings.Contains(ts.Knock.Text, "Conrad MacDowell") {
		t.Fatalf("knock = %q", ts.Knock.Text)
	}
	if cmd == nil {
		t.Fatal("no animation was scheduled")
	}
	if !strings.Contains(plainView(a), "knock knock") {
		t.Error("the knock is not on screen")
	}
	for i := 0; i < state.KnockFrames; i++ {
		a.Update(state.KnockDoneMsg{Gen: a.gen, Knock: ts.Knock.N})
	}
	if ts.Knock.Text != "" {
		t.Error("the knock never ends")
	}
	// a: the rest in seat order; the round's last result still knocks.
	if err := act(t, g, pt, "a"); err != nil {
		t.Fatal(err)
	}
	refresh(a, pt)
	if n := strings.Count(ts.Knock.Text, "knock"); n < 3 {
		t.Errorf("reveal all knocked %d times: %q", n, ts.Knock.Text)
	}
	if pt.st.ViewFor(pAnn).Public().Round != 2 {
		t.Error("the round did not advance")
	}
}

func TestTicksOnlyWhileTimerShown(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pAnn, 80, 24)
	ts := m.table
	if !ts.Timer.Ticking.IsZero() {
		t.Fatal("ticking without a timer")
	}
	pt.deadline = fixedNow.Add(9500 * time.Millisecond)
	pt.bump()
	refresh(m, pt)
	if ts.Timer.Ticking.IsZero() {
		t.Fatal("no tick with a timer running")
	}
	if !strings.Contains(plainView(m), "⏳ 0:10") {
		t.Errorf("countdown not shown:\n%s", plainView(m))
	}
	at := ts.Timer.Ticking
	// A second update while a tick is pending does not start another.
	refresh(m, pt)
	if ts.Timer.Ticking != at {
		t.Error("a second tick chain started")
	}
	pt.deadline = time.Time{}
	pt.bump()
	refresh(m, pt)
	m.Update(state.TickMsg{Gen: m.gen, At: at})
	if !ts.Timer.Ticking.IsZero() {
		t.Error("still ticking after the timer stopped")
	}
	if strings.Contains(plainView(m), "⏳ 0:") {
		t.Error("a stopped timer is still counting")
	}
}

func TestFinalByKeys(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, false)
	g := modelAt(t, pt, pGhost, 140, 45)
	if got := statusLine(g); got != "Choose the culprit's group: ↑↓ then c." {
		t.Fatalf("status = %q", got)
	}
	if err := act(t, g, pt, "down", "c"); err != nil {
		t.Fatal(err)
	}
	if gv := pt.st.ViewFor(pGhost).(*game.GhostView); gv.Culprit != 2 {
		t.Fatalf("culprit = %d, want 2", gv.Culprit)
	}
	if !strings.Contains(plainView(g), "☠ 2") || !strings.Contains(plainView(g), "the culprit") {
		t.Error("the ghost does not see the culprit marked")
	}
	act(t, g, pt, " ", "right", " ")
	if err := act(t, g, pt, "g"); err == nil {
		t.Fatal("a shared vision of 2 cards was accepted")
	}
	if len(g.table.Scr.Ghost.Selection()) != 2 {
		t.Error("the refusal lost the selection")
	}
	if err := act(t, g, pt, "right", " ", "g"); err != nil {
		t.Fatal(err)
	}
	// The straw poll: each level votes when its card shows.
	a := modelAt(t, pt, pAnn, 80, 24)
	if got := statusLine(a); !strings.HasPrefix(got, "Vote now: you see 1 of 3 cards.") {
		t.Fatalf("ann's status = %q", got)
	}
	if strings.Contains(plainView(a), "☠") {
		t.Error("a psychic sees the culprit")
	}
	act(t, a, pt, "t")
	if a.table.Chat.On {
		t.Error("chat opened during the secret poll")
	}
	// What follows t is typing, ignored until esc: then keys act again.
	act(t, a, pt, "esc")
	if err := act(t, a, pt, "2", "v"); err != nil {
		t.Fatal(err)
	}
	if got := statusLine(a); !strings.HasPrefix(got, "You voted for group 2.") {
		t.Errorf("status after voting = %q", got)
	}
	voteAll(t, pt, 2)
	refresh(a, pt)
	if a.table.Role() != state.RoleFinished {
		t.Fatalf("role after the vote = %v", a.table.Role())
	}
	v := plainView(a)
	if !strings.Contains(v, "THE PSYCHICS WON") {
		t.Errorf("end screen:\n%s", v)
	}
	// Replay: → steps to the next hour, l goes to the lobby.
	act(t, a, pt, "tab")
	act(t, a, pt, "right")
	if a.table.Scr.End.Replay != 1 || !strings.Contains(plainView(a), "hour II (2 of 3)") {
		t.Errorf("replay = %d:\n%s", a.table.Scr.End.Replay, plainView(a))
	}
	a.Update(keyMsg("l"))
	if a.screen != screenLobby {
		t.Error("l did not go back to the lobby")
	}
}

func TestOpenVoteModernMajority(t *testing.T) {
	opts := game.DefaultOptions(game.Modern)
	pt := playScenario(t, opts)
	playToFinal(t, pt, true)
	a := modelAt(t, pt, pAnn, 80, 24)
	if got := statusLine(a); !strings.HasPrefix(got, "Vote for a group: ↑↓ then v.") {
		t.Fatalf("status = %q", got)
	}
	act(t, a, pt, "3", "v")
	act(t, a, pt, "1", "v") // open votes can change
	b := modelAt(t, pt, pBen, 80, 24)
	if !strings.Contains(plainView(b), "votes: ●") {
		t.Errorf("ben does not see ann's open vote:\n%s", plainView(b))
	}
	act(t, b, pt, "t")
	if !b.table.Chat.On {
		t.Error("no chat during an open vote")
	}
}

func TestTwoColoursSwitch(t *testing.T) {
	// Classic with 3 players: two psychic players with two colours each.
	pt := newPureTable(t, game.DefaultOptions(game.Classic), pGhost, 5)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
	pt.must(t, pAnn, game.Sit{Seat: game.SeatOf(game.Purple), Name: "ann"})
	pt.must(t, pBen, game.Sit{Seat: game.SeatOf(game.Yellow), Name: "ben"})
	pt.must(t, pGhost, game.Start{})
	ghostGiveAll(t, pt)
	a := modelAt(t, pt, pAnn, 140, 45)
	if n := len(a.table.Psy.Colours); n != 2 {
		t.Fatalf("ann controls %d colours, want 2", n)
	}
	first, _ := a.table.Scr.Psychic.MyColour()
	if err := act(t, a, pt, "i"); err != nil {
		t.Fatal(err)
	}
	act(t, a, pt, "c")
	second, _ := a.table.Scr.Psychic.MyColour()
	if second == first {
		t.Fatal("c did not switch colour")
	}
	if !strings.Contains(plainView(a), "You are "+second.Symbol()+" "+second.Character()) {
		t.Errorf("the screen does not say ann now plays %s", second.Character())
	}
	if err := act(t, a, pt, "right", "i"); err != nil {
		t.Fatal(err)
	}
	v := pt.st.ViewFor(pAnn).Public()
	if v.Psychic(first).Intuition == "" || v.Psychic(second).Intuition == "" {
		t.Error("both of ann's psychics should have an intuition")
	}
}

func TestModernCompletionDropsOldVision(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Modern))
	ghostGiveAll(t, pt)
	allReady(t, pt, false) // everybody wrong: they keep their visions
	pt.must(t, pGhost, game.RevealAll{})
	g := modelAt(t, pt, pGhost, 80, 24)
	p := g.table.Scr.Ghost.GhostTarget()
	old := append([]game.CardID{}, p.Vision...)
	if len(old) == 0 {
		t.Fatal("no old vision to complete")
	}
	act(t, g, pt, "d")
	if len(g.table.Scr.Ghost.Drop.Cards) != len(old) {
		t.Fatalf("d marked %d cards to drop, want %d", len(g.table.Scr.Ghost.Drop.Cards), len(old))
	}
	if err := act(t, g, pt, "g"); err != nil {
		t.Fatal(err)
	}
	now := pt.st.ViewFor(pGhost).Public().Psychic(p.Colour).Vision
	for _, c := range now {
		for _, o := range old {
			if c == o {
				t.Errorf("old card %s was not dropped: %v", o, now)
			}
		}
	}
}

func TestKeysBeforeFirstUpdateAreKept(t *testing.T) {
	pt := seatScenario(t)
	m := newTestModel(t, newFakeHub(), Identity{ID: pCat, Name: "cat"}, 80, 24)
	m.attach(pt.code, pt, nil, false)
	m.Update(keyMsg("down"))
	m.Update(keyMsg("down"))
	if m.table.Scr.Seat.SeatCur != 0 {
		t.Fatal("keys acted before the screen was up")
	}
	refresh(m, pt)
	if m.table.Scr.Seat.SeatCur != 2 {
		t.Errorf("seat cursor = %d after two early downs, want 2", m.table.Scr.Seat.SeatCur)
	}
}

func TestLastHourIsRecalled(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	allReady(t, pt, true)
	pt.must(t, pGhost, game.RevealAll{})
	for _, p := range []game.PlayerID{pAnn, pGhost} {
		m := modelAt(t, pt, p, 140, 45)
		if v := plainView(m); !strings.Contains(v, "HOUR I  ✔ ●") {
			t.Errorf("%s's screen does not recall hour I's results:\n%s", p, v)
		}
	}
}

// n after the end asks the hub for the next game at the same table (it is
// reset in place: no new code); a refusal is shown, and nothing else moves.
func TestNewGameIsAtTheSameTable(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, true)
	voteAll(t, pt, 1)
	hub := newFakeHub()
	defer hub.stop()
	a := newTestModel(t, hub, Identity{ID: pAnn, Name: names[pAnn]}, 80, 24)
	a.attach(pt.code, pt, nil, false)
	refresh(a, pt)
	if a.table.Role() != state.RoleFinished {
		t.Fatalf("role = %v", a.table.Role())
	}
	if got := statusLine(a); !strings.Contains(got, "n: a new game at this table") {
		t.Errorf("status = %q", got)
	}
	hub.nextErr = errors.New("The game is not over yet.")
	a.Update(keyMsg("n"))
	if !strings.Contains(plainView(a), "No new game: The game is not over yet.") {
		t.Errorf("a refusal is not shown:\n%s", plainView(a))
	}
	a.Update(keyMsg("n"))
	want := []game.PlayerID{pAnn + " " + game.PlayerID(pt.code), pAnn + " " + game.PlayerID(pt.code)}
	if !slices.Equal(hub.again, want) || len(hub.created) != 0 {
		t.Fatalf("n asked %v and created %d tables; want %v and none", hub.again, len(hub.created), want)
	}
	if a.table == nil || a.table.Code != pt.code {
		t.Fatal("ann left the table")
	}
	a.Close()
}

func TestZoomGroupInFinal(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, true)
	m := modelAt(t, pt, pWatch, 80, 24)
	act(t, m, pt, "2", "z")
	g := pt.st.ViewFor(pWatch).Public().Final.Groups[1]
	first := g.Cards[pt.st.ViewFor(pWatch).Public().Order[0]]
	if m.table.Zoom.ID != first {
		t.Fatalf("z zoomed %q, want group 2's first card %q", m.table.Zoom.ID, first)
	}
	act(t, m, pt, "right")
	if m.table.Zoom.ID == first {
		t.Error("→ did not step to the group's next card")
	}
	checkFrame(t, m.View(), 80, 24)
}

func TestCommandsGoInKeyOrder(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 80, 24)
	_, first := m.Update(keyMsg("i"))  // intuition...
	_, second := m.Update(keyMsg("r")) // ...then ready, typed before the first is answered
	if first == nil {
		t.Fatal("i sent nothing")
	}
	if second != nil {
		t.Fatal("r went out while i was still in flight")
	}
	msg := first().(state.SubmitMsg)
	if msg.Err != nil {
		t.Fatal(msg.Err)
	}
	_, next := m.Update(msg)
	if next == nil {
		t.Fatal("the queued r was not sent after i was answered")
	}
	if msg := next().(state.SubmitMsg); msg.Err != nil {
		t.Fatalf("r after i was refused: %v", msg.Err)
	}
	if !pt.st.ViewFor(pAnn).Public().Psychic(game.Purple).Ready {
		t.Error("ann is not ready")
	}
}
