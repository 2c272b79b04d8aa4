package term

import (
	"io"
	"os"

	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	xterm "github.com/charmbracelet/x/term"

	"github.com/charmbracelet/colorprofile"
	"github.com/lucasb-eyer/go-colorful"
)

// Renderer is a session's colour profile (what its terminal can show:
// truecolor, 256, 16 or no colour) and the shade of its background. Lip
// Gloss v2 has no renderer: a style draws the colours it was given, and a
// program's output is downsampled on its way out. Our frames go out through
// term.Screen, not Bubble Tea, and styles are drawn per profile (Style), so
// the profile lives here. Safe for concurrent use: the key reader learns
// the background while the program draws.
type Renderer struct {
	profile atomic.Int32
	light   atomic.Bool
}

// NewRenderer builds a session's renderer, its colour profile detected
// from the client's terminal type (termType, "" when it has no terminal)
// and environment (TERM=... and COLORTERM=... entries), never the server's
// environment.
//
// The background counts as dark until the terminal answers
// BackgroundQuery: the question is asked without waiting and the answer is
// read by the session's key reader. (Wish's bubbletea middleware asked and
// then read the session until the answer came: a client that never
// answered blocked the session until its first keystroke, which the query
// then swallowed.)
func NewRenderer(termType string, environ []string) *Renderer {
	r := &Renderer{}
	if termType == "" || termType == "dumb" {
		r.SetColorProfile(colorprofile.ASCII)
		return r
	}
	r.SetColorProfile(Profile(append(environ[:len(environ):len(environ)], "TERM="+termType)))
	return r
}

// Profile is the colour profile of a client whose environment is env
// (TERM=... and COLORTERM=... among it): termenv's reading (envProfile),
// and where termenv knew no colour, the real capability of common terminal
// types that name no colour in their TERM. GNU screen and tmux (TERM=screen,
// tmux, screen-*, tmux-*: tmux's default) have 8 or 16 colours, as do
// rxvt, PuTTY, Konsole, GNOME's, st and Cygwin's; vt100, vt220 and the
// -mono and -m variants have none. NO_COLOR and CLICOLOR=0 still mean none.
func Profile(env []string) colorprofile.Profile {
	e := clientEnviron(env)
	p := envProfile(e)
	if p != colorprofile.ASCII || envNoColor(e) {
		return p
	}
	return knownColours(e.Getenv("TERM"))
}

// knownColours is the colour profile of terminal types termenv reads as
// colourless although they have colours (terminfo's colors#8 or more).
func knownColours(term string) colorprofile.Profile {
	term = strings.ToLower(term)
	if strings.HasSuffix(term, "-mono") || strings.HasSuffix(term, "-m") {
		return colorprofile.ASCII
	}
	if strings.HasSuffix(term, "-direct") {
		return colorprofile.TrueColor
	}
	base, _, _ := strings.Cut(term, "-")
	base, _, _ = strings.Cut(base, ".") // screen.xterm, screen.linux
	switch base {
	case "screen", "tmux", "xterm", "linux", "rxvt", "urxvt", "putty", "konsole", "gnome",
		"st", "cygwin", "eterm", "aterm", "kterm", "vte", "foot", "interix", "mintty", "terminator":
		return colorprofile.ANSI
	}
	return colorprofile.ASCII
}

// envNoColor is termenv's: NO_COLOR, or CLICOLOR=0 unless CLICOLOR_FORCE.
func envNoColor(env clientEnviron) bool {
	return env.Getenv("NO_COLOR") != "" || (env.Getenv("CLICOLOR") == "0" && !cliColorForced(env))
}

func cliColorForced(env clientEnviron) bool {
	f := env.Getenv("CLICOLOR_FORCE")
	return f != "" && f != "0"
}

// PlainRenderer is a renderer without colour, for tests and tools.
func PlainRenderer(p colorprofile.Profile) *Renderer {
	r := &Renderer{}
	r.SetColorProfile(p)
	return r
}

func (r *Renderer) ColorProfile() colorprofile.Profile { return colorprofile.Profile(r.profile.Load()) }

func (r *Renderer) SetColorProfile(p colorprofile.Profile) { r.profile.Store(int32(p)) }

func (r *Renderer) HasDarkBackground() bool { return !r.light.Load() }

func (r *Renderer) SetHasDarkBackground(dark bool) { r.light.Store(!dark) }

// envProfile is the colour profile a client's environment asks for, by the
// rules termenv followed for Lip Gloss v1 (the session is always taken for
// a terminal): NO_COLOR and CLICOLOR=0 mean none, CLICOLOR_FORCE at least
// 16 colours, then COLORTERM, then TERM. colorprofile.Env reads the same
// variables a little differently (TERM=xterm is 16 colours for both, but
// screen, tmux and terminfo lookups differ), and a client's colours must
// not change with the library.
func envProfile(env clientEnviron) colorprofile.Profile {
	if envNoColor(env) {
		return colorprofile.ASCII
	}
	p := termProfile(env)
	if cliColorForced(env) && p == colorprofile.ASCII {
		return colorprofile.ANSI
	}
	return p
}

func termProfile(env clientEnviron) colorprofile.Profile {
	if env.Getenv("GOOGLE_CLOUD_SHELL") == "true" {
		return colorprofile.TrueColor
	}
	term := env.Getenv("TERM")
	switch strings.ToLower(env.Getenv("COLORTERM")) {
	case "24bit", "truecolor":
		if strings.HasPrefix(term, "screen") && env.Getenv("TERM_PROGRAM") != "tmux" {
			// tmux supports truecolor, screen only 256 colours.
			return colorprofile.ANSI256
		}
		return colorprofile.TrueColor
	case "yes", "true":
		return colorprofile.ANSI256
	}
	switch term {
	case "alacritty", "contour", "rio", "wezterm", "xterm-ghostty", "xterm-kitty":
		return colorprofile.TrueColor
	case "linux", "xterm":
		return colorprofile.ANSI
	}
	switch {
	case strings.Contains(term, "256color"):
		return colorprofile.ANSI256
	case strings.Contains(term, "color"), strings.Contains(term, "ansi"):
		return colorprofile.ANSI
	}
	return colorprofile.ASCII
}

// BackgroundQuery asks the terminal for its background colour (OSC 11).
const BackgroundQuery = "\x1b]11;?\a"

// clientEnviron is the client's environment.
type clientEnviron []string

func (e clientEnviron) Getenv(k string) string {
	for i := len(e) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(e[i], k+"="); ok {
			return v
		}
	}
	return ""
}

// ColourCode is the SGR parameters that draw colour c ("#rrggbb" or a
// number 0-255) as a foreground (or background, bg) in profile p: "" when
// p shows no colour or c is not a colour. The conversions to 256 and 16
// colours are termenv's (nearest by HSLuv distance), so that the bytes are
// those Lip Gloss v1 drew; Lip Gloss v2 converts differently (#373b41 is
// 237 there, 59 here). Answers are cached: there are a handful of colours.
func ColourCode(c string, p colorprofile.Profile, bg bool) string {
	k := codeKey{c, p, bg}
	if v, ok := codes.Load(k); ok {
		return v.(string)
	}
	v := colourCode(c, p, bg)
	codes.Store(k, v)
	return v
}

type codeKey struct {
	c  string
	p  colorprofile.Profile
	bg bool
}

var codes sync.Map // codeKey -> string

func colourCode(c string, p colorprofile.Profile, bg bool) string {
	if p <= colorprofile.ASCII || c == "" {
		return ""
	}
	// The colour as termenv typed it: 0-15 ANSI, 16-255 ANSI256, # RGB.
	var (
		ansi16 = -1
		ansi   = -1
		rgb    colorful.Color
	)
	if strings.HasPrefix(c, "#") {
		h, err := colorful.Hex(c)
		if err != nil {
			return ""
		}
		rgb = h
		if p != colorprofile.TrueColor {
			ansi = hexToANSI256(h)
			if p == colorprofile.ANSI {
				ansi16, ansi = ansi256ToANSI(ansi), -1
			}
		}
	} else {
		i, err := strconv.Atoi(c)
		if err != nil || i < 0 || i > 255 {
			return ""
		}
		switch {
		case i < 16:
			ansi16 = i
		case p == colorprofile.ANSI:
			ansi16 = ansi256ToANSI(i)
		default:
			ansi = i
		}
	}
	pre := "38"
	if bg {
		pre = "48"
	}
	switch {
	case ansi16 >= 0:
		base := 30
		if bg {
			base = 40
		}
		if ansi16 < 8 {
			return strconv.Itoa(base + ansi16)
		}
		return strconv.Itoa(base + 60 + ansi16 - 8)
	case ansi >= 0:
		return pre + ";5;" + strconv.Itoa(ansi)
	}
	return pre + ";2;" + strconv.Itoa(int(uint8(rgb.R*255))) + ";" + strconv.Itoa(int(uint8(rgb.G*255))) + ";" + strconv.Itoa(int(uint8(rgb.B*255)))
}

// ansi256ToANSI is termenv's: the nearest of the 16 colours.
func ansi256ToANSI(c int) int {
	r := 0
	md := math.MaxFloat64
	h, _ := colorful.Hex(ansiHex[c])
	for i := 0; i <= 15; i++ {
		hb, _ := colorful.Hex(ansiHex[i])
		if d := h.DistanceHSLuv(hb); d < md {
			md, r = d, i
		}
	}
	return r
}

// hexToANSI256 is termenv's: the nearer of the nearest colour cube entry
// and the nearest grey (with termenv's grey index, which averages the
// cube's indices, not the values: the bytes must stay the same).
func hexToANSI256(c colorful.Color) int {
	v2ci := func(v float64) int {
		if v < 48 {
			return 0
		}
		if v < 115 {
			return 1
		}
		return int((v - 35) / 40)
	}
	r, g, b := v2ci(c.R*255.0), v2ci(c.G*255.0), v2ci(c.B*255.0)
	ci := 36*r + 6*g + b
	i2cv := [6]int{0, 0x5f, 0x87, 0xaf, 0xd7, 0xff}
	cr, cg, cb := i2cv[r], i2cv[g], i2cv[b]
	var grayIdx int
	average := (r + g + b) / 3
	if average > 238 {
		grayIdx = 23
	} else {
		grayIdx = (average - 3) / 10
	}
	gv := 8 + 10*grayIdx
	c2 := colorful.Color{R: float64(cr) / 255.0, G: float64(cg) / 255.0, B: float64(cb) / 255.0}
	g2 := colorful.Color{R: float64(gv) / 255.0, G: float64(gv) / 255.0, B: float64(gv) / 255.0}
	if c.DistanceHSLuv(c2) <= c.DistanceHSLuv(g2) {
		return 16 + ci
	}
	return 232 + grayIdx
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

// LocalProfile is the colour profile of a local output (a command's
// stdout): none unless it is a terminal (or CLICOLOR_FORCE says so), then
// as the environment says (envProfile).
func LocalProfile(out io.Writer, environ []string) colorprofile.Profile {
	env := clientEnviron(environ)
	tty := false
	if f, ok := out.(*os.File); ok && env.Getenv("CI") == "" {
		tty = xterm.IsTerminal(f.Fd())
	}
	if tty {
		return envProfile(env)
	}
	if env.Getenv("NO_COLOR") == "" {
		if f := env.Getenv("CLICOLOR_FORCE"); f != "" && f != "0" {
			return colorprofile.ANSI
		}
	}
	return colorprofile.ASCII
}
