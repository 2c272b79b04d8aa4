package game

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// BotNote is a bot ghost's reason for a vision, kept as what the bot saw
// rather than as a sentence: the features of the pictures it chose the
// cards for and the card it meant. Each reader reads it in their own
// language (GhostNote.Say), since the players at one table may read
// different ones. It is journaled with the give (GiveVision.Bot).
type BotNote struct {
	Features []Feature `json:"features,omitempty"` // at most MaxNoteFeatures, the clearest first
	Like     CardID    `json:"like"`               // the card the vision points at
}

// Feature is one thing a bot noticed in a picture: a deck tag word and how
// it reads ("red" is a colour: "the red tones").
type Feature struct {
	Kind FeatureKind `json:"kind"`
	Tag  string      `json:"tag"`
}

// FeatureKind says how a tag word reads in a note.
type FeatureKind string

// The kinds of feature.
const (
	FeatureThing  FeatureKind = "thing"  // a thing in the picture: "the candle"
	FeatureColour FeatureKind = "colour" // a colour or a lightness: "the red tones"
	FeatureMood   FeatureKind = "mood"   // the picture's mood: "the eerie mood"
)

// Limits of a bot note, checked when it is given: a note is a reason, and
// nothing a command carries grows without bound.
const (
	MaxNoteFeatures = 2
	maxTagLen       = 32
	maxNoteCardLen  = 16
)

// checkBotNote refuses a bot note that is not one the engine can say.
func checkBotNote(n *BotNote) error {
	bad := len(n.Features) > MaxNoteFeatures || n.Like == "" || len(n.Like) > maxNoteCardLen || !plainWord(string(n.Like))
	for _, f := range n.Features {
		switch f.Kind {
		case FeatureThing, FeatureColour, FeatureMood:
		default:
			bad = true
		}
		bad = bad || f.Tag == "" || len(f.Tag) > maxTagLen || !plainWord(f.Tag)
	}
	if bad {
		return ruleErrorf(ErrNote, "That bot note cannot be read.")
	}
	return nil
}

// plainWord reports whether s is printable text on one line.
func plainWord(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl)
}

// phrase is one feature as a note says it in l.
func (f Feature) phrase(l i18n.Lang) string {
	w := l.T(f.Tag) // the deck's tag word (game/deck registers its French)
	switch f.Kind {
	case FeatureColour:
		return l.F("the %s tones", w)
	case FeatureMood:
		return l.F("the %s mood", w)
	}
	return l.F("the %s", w)
}

// Say is the note in l, naming its card with name (the reader's card
// names; nil names cards by id), in at most MaxGhostNoteLen characters:
// "the candle and the red tones, like The Chapel".
func (n *BotNote) Say(l i18n.Lang, name func(CardID) string) string {
	like := string(n.Like)
	if name != nil {
		like = name(n.Like)
	}
	fs := n.Features[:min(len(n.Features), MaxNoteFeatures)]
	var s string
	switch len(fs) {
	case 0:
		return clipNote(l.F("a long shot, for %s", like))
	case 2:
		s = l.F("%s and %s, like %s", fs[0].phrase(l), fs[1].phrase(l), like)
		if utf8.RuneCountInString(s) <= MaxGhostNoteLen {
			return s
		}
	}
	return clipNote(l.F("%s, like %s", fs[0].phrase(l), like))
}

// clipNote cuts a note to MaxGhostNoteLen characters.
func clipNote(s string) string {
	if r := []rune(s); len(r) > MaxGhostNoteLen {
		return string(r[:MaxGhostNoteLen])
	}
	return s
}
