package session

// French for the keys of the states between screens (screenkeys.go): the
// help, a zoomed card, a question, the text fields. The words are the
// French editions' (i18n/GLOSSARY.md).

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		"any key":                            "une touche",
		"closes this help":                   "ferme cette aide",
		"goes back to the tables":            "ramène aux tables",
		"leave the table":                    "quitter la table",
		"back":                               "retour",
		"back to the table":                  "retour à la table",
		"next card":                          "carte suivante",
		"the card before or after it":        "la carte précédente ou suivante",
		"leave the game":                     "quitter la partie",
		"discard":                            "défausser",
		"discard the cards":                  "défausser les cartes",
		"cancel (any other key too)":         "annuler (toute autre touche aussi)",
		"back to the table's keys":           "retour aux touches de la table",
		"send":                               "envoyer",
		"send the line":                      "envoyer la ligne",
		"stop":                               "arrêter",
		"stop typing (the line stays)":       "arrêter d'écrire (la ligne reste)",
		"stop typing and show the next pane": "arrêter d'écrire et montrer le panneau suivant",
		"keep the note (an empty one removes it)": "garder la note (vide, elle est retirée)",
		"leave the note as it was":                "laisser la note telle qu'elle était",
		"give the vision with the note":           "donner la vision avec la note",
		"drop note":                               "sans note",
		"drop the note, keep the selection":       "renoncer à la note, garder la sélection",
	})
}
