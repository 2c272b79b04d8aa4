// Package qr draws a QR code in a terminal, two modules to a cell, so a
// phone held up to the screen can open a link: the invitation screen shows
// a table's browser link this way, and the friend with a phone points its
// camera at the host's terminal instead of typing the link.
//
// A cell holds two modules, one above the other, with the half-block
// characters ▀ ▄ █ and space. The colours are set explicitly (light
// modules white, dark ones black) rather than left to the terminal's theme:
// scanners read dark modules on light, and a light-on-dark code drawn with
// the theme's colours would come out inverted on half of the terminals. The
// code keeps the standard quiet zone of four light modules on every side,
// which a scanner needs to find it on a dark screen.
package qr

import (
	"errors"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// MaxText is the longest text Lines encodes. A table's link with its
// invitation token is about 90 bytes; the cap keeps a code small enough to
// fit a terminal (version 10 at level M is 57 modules, 33 rows with its
// quiet zone) whatever a caller passes.
const MaxText = 200

// ErrTooLong is returned for a text over MaxText bytes.
var ErrTooLong = errors.New("qr: text too long for a terminal-sized code")

// The escape sequences around each line: white foreground (light modules),
// black background (dark ones), then a reset so the line leaks no colour.
const (
	lineStart = "\x1b[97;40m"
	lineEnd   = "\x1b[0m"
)

// Lines draws text as a QR code at error-correction level M (15% of the
// code may be lost to glare or a finger and it still reads), one string per
// terminal row, each with its own colours and reset. Every line has the same
// width in cells; the code is square, so it is about twice as wide in
// columns as it is tall in rows, as a terminal cell is about twice as tall
// as wide.
func Lines(text string) ([]string, error) {
	m, err := Modules(text)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, (len(m)+1)/2)
	var b strings.Builder
	for y := 0; y < len(m); y += 2 {
		b.Reset()
		b.WriteString(lineStart)
		for x := range m[y] {
			top := !m[y][x]
			bottom := y+1 >= len(m) || !m[y+1][x] // below the last row: more quiet zone
			b.WriteRune(cell(top, bottom))
		}
		b.WriteString(lineEnd)
		out = append(out, b.String())
	}
	return out, nil
}

// Modules is the code's module grid, quiet zone included: true for a dark
// module.
func Modules(text string) ([][]bool, error) {
	if len(text) > MaxText {
		return nil, ErrTooLong
	}
	code, err := qrcode.New(text, qrcode.Medium)
	if err != nil {
		return nil, err
	}
	return code.Bitmap(), nil
}

// cell is the half-block character for a cell whose upper and lower modules
// are light (true) or dark, drawn in white on black.
func cell(top, bottom bool) rune {
	switch {
	case top && bottom:
		return '█'
	case top:
		return '▀'
	case bottom:
		return '▄'
	}
	return ' '
}
