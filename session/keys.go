package session

import "github.com/mysterium-ssh/mysterium/session/keymap"

// The keys a browser's key bar shows as buttons.

// KeyHint is one key of the current screen as a key bar shows it: the
// keys it is bound to and what it does.
type KeyHint struct {
	Keys []string
	Key  string // how the bar writes it ("←→", "y/n")
	Desc string
}

// Keys are the enabled keys with a hint of what the session shows now, in
// the bar's order, from its key map (screenKeys): the lobby's, a table
// screen's, or a zoomed card's, a question's, a text field's, the help's
// (a browser's key bar draws them as buttons). The keys that work
// everywhere (?, P, T, A, L) are not among them.
func (m *Model) Keys() []KeyHint {
	km := screenKeys{m}.now()
	var out []KeyHint
	for i, b := range km {
		h := b.Help()
		if !b.Enabled() || h.Key == "" {
			continue
		}
		keys := append([]string(nil), b.Keys()...)
		// A second key of the same hint (→ of ←→) follows it without one.
		for _, more := range km[i+1:] {
			if more.Help().Key != "" {
				break
			}
			if more.Enabled() {
				keys = append(keys, more.Keys()...)
			}
		}
		out = append(out, KeyHint{Keys: keys, Key: keymap.KeyLabel(m.sh.Lang(), h.Key), Desc: keymap.HintText(m.sh.Lang(), h.Desc)})
	}
	return out
}
