package game

import "github.com/mysterium-ssh/mysterium/i18n"

// TimerNote says who last worked the running sand timer, as data rather
// than a sentence, so that each player reads it in their own language
// (Say). Its zero value is no note.
type TimerNote struct {
	Kind TimerNoteKind
	Host string // the name of who did it (the host, or a psychic when the host is the ghost); "" says "the host"
}

// TimerNoteKind is what was last done to the sand timer.
type TimerNoteKind string

// The things that can be done to the sand timer while it runs.
const (
	TimerPausedNote  TimerNoteKind = "paused"  // the host paused it
	TimerResumedNote TimerNoteKind = "resumed" // the host resumed it
	TimerWokeNote    TimerNoteKind = "woke"    // the pause was long enough: the table resumed it
	TimerAddedNote   TimerNoteKind = "added"   // the host added AddTimeStep
)

// Say is the note in l, starting in lower case ("alice paused the sand
// timer"): a screen makes it a sentence. "" for no note.
func (n TimerNote) Say(l i18n.Lang) string {
	host := n.Host
	if host == "" {
		host = l.T("the host")
	}
	switch n.Kind {
	case TimerPausedNote:
		return l.F("%s paused the sand timer", host)
	case TimerResumedNote:
		return l.F("%s resumed the sand timer", host)
	case TimerWokeNote:
		return l.T("the pause was long enough: the sand timer runs again")
	case TimerAddedNote:
		return l.F("%s added 30 s to the sand timer", host)
	}
	return ""
}
