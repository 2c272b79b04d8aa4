// Package i18n is the one way a player-facing sentence is translated.
//
// Every sentence a player can read is written in English in the code, and
// that English text is the message's key:
//
//	l.T("Choose a seat")                       // a fixed sentence
//	l.F("%s placed an intuition on %s.", a, b) // a sentence with arguments
//	i18n.N("give")                             // marks a string translated later, e.g. a key map's help
//
// Each package that owns sentences registers their French in its own file
// (conventionally fr.go), from init:
//
//	func init() {
//		i18n.Add(map[string]string{
//			"Choose a seat": "Choisissez une place",
//		})
//		i18n.AddPlural("%d cards left", 1,
//			i18n.Forms{One: "%d card left", Other: "%d cards left"},
//			i18n.Forms{One: "%d carte restante", Other: "%d cartes restantes"})
//	}
//
// A sentence about one of the game's characters agrees with them in French
// ("Alma s'est trompée"): G takes the character's Gender, and the feminine
// French is registered under FeminineKey(key), the key with "|f" after it:
//
//	l.G(c.Gender(), "%s is wrong.", name)
//	i18n.Add(map[string]string{
//		"%s is wrong.":   "%s s'est trompé.",
//		"%s is wrong.|f": "%s s'est trompée.",
//	})
//
// A player's gender is unknown: sentences about a player are phrased so
// that nothing agrees ("Signal « prêt » donné.", not "Vous êtes prêt.").
//
// A test (catalog_test.go) reads the whole module's source and fails when a
// literal given to T, F, G or N has no French text (for G, no feminine
// form), so a new English sentence cannot reach French players
// untranslated.
//
// Formatting goes through golang.org/x/text/message, which knows each
// language's plural rules (French counts 0 and 1 as singular) and number
// formats. English sentences without plural forms take a fast path through
// fmt, so the English screens are byte for byte what they were.
//
// A player's language is a Lang, chosen from the LANG and LC_* variables
// their SSH client sends (FromEnv), switched by a key, and kept in their
// profile (String and Parse).
package i18n
