package session

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// The French suspects of a category, all at once, fitted to the widths a
// caption or a list gives them: each reads differently and none is cut
// inside a word in its middle ("La Chambre du maître" beside "La Chambre
// d'enfant" read "Cham…e"): what follows a "…" is the title's last whole
// words.
func TestFrenchTitlesCutAtWords(t *testing.T) {
	d := deck.Builtin()
	for _, lang := range []i18n.Lang{i18n.French, i18n.English} {
		for _, k := range []deck.Kind{deck.Character, deck.Location, deck.Object} {
			var titles []string
			for _, c := range d.Cards(k) {
				titles = append(titles, c.NameIn(lang))
			}
			for w := 6; w <= 16; w++ {
				out := layout.ShortTitles(titles, w)
				seen := map[string]string{}
				for i, s := range out {
					if o, ok := seen[s]; ok {
						t.Errorf("%s %s w=%d: %q and %q both read %q", lang, k, w, o, titles[i], s)
					}
					seen[s] = titles[i]
					if ansi.StringWidth(s) > w {
						t.Errorf("%q is wider than %d", s, w)
					}
					if _, end, ok := strings.Cut(s, "…"); ok && end != "" && !strings.HasSuffix(titles[i], " "+end) {
						t.Errorf("%s %s w=%d: %q reads %q, cut inside a word", lang, k, w, titles[i], s)
					}
				}
			}
		}
	}
}

// The French status line after an intuition is a sentence with its verb
// ("r quand c'est sûr…" had none), whole at 80 columns.
func TestFrenchReadyLineHasAVerb(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	v := pt.st.ViewFor(pAnn).(*game.PsychicView)
	me := v.Psychic(v.Colours[0])
	pt.must(t, pAnn, game.PlaceIntuition{Psychic: me.Colour, Card: v.TableCards[me.Category][0]})
	m := modelAt(t, pt, pAnn, 80, 24)
	m.sh.Who.Lang = i18n.French
	want := "Appuyez sur r quand votre choix est fait (l'intuition peut encore bouger)."
	if got := strings.TrimSpace(statusLine(m)); got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}

// The card under the cursor, drawn beside the list at 80x24, is captioned
// with its whole name when the name without its article fits ("Le Fusil de
// cha…" had room for "Fusil de chasse").
func TestPreviewCaptionDropsTheArticleBeforeCutting(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Original))
	m := modelAt(t, pt, pAnn, 80, 24)
	m.sh.Who.Lang = i18n.French
	ps := m.table.Scr.Psychic
	cards := ps.TableCards()
	checked := 0
	for i, id := range cards {
		name := m.sh.CardName(id)
		bare := layout.ShortTitle(name, layout.ThumbW, 0) // without its article, when that fits
		if ansi.StringWidth(name) <= layout.ThumbW || strings.Contains(bare, "…") {
			continue
		}
		for k := 0; k < len(cards) && m.table.Scr.Psychic.CardCur < i; k++ {
			act(t, m, pt, "right")
		}
		if got := m.table.Scr.Psychic.CardCur; got != i {
			t.Fatalf("the cursor is on card %d, want %d", got, i)
		}
		v := plainView(m)
		if cutName := ansi.Truncate(name, layout.ThumbW, "…"); strings.Contains(v, cutName) {
			t.Errorf("the caption of %q reads %q, not %q:\n%s", name, cutName, bare, v)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no table card has a long name: the test proves nothing")
	}
}

// A French spectator's status line while the ghost gives visions is whole
// at 80 columns: "(4 médiums doivent encore en rec…" lost its end.
func TestFrenchSpectatorStatusFitsEightyColumns(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	m := modelAt(t, pt, pWatch, 80, 24)
	m.sh.Who.Lang = i18n.French
	want := "Vous regardez le fantôme qui donne les visions (encore 4 médiums à servir)."
	if got := strings.TrimSpace(statusLine(m)); got != want {
		t.Errorf("status %q, want %q", got, want)
	}
}
