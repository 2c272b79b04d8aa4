package game

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// GhostNote is the ghost's reason for one vision ("red curtains = theatre"),
// written when giving it (GiveVision.Note). The ghost still cannot tell
// anybody anything: during the game a note is in the ghost's view only, and
// once the game is over it is in everybody's, beside its vision in the
// replay. It is journaled with the give, so restarts and replays keep it.
//
// A person's note is Text, shown as written in every language. A bot's is
// Bot, said in each reader's language (old journals hold bots' notes as
// English Text, shown as they are).
type GhostNote struct {
	Round int    // the round the vision was given in
	To    Colour // the psychic it was given to
	Text  string
	Bot   *BotNote // never changed once given
}

// Say is the note as a reader of language l reads it, naming cards with
// name (see BotNote.Say); "" for no note.
func (n GhostNote) Say(l i18n.Lang, name func(CardID) string) string {
	if n.Bot != nil {
		return n.Bot.Say(l, name)
	}
	return n.Text
}

// MaxGhostNoteLen is the longest note accepted, in characters. A note is a
// reason, not a letter; callers sanitise it (one line) before sending.
const MaxGhostNoteLen = 80

// checkGhostNote trims a note and refuses one that is too long or holds control
// characters (a newline would break the replay's lines).
func checkGhostNote(text string) (string, error) {
	text = strings.TrimSpace(text)
	if n := utf8.RuneCountInString(text); n > MaxGhostNoteLen {
		return "", ruleErrorf(ErrNote, "A note holds at most %d characters (this one has %d).", MaxGhostNoteLen, n)
	}
	if !utf8.ValidString(text) || strings.ContainsFunc(text, unicode.IsControl) {
		return "", ruleErrorf(ErrNote, "A note is one line of plain text.")
	}
	return text, nil
}

// GhostNoteFor returns the note given with psychic to's vision of round,
// or the zero note (which says "").
func GhostNoteFor(notes []GhostNote, round int, to Colour) GhostNote {
	for _, n := range notes {
		if n.Round == round && n.To == to {
			return n
		}
	}
	return GhostNote{}
}
