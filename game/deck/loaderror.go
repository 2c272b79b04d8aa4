package deck

import "github.com/mysterium-ssh/mysterium/i18n"

// LoadError says which file of a custom deck is bad and why. Reason is the
// English, for logs and Error; Text says it in a reader's language.
type LoadError struct {
	File   string
	Reason string

	format string // the English sentence with verbs, the catalog's key
	args   []any  // its arguments; a word among them is translated too
}

// word is an argument of a reason that is itself a phrase to translate
// ("file not found"); other arguments (ids, sizes, a parser's message) are
// shown as they are.
type word string

// loadErr is a LoadError for file saying format with args. format is an
// i18n.N literal at each call, so the catalog test asks for its French.
func loadErr(file, format string, args ...any) *LoadError {
	e := &LoadError{File: file, format: format, args: args}
	e.Reason = e.reason(i18n.English)
	return e
}

func (e *LoadError) Error() string { return e.File + ": " + e.Reason }

// Text is the error in language l: the file, then why.
func (e *LoadError) Text(l i18n.Lang) string { return e.File + ": " + e.reason(l) }

func (e *LoadError) reason(l i18n.Lang) string {
	if e.format == "" {
		return e.Reason
	}
	args := make([]any, len(e.args))
	for i, a := range e.args {
		if w, ok := a.(word); ok {
			a = l.T(string(w))
		}
		args[i] = a
	}
	return l.F(e.format, args...)
}
