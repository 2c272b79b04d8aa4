package session

import (
	"testing"

	"github.com/muesli/termenv"

	"github.com/mysterium-ssh/mysterium/game"
)

// The cost of drawing one frame of the busiest screens with real (cached)
// card art: every update from the table costs one of these per watcher.
func benchView(b *testing.B, p game.PlayerID, w, h int) {
	t := &testing.T{}
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	if p != pGhost {
		ghostGiveAll(t, pt)
	}
	m := modelAt(t, pt, p, w, h)
	m.r.SetColorProfile(termenv.ANSI256)
	_ = m.View() // fill the art cache
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = m.View()
	}
}

func BenchmarkViewPsychic140x45(b *testing.B) { benchView(b, pAnn, 140, 45) }
func BenchmarkViewGhost140x45(b *testing.B)   { benchView(b, pGhost, 140, 45) }
func BenchmarkViewPsychic80x24(b *testing.B)  { benchView(b, pAnn, 80, 24) }
