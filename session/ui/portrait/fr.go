package portrait

// French for the too-small screen's advice.

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		"Mysterium needs 80x24, or 40x36 upright.": "Mysterium demande 80x24, ou 40x36 en hauteur.",
		"Hold the phone upright,":                  "Tenez le téléphone droit,",
		"or make the text smaller,":                "ou réduisez le texte,",
		"Mysterium needs 40x36":                    "Mysterium demande 40x36",
		"upright, or 80x24.":                       "en hauteur, ou 80x24.",
		"Make the text smaller":                    "Réduisez le texte",
		"(pinch, or zoom out),":                    "(pincez, ou dézoomez),",
		"or turn the phone,":                       "ou tournez le téléphone,",
	})
}
