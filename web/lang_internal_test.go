package web

import (
	"regexp"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// The browser's language: navigator.language when it names one we have,
// else the first of Accept-Language's we have, in the browser's order; an
// oversized or malformed header is English.
func TestBrowserLang(t *testing.T) {
	for _, tc := range []struct {
		page, accept string
		want         i18n.Lang
		ok           bool
	}{
		{"fr-FR", "", i18n.French, true},
		{"fr", "en-US,en;q=0.9", i18n.French, true},
		{"en-GB", "fr", i18n.English, true},
		{"", "fr-CA,fr;q=0.9,en;q=0.8", i18n.French, true},
		{"", "en;q=0.5,fr;q=0.9", i18n.French, true},
		{"de-DE", "de-DE,de;q=0.9,fr;q=0.8", i18n.French, true},
		{"", "de-DE,ja", i18n.English, false},
		{"", "", i18n.English, false},
		{"", "fr;q=nonsense;;", i18n.English, false},
		{"", "fr," + strings.Repeat("x", maxAcceptLanguage), i18n.English, false},
	} {
		l, ok := browserLang(tc.page, tc.accept)
		if l != tc.want || ok != tc.ok {
			t.Errorf("browserLang(%q, %q) = %v, %v; want %v, %v", tc.page, tc.accept, l, ok, tc.want, tc.ok)
		}
	}
	// What reaches the session is a code we made, never the client's words.
	if env := langEnv("fr-FR\x1b[31m", ""); strings.Join(env, " ") != "COLORTERM=truecolor LANG=fr" {
		t.Errorf("env %q", env)
	}
}

// Every word of the page's template has French: the catalog's test reads
// Go source only.
func TestEveryPageWordHasFrench(t *testing.T) {
	src := string(mustRead("static/index.html"))
	words := regexp.MustCompile(`\{\{t "([^"]*)"\}\}`).FindAllStringSubmatch(src, -1)
	if len(words) < 10 {
		t.Fatalf("only %d words found in the page", len(words))
	}
	for _, w := range words {
		if !i18n.Has(w[1]) {
			t.Errorf("the page's %q has no French", w[1])
		}
	}
}
