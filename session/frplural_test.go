package session

import (
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// French counts agree: one card shown of two is "1 carte sur 2 montrée".
func TestFrenchCardsShownAgreeWithTheCount(t *testing.T) {
	for _, tc := range []struct {
		shown, of int
		want      string
	}{
		{1, 2, "  1 carte sur 2 montrée"},
		{2, 3, "  2 cartes sur 3 montrées"},
	} {
		if got := i18n.French.F("  %d of %d cards shown", tc.shown, tc.of); got != tc.want {
			t.Errorf("%d of %d: %q, want %q", tc.shown, tc.of, got, tc.want)
		}
	}
	if got := i18n.English.F("  %d of %d cards shown", 1, 2); got != "  1 of 2 cards shown" {
		t.Errorf("English: %q", got)
	}
}
