package keymap

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// Binding is one key of a screen's key map, the single source of what the
// key does, of the key bar at the bottom and of the ? help: bubbles/key's
// binding holds the keys, the bar's short help and whether the key
// applies now (enabled by phase, edition and seat); help is the ? help's
// sentence and do what the key does. A binding without a bar key
// (Help().Key == "") is a second key of the one before it (→ of ←→).
type Binding struct {
	key.Binding
	Sentence string
	do       func() tea.Cmd
	// noBar keeps the key out of the bar, in the ? help only (helpOnly).
	noBar bool
}

// Map is a screen's bindings, in the order the bar and the help list
// them (the bar drops hints from the end when it is too narrow).
type Map []Binding

// Bind makes a binding: keys, the bar's hint (barKey "" for none), the ?
// help's sentence, what it does. bar and help are English keys, marked
// with i18n.N where written and translated where the bar and the help are
// drawn, in the language of the session drawing them.
//
// It sets the binding's keys and hint as key.NewBinding(key.WithKeys(keys...),
// key.WithHelp(barKey, bar)) would, without the options' closures: every
// seat builds its key map again after each table update, and the options
// were a third of the allocations of a seat's frame.
func Bind(keys []string, barKey, bar, help string, do func() tea.Cmd) Binding {
	b := Binding{Sentence: help, do: do}
	b.SetKeys(keys...)
	if barKey != "" {
		b.SetHelp(barKey, bar)
	}
	return b
}

// When enables the binding only if on (a phase, an edition, a seat).
func (b Binding) When(on bool) Binding {
	b.SetEnabled(on)
	return b
}

// BarIf keeps the binding's hint in the bar and the help only if on: the
// key still works (a guest's b is answered by the engine's sentence).
func (b Binding) BarIf(on bool) Binding {
	if !on {
		b.SetHelp("", "")
	}
	return b
}

// HelpOnly lists the binding in the ? help but not in the bar, which must
// fit 80 columns.
func (b Binding) HelpOnly() Binding {
	b.noBar = true
	return b
}

// keyName is a key as Bubble Tea names it ("left", "y", " "), for key.Matches.
type keyName string

func (k keyName) String() string { return string(k) }

// Run does what the key k is bound to; false when no enabled binding has it.
func (km Map) Run(k string) (tea.Cmd, bool) {
	for _, b := range km {
		if key.Matches(keyName(k), b.Binding) {
			if b.do == nil {
				return nil, true
			}
			return b.do(), true
		}
	}
	return nil, false
}

// Idle is the hint of a binding of k that is not enabled now (the key
// means something on this screen, at another point of the game or for
// another seat): its key and its bar's words, those of the binding before
// it for a second key (→ of ←→). ok is false when no binding has k.
func (km Map) Idle(k string) (keyHint, word string, ok bool) {
	for i, b := range km {
		if b.Enabled() || !slices.Contains(b.Keys(), k) {
			continue
		}
		for j := i; j >= 0; j-- {
			if h := km[j].Help(); h.Key != "" {
				return h.Key, h.Desc, true
			}
		}
		return k, "", true
	}
	return "", "", false
}

// Find is the enabled binding of key k, if any.
func (km Map) Find(k string) (Binding, bool) {
	for _, b := range km {
		if key.Matches(keyName(k), b.Binding) {
			return b, true
		}
	}
	return Binding{}, false
}

// Bar is the key bar in l: every enabled binding's hint, then "? keys".
func (km Map) Bar(l i18n.Lang) string {
	if h := km.Hints(l); h != "" {
		return h + " · " + l.T("? keys")
	}
	return l.T("? keys")
}

// Hints is the bar in l without "? keys", for a screen where ? is typed (a
// text field has the keys).
func (km Map) Hints(l i18n.Lang) string {
	var b strings.Builder
	for _, k := range km {
		h := k.Help()
		if !k.Enabled() || h.Key == "" || k.noBar {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(KeyLabel(l, h.Key))
		b.WriteByte(' ')
		b.WriteString(HintText(l, h.Desc))
	}
	return b.String()
}

// HelpLines are the ? help's lines in l for the enabled bindings.
func (km Map) HelpLines(l i18n.Lang) []string {
	var out []string
	for _, k := range km {
		h := k.Help()
		if !k.Enabled() || h.Key == "" || k.Sentence == "" {
			continue
		}
		out = append(out, "  "+layout.Pad(KeyLabel(l, h.Key), 10)+" "+HintText(l, k.Sentence))
	}
	return out
}

// HintText is a key's hint or help sentence in l. A hint whose English
// word means something else elsewhere in the catalog (the lobby's "watch",
// a deck's pocket watch) carries its sense after a "|" ("watch|a table"),
// which only the English drops: the catalog has one text per key.
func HintText(l i18n.Lang, s string) string {
	t := l.T(s)
	if i := strings.IndexByte(t, '|'); i >= 0 {
		return t[:i]
	}
	return t
}

// KeyLabel is a key's name as the bar writes it, in l: the named keys
// (enter, esc, space) have a word in each language; letters and arrows
// are the same everywhere, since a key never changes with the language.
func KeyLabel(l i18n.Lang, k string) string {
	switch k {
	case "enter":
		return l.T("enter")
	case "esc":
		return l.T("esc")
	case "space":
		return l.T("space")
	case "any key":
		return l.T("any key")
	}
	if a, b, ok := strings.Cut(k, "/"); ok && a != "" && b != "" {
		// Two keys of one hint ("esc/enter", "y/n"), joined again only
		// when a name changed: the bar is built on every update.
		if la, lb := KeyLabel(l, a), KeyLabel(l, b); la != a || lb != b {
			return la + "/" + lb
		}
	}
	return k
}
