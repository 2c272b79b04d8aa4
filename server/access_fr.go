package server

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the browser way in's gate (webaccess.go) and the admins'
// commands aimed at identities (admin.go).
func init() {
	i18n.Add(map[string]string{
		"This server lets in only the players whose SSH key is on its list, and browsers that come with a table's invitation link. Ask a player at the table for the link: ssh HOST invite CODE prints it.": "Ce serveur ne laisse entrer que les joueurs dont la clé SSH est sur sa liste, et les navigateurs venus avec le lien d'invitation d'une table. Demandez le lien à un joueur de la table : ssh SERVEUR invite CODE l'affiche.",
		"This browser came with an invitation to table %s: it opens that table only.": "Ce navigateur est venu avec une invitation à la table %s : il n'ouvre que cette table.",

		// Admins aim at identities (bans.go, admin.go).
		"An admin asked you to leave. You can come back in %s.":                                                                   "Un administrateur vous a demandé de partir. Vous pourrez revenir dans %s.",
		"%q is not a key's fingerprint (SHA256: and 43 characters, as ssh-keygen -lf prints it).":                                 "%q n'est pas l'empreinte d'une clé (SHA256: et 43 caractères, comme l'affiche ssh-keygen -lf).",
		"%q is not a guest's or a browser's id.":                                                                                  "%q n'est pas l'identifiant d'un invité ni d'un navigateur.",
		"%q is not a seat: give the ghost (ghost or ☾) or a colour by its symbol (● ▲ ◆ ■ ★ ✚), its number (1 to 6) or its name.": "%q n'est pas une place : donnez le fantôme (fantôme ou ☾) ou une couleur par son symbole (● ▲ ◆ ■ ★ ✚), son numéro (1 à 6) ou son nom.",
		"A bot sits at %s: there is nobody to kick (the table's host takes bots out).":                                            "Un bot occupe %s : personne à expulser (l'hôte de la table retire les bots).",
		"Nobody sits at %s.":                       "La place %s est libre.",
		"Nobody called %q is connected or seated.": "Aucun joueur nommé %q n'est connecté ni à une table.",
		"%d players are called %q; nothing was done. Aim at one by its id or its seat:": "%d joueurs s'appellent %q ; rien n'a été fait. Visez-en un par son identifiant ou sa place :",
		"no seat": "sans place",
		"at %s":   "à %s",
		"A ban lasts from 1 min to %d days, not %s.":                                  "Un bannissement dure de 1 min à %d jours, pas %s.",
		"usage: ban WHO [DURATION] (24h unless given: 30m, 12h, 7d); WHO as for kick": "usage : ban QUI [DURÉE] (24h par défaut : 30m, 12h, 7d) ; QUI comme pour kick",
		"usage: kick WHO, where WHO is a key's SHA256:... fingerprint, a guest:... or browser:... id, a seat (K7QX ▲, K7QX 2, K7QX ghost) or a name only one player has": "usage : kick QUI, où QUI est l'empreinte SHA256:... d'une clé, un identifiant guest:... ou browser:..., une place (K7QX ▲, K7QX 2, K7QX fantôme) ou un nom qu'un seul joueur porte",
		"That is you.": "C'est vous.",
		"Their address is kept out as long: without a key, they could come back as someone new.": "Son adresse est tenue à l'écart aussi longtemps : sans clé, on peut revenir sous une nouvelle identité.",
		"Not connected: their address is unknown, so only this identity is kept out.":            "Hors ligne : son adresse est inconnue, seule cette identité est tenue à l'écart.",
		"usage: unban WHO (as for kick)":                         "usage : unban QUI (comme pour kick)",
		"%s is not kept out.":                                    "Rien ne tient %s à l'écart.",
		"%s may come back now.":                                  "%s peut revenir maintenant.",
		"Seats freed for others (the game had not started): %s.": "Places libérées pour d'autres (la partie n'avait pas commencé) : %s.",
	})
}
