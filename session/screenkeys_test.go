package session

import (
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestKeysOfEveryScreen checks Model.Keys, which a phone's key bar draws
// as buttons, on every screen a session can be on: it has the keys that
// screen offers (the lobby's n, c, w, i; a question's y and n; esc on a
// zoomed card), no letter where a text field has the keyboard (a button
// would type it), and every hint the screen's own bar shows (both come
// from the screen's one key map).
func TestKeysOfEveryScreen(t *testing.T) {
	lobby := func(t *testing.T) *Model {
		hub := newFakeHub()
		t.Cleanup(hub.stop)
		if _, err := hub.CreateTable(alice, TableSpec{Name: "Samhain", Options: game.DefaultOptions(game.Classic)}); err != nil {
			t.Fatal(err)
		}
		m := newTestModel(t, hub, alice, 120, 40)
		m.Init()
		return m
	}
	at := func(p game.PlayerID, setup func(t *testing.T, pt *pureTable)) func(t *testing.T) *Model {
		return func(t *testing.T) *Model {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			if setup != nil {
				setup(t, pt)
			}
			return modelAt(t, pt, p, 120, 40)
		}
	}
	toEnd := func(t *testing.T, pt *pureTable) {
		playToFinal(t, pt, true)
		voteAll(t, pt, 1)
	}
	for _, tc := range []struct {
		name string
		open func(t *testing.T) *Model
		keys []string // pressed first
		want []string // among Keys
		// letters are exactly the one-letter keys of Keys (what a phone
		// gets a button for besides its fixed ones), when not nil.
		letters []string
	}{
		{"lobby", lobby, nil, []string{"up", "down", "enter"}, []string{"c", "e", "i", "j", "k", "n", "q", "r", "w"}},
		{"lobby, new table's name", lobby, []string{"n"}, []string{"tab", "enter", "esc"}, []string{}},
		{"lobby, new table's edition", lobby, []string{"n", "tab"}, []string{"left", "right", "enter", "esc"}, []string{"h", "l"}},
		{"lobby, table code", lobby, []string{"c"}, []string{"enter", "esc"}, []string{}},
		{"lobby, display name", lobby, []string{"e"}, []string{"enter", "esc"}, []string{}},
		{"lobby, invitation", lobby, []string{"i"}, []string{"esc"}, []string{}},
		{"help", lobby, []string{"?"}, []string{"esc"}, []string{}},
		{"window too small", func(t *testing.T) *Model {
			m := lobby(t)
			m.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
			return m
		}, nil, []string{"q"}, []string{"q"}},
		{"not joined yet", func(t *testing.T) *Model {
			m := newTestModel(t, newFakeHub(), Identity{ID: pAnn, Name: "ann"}, 120, 40)
			m.attach("K7QX", seatScenario(t), nil, false)
			return m
		}, nil, []string{"q"}, []string{"q"}},
		{"seats, host", func(t *testing.T) *Model { return modelAt(t, seatScenario(t), pGhost, 120, 40) }, nil,
			[]string{"up", "down", "enter", "s", "b", "t", "tab", "q"}, nil},
		{"seats, player", func(t *testing.T) *Model { return modelAt(t, seatScenario(t), pAnn, 120, 40) }, nil,
			[]string{"up", "enter", "r", "u", "q"}, nil},
		{"ghost", at(pGhost, nil), nil, []string{"left", "right", " ", "g", "w", "q"}, nil},
		{"ghost's note", at(pGhost, nil), []string{"w"}, []string{"enter", "esc"}, []string{}},
		{"psychic", at(pAnn, ghostGiveAll), nil, []string{"left", "right", "i", "m", "w", "t"}, nil},
		{"psychic's note", at(pAnn, ghostGiveAll), []string{"w"}, []string{"enter", "esc"}, []string{}},
		{"chat", at(pAnn, ghostGiveAll), []string{"t"}, []string{"enter", "esc", "tab"}, []string{}},
		{"chat closed", at(pGhost, nil), []string{"t"}, []string{"esc", "enter"}, []string{}},
		{"zoomed card", at(pAnn, ghostGiveAll), []string{"enter"}, []string{"esc", "enter", "left", "right", "q"}, []string{"h", "l", "q"}},
		{"leave?", at(pAnn, ghostGiveAll), []string{"q"}, []string{"y", "n"}, []string{"n", "y"}},
		{"final", at(pAnn, func(t *testing.T, pt *pureTable) { playToFinal(t, pt, true) }), nil, []string{"v", "z", "q"}, nil},
		{"end and replay", at(pAnn, toEnd), nil, []string{"left", "right", "n", "l"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := tc.open(t)
			press(m, tc.keys...)
			hints := m.Keys()
			var all, letters []string
			shown := map[string]bool{}
			for _, h := range hints {
				all = append(all, h.Keys...)
				shown[h.Key+" "+h.Desc] = true
				for _, k := range h.Keys {
					if utf8.RuneCountInString(k) == 1 && k != " " {
						letters = append(letters, k)
					}
				}
			}
			for _, k := range tc.want {
				if !slices.Contains(all, k) {
					t.Errorf("Keys lack %q: %+v", k, hints)
				}
			}
			sort.Strings(letters)
			if tc.letters != nil && !slices.Equal(letters, tc.letters) {
				t.Errorf("the letters of Keys are %q, want %q", letters, tc.letters)
			}
			bar := keyBar(m)
			if m.sh.TooSmall() {
				return // no bar, only a sentence
			}
			for _, item := range strings.Split(bar, " · ") {
				if item == "? keys" {
					continue
				}
				if !shown[item] {
					t.Errorf("the bar shows %q, which Keys lack: %+v\nbar: %s", item, hints, bar)
				}
			}
		})
	}
}

// The bar of a table not joined yet says q leaves: it does (the keys typed
// meanwhile wait for the screen, q does not).
func TestQLeavesATableNotJoinedYet(t *testing.T) {
	m := newTestModel(t, newFakeHub(), Identity{ID: pAnn, Name: "ann"}, 120, 40)
	m.attach("K7QX", seatScenario(t), nil, false)
	if !strings.Contains(keyBar(m), "q leave") {
		t.Fatalf("the bar does not offer q: %q", keyBar(m))
	}
	press(m, "q")
	if m.screen != screenLobby {
		t.Fatal("q did not leave the table")
	}
}

// A question is answered by y (or Y, caps lock on); n or any other key
// cancels it.
func TestQuestionKeys(t *testing.T) {
	for _, tc := range []struct {
		key   string
		leave bool
	}{{"y", true}, {"Y", true}, {"n", false}, {"x", false}, {"esc", false}} {
		t.Run(tc.key, func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			m := modelAt(t, pt, pAnn, 120, 40)
			press(m, "q")
			if m.table == nil || m.table.Confirm != "leave" {
				t.Fatal("q did not ask first")
			}
			press(m, tc.key)
			if left := m.screen == screenLobby; left != tc.leave {
				t.Fatalf("after %q left: %v, want %v", tc.key, left, tc.leave)
			}
			if !tc.leave && m.table.Confirm != "" {
				t.Fatalf("after %q the question is still open", tc.key)
			}
		})
	}
}
