package session

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

func TestSeatPickerSitAndBots(t *testing.T) {
	pt := seatScenario(t)
	m := modelAt(t, pt, pCat, 80, 24)
	if got := statusLine(m); got != "Choose a seat: ↑↓ then enter." {
		t.Errorf("status = %q", got)
	}
	// Purple is the second seat in the list.
	if err := act(t, m, pt, "down", "enter"); err != nil {
		t.Fatal(err)
	}
	if s := pt.st.ViewFor(pCat).Public().SeatOf(pCat); s != game.SeatOf(game.Purple) {
		t.Fatalf("cat sits at %v, want purple", s)
	}
	if got := statusLine(m); got != "You sit as ● Conrad MacDowell. Press r when you are ready." {
		t.Errorf("status = %q", got)
	}
	// Ready up: the seat says so, and the host sees who is still not ready.
	if err := act(t, m, pt, "r"); err != nil {
		t.Fatal(err)
	}
	if got := statusLine(m); got != "You sit as ● Conrad MacDowell, ready. Waiting for the host to start." {
		t.Errorf("status after r = %q", got)
	}
	if !strings.Contains(plainView(m), "ready ✔") {
		t.Errorf("the seat list does not mark the ready seat:\n%s", plainView(m))
	}
	// A taken seat: the engine's sentence, and the cursor stays.
	err := act(t, m, pt, "down", "enter")
	if err == nil {
		t.Fatal("sitting on ann's seat was accepted")
	}
	if m.table.Scr.Seat.SeatCur != 2 || !strings.Contains(plainView(m), err.Error()) {
		t.Errorf("cursor %d, view lacks %q", m.table.Scr.Seat.SeatCur, err.Error())
	}
	// Not the host: b is refused by the engine.
	if err := act(t, m, pt, "down", "down", "down", "b"); err == nil {
		t.Error("a guest could add a bot")
	}
	host := modelAt(t, pt, pGhost, 80, 24)
	if got := statusLine(host); got != "Press s to start the game: 5 players seated. Not ready yet: ann, ben." {
		t.Errorf("host status = %q", got)
	}
	if err := act(t, host, pt, "down", "down", "down", "down", "b"); err != nil {
		t.Fatal(err) // the bot on blue is taken out
	}
	if err := act(t, host, pt, "s"); err != nil {
		t.Fatal(err)
	}
	if host.table.Role() != state.RoleGhost {
		t.Errorf("after start the host (ghost) sees %v", host.table.Role())
	}
}

func TestGhostMultiSelectAndGive(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pGhost, 140, 45)
	ts := m.table
	if ts.Role() != state.RoleGhost {
		t.Fatalf("role = %v", ts.Role())
	}
	hand := append([]game.CardID{}, ts.Ghost.Hand...)
	act(t, m, pt, " ", "right", "right", " ")
	if got := ts.Scr.Ghost.Selection(); len(got) != 2 || got[0] != hand[0] || got[1] != hand[2] {
		t.Fatalf("selection = %v, want %v and %v", got, hand[0], hand[2])
	}
	act(t, m, pt, "left", " ", " ") // select and unselect card 2
	if len(ts.Scr.Ghost.Selection()) != 2 {
		t.Errorf("space twice should leave the selection as it was: %v", ts.Scr.Ghost.Selection())
	}
	if got := statusLine(m); got != "Give ● Conrad MacDowell a vision (2 selected)." {
		t.Errorf("status = %q", got)
	}
	if err := act(t, m, pt, "g"); err != nil {
		t.Fatal(err)
	}
	v := pt.st.ViewFor(pGhost).(*game.GhostView)
	if p := v.Psychic(game.Purple); len(p.Vision) != 2 || p.Vision[0] != hand[0] || p.Vision[1] != hand[2] {
		t.Errorf("purple's vision = %v", p.Vision)
	}
	if len(ts.Scr.Ghost.Selection()) != 0 {
		t.Error("the selection survived an accepted gift")
	}
	if p := ts.Scr.Ghost.GhostTarget(); p == nil || p.Colour != game.Yellow {
		t.Fatalf("after the gift the cursor is on %v, want the next waiting psychic (yellow)", p)
	}
	// Giving purple a second vision this round is refused; the selection stays.
	act(t, m, pt, "up", " ")
	err := act(t, m, pt, "g")
	if err == nil {
		t.Fatal("a second vision to purple was accepted")
	}
	if len(ts.Scr.Ghost.Selection()) != 1 {
		t.Error("a refused gift lost the selection")
	}
	if !strings.Contains(plainView(m), err.Error()) {
		t.Errorf("the refusal %q is not on screen", err.Error())
	}
	act(t, m, pt, "down", "g")
	if p := pt.st.ViewFor(pGhost).Public().Psychic(game.Yellow); len(p.Vision) != 1 {
		t.Errorf("yellow's vision = %v", p.Vision)
	}
}

func TestGhostCrowAsksFirst(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pGhost, 80, 24)
	before := pt.st.ViewFor(pGhost).Public().DiscardsLeft
	act(t, m, pt, "x")
	if m.table.Confirm != "" {
		t.Error("x with nothing selected should not ask")
	}
	act(t, m, pt, " ", "x")
	if m.table.Confirm != "discard" {
		t.Fatal("x did not ask for confirmation")
	}
	act(t, m, pt, "n")
	if pt.st.ViewFor(pGhost).Public().DiscardsLeft != before {
		t.Error("n still discarded")
	}
	act(t, m, pt, "x", "y")
	if got := pt.st.ViewFor(pGhost).Public().DiscardsLeft; got != before-1 {
		t.Errorf("crows left %d, want %d", got, before-1)
	}
}

func TestPsychicIntuitionReadyTokens(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 80, 24)
	ts := m.table
	if ts.Role() != state.RolePsychic {
		t.Fatalf("role = %v", ts.Role())
	}
	if got := statusLine(m); got != "Place your intuition: ←→ to a card, then i." {
		t.Errorf("status = %q", got)
	}
	cards := ts.Scr.Psychic.TableCards()
	if err := act(t, m, pt, "right", "i"); err != nil {
		t.Fatal(err)
	}
	me := pt.st.ViewFor(pAnn).Public().Psychic(game.Purple)
	if me.Intuition != cards[1] {
		t.Errorf("intuition = %s, want %s", me.Intuition, cards[1])
	}
	act(t, m, pt, "r")
	if !pt.st.ViewFor(pAnn).Public().Psychic(game.Purple).Ready {
		t.Error("r did not make ann ready")
	}
	if got := statusLine(m); !strings.HasPrefix(got, "You are ready. Waiting for") {
		t.Errorf("status = %q", got)
	}
	// Ben places an intuition; ann puts a ✔ token on it, then takes it back.
	b := modelAt(t, pt, pBen, 80, 24)
	act(t, b, pt, "i")
	refresh(m, pt)
	act(t, m, pt, "down") // the list is own first, then yellow
	if p := ts.Scr.Psychic.TokenTarget(); p == nil || p.Colour != game.Yellow {
		t.Fatalf("token target = %v", p)
	}
	if err := act(t, m, pt, "y"); err != nil {
		t.Fatal(err)
	}
	on := pt.st.ViewFor(pAnn).Public().Psychic(game.Yellow).TokensOn
	if len(on) != 1 || on[0].From != game.Purple || on[0].Kind != game.TokenYes {
		t.Errorf("tokens on yellow = %v", on)
	}
	if err := act(t, m, pt, "x"); err != nil {
		t.Fatal(err)
	}
	if on := pt.st.ViewFor(pAnn).Public().Psychic(game.Yellow).TokensOn; len(on) != 0 {
		t.Errorf("token not taken back: %v", on)
	}
	// A token on one's own intuition is refused with the engine's sentence.
	act(t, m, pt, "up")
	if err := act(t, m, pt, "n"); err == nil {
		t.Error("a token on one's own intuition was accepted")
	}
}

func TestChatRights(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	a := modelAt(t, pt, pAnn, 140, 45)
	act(t, a, pt, "t")
	if !a.table.Chat.On {
		t.Fatal("t did not open the chat for a psychic")
	}
	for _, r := range "the raven\x07!" {
		act(t, a, pt, string(r))
	}
	if err := act(t, a, pt, "enter"); err != nil {
		t.Fatal(err)
	}
	chat := pt.st.ViewFor(pAnn).Public().Chat
	if len(chat) != 1 || chat[0].Text != "the raven!" {
		t.Fatalf("chat = %+v", chat)
	}
	if !strings.Contains(plainView(a), "ann: the raven!") {
		t.Error("the line is not on ann's screen")
	}
	g := modelAt(t, pt, pGhost, 140, 45)
	act(t, g, pt, "t")
	if g.table.Chat.On || !strings.Contains(g.sh.Flash, "never speaks") {
		t.Errorf("the ghost could open the chat (flash %q)", g.sh.Flash)
	}
	if !strings.Contains(plainView(g), "ann: the raven!") {
		t.Error("the ghost does not read the chat")
	}
	s := modelAt(t, pt, pWatch, 140, 45)
	act(t, s, pt, "t")
	if s.table.Chat.On {
		t.Error("a spectator could write during the game")
	}
}

func TestZoomAndResize(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 80, 24)
	cards := m.table.Scr.Psychic.TableCards()
	act(t, m, pt, "right", "enter")
	if m.table.Zoom.ID != cards[1] {
		t.Fatalf("zoom = %q, want %q", m.table.Zoom.ID, cards[1])
	}
	if got := statusLine(m); !strings.HasPrefix(got, "Looking at ") {
		t.Errorf("status = %q", got)
	}
	checkFrame(t, m.View(), 80, 24)
	act(t, m, pt, "right")
	if m.table.Zoom.ID != cards[2] {
		t.Errorf("→ in zoom shows %q, want %q", m.table.Zoom.ID, cards[2])
	}
	act(t, m, pt, "esc")
	if m.table.Zoom.ID != "" {
		t.Error("esc did not close the zoom")
	}
	if !strings.Contains(plainView(m), "tab: next pane") {
		t.Error("80x24 should show tabs")
	}
	m.Update(tea.WindowSizeMsg{Width: 140, Height: 45})
	v := plainView(m)
	if strings.Contains(v, "tab: next pane") || !strings.Contains(v, "PSYCHICS AND VISIONS") || !strings.Contains(v, "CLAIRVOYANCE") {
		t.Errorf("140x45 should show everything at once:\n%s", v)
	}
	checkFrame(t, m.View(), 140, 45)
	m.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
	if !strings.Contains(plainView(m), "Window too small") {
		t.Error("60x20 is too small")
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	checkFrame(t, m.View(), 100, 30)
}

func TestLeaveAsksDuringGame(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pAnn, 80, 24)
	act(t, m, pt, "q")
	if got := statusLine(m); !strings.HasPrefix(got, "Leave the game? Press y") {
		t.Errorf("status = %q", got)
	}
	act(t, m, pt, "n")
	if m.screen != screenTable {
		t.Fatal("n left the game")
	}
	m.Update(keyMsg("q"))
	m.Update(keyMsg("y"))
	if m.screen != screenLobby || m.table != nil {
		t.Error("q y did not go back to the lobby")
	}
	// A spectator leaves at once.
	s := modelAt(t, pt, pWatch, 80, 24)
	s.Update(keyMsg("q"))
	if s.screen != screenLobby {
		t.Error("a spectator was asked to confirm")
	}
}

func TestPlainModeDrawsWords(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pGhost, 140, 45)
	m.sh.Cards = fakeCards{}
	m.sh.Plain = false
	if !strings.Contains(m.View(), "\x1b[48;5;") {
		t.Fatal("the fake art is not drawn")
	}
	act(t, m, pt, "P")
	v := plainView(m)
	if !strings.Contains(v, "a raven on a") {
		t.Errorf("plain mode does not show the alt-text:\n%s", v)
	}
}

// fakeCards has words and a flat picture for every card.
type fakeCards struct{}

func (fakeCards) Title(id game.CardID, l i18n.Lang) string {
	if strings.HasPrefix(string(id), "V") {
		return ""
	}
	return l.T("The " + string(id))
}
func (fakeCards) Alt(id game.CardID, l i18n.Lang) string {
	return l.T("a raven on a teacup, card " + string(id))
}
func (fakeCards) Art(id game.CardID, w, h int, _ colorprofile.Profile) string {
	// A flat block whose colour depends on the card, with its id on top.
	c := 17 + int(id[len(id)-1])%200
	line := "\x1b[48;5;" + layout.Itoa(c) + "m" + strings.Repeat(" ", w) + "\x1b[0m"
	return strings.TrimSuffix(strings.Repeat(line+"\n", h), "\n")
}

func TestBuiltinDeckIsDrawn(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pAnn, 140, 45)
	id := m.table.Scr.Psychic.TableCards()[0]
	if m.sh.CardName(id) == string(id) {
		t.Errorf("card %s has no title from the built-in deck", id)
	}
	if !strings.Contains(m.View(), "▀") {
		t.Error("no card art on the psychic's screen")
	}
	m.sh.R.SetColorProfile(colorprofile.ASCII)
	if strings.Contains(m.View(), "▀") {
		t.Error("a terminal without colours got half-block art instead of words")
	}
}

func TestHostileStringsAreDrawnSafely(t *testing.T) {
	hub := newFakeHub(TableInfo{Code: "EV1L", Name: "x\x1b]0;pwned\x07\u202eeman", Host: "h\x1b[2Jost",
		Options: game.DefaultOptions(game.Classic), Status: "waiting"})
	m := newTestModel(t, hub, alice, 140, 45)
	m.Init()
	v := m.View()
	for _, bad := range []string{"\x1b]0;", "\x07", "\u202e", "\x1b[2J"} {
		if strings.Contains(v, bad) {
			t.Errorf("the lobby drew %q", bad)
		}
	}
}

// The host changes a bot seat's level with l (novice, seasoned, expert and
// round again); the seat list says how the bot plays, and l on a seat
// without a bot says so.
func TestSeatPickerBotLevel(t *testing.T) {
	pt := seatScenario(t)
	host := modelAt(t, pt, pGhost, 80, 24)
	level := func() game.BotLevel {
		for _, s := range pt.st.ViewFor(pGhost).Public().Seats {
			if s.Seat == game.SeatOf(game.Blue) {
				return s.BotLevel
			}
		}
		return ""
	}
	if err := act(t, host, pt, "l"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plainView(host), "There is no bot in that seat") {
		t.Errorf("l on the ghost's (human) seat says nothing:\n%s", plainView(host))
	}
	if err := act(t, host, pt, "down", "down", "down", "down"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plainView(host), "a seasoned bot") || !strings.Contains(plainView(host), "l level") || words.BotLevel(i18n.English, game.BotExpert) != "an expert bot" {
		t.Fatalf("the bot's seat does not show its level, or the bar lacks l:\n%s", plainView(host))
	}
	for _, want := range []game.BotLevel{game.BotExpert, game.BotNovice, game.BotSeasoned, game.BotExpert} {
		if err := act(t, host, pt, "l"); err != nil {
			t.Fatal(err)
		}
		if level() != want || !strings.Contains(plainView(host), words.BotLevel(i18n.English, want)) {
			t.Fatalf("after l the bot is %q, want %q:\n%s", level(), want, plainView(host))
		}
	}
}
