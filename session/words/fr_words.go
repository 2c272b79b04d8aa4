package words

// French for the game's words (categories, discards, votes, phases). The keys are the English written in
// the code; the words are the French editions' (i18n/GLOSSARY.md).

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		"CHARACTER":                             "PERSONNAGE",
		"LOCATION":                              "LIEU",
		"OBJECT":                                "OBJET",
		"CHARACTERS":                            "PERSONNAGES",
		"LOCATIONS":                             "LIEUX",
		"OBJECTS":                               "OBJETS",
		"the ghost":                             "le fantôme",
		"candle":                                "bougie",
		"new hand":                              "nouvelle main",
		"crow":                                  "corbeau",
		"crows":                                 "corbeaux",
		"candles":                               "bougies",
		"new hands":                             "nouvelles mains",
		"secret straw poll":                     "vote secret en trois temps",
		"one vote":                              "un seul vote",
		"open vote: both must agree":            "vote à découvert : les deux doivent s'accorder",
		"open vote: strict majority":            "vote à découvert : majorité stricte",
		"daily vote: a majority judges a group": "vote du jour : la majorité juge un groupe",
		"straw poll":                            "vote secret",
		"open vote, agree":                      "vote ouvert, accord",
		"open vote, majority":                   "vote ouvert, majorité",
		"daily vote":                            "vote du jour",
		"%s to be ready":                        "le signal « prêt » de %s",
		"every vision is given":                 "toutes les visions sont données",
		"the ghost giving visions (%s)":         "le fantôme qui donne les visions (%s)",
		"the psychics interpreting their visions: waiting for %s": "les médiums qui interprètent leurs visions : on attend %s",
		"the ghost revealing the results":                         "le fantôme qui révèle les résultats",
		"the ghost preparing the shared vision":                   "le fantôme qui prépare la vision commune",
		"the vote":                                                "le vote",
		"the table":                                               "la table",
		"DAY":                                                     "JOUR",
		"HOUR":                                                    "HEURE",
		"day":                                                     "jour",
		"hour":                                                    "heure",
		"%s: used this round":                                     "%s : utilisé cette heure",
		"%s: 1 this round":                                        "%s : 1 cette heure",
		"%s left ∞":                                               "%s : reste ∞",
		"%s left %d":                                              "%s : reste %d",
		"discard: a candle throws away the selected cards":        "défausse : une bougie jette les cartes choisies",
		"discard: throw away the whole hand and draw 7 new cards": "défausse : jeter toute la main et piocher 7 nouvelles cartes",
		"discard: a crow throws away the selected cards":          "défausse : un corbeau jette les cartes choisies",
		"an":             "un",
		"a":              "un",
		"a novice bot":   "un robot novice",
		"a seasoned bot": "un robot confirmé",
		"an expert bot":  "un robot expert",
	})
	i18n.AddPlural("%d minutes", 1,
		i18n.Forms{One: "%d minute", Other: "%d minutes"},
		i18n.Forms{One: "%d minute", Other: "%d minutes"})
	i18n.AddPlural("%d seconds", 1,
		i18n.Forms{One: "%d second", Other: "%d seconds"},
		i18n.Forms{One: "%d seconde", Other: "%d secondes"})
	i18n.AddPlural("%d psychics still to receive one", 1,
		i18n.Forms{One: "%d psychic still to receive one", Other: "%d psychics still to receive one"},
		i18n.Forms{One: "encore %d médium à servir", Other: "encore %d médiums à servir"})
}
