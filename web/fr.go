package web

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the page's words (static/index.html's {{t "..."}}), the key
// bar's names as the glossary has them.
func init() {
	i18n.Add(map[string]string{
		"key buttons":                       "boutons des touches",
		"left":                              "gauche",
		"up":                                "haut",
		"down":                              "bas",
		"right":                             "droite",
		"space":                             "espace",
		"enter":                             "entrée",
		"esc":                               "échap",
		"tab":                               "tab",
		"keyboard":                          "clavier",
		"? help: every key of this screen":  "? aide : toutes les touches de cet écran",
		"more keys":                         "plus de touches",
		"P: linear mode for screen readers": "P : mode linéaire pour lecteurs d'écran",
		"L: language":                       "L : langue",
		"T: colours":                        "T : couleurs",
		"A: turn alerts":                    "A : alertes de tour",
		"what the table says":               "ce que dit la table",
		"Your name at the table":            "Votre nom à la table",
		"Enter the manor":                   "Entrer dans le manoir",
		"This browser keeps nothing: you will play as a guest, and a reclaim code on the screen takes your seat back.": "Ce navigateur ne garde rien : vous jouerez en invité, et un code de reprise affiché à l'écran vous rendra votre place.",
		"The session is over.":                   "La session est terminée.",
		"The server closed the connection.":      "Le serveur a fermé la connexion.",
		"Connection lost. Trying again in %d s…": "Connexion perdue. Nouvel essai dans %d s…",
		"Connect again":                          "Se reconnecter",
		"the server is restarting":               "le serveur redémarre",
		// The closed page (static/closed.html).
		"This table needs an invitation": "Cette table demande une invitation",
		"This Mysterium server lets in only the players whose SSH key is on its list, and browsers that come with a table's invitation link.": "Ce serveur Mysterium ne laisse entrer que les joueurs dont la clé SSH est sur sa liste, et les navigateurs venus avec le lien d'invitation d'une table.",
		"Ask a player at the table for the link: ssh HOST invite CODE prints it. A link opens its own table only.":                            "Demandez le lien à un joueur de la table : ssh SERVEUR invite CODE l'affiche. Un lien n'ouvre que sa propre table.",
	})
}
