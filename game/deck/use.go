package deck

import (
	"image"
	"image/color"
	"strings"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// tints are the dream recolourings a recipe may ask for ("moon:green").
var tints = map[string]color.RGBA{
	"green":  rgb(95, 215, 95),
	"blue":   rgb(95, 135, 255),
	"red":    rgb(255, 0, 0),
	"gold":   rgb(255, 215, 0),
	"white":  rgb(255, 255, 255),
	"purple": rgb(175, 95, 255),
	"pink":   rgb(255, 135, 215),
}

// use is one motif on one card, with an optional dream colour.
type use struct {
	m    *motif.Motif
	tint string
}

func (u use) paint() *paint {
	if u.tint == "" {
		return nil
	}
	t := tints[u.tint]
	return &paint{tint: &t}
}

// phrase is the motif's alt-text phrase with its dream colour ("a green crescent moon").
func (u use) phrase() string {
	p := u.m.Phrase
	if u.tint == "" {
		return p
	}
	rest := bare(p)
	// the dream colour replaces the thing's own ("a black cat" -> "a white cat")
	for _, c := range []string{"heavy iron ", "black ", "red ", "gold ", "pale ", "green ", "blue ", "white "} {
		rest = strings.TrimPrefix(rest, c)
	}
	if strings.HasPrefix(rest, "little ") {
		return "a little " + u.tint + " " + strings.TrimPrefix(rest, "little ")
	}
	return article(u.tint) + " " + u.tint + " " + rest
}

// bare drops the leading article: "raven" from "a raven".
func bare(p string) string {
	for _, art := range []string{"a ", "an "} {
		if strings.HasPrefix(p, art) {
			return strings.TrimPrefix(p, art)
		}
	}
	return p
}

func article(w string) string {
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

func cap(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// bbox is the box of a sprite's opaque pixels, in sprite pixels, max exclusive.
func bbox(s *sprite) (x0, y0, x1, y1 int) {
	x0, y0 = s.W, s.H
	for y := 0; y < s.H; y++ {
		for x := 0; x < s.W; x++ {
			if s.Px[y][x] != '.' {
				x0, y0 = min(x0, x), min(y0, y)
				x1, y1 = max(x1, x+1), max(y1, y+1)
			}
		}
	}
	return
}

// putCentered draws a motif centred in the 16*scale box at (x, y).
func putCentered(img *image.RGBA, u use, x, y, scale int) {
	x0, y0, x1, y1 := bbox(u.m.Sprite)
	ox := (16 - (x1 - x0)) / 2 * scale
	oy := (16 - (y1 - y0)) / 2 * scale
	shadow(img, u.m.Sprite, x+ox-x0*scale, y+oy-y0*scale, scale, false)
	place(img, u.m.Sprite, x+ox-x0*scale, y+oy-y0*scale, scale, false, u.paint())
}

// putCenteredPaint is putCentered with explicit colours.
func putCenteredPaint(img *image.RGBA, u use, x, y, scale int, pt *paint) {
	x0, y0, x1, y1 := bbox(u.m.Sprite)
	ox := (16 - (x1 - x0)) / 2 * scale
	oy := (16 - (y1 - y0)) / 2 * scale
	place(img, u.m.Sprite, x+ox-x0*scale, y+oy-y0*scale, scale, false, pt)
}

// dedupe removes repeated tags, keeping the first occurrence's order.
func dedupe(tags []string) []string {
	seen := map[string]bool{}
	out := tags[:0:0]
	for _, t := range tags {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
