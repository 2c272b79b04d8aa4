package deck

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the deck's own sentences (load.go). The cards' words are in
// fr_characters.go, fr_places.go, fr_objects.go, fr_visions.go and
// fr_tags.go.
func init() {
	i18n.Add(map[string]string{
		"%s, a picture from a custom deck.":                  "%s, une image d'un jeu personnalisé.",
		"A picture from a custom deck, with no description.": "Une image d'un jeu personnalisé, sans description.",
	})
}
