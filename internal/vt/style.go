package vt

import (
	"fmt"
	"strings"
	"unicode"
)

// Color is a cell's foreground or background colour: the terminal's
// default, one of the 256 indexed colours (0-15 being the 16 of the theme),
// or a truecolor RGB value.
type Color struct {
	kind uint8 // 0 default, 1 indexed, 2 RGB
	v    uint32
}

// DefaultColor is the terminal's own foreground or background.
var DefaultColor = Color{}

// Indexed is colour n of the 256-colour palette.
func Indexed(n uint8) Color { return Color{kind: 1, v: uint32(n)} }

// RGB is a truecolor colour.
func RGB(r, g, b uint8) Color { return Color{kind: 2, v: uint32(r)<<16 | uint32(g)<<8 | uint32(b)} }

// String is "" for the default colour, the index for an indexed one
// ("1", "244"), and "#rrggbb" for a truecolor one.
func (c Color) String() string {
	switch c.kind {
	case 1:
		return itoa(int(c.v))
	case 2:
		return fmt.Sprintf("#%06x", c.v)
	}
	return ""
}

// Attr are a cell's attributes, a bit each.
type Attr uint16

const (
	Bold Attr = 1 << iota
	Faint
	Italic
	Underline
	Blink
	Reverse
	Hidden
	Strike
)

var attrNames = []string{"bold", "faint", "italic", "underline", "blink", "reverse", "hidden", "strike"}

// Style is how a cell is drawn besides its text.
type Style struct {
	Fg, Bg Color
	Attrs  Attr
}

// String is the style in words, "" for the terminal's default:
// "fg=#d75f5f bg=236 bold underline".
func (s Style) String() string {
	var parts []string
	if s.Fg.kind != 0 {
		parts = append(parts, "fg="+s.Fg.String())
	}
	if s.Bg.kind != 0 {
		parts = append(parts, "bg="+s.Bg.String())
	}
	for i, name := range attrNames {
		if s.Attrs&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, " ")
}

// sgr applies Select Graphic Rendition parameters to the pen: "1;38;5;99",
// "38;2;255;0;0", and the colon forms ("38:2::255:0:0", "4:3").
func (s *Screen) sgr(params []byte) {
	groups := strings.Split(string(params), ";")
	for i := 0; i < len(groups); i++ {
		g := groups[i]
		if strings.Contains(g, ":") {
			sub := csiParams([]byte(g), 0)
			switch sub[0] {
			case 4:
				if sub[1] == 0 {
					s.pen.Attrs &^= Underline
				} else {
					s.pen.Attrs |= Underline
				}
			case 38, 48:
				var c Color
				switch {
				case len(sub) >= 3 && sub[1] == 5:
					c = Indexed(uint8(min(sub[2], 255)))
				case len(sub) >= 6 && sub[1] == 2:
					c = rgb(sub[3], sub[4], sub[5]) // 38:2:colourspace:r:g:b
				case len(sub) == 5 && sub[1] == 2:
					c = rgb(sub[2], sub[3], sub[4])
				}
				if sub[0] == 38 {
					s.pen.Fg = c
				} else {
					s.pen.Bg = c
				}
			}
			continue
		}
		p := csiParams([]byte(g), 0)[0]
		switch {
		case p == 0:
			s.pen = Style{}
		case p >= 1 && p <= 9:
			s.pen.Attrs |= []Attr{Bold, Faint, Italic, Underline, Blink, Blink, Reverse, Hidden, Strike}[p-1]
		case p == 21:
			s.pen.Attrs |= Underline // double underline
		case p == 22:
			s.pen.Attrs &^= Bold | Faint
		case p == 23:
			s.pen.Attrs &^= Italic
		case p == 24:
			s.pen.Attrs &^= Underline
		case p == 25:
			s.pen.Attrs &^= Blink
		case p == 27:
			s.pen.Attrs &^= Reverse
		case p == 28:
			s.pen.Attrs &^= Hidden
		case p == 29:
			s.pen.Attrs &^= Strike
		case p >= 30 && p <= 37:
			s.pen.Fg = Indexed(uint8(p - 30))
		case p >= 90 && p <= 97:
			s.pen.Fg = Indexed(uint8(p - 90 + 8))
		case p == 39:
			s.pen.Fg = DefaultColor
		case p >= 40 && p <= 47:
			s.pen.Bg = Indexed(uint8(p - 40))
		case p >= 100 && p <= 107:
			s.pen.Bg = Indexed(uint8(p - 100 + 8))
		case p == 49:
			s.pen.Bg = DefaultColor
		case p == 38 || p == 48 || p == 58:
			// 38;5;n or 38;2;r;g;b; 58 (the underline's colour) is read and
			// not kept.
			c := DefaultColor
			arg := func(k int) int {
				if i+k < len(groups) {
					return csiParams([]byte(groups[i+k]), 0)[0]
				}
				return 0
			}
			switch arg(1) {
			case 5:
				c = Indexed(uint8(min(arg(2), 255)))
				i += 2
			case 2:
				c = rgb(arg(2), arg(3), arg(4))
				i += 4
			default:
				i = len(groups)
			}
			switch p {
			case 38:
				s.pen.Fg = c
			case 48:
				s.pen.Bg = c
			}
		}
	}
}

func rgb(r, g, b int) Color {
	c := func(v int) uint8 { return uint8(min(max(v, 0), 255)) }
	return RGB(c(r), c(g), c(b))
}

// keys are the letters that stand for styles in the style layer, in the
// order styles are first met; the default style is a blank.
const keys = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// Styles is the style layer of the screen, made to be read beside Text:
// a legend, one line per style used ("a fg=#d75f5f bold"), then a blank
// line, then the screen as a grid of the same size as the text, each cell
// the letter of its style (a blank for the terminal's default; trailing
// blanks removed). The second cell of a wide rune has its rune's letter.
// Letters go to styles in the order they are first met, row by row, so the
// same screen always gives the same layer.
func (s *Screen) Styles() string {
	key := map[Style]rune{}
	var legend []string
	grid := make([]string, s.h)
	for r := range s.cells {
		var b strings.Builder
		for _, c := range s.cells[r] {
			if c.Style == (Style{}) {
				b.WriteByte(' ')
				continue
			}
			k, ok := key[c.Style]
			if !ok {
				k = styleKey(len(key))
				key[c.Style] = k
				legend = append(legend, string(k)+" "+c.Style.String())
			}
			b.WriteRune(k)
		}
		grid[r] = strings.TrimRight(b.String(), " ")
	}
	return strings.Join(legend, "\n") + "\n\n" + strings.Join(grid, "\n")
}

// styleKey is the letter of the n-th style: past the 62 letters and
// digits, the letters from U+00C0 on that take one cell (accented Latin,
// Greek, Cyrillic, ...), never a mark that would join the cell before it:
// a card's picture may use hundreds of styles.
func styleKey(n int) rune {
	if n < len(keys) {
		return rune(keys[n])
	}
	n -= len(keys)
	for r := rune(0xc0); ; r++ {
		if unicode.IsLetter(r) && runeWidth(r) == 1 {
			if n == 0 {
				return r
			}
			n--
		}
	}
}
