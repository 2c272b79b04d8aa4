package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// feed hands the model player p's current update after edit changed its
// view (a state the scenario would take many rounds to reach).
func feed(m *Model, pt *pureTable, edit func(pub *game.TableView)) {
	u := pt.update(m.sh.Who.ID)
	edit(u.View.Public())
	m.Update(state.UpdateMsg{Gen: m.gen, U: u})
}

// The screens say what is true: tokens used from hour IV on never come
// back; "an OBJECT"; a watcher at the seat picker is told they watch.
func TestWordsThatDoNotLie(t *testing.T) {
	t.Run("tokens before hour IV", func(t *testing.T) {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		m := modelAt(t, pt, pAnn, 120, 40)
		feed(m, pt, func(pub *game.TableView) {
			pub.Round = 2
			for i := range pub.Psychics {
				pub.Psychics[i].TokensSpent = 2
			}
		})
		if v := plainView(m); !strings.Contains(v, "2 used, back at hour IV") {
			t.Errorf("hour II does not promise the tokens back:\n%s", v)
		}
	})
	t.Run("tokens from hour IV", func(t *testing.T) {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		m := modelAt(t, pt, pAnn, 120, 40)
		feed(m, pt, func(pub *game.TableView) {
			pub.Round = 5
			for i := range pub.Psychics {
				pub.Psychics[i].TokensSpent = 2
			}
		})
		v := plainView(m)
		if strings.Contains(v, "back at hour IV") || !strings.Contains(v, "(2 used)") {
			t.Errorf("hour V still promises the tokens back:\n%s", v)
		}
	})
	t.Run("an object", func(t *testing.T) {
		pt := playScenario(t, game.DefaultOptions(game.Original))
		m := modelAt(t, pt, pWatch, 120, 40)
		v := plainView(m)
		if strings.Contains(v, "a OBJECT") || !strings.Contains(v, "looking for an OBJECT") {
			t.Errorf("the spectator's line:\n%s", strings.Split(v, "\n")[2])
		}
	})
	t.Run("watching the seat picker", func(t *testing.T) {
		pt := seatScenario(t)
		who := Identity{ID: pWatch, Name: "walt", Fingerprint: string(pWatch)}
		m := newTestModel(t, newFakeHub(), who, 80, 24)
		m.attach(pt.code, pt, nil, true)
		refresh(m, pt)
		if got := statusLine(m); !strings.HasPrefix(got, "You are watching.") {
			t.Errorf("status %q", got)
		}
	})
}

// A psychic whose trail is complete sees the table cards of the psychic
// they help (the one chosen in the list), not their own last category.
func TestFinishedPsychicSeesTheCategoryTheyHelpWith(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	m := modelAt(t, pt, pAnn, 140, 45)
	order := pt.st.ViewFor(pAnn).Public().Order
	var me game.Colour
	feed(m, pt, func(pub *game.TableView) {
		for i := range pub.Psychics {
			p := &pub.Psychics[i]
			if p.Colour == game.Purple {
				me = p.Colour
				p.Finished, p.Category = true, order[2]
			} else {
				p.Category = order[0]
			}
		}
	})
	if me != game.Purple {
		t.Fatal("ann is not purple")
	}
	press(m, "down") // the next psychic in the list
	want := words.CatPlural(i18n.English, order[0]) + " ON THE TABLE"
	if v := plainView(m); !strings.Contains(v, want) {
		t.Errorf("the finished psychic does not see %q:\n%s", want, v)
	}
	cards := m.table.Scr.Psychic.TableCards()
	if len(cards) == 0 || cards[0] != m.table.Pub.TableCards[order[0]][0] {
		t.Errorf("table cards %v are not the %v cards", cards, order[0])
	}
}
