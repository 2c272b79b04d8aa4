// Package motif is the built-in deck's library of hand-drawn things: about
// 150 sprites (a raven, a candlestick, a noose, a ball of wool...), each a
// 16x16 text grid with the words a player might link to it and a phrase for
// alt-text. The deck paints them on vision cards, in the suspects' hands and
// on the object cards; this package only holds the drawings and their words,
// and imports nothing of the deck.
//
// A grid is one byte per pixel: a letter of Ink, a slot digit '1'..'4'
// coloured per use (a motif's defaults are its slots), or '.' for
// transparent. Every ink sits on the xterm 256-colour cube or its grey ramp.
package motif

import (
	"fmt"
	"image/color"
	"sort"
	"strings"
)

// Motif is one thing that can appear on a card.
type Motif struct {
	Name   string
	Phrase string   // "a raven", used in alt-text
	Tags   []string // element tags: what it is and what it evokes
	Sprite *Sprite
	// Many names a crowd of them, for "a fish made of ...", when adding
	// an s to the name would not do.
	Many string
}

var motifs = map[string]*Motif{}

// Get returns the motif called name, or nil.
func Get(name string) *Motif { return motifs[name] }

// Names lists every motif's name in order.
func Names() []string {
	out := make([]string, 0, len(motifs))
	for n := range motifs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// mot registers a motif; slot colours default per motif and can be
// overridden per card.
func mot(name, phrase string, tags []string, grid string, slots ...color.RGBA) {
	if _, dup := motifs[name]; dup {
		panic("motif: registered twice: " + name)
	}
	motifs[name] = &Motif{Name: name, Phrase: phrase, Tags: tags, Sprite: Parse(name, grid, slots...)}
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// Ink is the fixed colour of each letter in a sprite grid. Thread ('l')
// is a string or a strand: the deck neither outlines nor shadows it, so it
// stays a fine line at any scale.
var Ink = map[byte]color.RGBA{
	'l': rgb(138, 138, 138), // thread
	'k': rgb(28, 28, 28),    // near-black outline
	'K': rgb(78, 78, 78),    // dark grey
	'e': rgb(138, 138, 138), // grey
	'E': rgb(188, 188, 188), // light grey
	'w': rgb(238, 238, 238), // white
	'W': rgb(255, 255, 255), // bright white
	'r': rgb(175, 0, 0),     // red
	'R': rgb(255, 95, 95),   // light red
	'o': rgb(255, 135, 0),   // orange
	'y': rgb(255, 215, 0),   // yellow
	'Y': rgb(255, 255, 175), // pale yellow
	'g': rgb(0, 135, 0),     // green
	'G': rgb(135, 215, 95),  // light green
	'd': rgb(0, 95, 0),      // dark green
	'u': rgb(0, 95, 215),    // blue
	'U': rgb(135, 175, 255), // light blue
	'b': rgb(0, 0, 135),     // navy
	'p': rgb(135, 0, 175),   // purple
	'P': rgb(175, 135, 215), // lilac
	'n': rgb(135, 95, 0),    // brown
	'N': rgb(95, 0, 0),      // dark brown
	's': rgb(255, 215, 175), // skin
	'S': rgb(215, 175, 135), // skin shade
	'i': rgb(255, 175, 215), // pink
	'm': rgb(215, 0, 135),   // magenta
	'h': rgb(215, 175, 0),   // gold
	'H': rgb(175, 135, 0),   // dark gold
	'c': rgb(0, 175, 175),   // teal
	'C': rgb(175, 255, 255), // pale cyan
	't': rgb(215, 175, 95),  // tan
	'T': rgb(175, 135, 95),  // dark tan
	'x': rgb(95, 95, 135),   // slate
	'X': rgb(0, 0, 0),       // black
}

// Sprite is a hand-authored text grid. Each byte is a pixel: a letter of
// Ink, a slot digit, or '.' for transparent.
type Sprite struct {
	W, H int
	Px   [][]byte
	// Slots are the default colours of '1'..'4'.
	Slots [4]color.RGBA
}

// Parse turns a text grid into a sprite. Leading and trailing blank lines
// and each line's leading tabs are ignored; short lines are padded with
// transparency. An unknown ink panics, naming the sprite.
func Parse(name, grid string, slots ...color.RGBA) *Sprite {
	lines := strings.Split(strings.Trim(grid, "\n"), "\n")
	s := &Sprite{}
	for _, l := range lines {
		l = strings.TrimLeft(l, "\t")
		if len(l) > s.W {
			s.W = len(l)
		}
		s.Px = append(s.Px, []byte(l))
	}
	s.H = len(s.Px)
	for i := range s.Px {
		for len(s.Px[i]) < s.W {
			s.Px[i] = append(s.Px[i], '.')
		}
		for _, c := range s.Px[i] {
			if c == '.' || (c >= '1' && c <= '4') {
				continue
			}
			if _, ok := Ink[c]; !ok {
				panic(fmt.Sprintf("motif: sprite %s: unknown ink %q", name, c))
			}
		}
	}
	copy(s.Slots[:], slots)
	return s
}
