package server_test

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

// shortName is how the screens name a psychic in few columns ("▲ Alma").
func shortName(c game.Colour) string {
	name := c.Character()
	if i := strings.IndexByte(name, ' '); i > 0 && c != game.Red {
		name = name[:i]
	}
	return c.Symbol() + " " + name
}

// TestColourSwitchShowsTheOtherVision: in a 3-player modern game each psychic
// player runs two colours; after c the header, the vision shown and the
// intuition i places are all the other colour's.
func TestColourSwitchShowsTheOtherVision(t *testing.T) {
	if testing.Short() {
		t.Skip("a game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Modern, psychics: 2})
	r.play(func(u game.Update) bool { return len(u.View.Public().WaitingVisions) == 0 })
	p := r.psychics[0]
	u := r.waitView(p, "psy1's own view", func(u game.Update) bool {
		_, ok := u.View.(*game.PsychicView)
		return ok
	})
	v := u.View.(*game.PsychicView)
	if len(v.Colours) != 2 {
		t.Fatalf("psy1 runs %v, want two colours", v.Colours)
	}
	first, second := v.Colours[0], v.Colours[1]
	p.c.WaitFor("Vision of "+shortName(first), wait)
	p.c.Screen.Mark()
	p.c.Type("c")
	if err := p.c.Screen.WaitUntil(func(string) bool {
		s := p.c.Screen.Since()
		return strings.Contains(s, "You are "+second.Symbol()+" "+second.Character()) &&
			strings.Contains(s, "Vision of "+shortName(second))
	}, "the header and the vision of "+shortName(second), wait); err != nil {
		t.Fatal(err)
	}
	// i places the switched colour's intuition, on its category's first card.
	p.c.Type("hhhhhhhhhhi")
	r.waitState(shortName(second)+"'s intuition", func(tv *game.TableView) bool {
		return tv.Psychic(second).Intuition != ""
	})
	// The screen drawn after it still shows the switched colour's vision.
	if err := p.c.Screen.WaitUntil(func(string) bool {
		s := p.c.Screen.Since()
		return strings.Contains(s, "Your intuition is on") &&
			strings.HasPrefix(s[strings.LastIndex(s, "Vision of "):], "Vision of "+shortName(second))
	}, "the intuition placed beside "+shortName(second)+"'s vision", wait); err != nil {
		t.Fatal(err)
	}
}

// A key that does nothing at this point of the game says so over SSH: a
// psychic's i while the ghost reveals the results was ignored without a
// word.
func TestIdleKeySaysWhyOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("a game over SSH")
	}
	r := setup(t, tableSpec{edition: game.Classic, psychics: 1, bots: 2})
	r.play(func(u game.Update) bool { return u.View.Public().Phase == game.PhaseReveal })
	p := r.psychic
	// The table is in the reveal; wait until this screen has drawn it too,
	// or i reaches the engine as a move and the engine refuses it.
	if err := p.c.Screen.WaitUntil(func(s string) bool {
		return strings.Contains(s, "The ghost is revealing the results")
	}, "the reveal on the psychic's screen", wait); err != nil {
		t.Fatal(err)
	}
	p.c.Screen.Mark()
	p.c.Type("i")
	if err := p.c.Screen.WaitUntil(func(string) bool {
		return strings.Contains(p.c.Screen.Since(), "i (intuition) does nothing now: see the line below.")
	}, "the idle key's sentence", wait); err != nil {
		t.Fatal(err)
	}
}
