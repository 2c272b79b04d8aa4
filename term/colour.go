package term

import (
	"io"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// NewRenderer builds a session's own lipgloss renderer writing to out, so
// that colour is detected per client: from the client's terminal type
// (termType, "" when it has no terminal) and environment (TERM=... and
// COLORTERM=... entries), never the server's environment.
//
// It is what wish's bubbletea.MakeRenderer builds, minus its background
// query: MakeRenderer asks the terminal for its background colour and device
// attributes and then reads the session until the answer comes. A client that
// never answers blocks the session until its first keystroke, which the query
// then swallows. Here the question is asked without waiting (BackgroundQuery)
// and the answer is read by the session's KeyReader, which adjusts the
// renderer when it arrives; until then the background counts as dark.
func NewRenderer(out io.Writer, termType string, environ []string) *lipgloss.Renderer {
	if termType == "" || termType == "dumb" {
		r := lipgloss.NewRenderer(out, termenv.WithProfile(termenv.Ascii))
		r.SetHasDarkBackground(true)
		return r
	}
	env := clientEnviron(append(environ[:len(environ):len(environ)], "TERM="+termType))
	r := lipgloss.NewRenderer(out, termenv.WithEnvironment(env), termenv.WithUnsafe(), termenv.WithColorCache(true))
	r.SetColorProfile(Profile(env))
	r.SetHasDarkBackground(true)
	return r
}

// Profile is the colour profile of a client whose environment is env
// (TERM=... and COLORTERM=... among it): termenv's reading, and where
// termenv knows no colour, the real capability of common terminal types
// that name no colour in their TERM. GNU screen and tmux (TERM=screen,
// tmux, screen-*, tmux-*: tmux's default) have 8 or 16 colours, as do
// rxvt, PuTTY, Konsole, GNOME's, st and Cygwin's; vt100, vt220 and the
// -mono and -m variants have none. NO_COLOR and CLICOLOR=0 still mean none.
func Profile(env []string) termenv.Profile {
	o := termenv.NewOutput(io.Discard, termenv.WithEnvironment(clientEnviron(env)), termenv.WithUnsafe())
	p := o.EnvColorProfile()
	if p != termenv.Ascii || o.EnvNoColor() {
		return p
	}
	return knownColours(clientEnviron(env).Getenv("TERM"))
}

// knownColours is the colour profile of terminal types termenv reads as
// colourless although they have colours (terminfo's colors#8 or more).
func knownColours(term string) termenv.Profile {
	term = strings.ToLower(term)
	if strings.HasSuffix(term, "-mono") || strings.HasSuffix(term, "-m") {
		return termenv.Ascii
	}
	if strings.HasSuffix(term, "-direct") {
		return termenv.TrueColor
	}
	base, _, _ := strings.Cut(term, "-")
	base, _, _ = strings.Cut(base, ".") // screen.xterm, screen.linux
	switch base {
	case "screen", "tmux", "xterm", "linux", "rxvt", "urxvt", "putty", "konsole", "gnome",
		"st", "cygwin", "eterm", "aterm", "kterm", "vte", "foot", "interix", "mintty", "terminator":
		return termenv.ANSI
	}
	return termenv.Ascii
}

// BackgroundQuery asks the terminal for its background colour (OSC 11).
const BackgroundQuery = "\x1b]11;?\a"

// clientEnviron is the client's environment as termenv reads it.
type clientEnviron []string

func (e clientEnviron) Environ() []string { return e }

func (e clientEnviron) Getenv(k string) string {
	for i := len(e) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(e[i], k+"="); ok {
			return v
		}
	}
	return ""
}

// ParseBackground reads a terminal's answer to BackgroundQuery
// ("\x1b]11;rgb:RRRR/GGGG/BBBB" ended by BEL or ST) and reports whether the
// background is dark (HSL lightness below one half).
func ParseBackground(reply []byte) (dark, ok bool) {
	s := string(reply)
	s, found := strings.CutPrefix(s, "\x1b]11;")
	if !found {
		return false, false
	}
	s = strings.TrimSuffix(strings.TrimSuffix(s, "\a"), "\x1b\\")
	s, found = strings.CutPrefix(s, "rgb:")
	if !found {
		s, found = strings.CutPrefix(s, "rgba:")
		if !found {
			return false, false
		}
	}
	parts := strings.Split(s, "/")
	if len(parts) < 3 {
		return false, false
	}
	var c [3]float64
	for i := range 3 {
		p := parts[i]
		if len(p) == 0 || len(p) > 4 {
			return false, false
		}
		v, err := strconv.ParseUint(p, 16, 16)
		if err != nil {
			return false, false
		}
		c[i] = float64(v) / float64(uint64(1)<<(4*len(p))-1)
	}
	lo, hi := min(c[0], c[1], c[2]), max(c[0], c[1], c[2])
	return (lo+hi)/2 < 0.5, true
}
