package bot

import (
	"slices"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// The ghost bot's notes: after the game, everybody reads why each vision was
// given. A bot ghost says what it meant, from the tags it chose the cards
// for: "the candle and the red tones, like The Chapel".
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

// phrase names one tag as a feature of a picture.
func phrase(tag string) string {
	switch {
	case slices.Contains(colourTags, tag):
		return "the " + tag + " tones"
	case slices.Contains(moodTags, tag):
		return "the " + tag + " mood"
	}
	return "the " + tag
}

// note explains a vision: up to two tags the given cards share with the
// goal, those no rival the psychic still considers has first, and the
// goal's name. It fits game.MaxGhostNoteLen.
func (t *Tagged) note(given []game.CardID, goal game.CardID, rivals []game.CardID) string {
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
	name := string(goal)
	if t.names != nil {
		name = t.names(goal)
	}
	tags := append(apart, shared...)
	if len(tags) == 0 {
		return clip("a long shot, for " + name)
	}
	if len(tags) > 2 {
		tags = tags[:2]
	}
	parts := make([]string, len(tags))
	for i, tag := range tags {
		parts[i] = phrase(tag)
	}
	n := strings.Join(parts, " and ") + ", like " + name
	if len([]rune(n)) > game.MaxGhostNoteLen {
		n = parts[0] + ", like " + name
	}
	return clip(n)
}

// clip cuts a note to game.MaxGhostNoteLen characters.
func clip(s string) string {
	if r := []rune(s); len(r) > game.MaxGhostNoteLen {
		return string(r[:game.MaxGhostNoteLen])
	}
	return s
}
