package session

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
)

// keyBar is the frame's key bar (above the status line), stripped.
func keyBar(m *Model) string {
	lines := strings.Split(plainView(m), "\n")
	return strings.TrimSpace(lines[len(lines)-2])
}

// TestKeysByEdition checks that the key bar and the ? help offer only the
// keys the table plays: the modern ghost (whose culprit is drawn) is not
// offered c, the classic ghost is; tokens only with clairvoyance.
func TestKeysByEdition(t *testing.T) {
	for _, tc := range []struct {
		edition game.Edition
		culprit bool
	}{{game.Classic, true}, {game.Modern, false}, {game.Original, true}} {
		t.Run(string(tc.edition), func(t *testing.T) {
			pt := playScenario(t, game.DefaultOptions(tc.edition))
			playToFinal(t, pt, false)
			g := modelAt(t, pt, pGhost, 160, 50)
			if got := strings.Contains(keyBar(g), "c culprit"); got != tc.culprit {
				t.Errorf("c culprit in the bar: %v, want %v: %q", got, tc.culprit, keyBar(g))
			}
			press(g, "?")
			if got := strings.Contains(plainView(g), "culprit's"); got != tc.culprit {
				t.Errorf("c culprit in the help: %v, want %v", got, tc.culprit)
			}
			press(g, "x")
			// A key the screen does not offer does nothing.
			if !tc.culprit {
				if cmd := press(g, "c"); cmd != nil {
					t.Error("c did something where the culprit is drawn")
				}
			}
		})
	}
}

// TestKeysForBrowser checks Model.Keys: the current screen's keys with
// their hints, enabled by seat and table (a browser draws them).
func TestKeysForBrowser(t *testing.T) {
	pt := playScenario(t, game.DefaultOptions(game.Classic))
	ghostGiveAll(t, pt)
	has := func(m *Model, k string) bool {
		for _, h := range m.Keys() {
			if slices.Contains(h.Keys, k) {
				return true
			}
		}
		return false
	}
	psy := modelAt(t, pt, pAnn, 120, 40)
	for _, k := range []string{"i", "r", "y", "n", "left", "right", "t", "q"} {
		if !has(psy, k) {
			t.Errorf("the psychic's keys lack %q: %+v", k, psy.Keys())
		}
	}
	spec := modelAt(t, pt, pWatch, 120, 40)
	for _, k := range []string{"i", "r", "y"} {
		if has(spec, k) {
			t.Errorf("the spectator's keys have %q", k)
		}
	}
	if !has(spec, "c") {
		t.Error("the spectator cannot follow another psychic")
	}
}

var bindSink keymap.Binding

// Every seat builds its key map again after each table update, so making a
// binding must cost nothing but the binding: key.NewBinding's options were
// a closure or two and a slice each, a third of a seat's allocations per
// update. The binding is the one NewBinding makes.
func TestBindAllocatesNothing(t *testing.T) {
	keys := []string{"left", "h"}
	want := key.NewBinding(key.WithKeys(keys...), key.WithHelp("←→", "card"))
	if got := keymap.Bind(keys, "←→", "card", "move", nil); !reflect.DeepEqual(got.Binding, want) {
		t.Fatalf("bind made %+v, want %+v", got.Binding, want)
	}
	if got, want := keymap.Bind(keys, "", "", "", nil).Binding, key.NewBinding(key.WithKeys(keys...)); !reflect.DeepEqual(got, want) {
		t.Fatalf("bind without a hint made %+v, want %+v", got, want)
	}
	if n := testing.AllocsPerRun(100, func() { bindSink = keymap.Bind(keys, "←→", "card", "move", nil) }); n != 0 {
		t.Errorf("bind allocated %.0f times", n)
	}
}

var labelSink string

// The bar is built again after every table update: a key's label costs
// nothing where no key's name changes with the language (two keys of one
// hint, "y/n", were joined again each time, one allocation an update).
func TestKeyLabelAllocatesNothing(t *testing.T) {
	for _, k := range []string{"y/n", "esc/enter", "←→", "enter"} {
		if n := testing.AllocsPerRun(100, func() { labelSink = keymap.KeyLabel(i18n.English, k) }); n != 0 {
			t.Errorf("keyLabel(%q) allocated %.0f times", k, n)
		}
	}
	if got := keymap.KeyLabel(i18n.French, "esc/enter"); got != "échap/entrée" {
		t.Errorf("esc/enter in French is %q", got)
	}
}
