package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term"
)

// cardTiles draws cards as tiles: the picture, or the card in words in
// plain mode, with a caption and marks under it. It holds what a tile
// depends on; Model.tiles makes one from the session's renderer, styles,
// language and mode as they are now, so a tile never follows a stale one
// (T changes the styles, L the language, P the mode).
type cardTiles struct {
	cards cardSource
	r     *term.Renderer
	st    *style.Styles
	l     i18n.Lang
	plain bool
}

// tiles draws this session's cards as they must look now.
func (m *Model) tiles() cardTiles {
	return cardTiles{cards: m.cards, r: m.r, st: m.st, l: m.lang(), plain: m.plain}
}

// tile draws a card's picture at w x h cells. In plain mode (or for a
// card the deck does not know) it draws a box with the card's name and
// description instead, so every card is readable without colour.
func (t cardTiles) tile(id game.CardID, w, h int) string {
	if !t.plain {
		if a := t.cards.art(id, w, h, t.r.ColorProfile()); a != "" {
			return a
		}
	}
	return t.plainTile(id, w, h)
}

// plainTile is a card as words in a w x h box.
func (t cardTiles) plainTile(id game.CardID, w, h int) string {
	inner := max(1, w-2)
	var lines []string
	if title := t.cards.title(id, t.l); title != "" {
		lines = append(lines, t.st.Bold.Render(layout.Cut(title, inner)))
	} else {
		lines = append(lines, t.st.Bold.Render(layout.Cut(string(id), inner)))
	}
	lines = append(lines, layout.Wrap(t.cards.alt(id, t.l), inner)...)
	if len(lines) > h-2 {
		lines = lines[:max(0, h-2)]
		if n := len(lines); n > 0 {
			lines[n-1] = layout.Cut(lines[n-1]+" …", inner)
		}
	}
	for len(lines) < h-2 {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = layout.Pad(l, inner)
	}
	return t.st.Box.Render(strings.Join(lines, "\n"))
}

// tileWithCaption draws a card and a caption line under it; the caption is
// highlighted when the card has the cursor, and a mark line under it
// carries the selection and anything else (intuitions, tokens).
func (t cardTiles) tileWithCaption(id game.CardID, w, h int, caption, marks string, cursor, selected bool) string {
	parts := t.captionedTile(id, w, h, caption, marks, cursor, selected)
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = p.S
	}
	return strings.Join(s, "\n")
}

// captionedTile is tileWithCaption's tile as parts, for a row of tiles
// (writeTileRow) that copies them once, into the row.
func (t cardTiles) captionedTile(id game.CardID, w, h int, caption, marks string, cursor, selected bool) layout.TileParts {
	art := t.tile(id, w, h)
	capLine := layout.Pad(caption, w)
	switch {
	case cursor && selected:
		capLine = t.st.Sel.Render(layout.Pad("● "+caption, w))
	case cursor:
		capLine = t.st.Sel.Render(capLine)
	case selected:
		capLine = t.st.Cursor.Render(layout.Pad("● "+caption, w))
	}
	// Every part is exactly w cells wide: plain concatenation, no measuring
	// of the art's long escape-laden lines. No marks, no marks line.
	if marks == "" {
		return layout.TileParts{{S: art}, {S: capLine}}
	}
	return layout.TileParts{{S: art}, {S: capLine}, {S: layout.Pad(marks, w)}}
}
