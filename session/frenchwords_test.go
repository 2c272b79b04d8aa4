package session

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/i18n/i18ntest"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// TestNoEnglishOnFrenchScreens draws every kind of screen twice, in English
// and in French, and fails when a French frame holds a word that only
// English uses (i18ntest.EnglishOnly): a word of the English frames or of
// the catalog's English keys that no French text of the catalog holds and
// that is not the fixtures' data. TestEverySentenceHasFrench sees only
// literals given to T, F, G and N; this sees what reaches the screen by
// fmt.Sprintf, concatenation or a constant, whatever its way.
func TestNoEnglishOnFrenchScreens(t *testing.T) {
	frames := map[i18n.Lang][]frenchFrame{}
	for _, sc := range frenchScenarios() {
		for _, sz := range [][2]int{{80, 24}, {120, 40}} {
			for _, l := range i18n.All {
				name := sc.name + "/" + sizeName(sz)
				frames[l] = append(frames[l], frenchFrame{name, sc.draw(t, l, sz[0], sz[1])})
			}
		}
	}
	var texts []string
	for _, f := range frames[i18n.English] {
		texts = append(texts, f.text)
	}
	english := i18ntest.EnglishOnly(texts, fixtureWords()...)
	for _, f := range frames[i18n.French] {
		for _, line := range strings.Split(f.text, "\n") {
			if w := english.In(line); len(w) > 0 {
				t.Errorf("%s: English %q in French: %q", f.name, w, strings.TrimSpace(line))
			}
		}
	}
}

type frenchFrame struct{ name, text string }

// fixtureWords are the words of this test's data, the same in every
// language: players' and tables' names, the psychics' names.
func fixtureWords() []string {
	same := []string{"alice", "bob", "carol"}
	for _, n := range names {
		same = append(same, n)
	}
	for _, t := range frenchTables() {
		same = append(same, t.Name)
	}
	for _, c := range game.Colours {
		same = append(same, c.Character())
	}
	return same
}

// frenchTables are the lobby's tables. Their statuses are the ones this
// package translates (final): the hub's others (waiting, round N/7...)
// have their French in the server's catalog, which a session test does not
// link.
func frenchTables() []TableInfo {
	return []TableInfo{
		{Code: "K7QX", Name: "Samhain at Warwick", Options: game.Options{Edition: game.Classic, Difficulty: game.Medium, Timer: 2 * time.Minute},
			Host: "bob", SeatsTaken: 4, SeatsOpen: 1, Status: "final"},
		{Code: "P2MD", Name: "Tuesday ghosts", Options: game.Options{Edition: game.Modern}, Host: "carol",
			SeatsTaken: 5, SeatsOpen: 0, Status: "final"},
		{Code: "ZX9A", Name: "Old house", Options: game.Options{Edition: game.Original, Difficulty: game.VeryHard},
			Private: true, Host: "alice", SeatsTaken: 2, SeatsOpen: 5, Status: "final"},
	}
}

type frenchScenario struct {
	name string
	draw func(t *testing.T, l i18n.Lang, w, h int) string
}

// frenchScenarios are the screens a player can see: the lobby (its list,
// form, help), the seat picker, each role's table, a paused sand timer, a
// zoomed card, the table's help, the final phase, the end screen and the
// linear mode's lines.
func frenchScenarios() []frenchScenario {
	lobby := func(keys ...string) func(t *testing.T, l i18n.Lang, w, h int) string {
		return func(t *testing.T, l i18n.Lang, w, h int) string {
			m := newTestModel(t, newFakeHub(frenchTables()...), Identity{ID: "alice", Name: "alice", Fingerprint: "alice"}, w, h)
			m.sh.Who.Lang = l
			m.Init() // reads the tables
			press(m, keys...)
			return plainView(m)
		}
	}
	atTable := func(setup func(t *testing.T, pt *pureTable), p game.PlayerID, edit func(m *Model, pt *pureTable), keys ...string) func(t *testing.T, l i18n.Lang, w, h int) string {
		return edition(game.Classic, setup, p, edit, keys...)
	}
	return append(tableScenarios(atTable, edition), []frenchScenario{
		{"lobby", lobby()},
		{"lobby form", lobby("n")},
		{"lobby help", lobby("?")},
		{"lobby code", lobby("c")},
		{"lobby name", lobby("e")},
		{"lobby too small", func(t *testing.T, l i18n.Lang, w, h int) string {
			return lobby()(t, l, w/3, h/3)
		}},
		{"seats", func(t *testing.T, l i18n.Lang, w, h int) string {
			pt := seatScenario(t)
			m := modelAt(t, pt, pGhost, w, h)
			m.sh.Who.Lang = l
			refresh(m, pt)
			return plainView(m)
		}},
	}...)
}

// edition draws a table of edition ed with 3 psychics, set up, seen by p.
func edition(ed game.Edition, setup func(t *testing.T, pt *pureTable), p game.PlayerID, edit func(m *Model, pt *pureTable), keys ...string) func(t *testing.T, l i18n.Lang, w, h int) string {
	return func(t *testing.T, l i18n.Lang, w, h int) string {
		pt := gameWith(t, ed, 3)
		if setup != nil {
			setup(t, pt)
		}
		m := modelAt(t, pt, p, w, h)
		m.sh.Who.Lang = l
		refresh(m, pt)
		if edit != nil {
			edit(m, pt)
		}
		press(m, keys...)
		return plainView(m)
	}
}

// tableScenarios are the table's screens in each edition.
func tableScenarios(atTable func(setup func(t *testing.T, pt *pureTable), p game.PlayerID, edit func(m *Model, pt *pureTable), keys ...string) func(t *testing.T, l i18n.Lang, w, h int) string,
	edition func(ed game.Edition, setup func(t *testing.T, pt *pureTable), p game.PlayerID, edit func(m *Model, pt *pureTable), keys ...string) func(t *testing.T, l i18n.Lang, w, h int) string) []frenchScenario {
	final := func(t *testing.T, pt *pureTable) { playToFinal(t, pt, true) }
	end := func(t *testing.T, pt *pureTable) {
		playToFinal(t, pt, true)
		voteAll(t, pt, 1)
	}
	paused := func(m *Model, pt *pureTable) {
		u := pt.update(m.sh.Who.ID)
		pub := u.View.Public()
		pub.TimerRunning, pub.TimerPaused = true, true
		u.Remaining = 100 * time.Second
		m.Update(state.UpdateMsg{Gen: m.gen, U: u})
	}
	linear := func(setup func(t *testing.T, pt *pureTable), p game.PlayerID) func(t *testing.T, l i18n.Lang, w, h int) string {
		return func(t *testing.T, l i18n.Lang, w, h int) string {
			pt := gameWith(t, game.Classic, 3)
			if setup != nil {
				setup(t, pt)
			}
			m := modelAt(t, pt, p, w, h)
			m.sh.Who.Lang = l
			var said []string
			for _, k := range []string{"P", "right", "R", "?", "esc"} {
				act(t, m, pt, k)
				lines, _ := m.TakeLines()
				said = append(said, lines...)
			}
			return ansi.Strip(strings.Join(said, "\n"))
		}
	}
	return []frenchScenario{
		{"ghost", atTable(nil, pGhost, nil)},
		{"ghost discard question", atTable(nil, pGhost, nil, " ", "x")},
		{"ghost note", atTable(nil, pGhost, nil, "w")},
		{"modern ghost", edition(game.Modern, nil, pGhost, nil)},
		{"original ghost", edition(game.Original, nil, pGhost, nil)},
		{"modern psychic", edition(game.Modern, ghostGiveAll, pAnn, nil)},
		{"original psychic", edition(game.Original, ghostGiveAll, pAnn, nil)},
		{"psychic leave question", atTable(ghostGiveAll, pAnn, nil, "q")},
		{"psychic chat", atTable(ghostGiveAll, pAnn, nil, "t")},
		{"ghost zoom", atTable(nil, pGhost, nil, "f")},
		{"psychic", atTable(ghostGiveAll, pAnn, nil)},
		{"psychic paused timer", atTable(ghostGiveAll, pAnn, paused)},
		{"psychic help", atTable(ghostGiveAll, pAnn, nil, "?")},
		{"spectator", atTable(ghostGiveAll, pWatch, nil)},
		{"final", atTable(final, pAnn, nil)},
		{"end", atTable(end, pAnn, nil)},
		{"end replay", atTable(end, pAnn, nil, "left", "left")},
		{"end ghost", atTable(end, pGhost, nil)},
		{"modern final", edition(game.Modern, final, pAnn, nil)},
		{"original final", edition(game.Original, final, pAnn, nil)},
		{"final spectator", atTable(final, pWatch, nil)},
		{"final ghost", atTable(final, pGhost, nil)},
		{"linear psychic", linear(ghostGiveAll, pAnn)},
		{"linear ghost", linear(nil, pGhost)},
	}
}
