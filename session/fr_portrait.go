package session

// French for the upright (phone) layout and its too-small advice.

import "github.com/mysterium-ssh/mysterium/i18n"

func init() {
	i18n.Add(map[string]string{
		" Following %s.":      " Vous suivez %s.",
		" Looking for %s %s.": " Cherche %s %s.",
		" VISION OF ":         " VISION DE ",
		"TO %s":               "POUR %s",
		" GROUP %d":           " GROUPE %d",
		" · %d-%d of %d":      " · %d-%d sur %d",
	})
}
