package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

func catWord(c game.Category) string { return strings.ToUpper(c.String()) }

func catPlural(c game.Category) string {
	switch c {
	case game.Character:
		return "CHARACTERS"
	case game.Location:
		return "LOCATIONS"
	}
	return "OBJECTS"
}

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

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func seatName(s game.Seat) string {
	if c, ok := s.Colour(); ok {
		return c.Symbol() + " " + c.Character()
	}
	return "the ghost"
}

func discardWord(k game.DiscardKind) string {
	switch k {
	case game.DiscardCandle:
		return "candle"
	case game.DiscardWholeHand:
		return "new hand"
	}
	return "crow"
}

func ownerSymbol(g game.Group) string {
	if g.Extra {
		return "·"
	}
	return g.Owner.Symbol()
}

func voteKindText(k game.VoteKind) string {
	switch k {
	case game.VoteStaged:
		return "secret straw poll"
	case game.VoteSingle:
		return "one vote"
	case game.VoteAgreed:
		return "open vote: both must agree"
	case game.VoteMajority:
		return "open vote: strict majority"
	case game.VoteDaily:
		return "daily vote: a majority judges a group"
	}
	return string(k)
}

func shortVoteKind(k game.VoteKind) string {
	switch k {
	case game.VoteStaged:
		return "straw poll"
	case game.VoteAgreed:
		return "open vote, agree"
	case game.VoteMajority:
		return "open vote, majority"
	case game.VoteDaily:
		return "daily vote"
	}
	return voteKindText(k)
}

var roman = [...]string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

func romanNum(n int) string {
	if n >= 0 && n < len(roman) {
		return roman[n]
	}
	return itoa(n)
}

// durationWords is "5 minutes", "90 seconds", "1h30m0s".
func durationWords(d time.Duration) string {
	switch {
	case d%time.Minute == 0 && d < time.Hour*2:
		n := int(d / time.Minute)
		return itoa(n) + " minute" + plural(n)
	case d < time.Minute*2:
		n := int(d.Round(time.Second) / time.Second)
		return itoa(n) + " second" + plural(n)
	}
	return d.Round(time.Second).String()
}

func waitingVision(pub *game.TableView, c game.Colour) bool {
	for _, w := range pub.WaitingVisions {
		if w == c {
			return true
		}
	}
	return false
}

// waitingReady names the unfinished psychics who are not ready.
func waitingReady(pub *game.TableView) string {
	var names []string
	for _, p := range pub.Psychics {
		if !p.Finished && !p.Ready {
			names = append(names, p.Colour.Symbol()+" "+firstName(p.Colour))
		}
	}
	if len(names) == 0 {
		return "the ghost"
	}
	return strings.Join(names, ", ") + " to be ready"
}

func waitingVisionsText(pub *game.TableView) string {
	n := len(pub.WaitingVisions)
	if n == 0 {
		return "every vision is given"
	}
	return fmt.Sprintf("%d psychic%s still to receive one", n, plural(n))
}

// phaseSentence says what the table is doing, for spectators and waits.
func phaseSentence(pub *game.TableView) string {
	p := pub
	switch p.Phase {
	case game.PhaseVision:
		if len(p.WaitingVisions) > 0 {
			return fmt.Sprintf("the ghost giving visions (%s)", waitingVisionsText(pub))
		}
		return "the psychics interpreting their visions: waiting for " + waitingReady(pub)
	case game.PhaseReveal:
		return "the ghost revealing the results"
	case game.PhaseCulprit:
		return "the ghost preparing the shared vision"
	case game.PhaseVote:
		return "the vote"
	}
	return "the table"
}

// clockWord is "HOUR" (the Libellud editions) or "DAY" (the original).
func clockWord(pub *game.TableView) string {
	if pub != nil && pub.Edition == game.Original {
		return "DAY"
	}
	return "HOUR"
}

// discardText is "crows left 2", "candles left 3", "whole-hand discards left 1".
func discardText(pub *game.TableView) string {
	p := pub
	if p == nil {
		return ""
	}
	word := "crows"
	switch p.DiscardKind {
	case game.DiscardCandle:
		word = "candles"
	case game.DiscardWholeHand:
		word = "new hands"
	}
	switch {
	case p.DiscardsRound && p.DiscardedThisRound:
		return word + ": used this round"
	case p.DiscardsRound:
		return word + ": 1 this round"
	case p.DiscardsLeft < 0:
		return word + " left ∞"
	}
	return fmt.Sprintf("%s left %d", word, p.DiscardsLeft)
}

// discardHelp says what the edition's discard is, for the ? help.
func discardHelp(k game.DiscardKind) string {
	switch k {
	case game.DiscardCandle:
		return "a candle throws away the selected cards"
	case game.DiscardWholeHand:
		return "throw away the whole hand and draw 7 new cards"
	}
	return "a crow throws away the selected cards"
}

// article is "a" or "an" for a word written in capitals or not.
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// tokensBackRound is the hour at whose start used clairvoyance tokens go
// back to their owners (once: tokens used later never come back).
const tokensBackRound = 4
