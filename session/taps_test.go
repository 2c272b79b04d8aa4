package session

import (
	"context"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/table/seat"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// tapModelAt is modelAt for a client whose terminal reports taps (a
// browser's).
func tapModelAt(t *testing.T, pt *pureTable, p game.PlayerID, w, h int) *Model {
	t.Helper()
	who := Identity{ID: p, Name: names[p], Fingerprint: string(p)}
	m := newTestModel(t, newFakeHub(), who, w, h)
	m.sh.Start.Taps = true
	m.attach(pt.code, pt, nil, false)
	refresh(m, pt)
	return m
}

// tapAt sends a left click at cell (x, y), runs the submit it may return
// as act does, and refreshes the view.
func tapAt(m *Model, pt *pureTable, x, y int) {
	m.View() // as Bubble Tea does after every message
	_, cmd := m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	for cmd != nil {
		msg, ok := runQuick(cmd).(state.SubmitMsg)
		if !ok {
			break
		}
		_, cmd = m.Update(msg)
	}
	refresh(m, pt)
}

// cellOf finds text on the screen the player sees and returns the cell of
// its first character: where a player would put a finger.
func cellOf(t *testing.T, m *Model, text string) (x, y int) {
	t.Helper()
	for row, line := range strings.Split(plainView(m), "\n") {
		if i := strings.Index(line, text); i >= 0 {
			return ansi.StringWidth(line[:i]), row
		}
	}
	t.Fatalf("%q is not on screen:\n%s", text, plainView(m))
	return 0, 0
}

// tapOn taps the first cell of text as drawn on screen.
func tapOn(t *testing.T, m *Model, pt *pureTable, text string) {
	t.Helper()
	x, y := cellOf(t, m, text)
	tapAt(m, pt, x, y)
}

// A tap on a card selects it as the arrow keys would, on every screen
// that shows cards, at the smallest and a large size; a second tap on it
// presses the screen's key for it (zoom, select).
func TestTapSelectsCards(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    game.PlayerID
		w, h int
		// setup brings the table to the screen; find is the text of the
		// third card (or row) to tap; check says what the taps did.
		setup func(t *testing.T, pt *pureTable)
		find  func(m *Model) string
		check func(t *testing.T, m *Model, second bool)
	}{
		{
			name: "psychic's table cards, 140x45", p: pAnn, w: 140, h: 45,
			setup: ghostGiveAll,
			find: func(m *Model) string {
				ps := &m.table.Scr.Psychic
				return ps.CardTitles(ps.TableCards(), ps.Layout().Cards.Size.W)[2]
			},
			check: func(t *testing.T, m *Model, second bool) {
				ps := &m.table.Scr.Psychic
				if ps.CardCur != 2 {
					t.Fatalf("the cursor is on card %d, want 2", ps.CardCur)
				}
				if want := ps.TableCards()[2]; second && m.table.Zoom.ID != want {
					t.Fatalf("a second tap zoomed %q, want %q", m.table.Zoom.ID, want)
				}
			},
		},
		{
			name: "psychic's table cards, 80x24", p: pAnn, w: 80, h: 24,
			setup: ghostGiveAll,
			find: func(m *Model) string {
				ps := &m.table.Scr.Psychic
				return " 3 " + m.sh.CardName(ps.TableCards()[2])
			},
			check: func(t *testing.T, m *Model, second bool) {
				ps := &m.table.Scr.Psychic
				if ps.CardCur != 2 {
					t.Fatalf("the cursor is on card %d, want 2", ps.CardCur)
				}
				if want := ps.TableCards()[2]; second && m.table.Zoom.ID != want {
					t.Fatalf("a second tap zoomed %q, want %q", m.table.Zoom.ID, want)
				}
			},
		},
		{
			name: "psychic's rows, 140x45", p: pAnn, w: 140, h: 45,
			setup: ghostGiveAll,
			find: func(m *Model) string {
				// The list is own first: the third row is the third in
				// seat order after ann's purple, yellow.
				ps := &m.table.Scr.Psychic
				return ansi.Strip(m.sh.St.ShortLabel(m.table.Pub.Psychics[ps.OrderedPsychics()[2]].Colour))
			},
			check: func(t *testing.T, m *Model, second bool) {
				ps := &m.table.Scr.Psychic
				if want := ps.OrderedPsychics()[2]; ps.Target != want {
					t.Fatalf("the chosen psychic is %d, want %d", ps.Target, want)
				}
			},
		},
		{
			name: "psychic's vision, 140x45", p: pAnn, w: 140, h: 45,
			setup: func(t *testing.T, pt *pureTable) {
				// Three cards for ann (purple): the tap picks the third.
				v := pt.st.ViewFor(pGhost).(*game.GhostView)
				pt.must(t, pGhost, game.GiveVision{To: game.Purple, Cards: v.Hand[:3]})
				ghostGiveAll(t, pt)
			},
			find: func(m *Model) string { return string(m.table.VisionOf(m.table.Scr.Psychic.Target)[2]) },
			check: func(t *testing.T, m *Model, second bool) {
				ps := &m.table.Scr.Psychic
				if ps.VisCur != 2 || m.table.Pane() != "psychics" {
					t.Fatalf("the cursor is on vision card %d in pane %q, want 2 in psychics", ps.VisCur, m.table.Pane())
				}
				if want := m.table.VisionOf(ps.Target)[2]; second && m.table.Zoom.ID != want {
					t.Fatalf("a second tap zoomed %q, want %q", m.table.Zoom.ID, want)
				}
			},
		},
		{
			name: "ghost's hand, 140x45", p: pGhost, w: 140, h: 45,
			find: func(m *Model) string { return "3 " + string(m.table.Ghost.Hand[2]) },
			check: func(t *testing.T, m *Model, second bool) {
				g := &m.table.Scr.Ghost
				if g.CardCur != 2 {
					t.Fatalf("the cursor is on hand card %d, want 2", g.CardCur)
				}
				if sel := g.Selection(); second != (len(sel) == 1 && sel[0] == m.table.Ghost.Hand[2]) {
					t.Fatalf("after the second tap %v: selection %v", second, sel)
				}
			},
		},
		{
			name: "ghost's hand, 80x24", p: pGhost, w: 80, h: 24,
			find: func(m *Model) string { return "3 " + string(m.table.Ghost.Hand[2]) },
			check: func(t *testing.T, m *Model, second bool) {
				g := &m.table.Scr.Ghost
				if g.CardCur != 2 {
					t.Fatalf("the cursor is on hand card %d, want 2", g.CardCur)
				}
				if sel := g.Selection(); second != (len(sel) == 1 && sel[0] == m.table.Ghost.Hand[2]) {
					t.Fatalf("after the second tap %v: selection %v", second, sel)
				}
			},
		},
		{
			name: "ghost's psychic columns, 140x45", p: pGhost, w: 140, h: 45,
			find: func(m *Model) string {
				return ansi.Strip(m.sh.St.ShortLabel(m.table.Pub.Psychics[2].Colour))
			},
			check: func(t *testing.T, m *Model, second bool) {
				if g := &m.table.Scr.Ghost; g.Target != 2 {
					t.Fatalf("the chosen psychic is %d, want 2", g.Target)
				}
			},
		},
		{
			name: "final's groups, psychic, 140x45", p: pAnn, w: 140, h: 45,
			setup: func(t *testing.T, pt *pureTable) { playToFinal(t, pt, true) },
			find: func(m *Model) string {
				g := m.table.Pub.Final.Groups[2]
				return layout.Itoa(g.Number) + " " + words.OwnerSymbol(g) + " "
			},
			check: func(t *testing.T, m *Model, second bool) {
				if fs := &m.table.Scr.Final; fs.GroupCur != 2 {
					t.Fatalf("the cursor is on group %d, want 2", fs.GroupCur)
				}
				if second && m.table.Zoom.ID == "" {
					t.Fatal("a second tap on the group did not zoom its cards")
				}
			},
		},
		{
			name: "final's hand, ghost, 140x45", p: pGhost, w: 140, h: 45,
			setup: func(t *testing.T, pt *pureTable) {
				playToFinal(t, pt, false)
				pt.must(t, pGhost, game.ChooseCulprit{Group: 1})
			},
			find: func(m *Model) string { return "3 " + string(m.table.Ghost.Hand[2]) },
			check: func(t *testing.T, m *Model, second bool) {
				g := &m.table.Scr.Ghost
				if g.CardCur != 2 {
					t.Fatalf("the cursor is on hand card %d, want 2", g.CardCur)
				}
				if sel := g.Selection(); second != (len(sel) == 1) {
					t.Fatalf("after the second tap %v: selection %v", second, sel)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			if tc.setup != nil {
				tc.setup(t, pt)
			}
			m := tapModelAt(t, pt, tc.p, tc.w, tc.h)
			text := tc.find(m)
			tapOn(t, m, pt, text)
			tc.check(t, m, false)
			if m.table.Zoom.ID != "" {
				t.Fatal("the first tap zoomed")
			}
			tapOn(t, m, pt, text)
			tc.check(t, m, true)
			if m.table.Zoom.ID != "" {
				tapAt(m, pt, 0, 0) // a tap closes the zoom
				if m.table.Zoom.ID != "" {
					t.Fatal("a tap did not close the zoomed card")
				}
			}
		})
	}
}

// At 80x24 a tap on a tab of the tab bar shows that pane, where a tap
// on a psychic's two lines chooses them.
func TestTapChoosesPane(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := tapModelAt(t, pt, pGhost, 80, 24)
	tapOn(t, m, pt, " Psychics ")
	if got := m.table.Pane(); got != "psychics" {
		t.Fatalf("after a tap on the Psychics tab the pane is %q", got)
	}
	x, y := cellOf(t, m, ansi.Strip(m.sh.St.ShortLabel(m.table.Pub.Psychics[2].Colour)))
	tapAt(m, pt, x, y+1) // the second line: what they find, their vision
	if g := &m.table.Scr.Ghost; g.Target != 2 {
		t.Fatalf("a tap on the third psychic's second line chose psychic %d", g.Target)
	}
	tapOn(t, m, pt, " Hand ")
	if got := m.table.Pane(); got != "hand" {
		t.Fatalf("after a tap on the Hand tab the pane is %q", got)
	}
}

// Reports the session did not ask for, or with numbers outside the
// window, or of another button, change nothing.
func TestTapsOutsideTheRulesDoNothing(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	// Bubble Tea v2 has a message for each: a press, a release, the wheel.
	press := func(x, y int, release bool, b tea.MouseButton) tea.Msg {
		m := tea.Mouse{X: x, Y: y, Button: b}
		switch {
		case release:
			return tea.MouseReleaseMsg(m)
		case b == tea.MouseWheelDown:
			return tea.MouseWheelMsg(m)
		}
		return tea.MouseClickMsg(m)
	}
	m := tapModelAt(t, pt, pAnn, 140, 45)
	ps := &m.table.Scr.Psychic
	x, y := cellOf(t, m, ps.CardTitles(ps.TableCards(), ps.Layout().Cards.Size.W)[2])
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		taps bool
	}{
		{"an SSH session's", press(x, y, false, tea.MouseLeft), false},
		{"a release", press(x, y, true, tea.MouseLeft), true},
		{"the right button", press(x, y, false, tea.MouseRight), true},
		{"the wheel", press(x, y, false, tea.MouseWheelDown), true},
		{"left of the window", press(-1, y, false, tea.MouseLeft), true},
		{"right of the window", press(140+x, y, false, tea.MouseLeft), true},
		{"below the window", press(x, 45+y, false, tea.MouseLeft), true},
		{"far beyond", press(1<<62, 1<<62, false, tea.MouseLeft), true},
		{"far before", press(-1<<62, -1<<62, false, tea.MouseLeft), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m.sh.Start.Taps = tc.taps
			ps.CardCur = 0
			m.View()
			m.Update(tc.msg)
			if ps.CardCur != 0 || m.table.Zoom.ID != "" {
				t.Fatalf("the report moved the cursor to %d (zoom %q)", ps.CardCur, m.table.Zoom.ID)
			}
		})
	}
	// The same tap, asked for and in the window, does select.
	m.sh.Start.Taps = true
	tapAt(m, pt, x, y)
	if ps.CardCur != 2 {
		t.Fatalf("the good tap put the cursor on %d", ps.CardCur)
	}
}

// cellLeftOf is cellOf for text in the first w columns (the seat list
// beside the seat picker's panel, which may name the same character).
func cellLeftOf(t *testing.T, m *Model, text string, w int) (x, y int) {
	t.Helper()
	for row, line := range strings.Split(plainView(m), "\n") {
		if i := strings.Index(line, text); i >= 0 && ansi.StringWidth(line[:i]) < w {
			return ansi.StringWidth(line[:i]), row
		}
	}
	t.Fatalf("%q is not on screen:\n%s", text, plainView(m))
	return 0, 0
}

// A tap on a seat of the seat picker moves the cursor there as ↑↓ do; a
// second tap sits there (enter), or for the host on a bot's seat changes
// the bot's level (l), at the smallest size, a middle one, beside the
// panel and upright, where a seat is three rows tall (a blank one, the
// seat, who sits there) and a tap on any of them chooses it.
func TestTapChoosesASeat(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {160, 45}, {42, 40}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			pt := seatScenario(t)
			// Upright, the first tap lands on the blank row above the
			// seat, the second on the row under it.
			above, under := 0, 0
			if sz[0] < 80 {
				above, under = -1, 1
			}
			// ann (yellow) moves to the green seat.
			ann := tapModelAt(t, pt, pAnn, sz[0], sz[1])
			green := slices.Index(game.Seats[:], game.SeatOf(game.Green))
			x, y := cellLeftOf(t, ann, game.Green.Character(), seat.SeatListW)
			tapAt(ann, pt, x, y+above)
			if got := ann.table.Scr.Seat.SeatCur; got != green {
				t.Fatalf("a tap on green put the cursor on seat %d, want %d", got, green)
			}
			if pub := pt.st.ViewFor(pAnn).Public(); pub.SeatOf(pAnn) != game.SeatOf(game.Yellow) {
				t.Fatal("the first tap moved ann")
			}
			tapAt(ann, pt, x, y+under)
			if pub := pt.st.ViewFor(pAnn).Public(); pub.SeatOf(pAnn) != game.SeatOf(game.Green) {
				t.Fatalf("the second tap did not seat ann in green: %v", pub.SeatOf(pAnn))
			}
			// The host's second tap on the bot's seat (blue) changes its level.
			host := tapModelAt(t, pt, pGhost, sz[0], sz[1])
			level := func() game.BotLevel {
				for _, s := range pt.st.ViewFor(pGhost).Public().Seats {
					if s.Seat == game.SeatOf(game.Blue) {
						return s.BotLevel
					}
				}
				return ""
			}
			before := level()
			x, y = cellLeftOf(t, host, game.Blue.Character(), seat.SeatListW)
			tapAt(host, pt, x, y+under)
			if level() != before {
				t.Fatal("the first tap on the bot changed its level")
			}
			tapAt(host, pt, x, y+above)
			if got := level(); got != words.NextBotLevel(before) {
				t.Fatalf("the second tap on the bot made it %q, want %q", got, words.NextBotLevel(before))
			}
		})
	}
}

// A tap on a table of the lobby's list moves the cursor there as ↑↓ do;
// a second tap joins it (enter: its seat picker, nobody seated). An SSH
// session's lobby takes no tap.
func TestTapChoosesATableInTheLobby(t *testing.T) {
	for _, taps := range []bool{true, false} {
		t.Run(map[bool]string{true: "browser", false: "ssh"}[taps], func(t *testing.T) {
			hub := newFakeHub()
			t.Cleanup(hub.stop)
			var codes []string
			for _, name := range []string{"Samhain", "Tuesday ghosts", "Old house"} {
				info, err := hub.CreateTable(alice, TableSpec{Name: name, Options: game.DefaultOptions(game.Classic)})
				if err != nil {
					t.Fatal(err)
				}
				codes = append(codes, info.Code)
			}
			m := New(context.Background(), hub, alice, Start{Taps: taps}, testRenderer(colorprofile.ANSI256), 80, 24).(*Model)
			m.Init()
			x, y := cellOf(t, m, "Old house")
			tap := func() {
				m.View()
				m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
			}
			// Only the left button's press counts.
			for _, msg := range []tea.Msg{
				tea.MouseReleaseMsg{X: x, Y: y, Button: tea.MouseLeft},
				tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseRight},
				tea.MouseClickMsg{X: x + 80, Y: y, Button: tea.MouseLeft},
			} {
				m.Update(msg)
				if m.lobby.Cursor != 0 {
					t.Fatalf("%+v moved the cursor", msg)
				}
			}
			tap()
			want := 2
			if !taps {
				want = 0
			}
			if m.lobby.Cursor != want || m.screen != screenLobby {
				t.Fatalf("after a tap on the third table: cursor %d (want %d), screen %v", m.lobby.Cursor, want, m.screen)
			}
			tap()
			if !taps {
				if m.screen != screenLobby {
					t.Fatal("an SSH session's tap joined a table")
				}
				return
			}
			if m.screen != screenTable || m.table == nil || m.table.Code != codes[2] {
				t.Fatalf("the second tap did not join %s", codes[2])
			}
		})
	}
}

// A tap on the replay's header steps an hour back (◂, its left half) or
// on (▸, its right half), as ←→ do, beside the summary and in the 80x24
// layout's replay pane.
func TestTapStepsTheReplay(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {140, 45}} {
		t.Run(sizeName(sz), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			playToFinal(t, pt, true)
			voteAll(t, pt, 1)
			m := tapModelAt(t, pt, pAnn, sz[0], sz[1])
			if sz[1] < 40 {
				tapOn(t, m, pt, " Replay ")
			}
			e := &m.table.Scr.End
			if len(m.table.Pub.History) < 2 {
				t.Fatal("a game of one hour: nothing to step through")
			}
			tapOn(t, m, pt, "▸")
			if e.Replay != 1 {
				t.Fatalf("a tap on ▸ showed hour %d, want 1", e.Replay)
			}
			tapOn(t, m, pt, "REPLAY")
			if e.Replay != 0 {
				t.Fatalf("a tap on the header's left half showed hour %d, want 0", e.Replay)
			}
		})
	}
}

// In the new-table form a tap on a field chooses it, as tab would; a
// second tap takes its next value, as → does (the edition's, the
// visibility's); a tap on the difficulty of an edition without one, or
// a second tap on the name, changes nothing.
func TestTapChoosesAFormField(t *testing.T) {
	m := New(context.Background(), newFakeHub(), alice, Start{Taps: true}, testRenderer(colorprofile.ANSI256), 80, 24).(*Model)
	m.Init()
	press(m, "n")
	tap := func(label string) {
		t.Helper()
		x, y := cellOf(t, m, label)
		m.View()
		m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	}
	f := &m.lobby.Form
	tap("Edition")
	if f.Field != lobby.FieldEdition || f.Edition != 0 {
		t.Fatalf("a tap on Edition: field %d, edition %d", f.Field, f.Edition)
	}
	tap("Edition")
	if f.Edition != 1 {
		t.Fatalf("a second tap on Edition chose edition %d, want 1", f.Edition)
	}
	if lobby.DifficultiesFor(lobby.Editions[f.Edition]) == nil {
		tap("Difficulty")
		if f.Field != lobby.FieldEdition {
			t.Fatalf("a tap on the difficulty of %s chose field %d", lobby.Editions[f.Edition], f.Field)
		}
	}
	tap("Visibility")
	tap("Visibility")
	if f.Field != lobby.FieldPrivate || !f.Private {
		t.Fatalf("two taps on Visibility: field %d, private %v", f.Field, f.Private)
	}
	tap("Name")
	tap("Name")
	if f.Field != lobby.FieldName || m.lobby.Mode != lobby.LobbyCreate {
		t.Fatalf("two taps on Name: field %d, mode %d", f.Field, m.lobby.Mode)
	}
}
