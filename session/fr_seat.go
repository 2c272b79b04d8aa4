package session

// French for the seat picker. The keys are the English written in
// the code; the words are the French editions' (i18n/GLOSSARY.md).

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		"seats":             "places",
		" CHOOSE YOUR SEAT": " CHOISISSEZ VOTRE PLACE",
		"☾ The ghost":       "☾ Le fantôme",
		"no colour":         "sans",
		"free":              "libre",
		"a bot":             "un robot",
		"host":              "hôte",
		"ready ✔":           "prêt ✔",
		"you":               "vous",
		"away":              "absent",
		"%d of 7 seats taken. A game needs the ghost and %d to %d players (bots count).": "%d places prises sur 7. Une partie demande le fantôme et %d à %d joueurs (robots compris).",
		"Press s to start the game: %d players seated. Not ready yet: %s.":               "s lance la partie : %d joueurs assis. Pas encore prêts : %s.",
		"Press s to start the game: %d seated, %d not ready yet (no ✔ by their names).":  "s lance la partie : %d assis, %d pas encore prêts (sans ✔ à côté du nom).",
		"Press s to start the game: %d players seated, everyone ready.":                  "s lance la partie : %d joueurs assis, tous prêts.",
		"Seat the ghost (sit there, or press b for a bot), then press s to start.":       "Placez le fantôme (asseyez-vous là, ou b pour un robot), puis s pour lancer.",
		"Waiting for players: %d seated, at least %d needed. b adds a bot.":              "On attend des joueurs : %d assis, il en faut au moins %d. b ajoute un robot.",
		"You are watching. To play, choose a free seat: ↑↓ then enter.":                  "Vous regardez. Pour jouer, choisissez une place libre : ↑↓ puis entrée.",
		"Choose a seat: ↑↓ then enter.":                                                  "Choisissez une place : ↑↓ puis entrée.",
		"You sit as %s, ready. Waiting for the host to start.":                           "Vous jouez %s, prêt. On attend que l'hôte lance la partie.",
		"You sit as %s. Press r when you are ready.":                                     "Vous jouez %s. r quand vous êtes prêt.",
		"sand timer %s":               "sablier %s",
		"no sand timer":               "pas de sablier",
		"%s: one per round":           "%s : 1 par heure",
		"no %s":                       "pas de %s",
		"%s: %d per game":             "%s : %d par partie",
		"clairvoyance from 4 players": "clairvoyance dès 4 joueurs",
		"objects first":               "objets d'abord",
		"This table: %s.":             "Cette table : %s.",
		"You sit as %s.":              "Vous jouez %s.",
		"seat":                        "place",
		"choose a seat: the ghost or a psychic colour": "choisir une place : le fantôme ou une couleur de médium",
		"sit here":  "s'asseoir",
		"sit there": "s'asseoir à cette place",
		"ready / not ready (the host starts when everyone is)": "prêt / pas prêt (l'hôte lance quand tous le sont)",
		"You are not ready any more.":                          "Vous n'êtes plus prêt.",
		"stand up":                                             "se lever",
		"You stood up.":                                        "Vous vous êtes levé.",
		"bot on/off":                                           "robot oui/non",
		"(host) put a bot in the seat, or take it out":         "(hôte) mettre un robot à cette place, ou l'enlever",
		"start": "lancer",
		"(host) start the game once the seats are legal": "(hôte) lancer la partie quand les places le permettent",
		"level": "niveau",
		"(host) the bot in the seat plays as a novice, seasoned or expert: l changes it": "(hôte) le robot à cette place joue en novice, confirmé ou expert : l change son niveau",
		"The bot plays as %s now.":                        "Cette place est maintenant %s.",
		"There is no bot in that seat: b puts one there.": "Pas de robot à cette place : b en met un.",
		"You are ready.":                                  "Vous êtes prêt.",
	})
}
