package server

import (
	"fmt"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// French for what the server says to players: refusals, the end of a
// session, the plain commands (help, tables, history, stats, invite) and the
// admins' replies. Words the lobby uses too (column heads, "off") read as
// the session's do.
func init() {
	i18n.Add(map[string]string{
		// Refusals and limits.
		"This server only admits the keys on its list. Ask its host to add yours.":                 "Ce serveur n'admet que les clés de sa liste. Demandez à son hôte d'y ajouter la vôtre.",
		"Authentication did not give this session an identity; please reconnect.":                  "L'authentification n'a pas donné d'identité à cette session ; reconnectez-vous.",
		"An admin asked you to leave. You can come back in %d min.":                                "Un administrateur vous a demandé de partir. Vous pourrez revenir dans %d min.",
		"Too many connections from your address in the last minute (limit %d). Try again in %d s.": "Trop de connexions depuis votre adresse dans la dernière minute (limite %d). Réessayez dans %d s.",
		"The server is full (%d sessions). Please try again later.":                                "Le serveur est complet (%d sessions). Réessayez plus tard.",
		"Too many sessions from your address (%d open). Close one and try again.":                  "Trop de sessions depuis votre adresse (%d ouvertes). Fermez-en une et réessayez.",
		"Too many keys at once: some were ignored (at most %d a second).":                          "Trop de touches à la fois : certaines ont été ignorées (%d par seconde au plus).",
		"Too many wrong table codes from you (%d in %s). Try again in %s.":                         "Trop de codes de table erronés de votre part (%d en %s). Réessayez dans %s.",
		"Too many wrong reclaim codes from your address (%d in %s). Try again in %s.":              "Trop de codes de reprise erronés depuis votre adresse (%d en %s). Réessayez dans %s.",
		"There is no table %s.": "Il n'y a pas de table %s.",
		"Game %s is kept, but it could not be read. Whoever runs the server will find why in its log.": "La partie %s est gardée, mais elle n'a pas pu être lue. Qui fait tourner le serveur en trouvera la raison dans son journal.",
		"There is no table %s (ssh HOST tables lists the open ones).":                                  "Il n'y a pas de table %s (ssh SERVEUR tables liste les tables ouvertes).",
		"No guest has the reclaim code %s.":                                                            "Aucun invité n'a le code de reprise %s.",
		"claim needs the reclaim code shown on your screen: ssh -t HOST CODE claim K7QX-M2PD":          "claim demande le code de reprise affiché sur votre écran : ssh -t SERVEUR CODE claim K7QX-M2PD",
		"Unknown command %q. Try: tables, help, version, or a table code.":                             "Commande inconnue %q. Essayez : tables, help, version, ou un code de table.",
		"Table %s needs a terminal: use ssh -t HOST %s":                                                "La table %s demande un terminal : utilisez ssh -t SERVEUR %s",
		"This needs a terminal: use ssh -t HOST, or one of: tables, help, version.":                    "Il faut un terminal : utilisez ssh -t SERVEUR, ou l'une de ces commandes : tables, help, version.",
		"The server is shutting down; no new tables.":                                                  "Le serveur s'arrête : plus de nouvelle table.",
		"The server already has %d tables with players at them, its limit. Join one, or try later.":    "Le serveur a déjà %d tables occupées, sa limite. Rejoignez-en une, ou réessayez plus tard.",
		"You already host %d unfinished tables, the limit per player. Finish or leave one first.":      "Vous êtes déjà l'hôte de %d tables en cours, la limite par joueur. Terminez-en ou quittez-en une d'abord.",
		"A name needs at least one visible character.":                                                 "Un nom doit avoir au moins un caractère visible.",
		"This is game %d of table %s, kept for its replay. The table's next game is at %s.":            "Ceci est la partie %d de la table %s, gardée pour sa rediffusion. La partie suivante de la table est à %s.",
		"The next game could not be saved. Try again in a moment.":                                     "La partie suivante n'a pas pu être enregistrée. Réessayez dans un instant.",

		// The end of a session.
		"The server is restarting. Reconnect in a moment: your seat is kept.":             "Le serveur redémarre. Reconnectez-vous dans un instant : votre place est gardée.",
		"Disconnected after %s idle in the lobby. Reconnect any time.":                    "Connexion fermée après %s d'inactivité dans le salon. Reconnectez-vous quand vous voulez.",
		"An admin disconnected you. You can come back in %s.":                             "Un administrateur a fermé votre connexion. Vous pourrez revenir dans %s.",
		"Your guest seat was taken back from another connection with your reclaim code.":  "Votre place d'invité a été reprise depuis une autre connexion avec votre code de reprise.",
		"Your guest reclaim code is %s: ssh -t HOST TABLE claim %s takes your seat back.": "Votre code de reprise d'invité est %s : ssh -t SERVEUR TABLE claim %s vous rend votre place.",

		// Plain commands.
		"%s takes no arguments (it was given %q): ssh HOST %s":                       "%s ne prend pas d'argument (il a reçu %q) : ssh SERVEUR %s",
		"Only admins may use %s (their keys are in the server's --admin-keys file).": "Seuls les administrateurs peuvent utiliser %s (leurs clés sont dans le fichier --admin-keys du serveur).",
		"No tables yet. Connect with a terminal to create one.":                      "Pas encore de table. Connectez-vous avec un terminal pour en créer une.",
		"CODE":       "CODE",
		"NAME":       "NOM",
		"EDITION":    "ÉDITION",
		"DIFFICULTY": "DIFFICULTÉ",
		"TIMER":      "TEMPS",
		"SEATS":      "PLACES",
		"STATUS":     "ÉTAT",
		"HOST":       "HÔTE",
		"off":        "sans",
		" (private)": " (privée)",
		"invite needs the table's code: ssh HOST invite K7QX":                    "invite demande le code de la table : ssh SERVEUR invite K7QX",
		"The server could not read its records just now; try again in a moment.": "Le serveur n'a pas pu lire ses archives ; réessayez dans un instant.",
		"This server keeps no history: it runs without a database.":              "Ce serveur ne garde pas d'historique : il fonctionne sans base de données.",
		"This server keeps no statistics: it runs without a database.":           "Ce serveur ne garde pas de statistiques : il fonctionne sans base de données.",
		"No finished games with your key (%s) in the last %s.":                   "Aucune partie terminée avec votre clé (%s) depuis %s.",
		"Your last %d games (key %s; games are kept %s):":                        "Vos %d dernières parties (clé %s ; les parties sont gardées %s) :",
		"DATE (UTC)": "DATE (UTC)",
		"ROLE":       "RÔLE",
		"RESULT":     "RÉSULTAT",
		"TABLE":      "TABLE",
		"GAMES":      "PARTIES",
		"PLAYED":     "JOUÉES",
		"WON":        "GAGNÉES",
		"WIN RATE":   "TAUX DE VICTOIRE",
		"won":        "gagnée",
		"lost":       "perdue",
		"all":        "toutes",
		"psychic":    "médium",
		"ssh -t HOST CODE shows a game's end screen and replay.": "ssh -t SERVEUR CODE montre l'écran de fin d'une partie et sa rediffusion.",
		"You have no finished games yet (key %s).":               "Vous n'avez pas encore de partie terminée (clé %s).",
		"Your games (key %s):":                                   "Vos parties (clé %s) :",
		"No game has been finished on this server yet.":          "Aucune partie n'a encore été terminée sur ce serveur.",
		"This server (every finished game):":                     "Ce serveur (toutes les parties terminées) :",
		"Join my Mysterium table %q (%s):":                       "Rejoignez ma table Mysterium %q (%s) :",
		"No ssh at hand? Open it in a browser:":                  "Pas de ssh sous la main ? Ouvrez-la dans un navigateur :",
		"The first time, ssh asks whether to trust the server: say yes only if\nit shows this fingerprint:": "La première fois, ssh demande s'il faut faire confiance au serveur : répondez\noui seulement s'il montre cette empreinte :",
		guestNote: `Vous jouez en invité (votre connexion n'a pas de clé SSH) : le serveur
ne garde donc ni historique ni statistiques pour vous. Votre clé SSH est votre
identité ici : créez-en une (ssh-keygen -t ed25519) et connectez-vous avec,
et vos parties compteront dès lors.
`,
		helpText: `Mysterium par SSH : une séance coopérative pour un fantôme et ses médiums.

  ssh -p PORT SERVEUR                   le salon : lister, créer, rejoindre ou
                                        regarder les tables
  ssh -p PORT -t SERVEUR CODE           droit à la table CODE (prendre place ou
                                        regarder)
  ssh -p PORT -t SERVEUR CODE --plain   la même chose, cartes écrites en texte
                                        (lecteurs d'écran, terminaux à 16
                                        couleurs)
  ssh -p PORT -t SERVEUR CODE claim XXXX-XXXX
                                        un invité reprend sa place avec le code
                                        de reprise affiché sur son écran
  ssh -p PORT SERVEUR tables            les tables ouvertes, en texte
  ssh -p PORT SERVEUR invite CODE       une invitation à la table CODE, à
                                        coller dans une discussion
  ssh -p PORT SERVEUR history           vos 20 dernières parties (ssh -t
                                        SERVEUR CODE en rejoue une)
  ssh -p PORT SERVEUR stats             vos parties et victoires, et les taux
                                        de victoire du serveur
  ssh -p PORT SERVEUR version           la version du serveur
  ssh -p PORT SERVEUR help              ce texte

Votre clé SSH est votre identité : revenez avec la même clé et vous retrouvez
votre place. Sans clé, vous jouez en invité. Votre nom d'utilisateur SSH n'est
que le nom affiché (vous le changez dans le salon).
`,
		adminHelpText: `
Pour les administrateurs (clés dans le fichier --admin-keys du serveur) ; la
liste des tables montre aussi les tables privées :
  ssh -p PORT SERVEUR close CODE        termine la table CODE ; ses joueurs
                                        retournent au salon
  ssh -p PORT SERVEUR kick QUI          déconnecte un joueur et le tient à
                                        l'écart 10 min
  ssh -p PORT SERVEUR ban QUI [24h]     la même chose, plus longtemps (30m,
                                        12h, 7d...)
  ssh -p PORT SERVEUR unban QUI         le laisse revenir tout de suite
  ssh -p PORT SERVEUR notice TEXTE...   affiche un avis d'une ligne sur chaque
                                        écran
QUI est une identité, jamais un simple nom que chacun peut prendre :
  SHA256:...                            l'empreinte d'une clé (ssh-keygen -lf)
  guest:...  browser:...                l'identifiant d'un invité ou d'un
                                        navigateur
  K7QX ▲   K7QX 2   K7QX jaune          qui est assis là (couleurs de ● 1 à
                                        ✚ 6 ; le fantôme : K7QX fantôme)
  alice                                 un nom, si un seul joueur le porte ;
                                        sinon les candidats sont listés et rien
                                        n'est fait
Sans clé (un invité, un navigateur), son adresse est tenue à l'écart aussi
longtemps. Ses places aux tables dont la partie n'a pas commencé sont libérées
pour d'autres. Les bannissements durent jusqu'au redémarrage du serveur ;
--allow-keys écarte une clé pour de bon.
`,

		// Admins' replies.
		"usage: close CODE":                        "usage : close CODE",
		"usage: notice TEXT":                       "usage : notice TEXTE",
		"unknown admin command %q":                 "commande d'administration inconnue %q",
		"Table %s is closed.":                      "La table %s est fermée.",
		"Disconnected %d session(s) of %s for %s.": "%d session(s) de %s déconnectée(s) pour %s.",
		"Notice shown on %d screen(s).":            "Avis affiché sur %d écran(s).",
	})
	i18n.AddPlural("%d days", 1,
		i18n.Forms{One: "%d day", Other: "%d days"},
		i18n.Forms{One: "%d jour", Other: "%d jours"})

	// The lobby's status of a table (TableInfo.Status, which the hub
	// keeps in English and screens translate as they draw it).
	status := map[string]string{
		"waiting":  "en attente",
		"starting": "au départ",
		"final":    "finale",
		"finished": "terminée",
	}
	for round := 1; round <= 7; round++ {
		status[fmt.Sprintf(roundStatus, round)] = fmt.Sprintf("tour %d/7", round)
	}
	i18n.Add(status)
}
