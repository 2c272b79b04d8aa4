package vt

import (
	"unicode"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// width is how Bubble Tea's renderer measures a rune when the terminal has
// no grapheme clustering (a terminal over SSH): East Asian wide and
// fullwidth runes take two cells, ambiguous ones one, emoji as their
// Unicode width says; marks and format characters (combining accents,
// variation selectors, the zero-width joiner) none.
var width = &runewidth.Condition{EastAsianWidth: false, StrictEmojiNeutral: true}

func runeWidth(r rune) int {
	switch {
	case r < 0x7f:
		return 1
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	return width.RuneWidth(r)
}

// runeWidthOf is the width of a cell's text: that of its first rune.
func runeWidthOf(s string) int {
	r, _ := utf8.DecodeRuneInString(s)
	return runeWidth(r)
}
