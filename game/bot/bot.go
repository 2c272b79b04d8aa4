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

// Config describes the bots of a table or a simulation.
type Config struct {
	Kind  string        // KindRandom or KindTags ("" is KindRandom)
	Level game.BotLevel // how well a tag bot plays; "" is game.DefaultBotLevel
	Tags  Tags          // the cards' tags; nil makes a tag bot play like a random one
}

// New returns a bot of the given kind at the default level. Bots are
// deterministic: the same seed and the same sequence of views give the same
// commands. tags may be nil for KindRandom; KindTags without tags plays like
// KindRandom.
func New(kind string, seed uint64, tags Tags) (game.Bot, error) {
	return Config{Kind: kind, Tags: tags}.New(seed)
}

// New returns the bot cfg describes, seeded with seed.
func (cfg Config) New(seed uint64) (game.Bot, error) {
	if cfg.Level != "" && !cfg.Level.Valid() {
		return nil, fmt.Errorf("bot: unknown level %q (choose novice, seasoned or expert)", cfg.Level)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x626f74))
	switch cfg.Kind {
	case KindRandom, "":
		return &Random{rng: rng}, nil
	case KindTags:
		return &Tagged{seed: seed, level: cfg.Level, skill: skillOf(cfg.Level, 0), tags: cfg.Tags, fallback: &Random{rng: rng}}, nil
	}
	return nil, fmt.Errorf("bot: unknown kind %q (choose %s or %s)", cfg.Kind, KindRandom, KindTags)
}

// Factory returns a game.BotFactory that makes bots of one kind for a
// table's bot seats and taken-over seats, at the default level.
func Factory(kind string, tags Tags) (game.BotFactory, error) {
	return Config{Kind: kind, Tags: tags}.Factory()
}

// Factory returns a game.BotFactory that makes the bots cfg describes: at
// the bot seat's level, or at cfg.Level for a bot standing in for an away
// player. A level the engine let through but this package does not know
// plays at cfg.Level.
func (cfg Config) Factory() (game.BotFactory, error) {
	if _, err := cfg.New(0); err != nil {
		return nil, err
	}
	return func(_ game.PlayerID, seed uint64, level game.BotLevel) game.Bot {
		c := cfg
		if level.Valid() {
			c.Level = level
		}
		b, _ := c.New(seed)
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

// DeckNames reads the names of a deck's cards in English: a suspect's
// title, a vision card's id (for a bot note's English, BotNote.Say).
func DeckNames(d *deck.Deck) func(game.CardID) string {
	return func(id game.CardID) string {
		if c, ok := d.Card(string(id)); ok {
			return c.Name()
		}
		return string(id)
	}
}
