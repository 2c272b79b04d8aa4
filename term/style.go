package term

import (
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Style is what our screens ask of a style: bold, reverse, a foreground
// and a background colour, or a box around the text. It draws the bytes
// Lip Gloss v1 drew for the same style in each colour profile (SGR
// parameters in Lip Gloss v1's order, colours converted by termenv's rules,
// the reset as ESC[0m, nothing at all under no colour), so that moving to
// Lip Gloss v2, which draws full colour and leaves the conversion to the
// output, changed no byte a client receives. Colours are "#rrggbb" or a
// number 0-255.
type Style struct {
	Bold, Reverse bool
	Fg, Bg        string
	// Border, when set, draws a box around the text (in BorderFg).
	Border   *Border
	BorderFg string
}

// Border is the characters of a box.
type Border struct {
	Top, Bottom, Left, Right                   string
	TopLeft, TopRight, BottomLeft, BottomRight string
}

var (
	// RoundedBorder is Lip Gloss's rounded border.
	RoundedBorder = Border{"─", "─", "│", "│", "╭", "╮", "╰", "╯"}
	// ThickBorder is Lip Gloss's thick border.
	ThickBorder = Border{"━", "━", "┃", "┃", "┏", "┓", "┗", "┛"}
)

// sgr wraps s in the SGR sequence of params, as termenv did: nothing when
// there are none or the profile shows no colour.
func sgr(p colorprofile.Profile, params []string, s string) string {
	if p <= colorprofile.ASCII || len(params) == 0 {
		return s
	}
	seq := strings.Join(params, ";")
	if seq == "" {
		return s
	}
	return "\x1b[" + seq + "m" + s + "\x1b[0m"
}

func (st Style) params(p colorprofile.Profile) []string {
	var ps []string
	if st.Bold {
		ps = append(ps, "1")
	}
	if st.Reverse {
		ps = append(ps, "7")
	}
	if st.Fg != "" {
		ps = append(ps, ColourCode(st.Fg, p, false))
	}
	if st.Bg != "" {
		ps = append(ps, ColourCode(st.Bg, p, true))
	}
	return ps
}

// whitespace is the parameters of the spaces that pad lines: reverse
// (and then the foreground) and the background, as Lip Gloss v1 styled
// them.
func (st Style) whitespace(p colorprofile.Profile) []string {
	var ps []string
	if st.Reverse {
		ps = append(ps, "7")
		if st.Fg != "" {
			ps = append(ps, ColourCode(st.Fg, p, false))
		}
	}
	if st.Bg != "" {
		ps = append(ps, ColourCode(st.Bg, p, true))
	}
	return ps
}

// Affixes are what Render puts around a single line in profile p (a line
// without tabs, carriage returns or newlines): prefix + line + suffix.
func (st Style) Affixes(p colorprofile.Profile) (prefix, suffix string) {
	if st.Border != nil {
		return "", ""
	}
	out := sgr(p, st.params(p), "§")
	i := strings.Index(out, "§")
	return out[:i], out[i+len("§"):]
}

// Inline tells whether the style draws a single line as prefix + line +
// suffix (no box).
func (st Style) Inline() bool { return st.Border == nil }

// Render draws strs, joined by spaces, in profile p.
func (st Style) Render(p colorprofile.Profile, strs ...string) string {
	str := strings.Join(strs, " ")
	if !st.Bold && !st.Reverse && st.Fg == "" && st.Bg == "" && st.Border == nil {
		return strings.ReplaceAll(str, "\t", "    ")
	}
	str = strings.ReplaceAll(str, "\t", "    ")
	str = strings.ReplaceAll(str, "\r\n", "\n")
	params := st.params(p)
	lines := strings.Split(str, "\n")
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(sgr(p, params, l))
		if i != len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	str = b.String()
	if len(lines) > 1 {
		// Lines are padded to the widest, the padding in the
		// whitespace's style.
		ws := st.whitespace(p)
		lines = strings.Split(str, "\n")
		widest := 0
		for _, l := range lines {
			widest = max(widest, ansi.StringWidth(l))
		}
		b.Reset()
		for i, l := range lines {
			b.WriteString(l)
			if short := widest - ansi.StringWidth(l); short > 0 {
				b.WriteString(sgr(p, ws, strings.Repeat(" ", short)))
			}
			if i < len(lines)-1 {
				b.WriteByte('\n')
			}
		}
		str = b.String()
	}
	if st.Border != nil {
		str = st.box(p, str)
	}
	return str
}

// box draws a border around str, as Lip Gloss v1 did: the top and bottom
// edges styled whole, each side character on its own.
func (st Style) box(p colorprofile.Profile, str string) string {
	bd := *st.Border
	lines := strings.Split(str, "\n")
	width := 0
	for _, l := range lines {
		width = max(width, ansi.StringWidth(l))
	}
	width += ansi.StringWidth(bd.Left)
	var fg []string
	if st.BorderFg != "" {
		fg = []string{ColourCode(st.BorderFg, p, false)}
	}
	edge := func(s string) string {
		if fg == nil {
			return s
		}
		return sgr(colorprofile.TrueColor, fg, s)
	}
	var out strings.Builder
	out.WriteString(edge(horizontalEdge(bd.TopLeft, bd.Top, bd.TopRight, width)))
	out.WriteByte('\n')
	for i, l := range lines {
		out.WriteString(edge(bd.Left))
		out.WriteString(l)
		out.WriteString(edge(bd.Right))
		if i < len(lines)-1 {
			out.WriteByte('\n')
		}
	}
	out.WriteByte('\n')
	out.WriteString(edge(horizontalEdge(bd.BottomLeft, bd.Bottom, bd.BottomRight, width)))
	return out.String()
}

// horizontalEdge is Lip Gloss v1's renderHorizontalEdge.
func horizontalEdge(left, middle, right string, width int) string {
	runes := []rune(middle)
	j := 0
	var out strings.Builder
	out.WriteString(left)
	for i := ansi.StringWidth(left) + ansi.StringWidth(right); i < width+ansi.StringWidth(right); {
		out.WriteRune(runes[j])
		j++
		if j >= len(runes) {
			j = 0
		}
		i += ansi.StringWidth(string(runes[j]))
	}
	out.WriteString(right)
	return out.String()
}
