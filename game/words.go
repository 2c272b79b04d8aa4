package game

import (
	"slices"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// The engine's words as a player reads them, in the reader's language.
// Screens call these where they draw; the engine itself keeps and sends
// only the typed values, so players at one table may read different
// languages. In English each name is the value's own word ("purple",
// "classic", "very-hard"), as the screens have always shown it.

// Name is the colour's name in l: "purple", "violet".
func (c Colour) Name(l i18n.Lang) string { return l.T(c.String()) }

// Name is the category's name in l: "location", "lieu".
func (c Category) Name(l i18n.Lang) string { return l.T(c.String()) }

// Name is the seat's name in l: "ghost", a colour's name, or "none".
func (s Seat) Name(l i18n.Lang) string { return l.T(s.String()) }

// Name is the edition's name in l: "classic", "classique". An unknown
// edition (a client's word) is shown as it is, even when the catalog has
// the same English for something else (the deck's tag "chess").
func (e Edition) Name(l i18n.Lang) string {
	if !slices.Contains(Editions, e) {
		return string(e)
	}
	return l.T(string(e))
}

// Name is the difficulty's name in l: "hard", "difficile"; "" for the
// modern edition, which has none.
func (d Difficulty) Name(l i18n.Lang) string { return l.T(string(d)) }

// Name is the bot level's name in l: "seasoned", "confirmé".
func (b BotLevel) Name(l i18n.Lang) string { return l.T(string(b)) }

// phaseNames are the phases as a status line says them; Phase's own values
// are identifiers ("culprit"), not words for a player.
var phaseNames = map[Phase]string{
	PhaseSeating:  i18n.N("taking seats"),
	PhaseVision:   i18n.N("the visions"),
	PhaseReveal:   i18n.N("the results"),
	PhaseCulprit:  i18n.N("choosing the culprit"),
	PhaseVote:     i18n.N("the vote"),
	PhaseFinished: i18n.N("game over"),
}

// Name is what the phase is called in l: "the visions", "les visions".
func (p Phase) Name(l i18n.Lang) string {
	if n, ok := phaseNames[p]; ok {
		return l.T(n)
	}
	return string(p)
}

// word is a word of the engine's sentences that is none of the types above
// ("vision" in "The deck has 20 vision cards"), translated with them.
type word string

// Name is the word in l.
func (w word) Name(l i18n.Lang) string { return l.T(string(w)) }
