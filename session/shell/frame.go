package shell

// A session's frame: the header, body, keys and status fitted to the window,
// and the cuts, spreads and key lines it remembers.

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
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
	m.writeTop(&b, header)
	bodyH := m.bodyRows()
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
	out := m.writeFoot(&b, keys, status)
	m.Fitted.settle(out, &m.Body)
	return out
}

// bodyRows is how many rows a frame leaves its body: all but the header,
// its rule, the keys, the status and the flash line.
func (m *Shell) bodyRows() int {
	if m.Flash != "" {
		return m.H - 5
	}
	return m.H - 4
}

// writeTop writes the frame's header and its rule.
func (m *Shell) writeTop(b *strings.Builder, header string) {
	b.WriteString(layout.Pad(header, m.W))
	b.WriteByte('\n')
	b.WriteString(m.rule())
	b.WriteByte('\n')
}

// writeFoot writes the rest of the frame after its body (the flash line,
// the keys, the status) and returns the frame.
func (m *Shell) writeFoot(b *strings.Builder, keys, status string) string {
	w := m.W
	b.WriteByte('\n')
	if m.Flash != "" {
		st := m.St.Note
		if m.FlashErr {
			st = m.St.Err
		}
		b.WriteString(st.Render(layout.Cut(m.Flash, w)))
		b.WriteByte('\n')
	}
	b.WriteString(m.keysMemo.fit(keys, w, m.St))
	b.WriteByte('\n')
	b.WriteString(m.statusMemo.line(status, w, m.St))
	return b.String()
}

// BodyFrame is a frame whose body a page writes straight into it
// (StartBody, then EndBody and EndFrame): the body is not a string of its
// own copied into the frame, which was the largest allocation of a frame
// after every table update. It is for frames without a banner.
type BodyFrame struct {
	B    *strings.Builder
	at   int
	hits *Hits
}

// StartBody starts a frame with header whose body goes to the returned
// frame's builder. hits (the page's) learns where the body starts in it
// (Hits.Sofar), so that its rows count from the body's first.
func (m *Shell) StartBody(header string, hits *Hits) BodyFrame {
	b := new(strings.Builder)
	// The frame as long as the last one, and a little room to grow:
	// EndFrame trims it when it is far too roomy.
	hint := m.Host.FrameHint()
	b.Grow(hint + hint/32 + 128)
	m.writeTop(b, header)
	f := BodyFrame{B: b, at: b.Len(), hits: hits}
	hits.in, hits.from = b, f.at
	return f
}

// EndBody ends the body written to f and returns it: the piece of the
// frame that holds it, fitted to the window (layout.FitInto) as the
// body given to FrameWithBanner is.
func (m *Shell) EndBody(f *BodyFrame) string {
	f.hits.in, f.hits.from = nil, 0
	w, h := m.W, m.bodyRows()
	m.BodyTop, m.BodyRows = 2, h
	s := f.B.String()
	body := s[f.at:]
	lines, intact := bodyFits(body, w, h)
	if !intact {
		// Lines to cut or drop: the frame again from its top, the body
		// fitted (the body as drawn is the memo's).
		f.B.Reset()
		f.B.Grow(len(s) + h + 6*w + 256)
		f.B.WriteString(s[:f.at])
		layout.FitInto(f.B, body, w, h)
		m.Fitted = fitMemo{}
		return body
	}
	for i := lines; i < h; i++ {
		f.B.WriteByte('\n')
	}
	m.Fitted = fitMemo{Body: body, w: w, h: h, lines: lines, at: f.at, OK: true}
	return body
}

// EndFrame writes the rest of the frame (the keys, the status) and
// returns it.
func (m *Shell) EndFrame(f *BodyFrame, keys, status string) string {
	out := m.writeFoot(f.B, keys, status)
	if cap := f.B.Cap(); cap > 256 && cap-len(out) > len(out)/4 {
		// A frame much longer than the last grew the builder twice over:
		// the frame and the memos kept with it hold only what it needs.
		out = strings.Clone(out)
	}
	m.Fitted.settle(out, &m.Body)
	return out
}

// bodyFits reports how many lines body has and whether it is intact in w
// x h cells (no more than h lines, none wider than w), as
// layout.FitInto measures it: a line of no more bytes than w cells is not
// measured.
func bodyFits(body string, w, h int) (lines int, intact bool) {
	rest, more := body, true
	for more {
		if lines == h {
			return lines, false
		}
		var l string
		l, rest, more = strings.Cut(rest, "\n")
		lines++
		if len(l) > w && layout.TextWidth(l) > w {
			return lines, false
		}
	}
	return lines, true
}

// rule is the line under the header, w wide in the session's styles:
// drawn again only when the width or the styles change.
func (m *Shell) rule() string {
	r := &m.ruleMemo
	if r.ok && r.w == m.W && r.st == m.St {
		return r.out
	}
	*r = ruleMemo{w: m.W, st: m.St, out: m.St.Rule.Render(strings.Repeat("─", max(0, m.W))), ok: true}
	return r.out
}

// ruleMemo is the header's rule drawn last, the model's own.
type ruleMemo struct {
	st  *style.Styles
	w   int
	out string
	ok  bool
}

// statusMemo is the status line drawn last (cut, padded and styled), the
// model's own: it changes with the screen's state, not with every frame.
type statusMemo struct {
	st          *style.Styles
	status, out string
	w           int
	ok          bool
}

// line is the status line for status at width w in st's styles.
func (s *statusMemo) line(status string, w int, st *style.Styles) string {
	if s.ok && s.status == status && s.w == w && s.st == st {
		return s.out
	}
	out := st.Status.Render(layout.Pad(layout.Cut(status, w), w))
	*s = statusMemo{st: st, status: status, w: w, out: out, ok: true}
	return out
}

// keysMemo is the last key-hint line fitted to a width and styled, the
// model's own (one goroutine).
type keysMemo struct {
	st        *style.Styles
	keys, out string
	w         int
	ok        bool
}

// fit is st.Keys.Render(layout.FitKeys(keys, w)), remembered for the last
// (keys, w, st): the hints are a handful of constant lines, and measuring
// them (grapheme by grapheme) is not free. Keyed by the whole input, so it
// cannot go stale.
func (k *keysMemo) fit(keys string, w int, st *style.Styles) string {
	if k.ok && k.keys == keys && k.w == w && k.st == st {
		return k.out
	}
	out := st.Keys.Render(layout.FitKeys(keys, w))
	*k = keysMemo{st: st, keys: keys, w: w, out: out, ok: true}
	return out
}
