package bot

import (
	"slices"

	"github.com/mysterium-ssh/mysterium/game"
)

// The ghost bot's notes: after the game, everybody reads why each vision was
// given. A bot ghost says what it meant, from the tags it chose the cards
// for: "the candle and the red tones, like The Chapel". It gives the note as
// a game.BotNote (the tags and the card), which each reader reads in their
// own language (game.BotNote.Say).
//
// In French each tag is translated as a word (l.T(tag), registered by
// game/deck): a bare word, never with its article, so that one tag has one
// French text everywhere: a colour or mood word is an adjective in the
// masculine singular ("rouge", "rêveur"), any other tag a noun ("bougie",
// "fantôme", "objet"). The note puts it in its place: "ton rouge",
// "air rêveur", "bougie".

// colourTags and moodTags are tag words that read better with a noun after
// them. Any other tag is a thing in the picture ("the candle").
var (
	colourTags = []string{"red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown",
		"beige", "white", "grey", "black", "gold", "silver", "dark", "bright"}
	moodTags = []string{"dreamy", "mysterious", "eerie", "feverish", "uncanny", "cold", "tender",
		"melancholy", "festive", "ominous", "warm", "lonely"}
)

// feature names one tag as a feature of a picture.
func feature(tag string) game.Feature {
	switch {
	case slices.Contains(colourTags, tag):
		return game.Feature{Kind: game.FeatureColour, Tag: tag}
	case slices.Contains(moodTags, tag):
		return game.Feature{Kind: game.FeatureMood, Tag: tag}
	}
	return game.Feature{Kind: game.FeatureThing, Tag: tag}
}

// note explains a vision: up to two tags the given cards share with the
// goal, those no rival the psychic still considers has first, and the goal.
func (t *Tagged) note(given []game.CardID, goal game.CardID, rivals []game.CardID) *game.BotNote {
	s := t.set(given...)
	rival := t.set(rivals...)
	var apart, shared []string
	for _, tag := range t.tags(goal) {
		b, ok := t.bit[tag]
		if !ok || !s.has(b) || slices.Contains(apart, tag) || slices.Contains(shared, tag) {
			continue
		}
		if !rival.has(b) {
			apart = append(apart, tag)
		} else {
			shared = append(shared, tag)
		}
	}
	n := &game.BotNote{Like: goal}
	for _, tag := range append(apart, shared...) {
		if len(n.Features) == game.MaxNoteFeatures {
			break
		}
		n.Features = append(n.Features, feature(tag))
	}
	return n
}
