package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// psychicLabel is "▲ Alma Salvador" in the psychic's colour: the symbol
// always goes with the colour so colour is never the only cue.
func (st *styles) psychicLabel(c game.Colour) string {
	return st.psychic[c].Render(c.Symbol() + " " + c.Character())
}

// shortLabel is "▲ Alma".
func (st *styles) shortLabel(c game.Colour) string {
	name := c.Character()
	if i := strings.IndexByte(name, ' '); i > 0 && c != game.Red {
		name = name[:i]
	}
	return st.psychic[c].Render(c.Symbol() + " " + name)
}

func (st *styles) sym(c game.Colour) string {
	return st.psychic[c].Render(c.Symbol())
}
