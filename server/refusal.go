package server

import (
	"errors"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// refusal is a sentence meant for the person at the other end of the
// connection: why a command, a session or a table was refused. It is shown as
// is, on stderr or in the screen's flash line, so it is written as a whole
// sentence. Player-facing text travels in this type, as the engine's travels in
// game.RuleError, and never as a Go error string: those are for logs and for
// other code, and read like "server: save name: disk full".
//
// A refusal keeps its English text and arguments, not a rendered sentence:
// the one who reads it may read another language than the one who caused
// it, so it is put in words where it is shown (In).
type refusal struct {
	format string
	args   []any
}

// Error is the sentence in English, for logs and for code that compares.
func (r *refusal) Error() string { return r.In(i18n.English) }

// In is the sentence in l. Screens showing a hub's error call it through
// the interface{ In(i18n.Lang) string }.
func (r *refusal) In(l i18n.Lang) string {
	if r.args == nil {
		return l.T(r.format)
	}
	return l.F(r.format, r.args...)
}

// Text is In under the engine's name (game.Texter), so that game.Say, which
// screens call for any error, says a refusal in the reader's language too.
func (r *refusal) Text(l i18n.Lang) string { return r.In(l) }

var _ game.Texter = (*refusal)(nil)

// tell makes refusals: tell.T("...") and tell.F("...", args) read to the
// catalog's test like any translated sentence, so each has its French.
var tell teller

type teller struct{}

// T is a refusal with the sentence msg.
func (teller) T(msg string) error { return &refusal{format: msg} }

// F is a refusal with a formatted sentence.
func (teller) F(format string, a ...any) error {
	if a == nil {
		a = []any{}
	}
	return &refusal{format: format, args: a}
}

// sentenceIn is an error as the player reads it in l: a refusal's sentence
// (or any error that can say itself in l) translated, anything else as the
// engine says it (game.Say: one plain sentence, never a Go error string).
func sentenceIn(l i18n.Lang, err error) string {
	var t interface{ In(i18n.Lang) string }
	if errors.As(err, &t) {
		return t.In(l)
	}
	return game.Say(err, l)
}
