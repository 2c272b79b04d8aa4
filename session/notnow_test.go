package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// A key of the screen that does nothing at this point of the game says so,
// in the player's language: a psychic's i during the reveal, the ghost's g
// then, a spectator's i, the ghost's v in the final. It was ignored without
// a word. A key the screen never uses stays silent.
func TestIdleKeysSayWhy(t *testing.T) {
	toReveal := func(t *testing.T) *pureTable {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		ghostGiveAll(t, pt)
		g := pt.st.ViewFor(pGhost).(*game.GhostView)
		for _, tr := range g.Trails {
			p := g.Psychic(tr.Psychic)
			for _, s := range g.Seats {
				if len(s.Colours) > 0 && s.Colours[0] == tr.Psychic {
					pt.must(t, s.Player, game.PlaceIntuition{Psychic: tr.Psychic, Card: tr.Cards[p.Category]},
						game.SetReady{Psychic: tr.Psychic, Ready: true})
				}
			}
		}
		if ph := pt.st.Phase(); ph != game.PhaseReveal {
			t.Fatalf("phase %v", ph)
		}
		return pt
	}
	toFinal := func(t *testing.T) *pureTable {
		pt := playScenario(t, game.DefaultOptions(game.Classic))
		playToFinal(t, pt, true)
		return pt
	}
	for _, c := range []struct {
		name  string
		table func(*testing.T) *pureTable
		who   game.PlayerID
		key   string
		en    string
		fr    string
	}{
		{"psychic's i in the reveal", toReveal, pAnn, "i", "i (intuition) does nothing now: see the line below.", "i (intuition) ne fait rien pour l'instant : voir la ligne du bas."},
		{"ghost's g in the reveal", toReveal, pGhost, "g", "g (give) does nothing now", "g (donner) ne fait rien"},
		{"ghost's → in the reveal", toReveal, pGhost, "l", "←→ (card) does nothing now", "←→ (carte) ne fait rien"},
		{"spectator's i", toReveal, pWatch, "i", "You are watching: i (intuition) is for the players.", "Vous regardez : i (intuition) est pour les joueurs."},
		{"ghost's v in the final", toFinal, pGhost, "v", "v (vote) does nothing now", "v (voter) ne fait rien"},
	} {
		for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
			t.Run(c.name+"/"+lang.String(), func(t *testing.T) {
				pt := c.table(t)
				m := modelAt(t, pt, c.who, 120, 40)
				m.sh.Who.Lang = lang
				press(m, c.key)
				want := c.en
				if lang == i18n.French {
					want = c.fr
				}
				if !strings.Contains(m.sh.Flash, want) {
					t.Errorf("%s: flash %q, want %q", c.key, m.sh.Flash, want)
				}
				if !strings.Contains(plainView(m), m.sh.Flash) {
					t.Errorf("the flash is not on screen:\n%s", plainView(m))
				}
				// A key the screen never uses says nothing.
				m.sh.Flash = ""
				press(m, "%")
				if m.sh.Flash != "" {
					t.Errorf("%% said %q", m.sh.Flash)
				}
			})
		}
	}
}

// The ghost's p and + say why they do nothing: the ghost's seat never
// works the sand timer (a host in it hands the keys to the psychics). It
// read "p (pause) does nothing now: see the line below", and the line below
// is about the visions.
func TestGhostsTimerKeysSayWhy(t *testing.T) {
	for _, lang := range []i18n.Lang{i18n.English, i18n.French} {
		for _, key := range []string{"p", "+"} {
			t.Run(key+"/"+lang.String(), func(t *testing.T) {
				pt := playScenario(t, game.DefaultOptions(game.Classic)) // the host sits as the ghost
				m := modelAt(t, pt, pGhost, 80, 24)
				m.sh.Who.Lang = lang
				press(m, key)
				want := "The ghost never works the sand timer: the psychics have p and +."
				if lang == i18n.French {
					want = "Le fantôme ne touche jamais au sablier : p et + sont aux médiums."
				}
				if m.sh.Flash != want {
					t.Errorf("%s: flash %q, want %q", key, m.sh.Flash, want)
				}
				if !strings.Contains(plainView(m), m.sh.Flash) {
					t.Errorf("the reason is not whole on an 80x24 screen:\n%s", plainView(m))
				}
			})
		}
	}
}
