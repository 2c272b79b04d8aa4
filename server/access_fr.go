package server

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the browser way in's gate (webaccess.go) and the admins'
// commands aimed at identities (admin.go).
func init() {
	i18n.Add(map[string]string{
		"This server lets in only the players whose SSH key is on its list, and browsers that come with a table's invitation link. Ask a player at the table for the link: ssh HOST invite CODE prints it.": "Ce serveur ne laisse entrer que les joueurs dont la clé SSH est sur sa liste, et les navigateurs venus avec le lien d'invitation d'une table. Demandez le lien à un joueur de la table : ssh SERVEUR invite CODE l'affiche.",
		"This browser came with an invitation to table %s: it opens that table only.": "Ce navigateur est venu avec une invitation à la table %s : il n'ouvre que cette table.",
	})
}
