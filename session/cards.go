package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// Card sizes in terminal cells. The art is 32x48 pixels drawn with
// half-block cells (two pixels a cell), so a full card is 32x24 cells and a
// thumbnail half of that.
const (
	thumbW, thumbH = 16, 12
	cardW, cardH   = 32, 24
	miniW, miniH   = 8, 6
)

// cardName is what a card is called on screen: a suspect's title ("The
// Cook"), or "vision V12" for a vision card, which has no title.
func (m *Model) cardName(id game.CardID) string {
	if t := m.cards.title(id, m.lang()); t != "" {
		return t
	}
	return string(id)
}

// tile draws a card's picture at w x h cells. In plain mode (or for a
// card the deck does not know) it draws a box with the card's name and
// description instead, so every card is readable without colour.
func (m *Model) tile(id game.CardID, w, h int) string {
	if !m.plain {
		if a := m.cards.art(id, w, h, m.r.ColorProfile()); a != "" {
			return a
		}
	}
	return m.plainTile(id, w, h)
}

// plainTile is a card as words in a w x h box.
func (m *Model) plainTile(id game.CardID, w, h int) string {
	inner := max(1, w-2)
	var lines []string
	if t := m.cards.title(id, m.lang()); t != "" {
		lines = append(lines, m.st.bold.Render(cut(t, inner)))
	} else {
		lines = append(lines, m.st.bold.Render(cut(string(id), inner)))
	}
	lines = append(lines, wrap(m.cards.alt(id, m.lang()), inner)...)
	if len(lines) > h-2 {
		lines = lines[:max(0, h-2)]
		if n := len(lines); n > 0 {
			lines[n-1] = cut(lines[n-1]+" …", inner)
		}
	}
	for len(lines) < h-2 {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = pad(l, inner)
	}
	return m.st.box.Render(strings.Join(lines, "\n"))
}

// tileWithCaption draws a card and a caption line under it; the caption is
// highlighted when the card has the cursor, and a mark line under it
// carries the selection and anything else (intuitions, tokens).
func (m *Model) tileWithCaption(id game.CardID, w, h int, caption, marks string, cursor, selected bool) string {
	parts := m.captionedTile(id, w, h, caption, marks, cursor, selected)
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = p.s
	}
	return strings.Join(s, "\n")
}

// captionedTile is tileWithCaption's tile as parts, for a row of tiles
// (writeTileRow) that copies them once, into the row.
func (m *Model) captionedTile(id game.CardID, w, h int, caption, marks string, cursor, selected bool) tileParts {
	art := m.tile(id, w, h)
	capLine := pad(caption, w)
	switch {
	case cursor && selected:
		capLine = m.st.sel.Render(pad("● "+caption, w))
	case cursor:
		capLine = m.st.sel.Render(capLine)
	case selected:
		capLine = m.st.cursor.Render(pad("● "+caption, w))
	}
	// Every part is exactly w cells wide: plain concatenation, no measuring
	// of the art's long escape-laden lines. No marks, no marks line.
	if marks == "" {
		return tileParts{{s: art}, {s: capLine}}
	}
	return tileParts{{s: art}, {s: capLine}, {s: pad(marks, w)}}
}
