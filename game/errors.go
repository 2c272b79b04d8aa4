package game

import (
	"errors"
	"fmt"
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

// RuleError is returned for every illegal command. Msg is a sentence a
// player understands and may be shown as is; the state is left untouched.
type RuleError struct {
	Code ErrorCode
	Msg  string
}

func (e *RuleError) Error() string { return e.Msg }

// Is makes errors.Is(err, &RuleError{Code: c}) match any rule error with code c.
func (e *RuleError) Is(target error) bool {
	t, ok := target.(*RuleError)
	return ok && t.Code == e.Code && (t.Msg == "" || t.Msg == e.Msg)
}

func ruleErrorf(code ErrorCode, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Msg: fmt.Sprintf(format, args...)}
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

// Msg tells the player plainly what happened and what to do.
func (e *SaveError) Msg() string {
	return "Your move was not saved (the server could not write it down), so nothing changed. Try again in a moment."
}
