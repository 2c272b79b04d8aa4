package deck

import (
	"image/color"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game/deck/motif"
)

// onPalette reports whether c is exactly one of the xterm-256 colours a
// 256-colour terminal shows as is: the 6x6x6 cube or the grey ramp.
func onPalette(c color.RGBA) bool {
	cube := func(v uint8) bool {
		switch v {
		case 0, 95, 135, 175, 215, 255:
			return true
		}
		return false
	}
	if cube(c.R) && cube(c.G) && cube(c.B) {
		return true
	}
	return c.R == c.G && c.G == c.B && c.R >= 8 && c.R <= 238 && (c.R-8)%10 == 0
}

// TestVisionPixelsAreOnThePalette: every pixel of every built-in card is on
// the xterm-256 palette, so a 256-colour terminal shows exactly the art.
func TestVisionPixelsAreOnThePalette(t *testing.T) {
	for _, c := range Builtin().All() {
		b := c.Image.Rect
		bad := 0
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if p := c.Image.RGBAAt(x, y); !onPalette(p) {
					if bad == 0 {
						t.Errorf("%s: pixel (%d,%d) %v is off the xterm-256 palette", c.ID, x, y, p)
					}
					bad++
				}
			}
		}
	}
}

// TestVisionScenes checks what the recipes promise: 4 to 9 motifs a card,
// each one a registered motif (or weather or frame) whose words are among
// the card's tags, alt-text that names every depth it drew, and no motif
// on more than 8 cards.
func TestVisionScenes(t *testing.T) {
	uses := map[string]int{}
	for _, c := range Builtin().Cards(Vision) {
		if n := len(c.Motifs); n < 4 || n > 9 {
			t.Errorf("%s: %d motifs %v", c.ID, n, c.Motifs)
		}
		for _, m := range c.Motifs {
			uses[m]++
			mo := motif.Get(m)
			if mo == nil {
				if _, ok := weathers[m]; !ok && m != "window" && m != "painting" && m != "lookingglass" {
					t.Errorf("%s: motif %q is not registered", c.ID, m)
				}
				continue
			}
			if !c.HasTag(mo.Tags[0]) {
				t.Errorf("%s: shows %s but lacks its tag %q", c.ID, m, mo.Tags[0])
			}
		}
		if len(c.Tags) < 8 {
			t.Errorf("%s: %d tags", c.ID, len(c.Tags))
		}
		if !strings.Contains(c.Alt, "close by") && !strings.Contains(c.Alt, "further off") {
			t.Errorf("%s: alt-text names no depth: %q", c.ID, c.Alt)
		}
	}
	for m, n := range uses {
		if n > 8 {
			t.Errorf("motif %s is on %d visions, more than 8", m, n)
		}
	}
}

// TestRecipeErrorsPanicWithTheCard: a typo in a recipe names the card and
// the token instead of drawing something else.
func TestRecipeErrorsPanicWithTheCard(t *testing.T) {
	for _, tok := range []string{"raven", "raven@zz1", "raven@cg9", "nosuch@cg1", "raven:plaid@cg1", "window=sea/frost@cg1", "raven@cg1+3"} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(r.(string), "V99") {
					t.Errorf("token %q: panic %v, want one naming V99", tok, r)
				}
			}()
			parseItem("V99", tok)
		}()
	}
}
