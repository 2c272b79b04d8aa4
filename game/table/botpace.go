package table

import (
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// A bot at a table where a person plays takes about as long over a move as a
// person would: the ghost a few seconds per vision, longer for more cards, a
// psychic the time to read its vision before it places its intuition. And
// the bot ghost makes no move while a person's psychic is still reading the
// vision it just got (a vision delivered less than visionRead ago), so that
// nothing else happens on the table while they look.
//
// Without a person playing (an all-bot game, watched or not) bots keep the
// table's BotDelay between moves; with BotDelay 0 (tests, simulations) they
// act at once. These times are the table's clock: a test moves a
// ManualClock past them, and `mysterium simulate` plays on no clock at all.
const (
	// The ghost choosing a vision: a while, and a moment more per card.
	thinkVision        = 3 * time.Second
	thinkVisionPerCard = time.Second
	// The ghost choosing which cards to throw away (a crow, a candle).
	thinkDiscard = 4 * time.Second
	// The ghost revealing the results once every intuition is in.
	thinkReveal = 3 * time.Second
	// The ghost choosing the culprit's group, then the shared vision.
	thinkCulprit = 5 * time.Second
	thinkShared  = 6 * time.Second
	// A psychic choosing among the suspects once it has read its vision.
	thinkIntuition = 2 * time.Second
	// A psychic judging another's intuition with a clairvoyance token.
	thinkToken = 3 * time.Second
	// A psychic saying it is ready, or voting for a group.
	thinkReady = 2 * time.Second
	thinkVote  = 6 * time.Second
	// Any other move.
	thinkOther = 2 * time.Second

	// Reading a vision: a while, and more per card, up to readMax.
	readVision        = 2 * time.Second
	readVisionPerCard = 2 * time.Second
	readMax           = 16 * time.Second
)

// visionRead is how long a person takes to read a vision of n cards.
func visionRead(n int) time.Duration {
	return min(readVision+time.Duration(n)*readVisionPerCard, readMax)
}

// botThink is how long a person would take over cmd at the table tv.
func botThink(cmd game.Command, tv *game.TableView) time.Duration {
	switch c := cmd.(type) {
	case game.GiveVision:
		return thinkVision + time.Duration(len(c.Cards))*thinkVisionPerCard
	case game.Discard:
		return thinkDiscard
	case game.Reveal, game.RevealAll:
		return thinkReveal
	case game.ChooseCulprit:
		return thinkCulprit
	case game.GiveSharedVision:
		return thinkShared
	case game.PlaceIntuition:
		n := 0
		if p := tv.Psychic(c.Psychic); p != nil {
			n = len(p.Vision)
		}
		return visionRead(n) + thinkIntuition
	case game.PlaceToken, game.TakeToken:
		return thinkToken
	case game.SetReady:
		return thinkReady
	case game.Vote:
		return thinkVote
	}
	return thinkOther
}

// botIntentKey names what a bot means to do, coarsely: the kind of move and
// whom it is about, not the cards, so that a bot that changes its mind about
// a card while it thinks does not start thinking again.
func botIntentKey(cmd game.Command) string {
	switch c := cmd.(type) {
	case game.GiveVision:
		return fmt.Sprint(cmd.Type(), c.To)
	case game.PlaceIntuition:
		return fmt.Sprint(cmd.Type(), c.Psychic)
	case game.SetReady:
		return fmt.Sprint(cmd.Type(), c.Psychic)
	case game.PlaceToken:
		return fmt.Sprint(cmd.Type(), c.From, c.On)
	}
	return cmd.Type()
}

// botIntent is what a bot means to do and since when: a person's time over
// a move counts from when the move became theirs to make.
type botIntent struct {
	key   string
	since time.Time
}

// visionSeen is when a psychic's vision last reached them, and its size.
type visionSeen struct {
	at    time.Time
	cards int
}

// botDue is when the bot playing for p may make cmd: its thinking time after
// it first meant to, and, for the ghost, not before every person's psychic
// has read the vision it got last.
func (b *botHands) botDue(p game.PlayerID, cmd game.Command, now time.Time, pub *game.TableView, people *attendance) time.Time {
	key := botIntentKey(cmd)
	in, ok := b.botIntents[p]
	if !ok || in.key != key {
		in = botIntent{key: key, since: now}
		b.botIntents[p] = in
	}
	due := in.since.Add(botThink(cmd, pub))
	if pub.SeatOf(p) != game.GhostSeat {
		return due
	}
	for _, s := range pub.Seats {
		if !people.personPlays(s) {
			continue
		}
		for _, c := range s.Colours {
			if seen, ok := b.visionSeen[c]; ok {
				if read := seen.at.Add(visionRead(seen.cards)); read.After(due) {
					due = read
				}
			}
		}
	}
	return due
}

// noteVisions records when each psychic's vision reached them (any ghost's,
// a person's or a bot's), for the bot ghost to let them read it.
func (b *botHands) noteVisions(evs []game.Event, at time.Time, pub *game.TableView) {
	for _, e := range evs {
		if e.Kind != game.EvVision {
			continue
		}
		n := 0
		if p := pub.Psychic(e.Psychic); p != nil {
			n = len(p.Vision)
		}
		b.visionSeen[e.Psychic] = visionSeen{at: at, cards: n}
	}
}
