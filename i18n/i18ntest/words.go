// Package i18ntest finds English words on a French player's screen, for the
// tests of the packages that draw one (session, server).
//
// TestEverySentenceHasFrench (in i18n) sees the literals given to T, F, G and
// N. A word can reach a screen another way: a fmt.Sprintf, a concatenation,
// a constant, a name the engine keeps in English. A test draws the same
// screens in English and in French, builds the dictionary of the words only
// English uses with EnglishOnly, and fails for any of them in a French frame
// (Words.In).
package i18ntest

import (
	"regexp"
	"sort"
	"strings"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// Words is a set of lower-case words.
type Words map[string]bool

// word is a word as the dictionary counts it: three letters or more (shorter
// ones, "s", "de", "h", are alike in both languages, or units).
var word = regexp.MustCompile(`\p{L}{3,}`)

// formatVerb is a Printf verb in a catalog key, which is not a word.
var formatVerb = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z%]`)

// roman is an hour's number (III, VII), written alike in both languages.
var roman = regexp.MustCompile(`^[ivxl]+$`)

// shared are words French screens write as English ones do: the brand, a
// key's name (ctrl+c), the unit min, the ssh command and its plain commands'
// names (ssh HOST tables, help, history, stats, invite, claim, version).
var shared = []string{"mysterium", "ctrl", "min", "ssh", "tables", "help", "history", "stats", "invite", "claim", "version"}

// EnglishOnly is the dictionary of words a French screen must not show: the
// words of english (the English frames of the screens a test draws) and of
// the catalog's English keys, less the words of the catalog's French texts,
// of same (the test's data: players' and tables' names, the characters'
// names) and the few words both languages write alike.
func EnglishOnly(english []string, same ...string) Words {
	french := Words{}
	words := Words{}
	for _, k := range i18n.Keys() {
		words.add(formatVerb.ReplaceAllString(k, " "))
		french.add(formatVerb.ReplaceAllString(i18n.French.T(k), " "))
	}
	for _, e := range english {
		words.add(e)
	}
	keep := Words{}
	for _, s := range append(same, shared...) {
		keep.add(s)
	}
	for w := range words {
		if french[w] || keep[w] || roman.MatchString(w) {
			delete(words, w)
		}
	}
	return words
}

func (ws Words) add(text string) {
	for _, w := range word.FindAllString(strings.ToLower(text), -1) {
		ws[w] = true
	}
}

// In lists the dictionary's words in a French text, sorted.
func (ws Words) In(text string) []string {
	var found []string
	for _, w := range word.FindAllString(strings.ToLower(text), -1) {
		if ws[w] {
			found = append(found, w)
		}
	}
	sort.Strings(found)
	return found
}
