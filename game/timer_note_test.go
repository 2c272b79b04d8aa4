package game

import (
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestTimerNoteSaysInBothLanguages: the public note on the sand timer is
// data, said in each reader's language, the host's name as it is.
func TestTimerNoteSaysInBothLanguages(t *testing.T) {
	for _, tc := range []struct {
		note   TimerNote
		en, fr string
	}{
		{TimerNote{TimerPausedNote, "alice"}, "alice paused the sand timer", "alice a arrêté le sablier"},
		{TimerNote{TimerResumedNote, "alice"}, "alice resumed the sand timer", "alice a relancé le sablier"},
		{TimerNote{TimerAddedNote, ""}, "the host added 30 s to the sand timer", "l'hôte a ajouté 30 s au sablier"},
		{TimerNote{TimerWokeNote, "alice"}, "the pause was long enough: the sand timer runs again",
			"la pause a assez duré : le sablier s'écoule de nouveau"},
		{TimerNote{}, "", ""},
	} {
		if got := tc.note.Say(i18n.English); got != tc.en {
			t.Errorf("%+v.Say(English) = %q, want %q", tc.note, got, tc.en)
		}
		if got := tc.note.Say(i18n.French); got != tc.fr {
			t.Errorf("%+v.Say(French) = %q, want %q", tc.note, got, tc.fr)
		}
	}
}
