// Package qr draws a QR code in a terminal, two modules to a cell, so a
// phone held up to the screen can open a link: the invitation screen shows
// a table's browser link this way, and the friend with a phone points its
// camera at the host's terminal instead of typing the link.
//
// A cell holds two modules, one above the other, with the half-block
// characters ▀ ▄ █ and space. The colours are set explicitly (light
// modules white, dark ones black) rather than left to the terminal's theme:
// scanners read dark modules on light, and a light-on-dark code drawn with
// the theme's colours would come out inverted on half of the terminals.
//
// The code is as small as its text allows, so that it fits a phone's
// upright screen (40 columns) as well as a terminal: the fewest modules any
// error-correction level gives, at the highest level that keeps that size
// (a screen is not a torn label: level L, 7%, is what a long link gets), and
// a quiet zone of two light modules on every side instead of the standard
// four, which the dark terminal around it extends for a camera (without
// any, a decoder does not find the code). A table's link
// with its invitation token (about 60-80 bytes; up to 78) is 33 modules,
// 37 columns and 19 rows.
package qr

import (
	"errors"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// MaxText is the longest text Lines encodes. A table's link with its
// invitation token is about 60-80 bytes; the cap keeps a code small enough
// to fit a terminal (version 9 at level L is 53 modules, 29 rows with its
// quiet zone) whatever a caller passes.
const MaxText = 200

// Quiet is the light border around the code, in modules.
const Quiet = 2

// ErrTooLong is returned for a text over MaxText bytes.
var ErrTooLong = errors.New("qr: text too long for a terminal-sized code")

// The escape sequences around each line: white foreground (light modules),
// black background (dark ones), then a reset so the line leaks no colour.
const (
	lineStart = "\x1b[97;40m"
	lineEnd   = "\x1b[0m"
)

// Lines draws text as a QR code (Modules), one string per terminal row,
// each with its own colours and reset. Every line has the same
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
// module. Of the codes of the fewest modules, it is the one with the most
// error correction.
func Modules(text string) ([][]bool, error) {
	if len(text) > MaxText {
		return nil, ErrTooLong
	}
	code, err := qrcode.New(text, qrcode.Low)
	if err != nil {
		return nil, err
	}
	for _, level := range []qrcode.RecoveryLevel{qrcode.Highest, qrcode.High, qrcode.Medium} {
		if c, err := qrcode.New(text, level); err == nil && c.VersionNumber == code.VersionNumber {
			code = c
			break
		}
	}
	code.DisableBorder = true
	bare := code.Bitmap()
	n := len(bare) + 2*Quiet
	out := make([][]bool, n)
	for y := range out {
		out[y] = make([]bool, n)
		if y >= Quiet && y < n-Quiet {
			copy(out[y][Quiet:], bare[y-Quiet])
		}
	}
	return out, nil
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
