package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// Two more players, for six psychics.
const (
	pEve game.PlayerID = "SHA256:eve"
	pFay game.PlayerID = "SHA256:fay"
)

var psychicPlayers = []game.PlayerID{pAnn, pBen, pCat, pDan, pEve, pFay}

// gameWith is a started game of the edition with n psychic players.
func gameWith(t *testing.T, ed game.Edition, n int) *pureTable {
	t.Helper()
	pt := seatedWith(t, ed, n)
	pt.must(t, pGhost, game.Start{})
	return pt
}

// seatedWith is a table of edition ed still in seating: gwen hosts as the
// ghost and n players sit in the first n psychic seats.
func seatedWith(t *testing.T, ed game.Edition, n int) *pureTable {
	t.Helper()
	pt := newPureTable(t, game.DefaultOptions(ed), pGhost, 11)
	pt.must(t, pGhost, game.Sit{Seat: game.GhostSeat, Name: "gwen"})
	for i := 0; i < n; i++ {
		pt.must(t, psychicPlayers[i], game.Sit{Seat: game.Seats[i+1], Name: fmt.Sprintf("p%d", i+1)})
	}
	return pt
}

// similarCards are suspects whose titles read alike once cut: the
// layout must still tell them apart.
type similarCards struct{ fakeCards }

var similarTitles = []string{
	"The Gardener of the North Wing", "The Gardener of the South Wing", "The Gardener's Widow",
	"The Glasshouse", "The Glass Eye", "The Governess", "The Governor's Clerk", "The Gamekeeper",
	"The Gamekeeper's Boy", "Madam Wang", "Madam Wallace", "Madam Walsh",
}

// similarFrench are the similar titles in French, alike in their own way
// (articles the short forms drop, shared heads): the French run of
// TestLayoutProperty must tell them apart too. A title the deck already
// translates keeps the deck's French.
var similarFrench = map[string]string{
	"The Gardener of the North Wing": "Le Jardinier de l'aile nord", "The Gardener of the South Wing": "Le Jardinier de l'aile sud",
	"The Gardener's Widow": "La Veuve du jardinier", "The Glasshouse": "La Serre", "The Glass Eye": "L'Œil de verre",
	"The Governess": "La Gouvernante", "The Governor's Clerk": "Le Clerc du gouverneur", "The Gamekeeper": "Le Garde-chasse",
	"The Gamekeeper's Boy": "Le Fils du garde-chasse", "Madam Wang": "Madame Wang", "Madam Wallace": "Madame Wallace",
	"Madam Walsh": "Madame Walsh",
}

func init() {
	fr := map[string]string{}
	for en, f := range similarFrench {
		if !i18n.Has(en) {
			fr[en] = f
		}
	}
	i18n.Add(fr)
}

func (similarCards) Title(id game.CardID, l i18n.Lang) string {
	if strings.HasPrefix(string(id), "S") {
		var i int
		fmt.Sscanf(string(id), "S%d", &i)
		return l.T(similarTitles[i%len(similarTitles)])
	}
	return fakeCards{}.Title(id, l)
}

func (s similarCards) Art(id game.CardID, w, h int, p colorprofile.Profile) string {
	return fakeCards{}.Art(id, w, h, p)
}

// TestLayoutProperty draws every role's screen for every edition, 3 to 6
// psychics, up to 12 table cards and the sizes players use, and checks:
// no line wider than the terminal and exactly its height; from 120x40
// up, every table card of the category in play is on screen with a
// caption no other card shares, and every psychic's intuition with the
// tokens on it is on screen (psychics and spectators in the list, the
// ghost in the columns, where narrow ones count them). Each in English and in French, whose sentences
// run longer.
func TestLayoutProperty(t *testing.T) {
	sizes := [][2]int{{80, 24}, {100, 30}, {120, 40}, {160, 50}, {200, 60}}
	counts := []int{3, 6, 8, 9, 12}
	for _, ed := range []game.Edition{game.Classic, game.Modern, game.Original} {
		for n := 3; n <= 6; n++ {
			pt := gameWith(t, ed, n)
			ghostGiveAll(t, pt)
			for _, k := range counts {
				for _, who := range []game.PlayerID{pGhost, pAnn, pWatch} {
					for _, sz := range sizes {
						for _, l := range i18n.All {
							name := fmt.Sprintf("%s/%dpsychics/%dcards/%s/%dx%d/%s", ed, n, k, names[who], sz[0], sz[1], l)
							checkLayout(t, name, pt, who, k, sz[0], sz[1], l)
						}
					}
				}
			}
		}
	}
}

func checkLayout(t *testing.T, name string, pt *pureTable, who game.PlayerID, k, w, h int, l i18n.Lang) {
	t.Helper()
	m := newTestModel(t, newFakeHub(), Identity{ID: who, Name: names[who], Fingerprint: string(who)}, w, h)
	m.sh.Who.Lang = l
	m.sh.Cards = similarCards{}
	m.attach(pt.code, pt, nil, false)
	tokens := map[game.Colour]string{}
	feed(m, pt, func(pub *game.TableView) {
		for _, p := range pub.Psychics {
			cards := make([]game.CardID, k)
			for i := range cards {
				cards[i] = game.CardID(fmt.Sprintf("S%02d", i))
			}
			pub.TableCards[p.Category] = cards
		}
		ps := pub.Psychics
		for i := range ps {
			cards := pub.TableCards[ps[i].Category]
			ps[i].Intuition = cards[i%len(cards)]
			a, b := ps[(i+1)%len(ps)].Colour, ps[(i+2)%len(ps)].Colour
			ps[i].TokensOn = []game.TokenPlacement{{From: a, Kind: game.TokenYes}, {From: b, Kind: game.TokenNo}}
			tokens[ps[i].Colour] = "[" + game.TokenYes.Symbol() + a.Symbol() + " " + game.TokenNo.Symbol() + b.Symbol() + "]"
			for j := 0; j < i%5; j++ {
				ps[i].Vision = append(ps[i].Vision, game.CardID(fmt.Sprintf("V%d", 10+j)))
			}
		}
	})
	view := m.View()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("%s: %d lines", name, len(lines))
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("%s: line %d is %d cells wide", name, i+1, n)
		}
	}
	if w < 120 || h < 40 {
		return
	}
	plain := ansi.Strip(view)
	ts := m.table
	if ts.Role() != state.RoleGhost {
		ps := &ts.Scr.Psychic
		cards := ps.TableCards()
		lay := ps.Layout()
		caps := ps.CardTitles(cards, lay.Cards.Size.W)
		seen := map[string]bool{}
		for i, c := range caps {
			if !strings.Contains(plain, c) {
				t.Errorf("%s: card %d (%q) is not on screen:\n%s", name, i+1, c, plain)
				return
			}
			title := strings.SplitN(c, " ", 2)[1]
			if seen[title] {
				t.Errorf("%s: two cards read %q", name, title)
			}
			seen[title] = true
		}
		if strings.Contains(plain, strings.SplitN(l.T("   cards %d-%d of %d, ←→ scrolls"), "%", 2)[0]+"1-") {
			t.Errorf("%s: table cards scrolled", name)
		}
	}
	for c, tok := range tokens {
		// The ghost's narrow columns count the tokens ("1✘ 1✔") so that the
		// card's name keeps its room.
		counted := ts.Role() == state.RoleGhost && strings.Contains(plain, " 1"+game.TokenNo.Symbol()+" 1"+game.TokenYes.Symbol())
		if !strings.Contains(plain, tok) && !counted {
			t.Errorf("%s: the tokens %s on %s's intuition are not on screen:\n%s", name, tok, c.Symbol(), plain)
			return
		}
	}
}
