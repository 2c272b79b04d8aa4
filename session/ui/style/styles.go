package style

import (
	"sync"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/term"
)

// Styles are built for a session's colour profile: each SSH client gets
// the colours its terminal can show.
type Styles struct {
	Title, Dim, Bold, Sel, Cursor, Err, Note, OK, Bad style
	Rule, Keys, Status, Section, Box, boxSel, Input   style
	Ghost, Reverse                                    style
	Psychic                                           [6]style
	// Profile is the colour profile they draw in.
	Profile colorprofile.Profile
	// labels are each psychic's PsychicLabel and ShortLabel, drawn once
	// (every frame names the psychics).
	labels, shortLabels [6]string
}

// psychicHex are the six seat colours in the game's Colour order: purple,
// yellow, red, blue, white, green. They are always shown with a symbol too.
var psychicHex = [6]string{"#a06cd5", "#e6c229", "#e0453a", "#3f88e8", "#e8e8e8", "#3fb55a"}

// sharedStyles holds one *styles per colour profile (see For).
var sharedStyles sync.Map // colorprofile.Profile -> *styles

// For returns the styles for r's colour profile, built once and shared
// by every session with that profile: a session's styles took 14 KB, the
// same for everyone with the same terminal, and nothing else in them
// depends on the session (no adaptive colours: the background's shade does
// not change them). They are drawn by a renderer of their own, which has
// the profile and never changes it.
func For(r *term.Renderer) *Styles {
	p := r.ColorProfile()
	if st, ok := sharedStyles.Load(p); ok {
		return st.(*Styles)
	}
	st := newStyles(term.PlainRenderer(p))
	actual, _ := sharedStyles.LoadOrStore(p, &st)
	return actual.(*Styles)
}

// newStyles builds the styles drawn in r's profile. Colours are given as
// Lip Gloss v1 took them ("#rrggbb" or a 256-colour number) and converted
// to the profile as v1 did (term.ColourCode), so that the bytes drawn did
// not change with Lip Gloss v2.
func newStyles(r *term.Renderer) Styles {
	// Every style but the two boxes only sets bold, colours or reverse:
	// inline styles (see style) whose escape sequences are worked out once.
	in := func(ts term.Style) style { return inlineStyle(r, ts) }
	s := Styles{
		Title:   in(term.Style{Bold: true, Fg: "#c9a0ff"}),
		Dim:     in(term.Style{Fg: "244"}),
		Bold:    in(term.Style{Bold: true}),
		Sel:     in(term.Style{Bold: true, Fg: "#ffffff", Bg: "#5b4a8a"}),
		Cursor:  in(term.Style{Bold: true, Fg: "#ffd75f"}),
		Err:     in(term.Style{Bold: true, Fg: "#ff5f5f"}),
		Note:    in(term.Style{Fg: "#87d7ff"}),
		OK:      in(term.Style{Bold: true, Fg: "#5fd75f"}),
		Bad:     in(term.Style{Bold: true, Fg: "#ff5f5f"}),
		Rule:    in(term.Style{Fg: "#6c6c8a"}),
		Keys:    in(term.Style{Fg: "245"}),
		Status:  in(term.Style{Bold: true, Fg: "#ffffff", Bg: "#3a2a55"}),
		Section: in(term.Style{Bold: true, Fg: "#b8a4d8"}),
		Box:     blockStyle(r, term.Style{Border: &term.RoundedBorder, BorderFg: "240"}),
		boxSel:  blockStyle(r, term.Style{Border: &term.ThickBorder, BorderFg: "#ffd75f"}),
		Input:   in(term.Style{Fg: "#ffffff"}),
		Ghost:   in(term.Style{Bold: true, Fg: "#9fd8ff"}),
		Reverse: in(term.Style{Reverse: true}),
	}
	for i, hex := range psychicHex {
		s.Psychic[i] = in(term.Style{Bold: true, Fg: hex})
	}
	for _, c := range game.Colours {
		s.labels[c], s.shortLabels[c] = s.psychicLabel(c), s.shortLabel(c)
	}
	s.Profile = r.ColorProfile()
	return s
}
