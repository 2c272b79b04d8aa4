package bot

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
)

// The bot strategies.
const (
	// KindRandom plays a random legal move: the baseline, and the fuzzer of
	// everything a seat can do.
	KindRandom = "random"
	// KindTags reads the cards' tags: the ghost gives the cards that best
	// separate the target from the other table cards, psychics pick the card
	// most like their vision.
	KindTags = "tags"
)

// Kinds lists the strategies in a stable order (for flags and menus).
var Kinds = []string{KindRandom, KindTags}

// Tags returns a card's tags (elements, colours, mood, composition). Bots
// compare cards by the tags they share. nil means "no tags known".
type Tags func(game.CardID) []string

// New returns a bot of the given kind. Bots are deterministic: the same seed
// and the same sequence of views give the same commands. tags may be nil for
// KindRandom; KindTags without tags plays like KindRandom.
func New(kind string, seed uint64, tags Tags) (game.Bot, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x626f74))
	switch kind {
	case KindRandom, "":
		return &Random{rng: rng}, nil
	case KindTags:
		return &Tagged{rng: rng, tags: tags, fallback: &Random{rng: rng}}, nil
	}
	return nil, fmt.Errorf("bot: unknown kind %q (choose %s or %s)", kind, KindRandom, KindTags)
}

// Factory returns a game.BotFactory that makes bots of one kind for a
// table's bot seats and taken-over seats.
func Factory(kind string, tags Tags) (game.BotFactory, error) {
	if _, err := New(kind, 0, tags); err != nil {
		return nil, err
	}
	return func(_ game.PlayerID, seed uint64) game.Bot {
		b, _ := New(kind, seed, tags)
		return b
	}, nil
}

// Seed derives a per-seat seed from a game's seed, so that the bots of one
// game do not all draw the same numbers.
func Seed(seed uint64, p game.PlayerID) uint64 {
	h := fnv.New64a()
	h.Write([]byte(p))
	return seed*0x9e3779b97f4a7c15 ^ h.Sum64()
}

// DeckTags reads the tags of a deck's cards (the built-in deck or a custom one).
func DeckTags(d *deck.Deck) Tags {
	return func(id game.CardID) []string {
		if c, ok := d.Card(string(id)); ok {
			return c.Tags
		}
		return nil
	}
}
