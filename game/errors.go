package game

import (
	"errors"
	"fmt"

	// The French of the engine's sentences, registered by its init.
	_ "github.com/mysterium-ssh/mysterium/game/internal/fr"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// ErrorCode classifies a RuleError so that callers and tests can tell cases
// apart without parsing the sentence.
type ErrorCode string

// The kinds of rule error.
const (
	ErrBadOptions   ErrorCode = "bad-options"   // invalid table options
	ErrBadCommand   ErrorCode = "bad-command"   // malformed command (unknown seat, colour, …)
	ErrWrongPhase   ErrorCode = "wrong-phase"   // not allowed at this point of the game
	ErrNotYourSeat  ErrorCode = "not-your-seat" // the player does not control that seat or colour
	ErrNotHost      ErrorCode = "not-host"      // only the host may do this
	ErrSeatTaken    ErrorCode = "seat-taken"    // somebody already sits there
	ErrNotSeated    ErrorCode = "not-seated"    // the player has no seat
	ErrSeats        ErrorCode = "seats"         // the seats do not make a legal game
	ErrCard         ErrorCode = "card"          // card not in hand / not on the table / repeated
	ErrTooMany      ErrorCode = "too-many"      // too many (or too few) cards
	ErrVision       ErrorCode = "vision"        // vision to the wrong psychic
	ErrIntuition    ErrorCode = "intuition"     // intuition problem
	ErrToken        ErrorCode = "token"         // clairvoyance token problem
	ErrDiscard      ErrorCode = "discard"       // discard allowance spent or forbidden
	ErrVote         ErrorCode = "vote"          // vote problem (second vote, not your turn, …)
	ErrChat         ErrorCode = "chat"          // chat not allowed
	ErrNotStarted   ErrorCode = "not-started"   // the game has not started
	ErrGameOver     ErrorCode = "game-over"     // the game is finished
	ErrNotSupported ErrorCode = "not-supported" // the edition has no such thing
	ErrTakeBack     ErrorCode = "take-back"     // no vision can be taken back now
	ErrTimer        ErrorCode = "timer"         // the sand timer cannot be paused, resumed or given time now
	ErrNote         ErrorCode = "note"          // a note is too long
)

// RuleError is returned for every illegal command; the state is left
// untouched. It carries its sentence unformatted, so that each player reads
// it in their own language: Format is the English sentence (and the key of
// its French), Args its arguments. Text says it in a language; Error says
// it in English, for logs and tests.
type RuleError struct {
	Code   ErrorCode
	Format string
	// Args are numbers, card ids and names as they are, and typed words
	// (Colour, Category, Seat, Edition: anything with a Name(i18n.Lang)
	// method), which Text translates with the sentence.
	Args []any
}

// Error is the sentence in English.
func (e *RuleError) Error() string { return e.Text(i18n.English) }

// Text is the sentence in l, ready to show to a player.
func (e *RuleError) Text(l i18n.Lang) string {
	if len(e.Args) == 0 {
		return l.T(e.Format)
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if w, ok := a.(namer); ok {
			a = w.Name(l)
		}
		args[i] = a
	}
	return l.F(e.Format, args...)
}

// namer is a typed word that has a name in each language.
type namer interface{ Name(i18n.Lang) string }

// Is makes errors.Is(err, &RuleError{Code: c}) match any rule error with
// code c (and, if the target has a Format, that sentence only).
func (e *RuleError) Is(target error) bool {
	t, ok := target.(*RuleError)
	return ok && t.Code == e.Code && (t.Format == "" || t.Format == e.Format)
}

// ruleErrorf makes a rule error. format must have a French text
// (package game/internal/fr; TestEveryRuleErrorHasFrench reads every call).
func ruleErrorf(code ErrorCode, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Format: format, Args: args}
}

// AsRuleError returns the rule error inside err, if any.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}

// SaveError is a command the rules accepted but the table's journal could
// not record (a full disk, say). The command is not applied and nothing is
// announced; the same command may succeed once writes work again. Error is
// for logs; Msg is the sentence for the player who sent it.
type SaveError struct {
	Table string
	Err   error
}

func (e *SaveError) Error() string {
	return fmt.Sprintf("table %s: the journal could not record a command: %v", e.Table, e.Err)
}

func (e *SaveError) Unwrap() error { return e.Err }

// saveErrorText is what a player whose move was not saved reads.
const saveErrorText = "Your move was not saved (the server could not write it down), so nothing changed. Try again in a moment."

// Msg tells the player plainly, in English, what happened and what to do.
func (e *SaveError) Msg() string { return saveErrorText }

// Text is Msg in l.
func (e *SaveError) Text(l i18n.Lang) string { return l.T(saveErrorText) }

// Texter is an error that carries a sentence for players in any language
// (RuleError, SaveError; other packages' refusals may be too).
type Texter interface {
	error
	Text(l i18n.Lang) string
}

// inner is the same as Texter under the name the server's refusals use
// (server/refusal.go: In(l)), so a hub's refusal reaching a screen through
// Say keeps its sentence.
type inner interface {
	error
	In(l i18n.Lang) string
}

// Say is the sentence a player reads, in l, for an error from the engine or
// the table: a rule's refusal or an unsaved move as itself, a stopped table
// as such, and anything else as one plain sentence, never a Go error
// string (those are for logs). nil says nothing.
func Say(err error, l i18n.Lang) string {
	if err == nil {
		return ""
	}
	var t Texter
	var in inner
	switch {
	case errors.As(err, &t):
		return t.Text(l)
	case errors.As(err, &in):
		return in.In(l)
	case errors.Is(err, ErrTableStopped):
		return l.T("The table has stopped.")
	}
	return l.T("That could not be done; nothing changed. Try again in a moment.")
}
