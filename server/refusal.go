package server

import "fmt"

// refusal is a sentence meant for the person at the other end of the
// connection: why a command, a session or a table was refused. It is shown as
// is, on stderr or in the screen's flash line, so it is written as a whole
// sentence. Player-facing text travels in this type, as the engine's travels in
// game.RuleError, and never as a Go error string: those are for logs and for
// other code, and read like "server: save name: disk full".
type refusal struct{ msg string }

func (r *refusal) Error() string { return r.msg }

// tell is a refusal with the sentence msg.
func tell(msg string) error { return &refusal{msg} }

// tellf is a refusal with a formatted sentence.
func tellf(format string, a ...any) error { return &refusal{fmt.Sprintf(format, a...)} }
