package shell

// A session's frame: the header, body, keys and status fitted to the window,
// and the cuts, spreads and key lines it remembers.

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// cut is cut(s, w) with the model's memory of the lines it had to
// shorten (cuts): shortening measures grapheme by grapheme, and the same
// long lines (a hand card's description, a chat line) are cut in every
// frame. The memory is keyed by the whole input, so it cannot go stale;
// it holds only lines that were shortened, at most layout.CutsMax of them
// (emptied when full), and belongs to the model (one goroutine).
func (m *Shell) Cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if layout.TextWidth(s) <= w {
		return s
	}
	k := cutKey{s, w}
	if out, ok := m.cuts[k]; ok {
		return out
	}
	out := ansi.Truncate(s, w, "…")
	if m.cuts == nil || len(m.cuts) >= layout.CutsMax {
		m.cuts = make(map[cutKey]string, 16)
	}
	m.cuts[k] = out
	return out
}

type cutKey struct {
	s string
	w int
}

// spread is spread(left, right, w) remembered by the model: the header
// and the "you are" line are the same in most frames, and spread measures
// both sides grapheme by grapheme. Keyed by the whole input, at most
// layout.SpreadMax entries (emptied when full), the model's own.
func (m *Shell) Spread(left, right string, w int) string {
	k := spreadKey{left, right, w}
	if out, ok := m.spreads[k]; ok {
		return out
	}
	out := layout.Spread(left, right, w)
	if m.spreads == nil || len(m.spreads) >= layout.SpreadMax {
		m.spreads = make(map[spreadKey]string, 8)
	}
	m.spreads[k] = out
	return out
}

type spreadKey struct {
	left, right string
	w           int
}

// frame is the shared shape of every screen: a header line, a rule, the
// body, then the key hints and the status line at the bottom. The body is
// cut or padded so the two bottom lines always sit on the last rows.
func (m *Shell) Frame(header, body, keys, status string) string {
	return m.FrameWithBanner(header, "", body, keys, status)
}

// frameWithBanner is frame(header, banner+"\n"+body, keys, status) for a
// one-line banner (the knock), with the body fitted on its own: while the
// banner pulses the body is the same string, and fitMemo.write does not measure
// it again.
func (m *Shell) FrameWithBanner(header, banner, body, keys, status string) string {
	w, h := m.W, m.H
	var b strings.Builder
	b.Grow(len(header) + len(banner) + len(body) + len(keys) + len(status) + len(m.Flash) + 6*w + h + 64)
	b.WriteString(layout.Pad(header, w))
	b.WriteString("\n")
	b.WriteString(m.St.Rule.Render(strings.Repeat("─", w)))
	b.WriteString("\n")
	bodyH := h - 4
	if m.Flash != "" {
		bodyH--
	}
	m.BodyTop, m.BodyRows = 2, bodyH
	switch {
	case banner == "":
		m.Fitted.write(&b, body, w, bodyH, m.NoMemo)
	case bodyH >= 1 && !strings.Contains(banner, "\n"):
		// The banner's line, then the body in the rows below it.
		if len(banner) > w && layout.TextWidth(banner) > w {
			banner = ansi.Truncate(banner, w, "…")
		}
		b.WriteString(banner)
		m.BodyTop, m.BodyRows = 3, bodyH-1
		if bodyH > 1 {
			b.WriteByte('\n')
			m.Fitted.write(&b, body, w, bodyH-1, m.NoMemo)
		}
	default:
		layout.FitInto(&b, banner+"\n"+body, w, bodyH)
		m.BodyRows = 0 // a banner of several lines: no taps under it
	}
	b.WriteString("\n")
	if m.Flash != "" {
		st := m.St.Note
		if m.FlashErr {
			st = m.St.Err
		}
		b.WriteString(st.Render(layout.Cut(m.Flash, w)))
		b.WriteString("\n")
	}
	b.WriteString(m.St.Keys.Render(m.keysMemo.fit(keys, w)))
	b.WriteString("\n")
	b.WriteString(m.St.Status.Render(layout.Pad(layout.Cut(status, w), w)))
	out := b.String()
	m.Fitted.settle(out, &m.Body)
	return out
}

// keysMemo is the last key-hint line fitted to a width, the model's own
// (one goroutine).
type keysMemo struct {
	keys, out string
	w         int
	ok        bool
}

// fit is layout.FitKeys(keys, w), remembered for the last (keys, w): the hints
// are a handful of constant lines, and measuring them (grapheme by
// grapheme) is not free. Keyed by the whole input, so it cannot go stale.
func (k *keysMemo) fit(keys string, w int) string {
	if k.ok && k.keys == keys && k.w == w {
		return k.out
	}
	out := layout.FitKeys(keys, w)
	*k = keysMemo{keys: keys, w: w, out: out, ok: true}
	return out
}
