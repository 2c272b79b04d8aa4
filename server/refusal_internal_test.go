package server

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// A refusal says itself in each reader's language however it is asked:
// through In (the session's hub errors), through game.Say (any error on a
// screen), wrapped or not; Error stays the English for logs. Anything else
// reaches a player as one plain sentence, never as a Go error string.
func TestARefusalSaysItselfInTheReadersLanguage(t *testing.T) {
	r := tell.F("There is no table %s.", "ZZZZ")
	wrapped := fmt.Errorf("hub: %w", r)
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"Error", r.Error(), "There is no table ZZZZ."},
		{"sentenceIn English", sentenceIn(i18n.English, r), "There is no table ZZZZ."},
		{"sentenceIn French", sentenceIn(i18n.French, wrapped), "Il n'y a pas de table ZZZZ."},
		{"game.Say French", game.Say(wrapped, i18n.French), "Il n'y a pas de table ZZZZ."},
		{"a fixed sentence", sentenceIn(i18n.French, tell.T("A name needs at least one visible character.")), "Un nom doit avoir au moins un caractère visible."},
		{"a Go error", sentenceIn(i18n.English, errors.New("store: disk full")), game.Say(errors.New("x"), i18n.English)},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}
