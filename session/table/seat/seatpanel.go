package seat

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// The seat picker's side panel on a big terminal (150 columns and 40 rows
// or more): what the seat under the cursor does, and how a game of this
// edition goes, so that a newcomer choosing between the ghost and a
// psychic knows what they choose. Below that size the picker stays a list.

// seatPanelMinW and seatPanelMinH are the smallest window with the panel.
const (
	seatPanelMinW = 150
	seatPanelMinH = 40
)

// seatListW is the width the seat list keeps beside the panel: the name,
// colour and who columns with a player's longest tags.
const SeatListW = 84

// seatPanel is the panel in w columns.
func (s *SeatScreen) SeatPanel(w int) string {
	ts := s.ts
	st := ts.Shell.St
	l := ts.Shell.Lang()
	p := ts.Pub
	seat := game.Seats[min(s.SeatCur, len(game.Seats)-1)]
	var lines []string
	add := func(text string) {
		for _, t := range layout.Wrap(text, w-2) {
			lines = append(lines, "  "+t)
		}
	}
	if c, ok := seat.Colour(); ok {
		lines = append(lines, st.Psychic[c].Render(" "+c.Symbol()+" "+strings.ToUpper(c.Character()))+st.Dim.Render(l.G(c.Gender(), " · a psychic (%s)", ColourWord(l, c))))
		add(l.F("Reads the visions the ghost gives and puts an intuition on %s: each right one is a step of the trail.", strings.Join(orderWords(l, p), l.T(", then "))))
		if p.Edition == game.Classic {
			add(l.T("From 4 players, bets ✔ or ✘ on the others' intuitions: good bets raise the level that decides when you see the final's shared vision."))
		}
		add(l.T("Cards can be ruled out (m) and noted (w): yours alone until the game is over."))
	} else {
		lines = append(lines, st.Ghost.Render(l.T(" ☾ THE GHOST"))+st.Dim.Render(l.T(" · no colour")))
		add(l.T("Knows the card every psychic must find. Never speaks: answers only by giving vision cards from a hand of 7."))
		add(l.T("Each vision can carry a note (w) saying why; nobody reads it until the game is over."))
		add(l.T("Reveals each hour who was right. In the final, gives the shared vision of the culprit."))
	}
	lines = append(lines, "", st.Section.Render(l.T(" HOW A GAME GOES"))+st.Dim.Render(" · "+words.EditionWord(l, p.Edition)))
	add(editionFlow(l, p.Edition))
	return strings.Join(lines, "\n")
}

// orderWords are the categories in the order the trail asks for them,
// each with its article ("a location", "an object").
func orderWords(l i18n.Lang, p *game.TableView) []string {
	out := make([]string, 0, len(p.Order))
	for _, c := range p.Order {
		out = append(out, words.CatArticle(l, c)+" "+words.CatLower(l, c))
	}
	return out
}

// editionFlow is one edition's game in a few sentences.
func editionFlow(l i18n.Lang, e game.Edition) string {
	switch e {
	case game.Modern:
		return l.T("Seven hours. Each hour every psychic waiting gets a vision of 1 to 7 cards and places an intuition; a wrong guess keeps its vision, which the ghost completes. If every trail is found in time, the culprit is drawn at random among them, the ghost gives a shared vision, and the psychics vote openly.")
	case game.Original:
		return l.T("Seven hours, objects first. Each hour the ghost gives visions, the psychics place intuitions, the ghost reveals. If every trail is found in time, the ghost gives a shared vision of the culprit and the psychics vote on its group, day after day, until a majority finds it or the days run out.")
	}
	return l.T("Seven hours. Each hour the ghost gives every psychic a vision, the sand timer runs while they place intuitions and bets, then the ghost reveals who was right. If every psychic finds all three cards in time, the final: a shared vision of 3 cards, then the vote (from 4 players, secret and in order of clairvoyance level).")
}
