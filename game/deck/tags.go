package deck

import (
	"image"
	"image/color"
	"math"
	"sort"
)

// Colour words used as tags. Bots compare them like any other tag, so a
// vision card's red can point at the red-wooled governess.
var colourWords = []string{"red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "brown", "beige", "white", "grey", "black"}

// colourName buckets one pixel into a colour word.
func colourName(r, g, b uint8) string {
	rf, gf, bf := float64(r)/255, float64(g)/255, float64(b)/255
	mx := math.Max(rf, math.Max(gf, bf))
	mn := math.Min(rf, math.Min(gf, bf))
	l := (mx + mn) / 2
	c := mx - mn
	if c < 0.1 {
		switch {
		case l < 0.2:
			return "black"
		case l > 0.8:
			return "white"
		}
		return "grey"
	}
	var h float64
	switch mx {
	case rf:
		h = math.Mod((gf-bf)/c, 6) * 60
	case gf:
		h = ((bf-rf)/c + 2) * 60
	default:
		h = ((rf-gf)/c + 4) * 60
	}
	if h < 0 {
		h += 360
	}
	s := c / (1 - math.Abs(2*l-1))
	switch {
	case h < 15 || h >= 340:
		if l > 0.7 {
			return "pink"
		}
		return "red"
	case h < 45:
		if l < 0.3 || (s < 0.5 && l < 0.6) {
			return "brown"
		}
		if l > 0.75 { // peach and cream: skin, parchment, sand
			return "beige"
		}
		return "orange"
	case h < 70:
		if s < 0.4 || l < 0.3 {
			return "brown"
		}
		return "yellow"
	case h < 165:
		return "green"
	case h < 200:
		return "teal"
	case h < 255:
		return "blue"
	case h < 290:
		return "purple"
	default:
		if l >= 0.45 {
			return "pink"
		}
		return "purple"
	}
}

// measureColours names the colours that cover a good part of the picture
// (at least 12% of its pixels, at most three, always at least one), then
// "dark" or "bright" when the whole picture leans that way.
func measureColours(img *image.RGBA) []string {
	counts := map[string]int{}
	var lum float64
	b := img.Bounds()
	n := b.Dx() * b.Dy()
	// pixel art has few colours: count each, then name each once
	perColour := map[color.RGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y) : img.PixOffset(b.Max.X-1, y)+4]
		for i := 0; i < len(row); i += 4 {
			perColour[color.RGBA{row[i], row[i+1], row[i+2], 255}]++
		}
	}
	lum100 := 0 // in integers, so the map's order cannot change the sum
	for c, k := range perColour {
		counts[colourName(c.R, c.G, c.B)] += k
		lum100 += k * (30*int(c.R) + 59*int(c.G) + 11*int(c.B))
	}
	lum = float64(lum100) / 100 / 255
	type kv struct {
		name string
		n    int
	}
	var all []kv
	for _, w := range colourWords {
		if counts[w] > 0 {
			all = append(all, kv{w, counts[w]})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].n > all[j].n })
	var out []string
	for i, e := range all {
		if i < 3 && (i == 0 || e.n*100 >= n*12) {
			out = append(out, e.name)
		}
	}
	switch mean := lum / float64(n); {
	case mean < 0.25:
		out = append(out, "dark")
	case mean > 0.65:
		out = append(out, "bright")
	}
	return out
}
