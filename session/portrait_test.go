package session

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// portraitSizes are a phone held upright: about 44 columns at 14 px on a
// 390x844 screen, 40 at the smallest it is laid out for.
var portraitSizes = [][2]int{{44, 52}, {40, 46}}

// portraitRoles are the screens a player meets at a table, from the seat
// picker to the end, each with what shows it is up.
var portraitRoles = []struct {
	name  string
	p     game.PlayerID
	ready string
	setup func(t *testing.T, pt *pureTable)
}{
	{"ghost", pGhost, "selected)", func(t *testing.T, pt *pureTable) {
		v := pt.st.ViewFor(pGhost).(*game.GhostView)
		pt.must(t, pGhost, game.GiveVision{To: v.WaitingVisions[0], Cards: v.Hand[:2]})
	}},
	{"psychic", pAnn, "VISION OF", func(t *testing.T, pt *pureTable) {
		ghostGiveAll(t, pt)
		cards := pt.st.ViewFor(pAnn).Public().TableCards
		for i, p := range pt.st.ViewFor(pAnn).Public().Psychics {
			if i%2 == 1 {
				pt.must(t, psychicPlayers[i], game.PlaceIntuition{Psychic: p.Colour, Card: cards[p.Category][i%len(cards[p.Category])]})
			}
		}
	}},
	{"spectator", pWatch, "Watching", func(t *testing.T, pt *pureTable) { ghostGiveAll(t, pt) }},
	{"final", pAnn, "SUSPECT GROUPS", func(t *testing.T, pt *pureTable) { playToFinal(t, pt, true) }},
	{"final-ghost", pGhost, "SUSPECT GROUPS", func(t *testing.T, pt *pureTable) {
		playToFinal(t, pt, false)
		pt.must(t, pGhost, game.ChooseCulprit{Group: 1})
	}},
	{"end", pAnn, "THE PSYCHICS", func(t *testing.T, pt *pureTable) {
		playToFinal(t, pt, true)
		voteAll(t, pt, 1)
	}},
}

// TestGoldenPortrait draws every screen a player meets, from the lobby to
// the end, for a phone held upright (go test -run TestGoldenPortrait
// -update rewrites them). The desktop's and landscape's goldens are other
// files, unchanged by this layout.
func TestGoldenPortrait(t *testing.T) {
	for _, sz := range portraitSizes {
		t.Run(fmt.Sprintf("lobby/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := newTestModel(t, newFakeHub(sampleTables()...), alice, sz[0], sz[1])
			runGolden(t, m, sz[0], sz[1], "TABLES", "Tuesday ghosts")
		})
		t.Run(fmt.Sprintf("seats/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			pt := seatedWith(t, game.Classic, 4)
			pt.must(t, psychicPlayers[1], game.Chat{Text: "who takes the ghost?"})
			who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost)}
			m := newTestModel(t, newFakeHub(), who, sz[0], sz[1])
			m.sh.Cards = fakeCards{}
			m.attach(pt.code, pt, pt.subscribe(pGhost), false)
			runGolden(t, m, sz[0], sz[1], "Press s to start", "Press s to start")
		})
		for _, r := range portraitRoles {
			t.Run(fmt.Sprintf("%s/%dx%d", r.name, sz[0], sz[1]), func(t *testing.T) {
				pt := gameWith(t, game.Classic, 4)
				r.setup(t, pt)
				who := Identity{ID: r.p, Name: names[r.p], Fingerprint: string(r.p)}
				m := newTestModel(t, newFakeHub(), who, sz[0], sz[1])
				m.sh.Cards = fakeCards{}
				m.attach(pt.code, pt, pt.subscribe(r.p), false)
				runGolden(t, m, sz[0], sz[1], r.ready, r.ready)
			})
		}
		// The ghost's ? help: what each key does, on under its first words.
		t.Run(fmt.Sprintf("help/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			r := portraitRoles[0]
			pt := gameWith(t, game.Classic, 4)
			r.setup(t, pt)
			who := Identity{ID: r.p, Name: names[r.p], Fingerprint: string(r.p)}
			m := newTestModel(t, newFakeHub(), who, sz[0], sz[1])
			m.sh.Cards = fakeCards{}
			m.attach(pt.code, pt, pt.subscribe(r.p), false)
			runGolden(t, m, sz[0], sz[1], r.ready, "EVERYWHERE", "?")
		})
	}
}

// Upright, each screen keeps what its player judges on one screen: a
// psychic every table card and the vision, the ghost every card of its
// hand and the card to make found, the final the groups and the shared
// vision, with 3 to 6 psychics, at the sizes a phone gives (40 to 48
// columns, 36 to 60 rows).
func TestPortraitKeepsWhatYouJudgeOnOneScreen(t *testing.T) {
	for _, n := range []int{3, 4, 6} {
		for _, sz := range [][2]int{{40, 36}, {40, 46}, {44, 41}, {46, 44}, {48, 60}} {
			for _, r := range portraitRoles {
				t.Run(fmt.Sprintf("%s/%d/%dx%d", r.name, n, sz[0], sz[1]), func(t *testing.T) {
					pt := gameWith(t, game.Classic, n)
					r.setup(t, pt)
					m := modelAt(t, pt, r.p, sz[0], sz[1])
					m.sh.Cards = fakeCards{}
					if !m.sh.Portrait() {
						t.Fatalf("%dx%d is not laid out upright", sz[0], sz[1])
					}
					view := m.View()
					checkFrame(t, view, sz[0], sz[1])
					v := ansi.Strip(view)
					var want []string
					switch r.name {
					case "psychic", "spectator":
						want = append(want, "VISION OF", "PSYCHICS AND VISIONS")
						for i := range m.table.Scr.Psychic.TableCards() {
							want = append(want, fmt.Sprintf(" %d ", i+1))
						}
					case "ghost":
						want = append(want, "TO ", "your hand")
						for i, id := range m.table.Ghost.Hand {
							want = append(want, fmt.Sprintf("%d %s", i+1, id))
						}
					case "final", "final-ghost":
						want = append(want, "SUSPECT GROUPS", "SHARED VISION")
					case "end":
						want = append(want, "THE PSYCHICS")
					}
					for _, w := range want {
						if !strings.Contains(v, w) {
							t.Errorf("%q is not on the screen:\n%s", w, v)
						}
					}
				})
			}
		}
	}
}

// Upright, a tap on a card or a list's entry chooses it as the arrows
// would, and a second tap presses the screen's key for it, as at every
// other size; an entry is three rows tall (a finger's 44 px), and a line of
// one row (a psychic's, a group's as text) is no target: ↑↓ choose it.
func TestPortraitTapsChoose(t *testing.T) {
	for _, sz := range portraitSizes {
		t.Run(fmt.Sprintf("psychic's table card/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			ghostGiveAll(t, pt)
			m := tapModelAt(t, pt, pAnn, sz[0], sz[1])
			ps := &m.table.Scr.Psychic
			cards, _ := table.PortraitLayout(ps)
			text := ps.CardTitles(ps.TableCards(), cards.Size.W)[2]
			tapOn(t, m, pt, text)
			if ps.CardCur != 2 || m.table.Zoom.ID != "" {
				t.Fatalf("after a tap on %q the cursor is on card %d (zoom %q), want 2", text, ps.CardCur, m.table.Zoom.ID)
			}
			tapOn(t, m, pt, text)
			if want := ps.TableCards()[2]; m.table.Zoom.ID != want {
				t.Fatalf("a second tap zoomed %q, want %q", m.table.Zoom.ID, want)
			}
		})
		t.Run(fmt.Sprintf("psychic's vision and rows/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			v := pt.st.ViewFor(pGhost).(*game.GhostView)
			pt.must(t, pGhost, game.GiveVision{To: game.Purple, Cards: v.Hand[:2]})
			ghostGiveAll(t, pt)
			m := tapModelAt(t, pt, pAnn, sz[0], sz[1])
			ps := &m.table.Scr.Psychic
			tapOn(t, m, pt, string(m.table.VisionOf(ps.Target)[1]))
			if ps.VisCur != 1 || m.table.Pane() != "psychics" {
				t.Fatalf("the cursor is on vision card %d in pane %q, want 1 in psychics", ps.VisCur, m.table.Pane())
			}
			row, was := ps.OrderedPsychics()[2], ps.Target
			tapOn(t, m, pt, ansi.Strip(m.sh.St.ShortLabel(m.table.Pub.Psychics[row].Colour)))
			if ps.Target != was {
				t.Fatalf("a tap on a psychic's one-row line chose psychic %d, not %d", ps.Target, was)
			}
		})
		t.Run(fmt.Sprintf("ghost's hand and psychics/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			m := tapModelAt(t, pt, pGhost, sz[0], sz[1])
			g := &m.table.Scr.Ghost
			text := "3 " + string(m.table.Ghost.Hand[2])
			tapOn(t, m, pt, text)
			if g.CardCur != 2 {
				t.Fatalf("the cursor is on hand card %d, want 2", g.CardCur)
			}
			tapOn(t, m, pt, text)
			if sel := g.Selection(); len(sel) != 1 || sel[0] != m.table.Ghost.Hand[2] {
				t.Fatalf("after a second tap the selection is %v", sel)
			}
			was := g.Target
			tapOn(t, m, pt, ansi.Strip(m.sh.St.ShortLabel(m.table.Pub.Psychics[2].Colour)))
			if g.Target != was {
				t.Fatalf("a tap on a psychic's one-row line chose psychic %d, not %d", g.Target, was)
			}
		})
		t.Run(fmt.Sprintf("final's groups/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			playToFinal(t, pt, true)
			m := tapModelAt(t, pt, pAnn, sz[0], sz[1])
			g := m.table.Pub.Final.Groups[2]
			tapOn(t, m, pt, layout.Itoa(g.Number)+" "+words.OwnerSymbol(g)+" ")
			if fs := &m.table.Scr.Final; fs.GroupCur != 0 {
				t.Fatalf("a tap on a group's one-row line put the cursor on group %d", fs.GroupCur)
			}
		})
		t.Run(fmt.Sprintf("lobby's table/%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m := newTestModel(t, newFakeHub(sampleTables()...), alice, sz[0], sz[1])
			m.sh.Start.Taps = true
			m.lobby.Hits.On = true
			m.Init()
			x, y := cellOf(t, m, "Old house")
			m.View()
			for _, dy := range []int{-1, 1} { // the blank row above, the second line
				m.lobby.Cursor = 0
				m.Update(tea.MouseClickMsg{X: x, Y: y + dy, Button: tea.MouseLeft})
				if m.lobby.Cursor != 2 {
					t.Fatalf("a tap %d rows from the third table's first line: cursor %d", dy, m.lobby.Cursor)
				}
			}
		})
	}
}

// Below the smallest layout the screen says what to do: hold the phone
// upright, or make the text smaller, instead of only that it is too small.
func TestTooSmallSaysWhatToDo(t *testing.T) {
	for _, tc := range []struct {
		w, h  int
		small bool
		say   string
	}{
		{80, 24, false, ""},
		{40, 36, false, ""},
		{79, 35, true, "Hold the phone upright"},
		{44, 30, true, "Hold the phone upright"},
		{30, 50, true, "Make the text smaller"},
		{39, 60, true, "or turn the phone"},
		{100, 20, true, "Make it larger"},
	} {
		m := newTestModel(t, newFakeHub(sampleTables()...), alice, tc.w, tc.h)
		m.Init()
		v := plainView(m)
		if m.sh.TooSmall() != tc.small || tc.small && !strings.Contains(v, tc.say) {
			t.Errorf("%dx%d: too small %v (want %v), says:\n%s", tc.w, tc.h, m.sh.TooSmall(), tc.small, v)
		}
		checkFrame(t, m.View(), tc.w, tc.h)
	}
}

// Upright, the end screen's summary, replay and chat stay tabs: t opens
// the chat's, where what is typed shows.
func TestPortraitEndChatShowsWhatIsTyped(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	playToFinal(t, pt, true)
	voteAll(t, pt, 1)
	m := modelAt(t, pt, pAnn, 44, 52)
	press(m, "t", "z", "q", "x")
	if v := plainView(m); !strings.Contains(v, "zqx") {
		t.Errorf("the line being typed is not on the screen:\n%s", v)
	}
}
