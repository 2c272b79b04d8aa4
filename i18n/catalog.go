package i18n

import (
	"fmt"
	"sync"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// The catalog is written by packages' init functions and only read after:
// the lock is for registration, which may run in any order.
var (
	mu      sync.RWMutex
	builder = catalog.NewBuilder(catalog.Fallback(language.English))
	french  = map[string]string{} // English key → French text, for T's fast path and Has
	plurals = map[string]bool{}   // keys whose English has plural forms too

	printers [numLangs]*message.Printer
	once     sync.Once
)

// Forms are the plural forms of one sentence in one language. One is used
// for a count the language calls singular (English: 1; French: 0 and 1),
// Other for the rest; Zero, if set, for exactly 0 in both.
type Forms struct {
	Zero, One, Other string
}

// Add registers French texts, keyed by their English. Call it from init.
// A key registered twice with different French panics: two packages would
// be translating the same English differently, and one would silently lose.
func Add(fr map[string]string) {
	mu.Lock()
	defer mu.Unlock()
	for en, f := range fr {
		if plurals[en] {
			panic(fmt.Sprintf("i18n: %q registered as a plural and as a sentence", en))
		}
		if old, ok := french[en]; ok && old != f {
			panic(fmt.Sprintf("i18n: %q translated twice: %q and %q", en, old, f))
		}
		french[en] = f
		must(builder.SetString(language.French, en, f))
	}
}

// AddPlural registers a sentence whose words depend on a count: arg is the
// count's position among the arguments (1 for the first), en and fr its
// forms. The key is what the code passes to F, usually en.Other. A key
// registered twice panics, as Add's does, whatever the forms: the catalog
// keeps one sentence per key, so a second registration would either
// silently replace the first or leave a copy whose edits change nothing.
func AddPlural(key string, arg int, en, fr Forms) {
	mu.Lock()
	defer mu.Unlock()
	if plurals[key] {
		panic(fmt.Sprintf("i18n: plural %q registered twice", key))
	}
	if old, ok := french[key]; ok {
		panic(fmt.Sprintf("i18n: %q registered as a sentence (%q) and as a plural", key, old))
	}
	french[key] = fr.Other
	plurals[key] = true
	must(builder.Set(language.English, key, selectf(arg, en)))
	must(builder.Set(language.French, key, selectf(arg, fr)))
}

func selectf(arg int, f Forms) catalog.Message {
	var cases []any
	if f.Zero != "" {
		cases = append(cases, "=0", f.Zero)
	}
	if f.One != "" {
		cases = append(cases, "one", f.One)
	}
	cases = append(cases, "other", f.Other)
	return plural.Selectf(arg, "%d", cases...)
}

func must(err error) {
	if err != nil {
		panic("i18n: " + err.Error())
	}
}

// Has reports whether key has a French text.
func Has(key string) bool {
	mu.RLock()
	defer mu.RUnlock()
	_, ok := french[key]
	return ok
}

// Keys lists every registered English key, for tests.
func Keys() []string {
	mu.RLock()
	defer mu.RUnlock()
	keys := make([]string, 0, len(french))
	for k := range french {
		keys = append(keys, k)
	}
	return keys
}

func printer(l Lang) *message.Printer {
	once.Do(func() {
		for i := range printers {
			printers[i] = message.NewPrinter(tags[i], message.Catalog(builder))
		}
	})
	return printers[l.valid()]
}

// T translates a sentence without arguments. A sentence with no French text
// is shown in English rather than not at all.
func (l Lang) T(msg string) string {
	if l.valid() == English {
		return msg
	}
	mu.RLock()
	f, ok := french[msg]
	mu.RUnlock()
	if !ok {
		return msg
	}
	return f
}

// F translates and formats a sentence, like fmt.Sprintf with the English
// text as the format. Plural forms registered with AddPlural are chosen by
// the language's rules.
func (l Lang) F(format string, args ...any) string {
	if l.valid() == English {
		mu.RLock()
		p := plurals[format]
		mu.RUnlock()
		if !p {
			return fmt.Sprintf(format, args...)
		}
	}
	return printer(l).Sprintf(format, args...)
}

// N marks a string as a sentence to translate where it is shown rather than
// where it is written (a key map's help, a table of labels): it returns s
// unchanged, and the catalog test requires a French text for it.
func N(s string) string { return s }
