package session

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// A refused move is said in the player's language: the same refusal (a
// second vision to a psychic who has one) reads in French for a French
// ghost and in English for an English one.
func TestARefusalInThePlayersLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.English, "has already had a vision this round."},
		{i18n.French, "a déjà reçu une vision ce tour-ci."},
	} {
		t.Run(tc.lang.String(), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(game.Classic))
			who := Identity{ID: pGhost, Name: names[pGhost], Fingerprint: string(pGhost), Lang: tc.lang}
			ghost := newTestModel(t, newFakeHub(), who, 120, 40)
			ghost.attach(pt.code, pt, nil, false)
			refresh(ghost, pt)
			top := []string{"k", "k", "k", "k", "k", "k", "k"}
			if err := act(t, ghost, pt, append(top, "g")...); err != nil {
				t.Fatal(err)
			}
			if err := act(t, ghost, pt, append(top, "g")...); err == nil {
				t.Fatal("a second vision to the same psychic was not refused")
			}
			if v := plainView(ghost); !strings.Contains(v, tc.want) {
				t.Errorf("the screen after the refusal does not say %q:\n%s", tc.want, v)
			}
		})
	}
}
