package i18n

import (
	"strings"

	"golang.org/x/text/language"
)

// Lang is a player's language. The zero value is English.
type Lang uint8

const (
	English Lang = iota
	French
	numLangs
)

// All lists the languages in the order a switch key cycles through them.
var All = []Lang{English, French}

var tags = [numLangs]language.Tag{English: language.English, French: language.French}

// String is the language's code as kept in a profile: "en" or "fr".
func (l Lang) String() string {
	if l == French {
		return "fr"
	}
	return "en"
}

// Name is the language's name in itself, for a menu: "English", "Français".
func (l Lang) Name() string {
	if l == French {
		return "Français"
	}
	return "English"
}

// Tag is the language's BCP 47 tag.
func (l Lang) Tag() language.Tag { return tags[l.valid()] }

// Next is the language after l, for a key that cycles through All.
func (l Lang) Next() Lang { return (l.valid() + 1) % numLangs }

func (l Lang) valid() Lang {
	if l >= numLangs {
		return English
	}
	return l
}

// Parse reads a language from a profile code ("en", "fr") or a POSIX
// locale ("fr_FR.UTF-8", "fr_CA", "fr-BE", "en_GB.utf8@euro"). It reports
// false for anything else, "C" and "POSIX" included.
func Parse(s string) (Lang, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "_-.@"); i >= 0 {
		s = s[:i]
	}
	switch s {
	case "en", "english":
		return English, true
	case "fr", "french", "français", "francais":
		return French, true
	}
	return English, false
}

// FromEnv chooses a language from environment variables ("NAME=value", as an
// SSH session's Environ gives them) the way POSIX does for messages:
// LC_ALL first, then LC_MESSAGES, then LANG. A variable that is set but
// names no language we have ("C", "de_DE.UTF-8") stops the search: that
// player asked for something we do not have, and English is the fallback.
// The second result is false when no variable was set at all.
func FromEnv(env []string) (Lang, bool) {
	var vals [3]string
	for _, kv := range env {
		name, val, ok := strings.Cut(kv, "=")
		if !ok || val == "" {
			continue
		}
		switch name {
		case "LC_ALL":
			vals[0] = val
		case "LC_MESSAGES":
			vals[1] = val
		case "LANG":
			vals[2] = val
		}
	}
	for _, v := range vals {
		if v != "" {
			l, _ := Parse(v)
			return l, true
		}
	}
	return English, false
}
