package fr

import "github.com/mysterium-ssh/mysterium/i18n"

// French for the sand timer's public note (game's timer_note.go).
func init() {
	i18n.Add(map[string]string{
		"the host":                                             "l'hôte",
		"%s paused the sand timer":                             "%s a arrêté le sablier",
		"%s resumed the sand timer":                            "%s a relancé le sablier",
		"%s added 30 s to the sand timer":                      "%s a ajouté 30 s au sablier",
		"the pause was long enough: the sand timer runs again": "la pause a assez duré : le sablier s'écoule de nouveau",
	})
}
