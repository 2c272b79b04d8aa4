package i18n

// Gender is the grammatical gender of whom a sentence is about, for the
// languages whose participles and adjectives agree with it: French writes
// "Alma s'est trompée" and "Conrad s'est trompé", English "is wrong" for
// both. Only a known gender is one: a game's characters have one, a
// player's own name has none, and sentences about a player are phrased so
// that nothing agrees.
type Gender uint8

const (
	Masculine Gender = iota
	Feminine
)

// FeminineKey is the catalog key of a sentence's feminine form: the
// sentence's own key with "|f" after it. Register it with Add beside the
// masculine one:
//
//	"✘ %s is wrong.":   "✘ %s s'est trompé.",
//	"✘ %s is wrong.|f": "✘ %s s'est trompée.",
func FeminineKey(key string) string { return key + "|f" }

// G translates and formats a sentence about someone of gender g, like F:
// for Feminine, a language with a feminine form in the catalog uses it.
// English has none, so its text is F's, byte for byte.
func (l Lang) G(g Gender, format string, args ...any) string {
	if g == Feminine && l.valid() != English {
		if key := FeminineKey(format); Has(key) {
			return printer(l).Sprintf(key, args...)
		}
	}
	return l.F(format, args...)
}
