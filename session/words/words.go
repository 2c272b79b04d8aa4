package words

import (
	"fmt"
	"strings"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// CatWord is a category in capitals, in l: "CHARACTER".
func CatWord(l i18n.Lang, c game.Category) string {
	switch c {
	case game.Character:
		return l.T("CHARACTER")
	case game.Location:
		return l.T("LOCATION")
	}
	return l.T("OBJECT")
}

// CatLower is a category in lower case, in l: "character".
func CatLower(l i18n.Lang, c game.Category) string { return c.Name(l) }

func CatPlural(l i18n.Lang, c game.Category) string {
	switch c {
	case game.Character:
		return l.T("CHARACTERS")
	case game.Location:
		return l.T("LOCATIONS")
	}
	return l.T("OBJECTS")
}

// EditionWord and DifficultyWord are the game's options as the engine
// names them in l.
func EditionWord(l i18n.Lang, e game.Edition) string { return e.Name(l) }

func DifficultyWord(l i18n.Lang, d game.Difficulty) string { return d.Name(l) }

func FirstName(c game.Colour) string {
	n := c.Character()
	if c == game.Red {
		return n
	}
	if i := strings.IndexByte(n, ' '); i > 0 {
		return n[:i]
	}
	return n
}

func SeatName(l i18n.Lang, s game.Seat) string {
	if c, ok := s.Colour(); ok {
		return c.Symbol() + " " + c.Character()
	}
	return l.T("the ghost")
}

// DiscardWord is the edition's discard as a key's hint ("crow"): marked
// here, translated where the bar is drawn.
func DiscardWord(k game.DiscardKind) string {
	switch k {
	case game.DiscardCandle:
		return i18n.N("candle")
	case game.DiscardWholeHand:
		return i18n.N("new hand")
	}
	return i18n.N("crow")
}

func OwnerSymbol(g game.Group) string {
	if g.Extra {
		return "·"
	}
	return g.Owner.Symbol()
}

func VoteKindText(l i18n.Lang, k game.VoteKind) string {
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

func ShortVoteKind(l i18n.Lang, k game.VoteKind) string {
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
	return VoteKindText(l, k)
}

var roman = [...]string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

func RomanNum(n int) string {
	if n >= 0 && n < len(roman) {
		return roman[n]
	}
	return layout.Itoa(n)
}

// DurationWords is "5 minutes", "90 seconds", "1h30m0s".
func DurationWords(l i18n.Lang, d time.Duration) string {
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
func WaitingVision(pub *game.TableView, c game.Colour) bool {
	if SendingTo(pub, c) {
		return false
	}
	for _, w := range pub.WaitingVisions {
		if w == c {
			return true
		}
	}
	return false
}

// SendingTo reports whether a vision is on its way to psychic c.
func SendingTo(pub *game.TableView, c game.Colour) bool {
	return pub.Phase == game.PhaseVision && pub.Sending != nil && pub.Sending.Psychic == c
}

// WaitingReady names the unfinished psychics who are not ready.
func WaitingReady(l i18n.Lang, pub *game.TableView) string {
	var names []string
	for _, p := range pub.Psychics {
		if !p.Finished && !p.Ready {
			names = append(names, p.Colour.Symbol()+" "+FirstName(p.Colour))
		}
	}
	if len(names) == 0 {
		return l.T("the ghost")
	}
	return l.F("%s to be ready", strings.Join(names, ", "))
}

func WaitingVisionsText(l i18n.Lang, pub *game.TableView) string {
	n := len(pub.WaitingVisions)
	if n == 0 {
		return l.T("every vision is given")
	}
	return l.F("%d psychics still to receive one", n)
}

// PhaseSentence says what the table is doing, for spectators and waits.
func PhaseSentence(l i18n.Lang, pub *game.TableView) string {
	p := pub
	switch p.Phase {
	case game.PhaseVision:
		if len(p.WaitingVisions) > 0 {
			return l.F("the ghost giving visions (%s)", WaitingVisionsText(l, pub))
		}
		return l.F("the psychics interpreting their visions: waiting for %s", WaitingReady(l, pub))
	case game.PhaseReveal:
		return l.T("the ghost revealing the results")
	case game.PhaseCulprit:
		return l.T("the ghost preparing the shared vision")
	case game.PhaseVote:
		return l.T("the vote")
	}
	return l.T("the table")
}

// ClockWord is "HOUR" (the Libellud editions) or "DAY" (the original).
func ClockWord(l i18n.Lang, pub *game.TableView) string {
	if pub != nil && pub.Edition == game.Original {
		return l.T("DAY")
	}
	return l.T("HOUR")
}

// ClockLower is ClockWord in lower case, for the middle of a sentence.
func ClockLower(l i18n.Lang, pub *game.TableView) string {
	if pub != nil && pub.Edition == game.Original {
		return l.T("day")
	}
	return l.T("hour")
}

// DiscardText is "crows left 2", "candles left 3", "new hands left 1"; the
// short form (narrow windows) drops "left".
func DiscardText(l i18n.Lang, pub *game.TableView, long bool) string {
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

// DiscardHelp says what the edition's discard is, for the ? help.
func DiscardHelp(k game.DiscardKind) string {
	switch k {
	case game.DiscardCandle:
		return i18n.N("discard: a candle throws away the selected cards")
	case game.DiscardWholeHand:
		return i18n.N("discard: throw away the whole hand and draw 7 new cards")
	}
	return i18n.N("discard: a crow throws away the selected cards")
}

// CatArticle is the indefinite article before a category's name in l.
func CatArticle(l i18n.Lang, c game.Category) string {
	if c == game.Object {
		return l.T("an")
	}
	return l.T("a")
}

// TokensBackRound is the hour at whose start used clairvoyance tokens go
// back to their owners (once: tokens used later never come back).
const TokensBackRound = 4

// BotLevel is how a seat reads with a bot of level b: "a novice
// bot", "an expert bot".
func BotLevel(l i18n.Lang, b game.BotLevel) string {
	switch b {
	case game.BotNovice:
		return l.T("a novice bot")
	case game.BotSeasoned:
		return l.T("a seasoned bot")
	case game.BotExpert:
		return l.T("an expert bot")
	}
	if strings.ContainsAny(string(b)[:1], "aeiou") {
		return "an " + string(b) + " bot"
	}
	return "a " + string(b) + " bot"
}

// NextBotLevel is the level after l, weakest first, round again.
func NextBotLevel(l game.BotLevel) game.BotLevel {
	for i, x := range game.BotLevels {
		if x == l {
			return game.BotLevels[(i+1)%len(game.BotLevels)]
		}
	}
	return game.DefaultBotLevel
}
