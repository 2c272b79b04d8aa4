package session

import (
	"sync"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/term"
)

// styles are built for a session's colour profile: each SSH client gets
// the colours its terminal can show.
type styles struct {
	title, dim, bold, sel, cursor, err, note, ok, bad style
	rule, keys, status, section, box, boxSel, input   style
	ghost, reverse                                    style
	psychic                                           [6]style
	// profile is the colour profile they draw in.
	profile colorprofile.Profile
}

// psychicHex are the six seat colours in the game's Colour order: purple,
// yellow, red, blue, white, green. They are always shown with a symbol too.
var psychicHex = [6]string{"#a06cd5", "#e6c229", "#e0453a", "#3f88e8", "#e8e8e8", "#3fb55a"}

// sharedStyles holds one *styles per colour profile (see stylesFor).
var sharedStyles sync.Map // colorprofile.Profile -> *styles

// stylesFor returns the styles for r's colour profile, built once and shared
// by every session with that profile: a session's styles took 14 KB, the
// same for everyone with the same terminal, and nothing else in them
// depends on the session (no adaptive colours: the background's shade does
// not change them). They are drawn by a renderer of their own, which has
// the profile and never changes it.
func stylesFor(r *term.Renderer) *styles {
	p := r.ColorProfile()
	if st, ok := sharedStyles.Load(p); ok {
		return st.(*styles)
	}
	st := newStyles(term.PlainRenderer(p))
	actual, _ := sharedStyles.LoadOrStore(p, &st)
	return actual.(*styles)
}

// newStyles builds the styles drawn in r's profile. Colours are given as
// Lip Gloss v1 took them ("#rrggbb" or a 256-colour number) and converted
// to the profile as v1 did (term.ColourCode), so that the bytes drawn did
// not change with Lip Gloss v2.
func newStyles(r *term.Renderer) styles {
	// Every style but the two boxes only sets bold, colours or reverse:
	// inline styles (see style) whose escape sequences are worked out once.
	in := func(ts term.Style) style { return inlineStyle(r, ts) }
	s := styles{
		title:   in(term.Style{Bold: true, Fg: "#c9a0ff"}),
		dim:     in(term.Style{Fg: "244"}),
		bold:    in(term.Style{Bold: true}),
		sel:     in(term.Style{Bold: true, Fg: "#ffffff", Bg: "#5b4a8a"}),
		cursor:  in(term.Style{Bold: true, Fg: "#ffd75f"}),
		err:     in(term.Style{Bold: true, Fg: "#ff5f5f"}),
		note:    in(term.Style{Fg: "#87d7ff"}),
		ok:      in(term.Style{Bold: true, Fg: "#5fd75f"}),
		bad:     in(term.Style{Bold: true, Fg: "#ff5f5f"}),
		rule:    in(term.Style{Fg: "#6c6c8a"}),
		keys:    in(term.Style{Fg: "245"}),
		status:  in(term.Style{Bold: true, Fg: "#ffffff", Bg: "#3a2a55"}),
		section: in(term.Style{Bold: true, Fg: "#b8a4d8"}),
		box:     blockStyle(r, term.Style{Border: &term.RoundedBorder, BorderFg: "240"}),
		boxSel:  blockStyle(r, term.Style{Border: &term.ThickBorder, BorderFg: "#ffd75f"}),
		input:   in(term.Style{Fg: "#ffffff"}),
		ghost:   in(term.Style{Bold: true, Fg: "#9fd8ff"}),
		reverse: in(term.Style{Reverse: true}),
	}
	for i, hex := range psychicHex {
		s.psychic[i] = in(term.Style{Bold: true, Fg: hex})
	}
	s.profile = r.ColorProfile()
	return s
}
