package game

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// GhostNote is the ghost's reason for one vision ("red curtains = theatre"),
// written when giving it (GiveVision.Note). The ghost still cannot tell
// anybody anything: during the game a note is in the ghost's view only, and
// once the game is over it is in everybody's, beside its vision in the
// replay. It is journaled with the give, so restarts and replays keep it.
type GhostNote struct {
	Round int    // the round the vision was given in
	To    Colour // the psychic it was given to
	Text  string
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

// GhostNoteFor returns the note given with psychic to's vision of round, or "".
func GhostNoteFor(notes []GhostNote, round int, to Colour) string {
	for _, n := range notes {
		if n.Round == round && n.To == to {
			return n.Text
		}
	}
	return ""
}
