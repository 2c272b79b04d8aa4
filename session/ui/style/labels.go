package style

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// PsychicLabel is "▲ Alma Salvador" in the psychic's colour: the symbol
// always goes with the colour so colour is never the only cue.
func (st *Styles) PsychicLabel(c game.Colour) string {
	if l := st.labels[c]; l != "" {
		return l
	}
	return st.psychicLabel(c)
}

func (st *Styles) psychicLabel(c game.Colour) string {
	return st.Psychic[c].Render(c.Symbol() + " " + c.Character())
}

// ShortLabel is "▲ Alma".
func (st *Styles) ShortLabel(c game.Colour) string {
	if l := st.shortLabels[c]; l != "" {
		return l
	}
	return st.shortLabel(c)
}

func (st *Styles) shortLabel(c game.Colour) string {
	name := c.Character()
	if i := strings.IndexByte(name, ' '); i > 0 && c != game.Red {
		name = name[:i]
	}
	return st.Psychic[c].Render(c.Symbol() + " " + name)
}

func (st *Styles) Sym(c game.Colour) string {
	return st.Psychic[c].Render(c.Symbol())
}
