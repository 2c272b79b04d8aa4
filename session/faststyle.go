package session

import (
	"strings"
	"sync"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// style is a lipgloss style that draws its common case without lipgloss.
//
// An inline style (bold, colours, reverse: no width, padding, border,
// margin or alignment) draws one line of text as prefix + text + suffix:
// termenv wraps the line in one SGR sequence and a reset, and that is all
// lipgloss.Style.Render does to it. Render, though, re-reads every
// property, converts the colours and formats the sequence with fmt at
// every call: 30% of the server's CPU at 1,000 sessions
// (docs/performance.md). Here the prefix and suffix are worked out once,
// when a session builds its styles, from its own renderer (so each
// client's colour profile); they are used only while that renderer still
// has the profile they were worked out for, and only for a single line
// without tabs or carriage returns. Everything else — several lines,
// another profile after the T key, the boxes — goes to lipgloss as
// before. TestInlineStyleDrawsLikeLipgloss compares the bytes.
//
// The styles of one colour profile are built once and shared by every
// session with that profile (stylesFor): a style is read-only once built,
// and its one mutable part, the box drawings, is locked.
type style struct {
	lipgloss.Style
	r *lipgloss.Renderer
	// inline: prefix and suffix are valid for profile.
	inline         bool
	profile        termenv.Profile
	prefix, suffix string
	// boxes remembers a block style's drawings (see blockStyle); shared by
	// the copies of the style, which all belong to the same session.
	boxes *boxCache
}

// inlineStyle prepares ls, which must set nothing but bold, italic,
// faint, reverse and colours, to draw single lines cheaply. If lipgloss
// does not draw it as prefix + text + suffix (checked on samples), the
// style simply keeps using lipgloss.
func inlineStyle(r *lipgloss.Renderer, ls lipgloss.Style) style {
	s := style{Style: ls, r: r, profile: r.ColorProfile()}
	const mark = "§"
	out := ls.Render(mark)
	i := strings.Index(out, mark)
	if i < 0 {
		return s
	}
	prefix, suffix := out[:i], out[i+len(mark):]
	for _, sample := range []string{"", "ab c", "▸ ✔ 12"} {
		if ls.Render(sample) != prefix+sample+suffix {
			return s
		}
	}
	s.inline, s.prefix, s.suffix = true, prefix, suffix
	return s
}

// Render draws strs as lipgloss would (see style).
func (s style) Render(strs ...string) string {
	if len(strs) == 1 {
		str := strs[0]
		if s.inline && !strings.ContainsAny(str, "\n\t\r") && s.r.ColorProfile() == s.profile {
			return s.prefix + str + s.suffix
		}
		if s.boxes != nil {
			return s.boxes.render(s.Style, str, s.r.ColorProfile())
		}
	}
	return s.Style.Render(strs...)
}

// blockStyle is a style with a border. Its drawings are remembered by
// text and colour profile (boxCache): a box drawn around the same text —
// the face-down cards, a card as words in plain mode — is drawn once.
func blockStyle(r *lipgloss.Renderer, ls lipgloss.Style) style {
	return style{Style: ls, r: r, boxes: &boxCache{}}
}

// boxCache maps (text, profile) to a block style's drawing. It is bounded
// (emptied when it reaches boxCacheMax entries: a frame in plain mode
// draws about fifteen cards as boxes, a face-down card is one). Styles are
// shared by every session with the same colour profile (stylesFor), so the
// cache is locked; the profile is in the key besides.
type boxCache struct {
	mu sync.Mutex
	m  map[boxKey]string
}

type boxKey struct {
	text    string
	profile termenv.Profile
}

const boxCacheMax = 32

func (c *boxCache) render(ls lipgloss.Style, text string, p termenv.Profile) string {
	k := boxKey{text, p}
	c.mu.Lock()
	out, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return out
	}
	out = ls.Render(text)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= boxCacheMax {
		c.m = make(map[boxKey]string)
	}
	c.m[k] = out
	return out
}
