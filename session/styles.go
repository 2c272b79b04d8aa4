package session

import (
	"github.com/charmbracelet/lipgloss"
)

// styles are built from the session's own renderer, never the global one:
// each SSH client gets the colours its terminal can show.
type styles struct {
	title, dim, bold, sel, cursor, err, note, ok, bad lipgloss.Style
	rule, keys, status, section, box, boxSel, input   lipgloss.Style
	ghost                                             lipgloss.Style
	psychic                                           [6]lipgloss.Style
}

// psychicHex are the six seat colours in the game's Colour order: purple,
// yellow, red, blue, white, green. They are always shown with a symbol too.
var psychicHex = [6]string{"#a06cd5", "#e6c229", "#e0453a", "#3f88e8", "#e8e8e8", "#3fb55a"}

func newStyles(r *lipgloss.Renderer) styles {
	n := r.NewStyle
	s := styles{
		title:   n().Bold(true).Foreground(lipgloss.Color("#c9a0ff")),
		dim:     n().Foreground(lipgloss.Color("244")),
		bold:    n().Bold(true),
		sel:     n().Bold(true).Foreground(lipgloss.Color("#ffffff")).Background(lipgloss.Color("#5b4a8a")),
		cursor:  n().Bold(true).Foreground(lipgloss.Color("#ffd75f")),
		err:     n().Bold(true).Foreground(lipgloss.Color("#ff5f5f")),
		note:    n().Foreground(lipgloss.Color("#87d7ff")),
		ok:      n().Bold(true).Foreground(lipgloss.Color("#5fd75f")),
		bad:     n().Bold(true).Foreground(lipgloss.Color("#ff5f5f")),
		rule:    n().Foreground(lipgloss.Color("#6c6c8a")),
		keys:    n().Foreground(lipgloss.Color("245")),
		status:  n().Bold(true).Foreground(lipgloss.Color("#ffffff")).Background(lipgloss.Color("#3a2a55")),
		section: n().Bold(true).Foreground(lipgloss.Color("#b8a4d8")),
		box:     n().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color("240")),
		boxSel:  n().Border(lipgloss.ThickBorder()).BorderForeground(lipgloss.Color("#ffd75f")),
		input:   n().Foreground(lipgloss.Color("#ffffff")),
		ghost:   n().Bold(true).Foreground(lipgloss.Color("#9fd8ff")),
	}
	for i, hex := range psychicHex {
		s.psychic[i] = n().Bold(true).Foreground(lipgloss.Color(hex))
	}
	return s
}
