package words

// The table's own sentences, said alike on the screens and in the linear mode.

import (
	"unicode"
	"unicode/utf8"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// TimerSentence is the sand timer's note said (as cleaned to be shown) as
// a sentence: our own words start with a capital ("The host paused…"), a
// host's name stays as they typed it ("alice paused…", not "Alice").
func TimerSentence(n game.TimerNote, l i18n.Lang, said string) string {
	if n.Host == "" || n.Kind == game.TimerWokeNote {
		said = UpFirst(said)
	}
	return said + "."
}

// While the server cannot save the table's moves (Update.Unsaved: a full
// disk, its data directory gone), the status line of every screen at the
// table says so instead of what it waits for, and a message says when the
// game goes on; the linear mode says both as lines (viewLines).
var (
	UnsavedText    = i18n.N("The server cannot save moves: the game waits.")
	SavedAgainText = i18n.N("The server saves moves again: the game goes on.")
)

// UpFirst starts a sentence with a capital letter.
func UpFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
