package words

import (
	"fmt"
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// TimerText is a sand timer's length as the lobby and the seat picker
// show it: off, whole minutes or seconds.
func TimerText(l i18n.Lang, d time.Duration) string {
	if d == 0 {
		return l.T("off")
	}
	if d%time.Minute == 0 {
		return fmt.Sprintf("%d min", int(d/time.Minute))
	}
	return fmt.Sprintf("%d s", int(d/time.Second))
}

// EditionBlurb is the line that says what sets an edition apart.
func EditionBlurb(l i18n.Lang, e game.Edition) string {
	switch e {
	case game.Classic:
		return l.T("crows, sand timer, clairvoyance, straw poll (2-7 players)")
	case game.Modern:
		return l.T("candles, random culprit, open majority vote (3-7 players)")
	case game.Original:
		return l.T("object first, four difficulties, repeated votes (2-7 players)")
	}
	return ""
}
