package session

import (
	"io"
	"strconv"
	"sync"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// styles are built for a session's colour profile, never the global
// renderer's: each SSH client gets the colours its terminal can show.
type styles struct {
	title, dim, bold, sel, cursor, err, note, ok, bad style
	rule, keys, status, section, box, boxSel, input   style
	ghost, reverse                                    style
	psychic                                           [6]style
	// profile is the colour profile they draw in.
	profile termenv.Profile
}

// psychicHex are the six seat colours in the game's Colour order: purple,
// yellow, red, blue, white, green. They are always shown with a symbol too.
var psychicHex = [6]string{"#a06cd5", "#e6c229", "#e0453a", "#3f88e8", "#e8e8e8", "#3fb55a"}

// sharedStyles holds one *styles per colour profile (see stylesFor).
var sharedStyles sync.Map // termenv.Profile -> *styles

// stylesFor returns the styles for r's colour profile, built once and shared
// by every session with that profile: a session's styles took 14 KB, the
// same for everyone with the same terminal, and nothing else in them
// depends on the session (no adaptive colours: the background's shade does
// not change them). They are drawn by a renderer of their own, which has
// the profile and never changes it.
func stylesFor(r *lipgloss.Renderer) *styles {
	p := r.ColorProfile()
	if st, ok := sharedStyles.Load(p); ok {
		return st.(*styles)
	}
	own := lipgloss.NewRenderer(io.Discard)
	own.SetColorProfile(p)
	own.SetHasDarkBackground(true)
	st := newStyles(own)
	actual, _ := sharedStyles.LoadOrStore(p, &st)
	return actual.(*styles)
}

func newStyles(r *lipgloss.Renderer) styles {
	n := func() lipgloss.Style { return r.NewStyle() }
	// Every style but the two boxes only sets bold, colours or reverse:
	// inline styles (see style) whose escape sequences are worked out once.
	in := func(ls lipgloss.Style) style { return inlineStyle(r, ls) }
	s := styles{
		title:   in(n().Bold(true).Foreground(hexColour("#c9a0ff"))),
		dim:     in(n().Foreground(lipgloss.Color("244"))),
		bold:    in(n().Bold(true)),
		sel:     in(n().Bold(true).Foreground(hexColour("#ffffff")).Background(hexColour("#5b4a8a"))),
		cursor:  in(n().Bold(true).Foreground(hexColour("#ffd75f"))),
		err:     in(n().Bold(true).Foreground(hexColour("#ff5f5f"))),
		note:    in(n().Foreground(hexColour("#87d7ff"))),
		ok:      in(n().Bold(true).Foreground(hexColour("#5fd75f"))),
		bad:     in(n().Bold(true).Foreground(hexColour("#ff5f5f"))),
		rule:    in(n().Foreground(hexColour("#6c6c8a"))),
		keys:    in(n().Foreground(lipgloss.Color("245"))),
		status:  in(n().Bold(true).Foreground(hexColour("#ffffff")).Background(hexColour("#3a2a55"))),
		section: in(n().Bold(true).Foreground(hexColour("#b8a4d8"))),
		box:     blockStyle(r, n().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color("240"))),
		boxSel:  blockStyle(r, n().Border(lipgloss.ThickBorder()).BorderForeground(hexColour("#ffd75f"))),
		input:   in(n().Foreground(hexColour("#ffffff"))),
		ghost:   in(n().Bold(true).Foreground(hexColour("#9fd8ff"))),
		reverse: in(n().Reverse(true)),
	}
	for i, hex := range psychicHex {
		s.psychic[i] = in(n().Bold(true).Foreground(hexColour(hex)))
	}
	s.profile = r.ColorProfile()
	return s
}

// hexColours caches hexColour's answers: there are a handful of colours.
var hexColours sync.Map // string -> lipgloss.CompleteColor

// hexColour is the colour hex as a lipgloss.CompleteColor whose 256- and
// 16-colour forms are worked out once, here, exactly as termenv would
// convert hex at each Render. A plain lipgloss.Color("#...") is converted
// again for every styled string, and termenv's conversion to 256 colours
// measures perceptual distances (HSLuv): about 15% of a frame's time in
// the load measurements (docs/performance.md). The bytes drawn are the same
// for every profile, and a profile change (the T key) still applies.
func hexColour(hex string) lipgloss.TerminalColor {
	if c, ok := hexColours.Load(hex); ok {
		return c.(lipgloss.CompleteColor)
	}
	c := lipgloss.CompleteColor{TrueColor: hex, ANSI256: hex, ANSI: hex}
	if v, ok := termenv.ANSI256.Color(hex).(termenv.ANSI256Color); ok {
		c.ANSI256 = strconv.Itoa(int(v))
	}
	if v, ok := termenv.ANSI.Color(hex).(termenv.ANSIColor); ok {
		c.ANSI = strconv.Itoa(int(v))
	}
	hexColours.Store(hex, c)
	return c
}
