package end

// French for the end screen and its replay. The keys are the English written in
// the code; the words are the French editions' (i18n/GLOSSARY.md).

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		"summary":           "bilan",
		"replay":            "rediffusion",
		" THE GAME IS OVER": " LA PARTIE EST FINIE",
		" THE PSYCHICS WON — the culprit is unmasked (group %d), %s %s.": " LES MÉDIUMS ONT GAGNÉ — le coupable est démasqué (groupe %d), %s %s.",
		" THE PSYCHICS LOST — dawn came before every trail was found.":   " LES MÉDIUMS ONT PERDU — l'aube est venue avant que toutes les pistes soient trouvées.",
		" THE PSYCHICS LOST — they accused group %d, the wrong one.":     " LES MÉDIUMS ONT PERDU — ils ont accusé le groupe %d, le mauvais.",
		" THE PSYCHICS LOST.":                   " LES MÉDIUMS ONT PERDU.",
		" TRAILS":                               " PISTES",
		" (not found)":                          " (pas trouvée)",
		"☠ culprit":                             "☠ coupable",
		"☠ culprit: group %d, %s":               "☠ coupable : groupe %d, %s",
		" SHARED VISION ":                       " VISION COMMUNE ",
		" VOTES ":                               " VOTES ",
		" DAY %s ":                              " JOUR %s ",
		" REPLAY":                               " REDIFFUSION",
		"  no completed round":                  "  aucune heure terminée",
		" REPLAY  ◂ %s %s (%d of %d) ▸":         " REDIFFUSION  ◂ %s %s (%d sur %d) ▸",
		"%s received %s":                        "%s a reçu %s",
		" (%d old dropped)":                     " (%d anciennes retirées)",
		"☾ “%s”":                                "☾ « %s »",
		"no intuition":                          "pas d'intuition",
		"on %s":                                 "sur %s",
		" — trail complete":                     " — piste complète",
		"%s%s on %s":                            "%s%s sur %s",
		"  tokens: ":                            "  jetons : ",
		"  nothing happened this hour":          "  rien ne s'est passé cette heure-là",
		"✔ right":                               "✔ juste",
		"✘ wrong":                               "✘ faux",
		", no intuition":                        ", pas d'intuition",
		"  trail complete":                      "  piste complète",
		"replay hour":                           "heure rejouée",
		"step through the replay, hour by hour": "parcourir la rediffusion, heure par heure",
		"new game here":                         "nouvelle partie ici",
		"the next game at this table: same code, settings and bots; whoever stays keeps their seat": "la partie suivante à cette table : même code, réglages et robots ; qui reste garde sa place",
		"lobby":             "salon",
		"back to the lobby": "retour au salon",
		"AFTER THE GAME":    "APRÈS LA PARTIE",
		"No new game: %s":   "Pas de nouvelle partie : %s",
		"The psychics won! n: a new game at this table · l: back to the lobby.": "Les médiums ont gagné ! n : nouvelle partie à cette table · l : retour au salon.",
		"The game is over. n: a new game at this table · l: back to the lobby.": "La partie est finie. n : nouvelle partie à cette table · l : retour au salon.",
		" THEIR NOTES ":            " LEURS NOTES ",
		"“%s”":                     "« %s »",
		"↶ taken back from %s: %s": "↶ reprise à %s : %s",
	})
	i18n.AddPlural("↶ taken back: %d cards", 1,
		i18n.Forms{One: "↶ taken back: %d card", Other: "↶ taken back: %d cards"},
		i18n.Forms{One: "↶ reprise : %d carte", Other: "↶ reprise : %d cartes"})
	i18n.AddPlural("  received %d cards", 1,
		i18n.Forms{One: "  received %d card", Other: "  received %d cards"},
		i18n.Forms{One: "  a reçu %d carte", Other: "  a reçu %d cartes"})
}
