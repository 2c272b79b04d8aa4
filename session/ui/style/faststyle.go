package style

import (
	"strings"
	"sync"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/term"
)

// style is a term.Style that draws its common case with two strings.
//
// An inline style (bold, colours, reverse: no box) draws one line of text
// as prefix + text + suffix: one SGR sequence and a reset. Working the
// sequence out at every call (reading the style, converting the colours,
// formatting) was 30% of the server's CPU at 1,000 sessions
// (docs/performance.md). Here the prefix and suffix are worked out once,
// when the styles of a colour profile are built; they are used only while
// the session's renderer still has the profile they were worked out for,
// and only for a single line without tabs or carriage returns. Everything
// else — several lines, another profile after the T key, the boxes — is
// drawn by term.Style. TestInlineStyleDrawsLikeTheStyle compares the bytes.
//
// The styles of one colour profile are built once and shared by every
// session with that profile (For): a style is read-only once built,
// and its one mutable part, the box drawings, is locked.
type style struct {
	term.Style
	r *term.Renderer
	// inline: prefix and suffix are valid for profile.
	inline         bool
	profile        colorprofile.Profile
	prefix, suffix string
	// drawn remembers the inline drawings (see renderMemo).
	drawn *renderMemo
	// boxes remembers a block style's drawings (see blockStyle).
	boxes *boxCache
}

// inlineStyle prepares ts, which must not be a box, to draw single lines
// cheaply.
func inlineStyle(r *term.Renderer, ts term.Style) style {
	s := style{Style: ts, r: r, profile: r.ColorProfile()}
	if !ts.Inline() {
		return s
	}
	s.prefix, s.suffix = ts.Affixes(s.profile)
	s.inline = true
	s.drawn = new(renderMemo)
	return s
}

// Render draws strs in the session's colour profile (see style).
func (s style) Render(strs ...string) string {
	p := s.r.ColorProfile()
	if len(strs) == 1 {
		str := strs[0]
		if s.inline && !strings.ContainsAny(str, "\n\t\r") && p == s.profile {
			return s.drawn.render(s.prefix, str, s.suffix)
		}
		if s.boxes != nil {
			return s.boxes.render(s.Style, str, p)
		}
	}
	return s.Style.Render(p, strs...)
}

// blockStyle is a style with a border. Its drawings are remembered by
// text and colour profile (boxCache): a box drawn around the same text —
// the face-down cards, a card as words in plain mode — is drawn once.
func blockStyle(r *term.Renderer, ts term.Style) style {
	return style{Style: ts, r: r, boxes: &boxCache{}}
}

// boxCache maps (text, profile) to a block style's drawing. It is bounded
// (emptied when it reaches boxCacheMax entries: a frame in plain mode
// draws about fifteen cards as boxes, a face-down card is one). Styles are
// shared by every session with the same colour profile (For), so the
// cache is locked; the profile is in the key besides.
type boxCache struct {
	mu sync.Mutex
	m  map[boxKey]string
}

type boxKey struct {
	text    string
	profile colorprofile.Profile
}

const boxCacheMax = 32

func (c *boxCache) render(ts term.Style, text string, p colorprofile.Profile) string {
	k := boxKey{text, p}
	c.mu.Lock()
	out, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return out
	}
	out = ts.Render(p, text)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= boxCacheMax {
		c.m = make(map[boxKey]string)
	}
	c.m[k] = out
	return out
}
