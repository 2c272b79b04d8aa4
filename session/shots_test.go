package session

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
)

// TestShots writes every main screen as an ANSI file when SESSION_SHOTS
// names a directory (for looking at them: shot.sh turns them into PNGs).
func TestShots(t *testing.T) {
	dir := os.Getenv("SESSION_SHOTS")
	if dir == "" {
		t.Skip("set SESSION_SHOTS=dir to write the screens")
	}
	write := func(name string, m *Model) {
		if err := os.WriteFile(filepath.Join(dir, name+".ans"), []byte(m.View()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, sz := range [][2]int{{80, 24}, {140, 45}, {120, 40}} {
		w, h := sz[0], sz[1]
		suffix := "-" + sizeName(sz)
		pt := seatScenario(t)
		write("seats"+suffix, modelAt(t, pt, pGhost, w, h))

		pt = playScenario(t, game.DefaultOptions(game.Classic))
		g := modelAt(t, pt, pGhost, w, h)
		g.sh.R.SetColorProfile(colorprofile.TrueColor)
		act(t, g, pt, " ", "right", "right", " ")
		write("ghost"+suffix, g)
		ghostGiveAll(t, pt)
		a := modelAt(t, pt, pAnn, w, h)
		act(t, a, pt, "right", "i")
		b := modelAt(t, pt, pBen, w, h)
		act(t, b, pt, "i", "r")
		act(t, a, pt, "down", "y")
		refresh(a, pt)
		write("psychic"+suffix, a)
		refresh(g, pt)
		write("ghost2"+suffix, g)
		s := modelAt(t, pt, pWatch, w, h)
		write("spectator"+suffix, s)
		act(t, a, pt, "enter")
		write("zoom"+suffix, a)
		act(t, a, pt, "esc", "P")
		write("plain"+suffix, a)

		pt = playScenario(t, game.DefaultOptions(game.Classic))
		playToFinal(t, pt, false)
		g = modelAt(t, pt, pGhost, w, h)
		act(t, g, pt, "c", " ", "right", " ")
		write("final-ghost"+suffix, g)
		act(t, g, pt, "right", " ", "g")
		a = modelAt(t, pt, pAnn, w, h)
		write("final"+suffix, a)
		voteAll(t, pt, 1)
		refresh(a, pt)
		write("end"+suffix, a)

		l := newTestModel(t, newFakeHub(sampleTables()...), alice, w, h)
		l.Init()
		write("lobby"+suffix, l)
		press(l, "?")
		write("help"+suffix, l)
	}
}
