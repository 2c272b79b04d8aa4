package state

import (
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
)

// mapMemo keeps a key map built for the inputs that decide its bindings
// (which keys are enabled, which are in the bar), so that an update that
// changes none of them does not build it again: every seat of a table
// draws a frame after each update. The bindings themselves read the
// screen's state when a key runs them, never a copy made at build time,
// so in is all a key map depends on. A builder keyed on less than what it
// reads at build time would leave a stale bar: put every such input in in.
type MapMemo[K comparable] struct {
	in K
	km keymap.Map
	ok bool
}

// get is the map built for in, built by build if in changed.
func (c *MapMemo[K]) Get(in K, build func() keymap.Map) keymap.Map {
	if !c.ok || c.in != in {
		c.in, c.km, c.ok = in, build(), true
	}
	return c.km
}

// sameMap reports whether a and b are the same map: the same bindings in
// the same backing array. A memoised map is never changed in place, and
// the memo holding one keeps its array from being reused, so the same
// array means the same bindings.
func SameMap(a, b keymap.Map) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// barMemo is the key bar drawn last and what it was drawn from.
type BarMemo struct {
	km     keymap.Map
	lang   i18n.Lang
	typing bool
	bar    string
	ok     bool
}

// get is the bar (hints only when typing) of km in l, drawn again only
// when the map or the language changed.
func (c *BarMemo) Get(km keymap.Map, l i18n.Lang, typing bool) string {
	if c.ok && SameMap(c.km, km) && c.lang == l && c.typing == typing {
		return c.bar
	}
	bar := km.Bar(l)
	if typing {
		bar = km.Hints(l)
	}
	*c = BarMemo{km: km, lang: l, typing: typing, bar: bar, ok: true}
	return bar
}
