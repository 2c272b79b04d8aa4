package fr

import "github.com/mysterium-ssh/mysterium/i18n"

// French for bot notes (game's bot_note.go). Tag words arrive as bare words
// (game/deck's French): the note gives each its place, "ton rouge",
// "air rêveur", "bougie".
func init() {
	i18n.Add(map[string]string{
		"the %s tones":                  "ton %s",
		"the %s mood":                   "air %s",
		"the %s":                        "%s",
		"%s and %s, like %s":            "%s et %s, comme %s",
		"%s, like %s":                   "%s, comme %s",
		"a long shot, for %s":           "au petit bonheur, pour %s",
		"That bot note cannot be read.": "Cette note de robot est illisible.",
	})
}
