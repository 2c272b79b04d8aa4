package web

import (
	"golang.org/x/text/language"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// maxAcceptLanguage bounds the Accept-Language header read: browsers send a
// few dozen bytes, and parsing must not grow with what a client chose.
const maxAcceptLanguage = 256

// browserLang is the language a browser asks for, as LANG is an SSH
// client's: page, the page's navigator.language, when it names a language
// we have; else the first of the Accept-Language header's languages we
// have, in the browser's order of preference. ok is false when neither
// names one: English then.
func browserLang(page, accept string) (l i18n.Lang, ok bool) {
	if l, ok := i18n.Parse(page); ok {
		return l, true
	}
	if accept == "" || len(accept) > maxAcceptLanguage {
		return i18n.English, false
	}
	tags, _, err := language.ParseAcceptLanguage(accept)
	if err != nil {
		return i18n.English, false
	}
	for _, t := range tags {
		base, _ := t.Base()
		if l, ok := i18n.Parse(base.String()); ok {
			return l, true
		}
	}
	return i18n.English, false
}

// langEnv is the environment a browser's session starts with: the
// language it asks for as LANG, a code we made, never the client's words.
func langEnv(page, accept string) []string {
	env := []string{"COLORTERM=truecolor"}
	if l, ok := browserLang(page, accept); ok {
		env = append(env, "LANG="+l.String())
	}
	return env
}
