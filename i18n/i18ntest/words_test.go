package i18ntest_test

import (
	"slices"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/i18n/i18ntest"
)

func init() {
	i18n.Add(map[string]string{"i18ntest: the sand timer is %s": "i18ntest : le sablier est %s"})
}

// The dictionary holds the English frames' words and the catalog keys'
// that no French text uses, and none of the data's words.
func TestEnglishOnly(t *testing.T) {
	ws := i18ntest.EnglishOnly([]string{"MYSTERIUM  HOUR III  ⏸ 1:40 paused", "alice joined Samhain"}, "alice", "Samhain")
	for _, tc := range []struct {
		french string
		want   []string
	}{
		{"HEURE III  ⏸ 1:40 paused", []string{"paused"}},
		{"i18ntest : le sablier est timer", []string{"timer"}}, // "timer" is the key's, not French
		{"alice a rejoint Samhain · ctrl+c · 2 min · ssh HOST tables", nil},
		{"MYSTERIUM  HEURE III  ⏸ 1:40 arrêté", nil},
		{"HOUR", []string{"hour"}},
	} {
		if got := ws.In(tc.french); !slices.Equal(got, tc.want) {
			t.Errorf("In(%q) = %q, want %q", tc.french, got, tc.want)
		}
	}
}
