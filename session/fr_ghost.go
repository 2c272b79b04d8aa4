package session

// French for the ghost's screen. The keys are the English written in
// the code; the words are the French editions' (i18n/GLOSSARY.md).

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		"Dropping %d of %d old cards of %s %s (✗): ←→ and space change it, g gives.": "Retrait de %d sur %d anciennes cartes de %s %s (✗) : ←→ et espace changent, g donne.",
		" old vision: ":              " ancienne vision : ",
		" · %d to drop · d chooses":  " · %d à retirer · d choisit",
		"trail complete":             "piste complète",
		"waiting for your vision":    "attend votre vision",
		"needs a vision":             "attend sa vision",
		"thinking":                   "réfléchit",
		"vision given · thinking":    "vision donnée · réfléchit",
		"to reveal":                  "à révéler",
		"  must find ":               "  doit trouver ",
		"  find ":                    "  trouver ",
		"  intuition: ":              "  intuition : ",
		"none":                       "aucune",
		"  on ":                      "  sur ",
		"  track %d · level %d":      "  piste %d · niveau %d",
		"  track %d · L%d":           "  piste %d · N%d", // narrow columns: N for niveau
		"  %d/%d cards shown":        "  %d/%d montrées",
		"  no intuition":             "  pas d'intuition",
		"  vision: ":                 "  vision : ",
		"  vision: %d of %d shown":   "  vision : %d sur %d montrées",
		"─ your hand (%d selected) ": "─ votre main (%d choisies) ",
		"─ your hand (%d selected) · cards %d-%d of %d, ←→ scrolls ": "─ votre main (%d choisies) · cartes %d-%d sur %d, ←→ fait défiler ",
		"  (your hand is empty)":             "  (votre main est vide)",
		" To %s: ":                           " Pour %s : ",
		"must find %s (%s)":                  "doit trouver %s (%s)",
		" YOUR HAND (%d selected)":           " VOTRE MAIN (%d choisies)",
		" PSYCHICS":                          " MÉDIUMS",
		"finds %s · ":                        "cherche %s · ",
		" · on %s":                           " · sur %s",
		"Give %s %s a vision (%d selected).": "Donnez une vision à %s %s (%d choisies).",
		"Choose a psychic who still needs a vision (↑↓): %s.": "Choisissez un médium qui attend encore une vision (↑↓) : %s.",
		"Waiting for %s.": "On attend %s.",
		"Reveal the results: ↑↓ a psychic and r, or a for all in seat order.": "Révélez les résultats : ↑↓ un médium et r, ou a pour tous dans l'ordre des places.",
		"✎ note kept: g gives with it, w edits, esc drops: ":                  "✎ note gardée : g donne avec, w modifie, échap l'efface : ",
		", with your note.":   ", avec votre note.",
		" (u takes it back.)": " (u la reprend.)",
		"why this vision? everybody reads it after the game": "pourquoi cette vision ? tous la liront après la partie",
		"Note dropped.":                                        "Note effacée.",
		"✎ note (enter gives, esc drops): ":                    "✎ note (entrée donne, échap efface) : ",
		"Throw away your whole hand and draw 7 new cards? y/n": "Jeter toute votre main et piocher 7 nouvelles cartes ? y/n",
		"Select the cards to discard with space first.":        "Choisissez d'abord les cartes à défausser avec espace.",
		"a crow":                   "un corbeau",
		"a candle":                 "une bougie",
		"You drew a new hand.":     "Vous avez pioché une nouvelle main.",
		"select / unselect a card": "choisir / rendre une carte",
		"choose a psychic":         "choisir un médium",
		"give the selection (or the card under the cursor) as a vision": "donner les cartes choisies (ou celle sous le curseur) comme vision",
		"note": "note",
		"write a note on the vision you give next (why you chose it): only you read it until the end, then everybody does in the replay; enter gives the vision with it": "écrire une note sur la prochaine vision (pourquoi ce choix) : elle reste à vous jusqu'à la fin, puis tous la lisent dans la rediffusion ; entrée donne la vision avec",
		"drop old cards": "retirer d'anciennes cartes",
		"choose cards of a failed psychic's old vision to drop: all marked, ←→ and space keep some, g gives": "choisir les cartes à retirer de l'ancienne vision d'un médium qui s'est trompé : toutes marquées, ←→ et espace en gardent, g donne",
		"reveal this one":                            "révéler celui-ci",
		"reveal the chosen psychic's result":         "révéler le résultat du médium choisi",
		"reveal all in seat order":                   "tout révéler dans l'ordre",
		"reveal every result, in seat order":         "révéler tous les résultats, dans l'ordre des places",
		"zoom target":                                "agrandir la cible",
		"zoom the card the chosen psychic must find": "agrandir la carte que le médium choisi doit trouver",
		"Only for a psychic who keeps an old vision and waits for a new one.": "Seulement pour un médium qui garde une ancienne vision et en attend une nouvelle.",
		"The old vision stays whole: the new cards are added to it.":          "L'ancienne vision reste entière : les nouvelles cartes s'y ajoutent.",
		"old card":                  "ancienne carte",
		"move over the old vision":  "parcourir l'ancienne vision",
		"drop / keep":               "retirer / garder",
		"drop or keep the old card": "retirer ou garder l'ancienne carte",
		"give the selection, dropping the marked old cards": "donner les cartes choisies, en retirant les anciennes marquées",
		"done: the marks stay for the gift":                 "fini : les marques restent pour le don",
		"keep all":                                          "tout garder",
		"keep every old card":                               "garder toutes les anciennes cartes",
		"zoom the old card":                                 "agrandir l'ancienne carte",
		"GHOST":                                             "FANTÔME",
		"move in your hand":                                 "parcourir votre main",
	})
	i18n.AddPlural("  vision: %d cards", 1,
		i18n.Forms{One: "  vision: %d card", Other: "  vision: %d cards"},
		i18n.Forms{One: "  vision : %d carte", Other: "  vision : %d cartes"})
	i18n.AddPlural("  vision: %d cards (first %d shown)", 1,
		i18n.Forms{One: "  vision: %d card (first %d shown)", Other: "  vision: %d cards (first %d shown)"},
		i18n.Forms{One: "  vision : %d carte (%d montrée)", Other: "  vision : %d cartes (%d premières montrées)"})
	i18n.AddPlural("%d vision cards", 1,
		i18n.Forms{One: "%d vision card", Other: "%d vision cards"},
		i18n.Forms{One: "%d carte vision", Other: "%d cartes vision"})
	i18n.AddPlural("Gave %s %d cards.", 2,
		i18n.Forms{One: "Gave %s %d card.", Other: "Gave %s %d cards."},
		i18n.Forms{One: "%s a reçu %d carte.", Other: "%s a reçu %d cartes."})
	i18n.AddPlural("Gave %s %d cards, %d old dropped.", 2,
		i18n.Forms{One: "Gave %s %d card, %d old dropped.", Other: "Gave %s %d cards, %d old dropped."},
		i18n.Forms{One: "%s a reçu %d carte, %d anciennes retirées.", Other: "%s a reçu %d cartes, %d anciennes retirées."})
	i18n.AddPlural("Discard %d cards with %s (%s)? y/n", 1,
		i18n.Forms{One: "Discard %d card with %s (%s)? y/n", Other: "Discard %d cards with %s (%s)? y/n"},
		i18n.Forms{One: "Défausser %d carte avec %s (%s) ? y/n", Other: "Défausser %d cartes avec %s (%s) ? y/n"})
	i18n.AddPlural("Discarded %d cards.", 1,
		i18n.Forms{One: "Discarded %d card.", Other: "Discarded %d cards."},
		i18n.Forms{One: "%d carte défaussée.", Other: "%d cartes défaussées."})
	i18n.AddPlural("%d of %d old cards will be dropped when you give (g).", 2,
		i18n.Forms{One: "%d of %d old card will be dropped when you give (g).", Other: "%d of %d old cards will be dropped when you give (g)."},
		i18n.Forms{One: "%d ancienne carte sur %d sera retirée au don (g).", Other: "Anciennes cartes retirées au don (g) : %d sur %d."})
	i18n.AddPlural("  %d of %d cards shown", 1,
		i18n.Forms{One: "  %d of %d cards shown", Other: "  %d of %d cards shown"},
		i18n.Forms{One: "  %d carte sur %d montrée", Other: "  %d cartes sur %d montrées"})
}
