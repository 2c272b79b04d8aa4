package fr

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the engine's words (game's words.go). Colour and category
// words are also deck tag words (game/deck): both read as a bare word, an
// adjective in the masculine singular ("rouge") or a noun without its
// article ("objet"), so the two registrations agree.
func init() {
	i18n.Add(map[string]string{
		// colours
		"purple": "violet",
		"yellow": "jaune",
		"red":    "rouge",
		"blue":   "bleu",
		"white":  "blanc",
		"green":  "vert",
		// categories
		"character": "personnage",
		"location":  "lieu",
		"object":    "objet",
		// card kinds that are not categories
		"vision": "vision",
		// seats
		"ghost": "fantôme",
		"none":  "aucune",
		// editions
		"classic":  "classique",
		"modern":   "moderne",
		"original": "originale",
		// difficulties
		"easy":      "facile",
		"medium":    "moyen",
		"normal":    "normal",
		"hard":      "difficile",
		"very-hard": "très difficile",
		// bot levels
		"novice":   "novice",
		"seasoned": "confirmé",
		"expert":   "expert",
		// phases
		"taking seats":         "installation",
		"the visions":          "les visions",
		"the results":          "les résultats",
		"choosing the culprit": "choix du coupable",
		"the vote":             "le vote",
		"game over":            "partie terminée",
	})
}
