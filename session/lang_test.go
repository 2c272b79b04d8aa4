package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// langHub is a hub that keeps each player's language, as the server's
// profile store does.
type langHub struct {
	*fakeHub
	set map[game.PlayerID][]i18n.Lang
}

func (h *langHub) SetLang(id game.PlayerID, l i18n.Lang) error {
	h.set[id] = append(h.set[id], l)
	return nil
}

// TestLanguageSwitch: L turns the whole screen French at once (lobby, ?
// help, a table screen's body, key bar and status), is kept through the
// hub, and turns it back; a guest's is told to the hub (it lasts their
// connection) but not said to be kept in a profile they do not have. A
// session starts in the language its identity carries.
func TestLanguageSwitch(t *testing.T) {
	hub := &langHub{fakeHub: newFakeHub(sampleTables()...), set: map[game.PlayerID][]i18n.Lang{}}
	m := newTestModel(t, hub, alice, 80, 24)
	m.Init()
	press(m, "L")
	v := plainView(m)
	for _, want := range []string{"Langue : Français · L passe en English", "Français (gardé dans votre profil). L passe en English.",
		"entrée jouer", "Choisissez une table", "NOM", "classique"} {
		if !strings.Contains(v, want) {
			t.Errorf("after L the lobby lacks %q:\n%s", want, v)
		}
	}
	if got := hub.set[alice.ID]; len(got) != 1 || got[0] != i18n.French {
		t.Errorf("the hub kept %v, want [French]", got)
	}
	press(m, "?")
	if v := plainView(m); !strings.Contains(v, "PARTOUT") || !strings.Contains(v, "la langue de vos écrans") {
		t.Errorf("the ? help is not French:\n%s", v)
	}
	press(m, "x", "L")
	if v := plainView(m); !strings.Contains(v, "Language: English · L switches to Français") {
		t.Errorf("a second L does not bring English back:\n%s", v)
	}

	guest := newTestModel(t, hub, Identity{ID: "guest-1", Name: "visitor", Guest: true}, 80, 24)
	guest.Init()
	press(guest, "L")
	if got := hub.set["guest-1"]; len(got) != 1 || got[0] != i18n.French || strings.Contains(plainView(guest), "profil") {
		t.Errorf("a guest's language: the hub kept %v, the screen says\n%s", got, plainView(guest))
	}

	fr := alice
	fr.Lang = i18n.French
	m = newTestModel(t, hub, fr, 80, 24)
	m.Init()
	if v := plainView(m); !strings.Contains(v, "Langue : Français") {
		t.Errorf("a session whose identity reads French starts in English:\n%s", v)
	}
}

// TestLanguagePerPlayer: two psychics at one table, one reading French and
// one English; each screen is drawn in its own player's language from the
// same update, and switching one changes nothing on the other.
func TestLanguagePerPlayer(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	ann := modelAt(t, pt, pAnn, 120, 40)
	ben := modelAt(t, pt, pBen, 120, 40)
	press(ann, "L")
	refresh(ann, pt)
	refresh(ben, pt)
	a, b := plainView(ann), plainView(ben)
	for _, want := range []string{"SUR LA TABLE", "Posez votre intuition", "i intuition · r prêt", "HEURE I sur VII", "MÉDIUMS ET VISIONS"} {
		if !strings.Contains(a, want) {
			t.Errorf("ann (French) lacks %q:\n%s", want, a)
		}
	}
	for _, want := range []string{"ON THE TABLE", "Place your intuition", "i intuition · r ready", "HOUR I of VII", "PSYCHICS AND VISIONS"} {
		if !strings.Contains(b, want) {
			t.Errorf("ben (English) lacks %q:\n%s", want, b)
		}
	}
	if strings.Contains(b, "SUR LA TABLE") || strings.Contains(a, "ON THE TABLE") {
		t.Error("one player's language leaked into the other's screen")
	}
}

// TestEveryKeyHintHasFrench: the key maps' hints, help sentences, pane
// names and screen titles are English keys translated where drawn (the
// catalog test sees only literals): every one of them, on every screen and
// in every phase these scenarios reach, has a French text.
func TestEveryKeyHintHasFrench(t *testing.T) {
	setups := map[string]struct {
		p     game.PlayerID
		setup func(t *testing.T) *pureTable
	}{
		"seats-host":     {pGhost, seatScenario},
		"seats-psychic":  {pAnn, seatScenario},
		"ghost":          {pGhost, func(t *testing.T) *pureTable { return playScenario(t, game.DefaultOptions(game.Classic)) }},
		"ghost-modern":   {pGhost, func(t *testing.T) *pureTable { return playScenario(t, game.DefaultOptions(game.Modern)) }},
		"ghost-original": {pGhost, func(t *testing.T) *pureTable { return playScenario(t, game.DefaultOptions(game.Original)) }},
		"psychic": {pAnn, func(t *testing.T) *pureTable {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			ghostGiveAll(t, pt)
			return pt
		}},
		"spectator": {pWatch, func(t *testing.T) *pureTable {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			ghostGiveAll(t, pt)
			return pt
		}},
		"final-ghost": {pGhost, func(t *testing.T) *pureTable {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			playToFinal(t, pt, true)
			return pt
		}},
		"final-psychic": {pAnn, func(t *testing.T) *pureTable {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			playToFinal(t, pt, true)
			return pt
		}},
		"end": {pAnn, func(t *testing.T) *pureTable {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			playToFinal(t, pt, true)
			voteAll(t, pt, 1)
			return pt
		}},
	}
	for name, s := range setups {
		t.Run(name, func(t *testing.T) {
			m := modelAt(t, s.setup(t), s.p, 120, 40)
			ts := m.table
			scr := ts.Screen()
			if scr == nil {
				t.Fatal("no screen")
			}
			texts := append([]string{scr.Title()}, scr.Panes()...)
			for _, b := range ts.KeyMap() {
				texts = append(texts, b.Help().Desc, b.Sentence)
			}
			if ts.Role() == state.RoleGhost {
				for _, b := range ts.Scr.Ghost.Drop.Keys() {
					texts = append(texts, b.Help().Desc, b.Sentence)
				}
			}
			for _, s := range texts {
				if s != "" && !i18n.Has(s) {
					t.Errorf("no French for %q", s)
				}
			}
		})
	}
	for _, k := range []string{"enter", "esc", "space"} {
		if keymap.KeyLabel(i18n.French, k) == k {
			t.Errorf("the key name %q has no French", k)
		}
	}
	for _, s := range lobby.AboutLines {
		if !i18n.Has(s) {
			t.Errorf("no French for the lobby's %q", s)
		}
	}
}
