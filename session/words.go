package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// catWord is a category in capitals, in l: "CHARACTER".
func catWord(l i18n.Lang, c game.Category) string {
	switch c {
	case game.Character:
		return l.T("CHARACTER")
	case game.Location:
		return l.T("LOCATION")
	}
	return l.T("OBJECT")
}

// catLower is a category in lower case, in l: "character".
func catLower(l i18n.Lang, c game.Category) string { return c.Name(l) }

func catPlural(l i18n.Lang, c game.Category) string {
	switch c {
	case game.Character:
		return l.T("CHARACTERS")
	case game.Location:
		return l.T("LOCATIONS")
	}
	return l.T("OBJECTS")
}

// editionWord and difficultyWord are the game's options as the engine
// names them in l.
func editionWord(l i18n.Lang, e game.Edition) string { return e.Name(l) }

func difficultyWord(l i18n.Lang, d game.Difficulty) string { return d.Name(l) }

func firstName(c game.Colour) string {
	n := c.Character()
	if c == game.Red {
		return n
	}
	if i := strings.IndexByte(n, ' '); i > 0 {
		return n[:i]
	}
	return n
}

func seatName(l i18n.Lang, s game.Seat) string {
	if c, ok := s.Colour(); ok {
		return c.Symbol() + " " + c.Character()
	}
	return l.T("the ghost")
}

// discardWord is the edition's discard as a key's hint ("crow"): marked
// here, translated where the bar is drawn.
func discardWord(k game.DiscardKind) string {
	switch k {
	case game.DiscardCandle:
		return i18n.N("candle")
	case game.DiscardWholeHand:
		return i18n.N("new hand")
	}
	return i18n.N("crow")
}

func ownerSymbol(g game.Group) string {
	if g.Extra {
		return "·"
	}
	return g.Owner.Symbol()
}

func voteKindText(l i18n.Lang, k game.VoteKind) string {
	switch k {
	case game.VoteStaged:
		return l.T("secret straw poll")
	case game.VoteSingle:
		return l.T("one vote")
	case game.VoteAgreed:
		return l.T("open vote: both must agree")
	case game.VoteMajority:
		return l.T("open vote: strict majority")
	case game.VoteDaily:
		return l.T("daily vote: a majority judges a group")
	}
	return string(k)
}

func shortVoteKind(l i18n.Lang, k game.VoteKind) string {
	switch k {
	case game.VoteStaged:
		return l.T("straw poll")
	case game.VoteAgreed:
		return l.T("open vote, agree")
	case game.VoteMajority:
		return l.T("open vote, majority")
	case game.VoteDaily:
		return l.T("daily vote")
	}
	return voteKindText(l, k)
}

var roman = [...]string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

func romanNum(n int) string {
	if n >= 0 && n < len(roman) {
		return roman[n]
	}
	return layout.Itoa(n)
}

// durationWords is "5 minutes", "90 seconds", "1h30m0s".
func durationWords(l i18n.Lang, d time.Duration) string {
	switch {
	case d%time.Minute == 0 && d < time.Hour*2:
		return l.F("%d minutes", int(d/time.Minute))
	case d < time.Minute*2:
		return l.F("%d seconds", int(d.Round(time.Second)/time.Second))
	}
	return d.Round(time.Second).String()
}

// A psychic whose vision is on its way (the hold before it arrives) does
// not: the ghost cannot give them another.
func waitingVision(pub *game.TableView, c game.Colour) bool {
	if sendingTo(pub, c) {
		return false
	}
	for _, w := range pub.WaitingVisions {
		if w == c {
			return true
		}
	}
	return false
}

// sendingTo reports whether a vision is on its way to psychic c.
func sendingTo(pub *game.TableView, c game.Colour) bool {
	return pub.Phase == game.PhaseVision && pub.Sending != nil && pub.Sending.Psychic == c
}

// waitingReady names the unfinished psychics who are not ready.
func waitingReady(l i18n.Lang, pub *game.TableView) string {
	var names []string
	for _, p := range pub.Psychics {
		if !p.Finished && !p.Ready {
			names = append(names, p.Colour.Symbol()+" "+firstName(p.Colour))
		}
	}
	if len(names) == 0 {
		return l.T("the ghost")
	}
	return l.F("%s to be ready", strings.Join(names, ", "))
}

func waitingVisionsText(l i18n.Lang, pub *game.TableView) string {
	n := len(pub.WaitingVisions)
	if n == 0 {
		return l.T("every vision is given")
	}
	return l.F("%d psychics still to receive one", n)
}

// phaseSentence says what the table is doing, for spectators and waits.
func phaseSentence(l i18n.Lang, pub *game.TableView) string {
	p := pub
	switch p.Phase {
	case game.PhaseVision:
		if len(p.WaitingVisions) > 0 {
			return l.F("the ghost giving visions (%s)", waitingVisionsText(l, pub))
		}
		return l.F("the psychics interpreting their visions: waiting for %s", waitingReady(l, pub))
	case game.PhaseReveal:
		return l.T("the ghost revealing the results")
	case game.PhaseCulprit:
		return l.T("the ghost preparing the shared vision")
	case game.PhaseVote:
		return l.T("the vote")
	}
	return l.T("the table")
}

// clockWord is "HOUR" (the Libellud editions) or "DAY" (the original).
func clockWord(l i18n.Lang, pub *game.TableView) string {
	if pub != nil && pub.Edition == game.Original {
		return l.T("DAY")
	}
	return l.T("HOUR")
}

// clockLower is clockWord in lower case, for the middle of a sentence.
func clockLower(l i18n.Lang, pub *game.TableView) string {
	if pub != nil && pub.Edition == game.Original {
		return l.T("day")
	}
	return l.T("hour")
}

// discardText is "crows left 2", "candles left 3", "new hands left 1"; the
// short form (narrow windows) drops "left".
func discardText(l i18n.Lang, pub *game.TableView, long bool) string {
	p := pub
	if p == nil {
		return ""
	}
	word := l.T("crows")
	switch p.DiscardKind {
	case game.DiscardCandle:
		word = l.T("candles")
	case game.DiscardWholeHand:
		word = l.T("new hands")
	}
	switch {
	case p.DiscardsRound && p.DiscardedThisRound:
		return l.F("%s: used this round", word)
	case p.DiscardsRound:
		return l.F("%s: 1 this round", word)
	case p.DiscardsLeft < 0 && long:
		return l.F("%s left ∞", word)
	case p.DiscardsLeft < 0:
		return word + " ∞"
	case long:
		return l.F("%s left %d", word, p.DiscardsLeft)
	}
	return fmt.Sprintf("%s %d", word, p.DiscardsLeft)
}

// discardHelp says what the edition's discard is, for the ? help.
func discardHelp(k game.DiscardKind) string {
	switch k {
	case game.DiscardCandle:
		return i18n.N("discard: a candle throws away the selected cards")
	case game.DiscardWholeHand:
		return i18n.N("discard: throw away the whole hand and draw 7 new cards")
	}
	return i18n.N("discard: a crow throws away the selected cards")
}

// catArticle is the indefinite article before a category's name in l.
func catArticle(l i18n.Lang, c game.Category) string {
	if c == game.Object {
		return l.T("an")
	}
	return l.T("a")
}

// tokensBackRound is the hour at whose start used clairvoyance tokens go
// back to their owners (once: tokens used later never come back).
const tokensBackRound = 4
