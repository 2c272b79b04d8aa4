package cardface

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term"
	"github.com/mysterium-ssh/mysterium/term/graphics"
)

// Tiles draws cards as tiles: the picture, or the card in words in
// plain mode, with a caption and marks under it. It holds what a tile
// depends on; Model.tiles makes one from the session's renderer, styles,
// language and mode as they are now, so a tile never follows a stale one
// (T changes the styles, L the language, P the mode).
type Tiles struct {
	Cards Source
	R     *term.Renderer
	St    *style.Styles
	L     i18n.Lang
	Plain bool
	// Images: each card's picture is marked for the screen to draw as an
	// image over its half blocks (term.MarkPicture; package pictures).
	Images bool
}

// Tile draws a card's picture at w x h cells. In plain mode (or for a
// card the deck does not know) it draws a box with the card's name and
// description instead, so every card is readable without colour.
func (t Tiles) Tile(id game.CardID, w, h int) string {
	if !t.Plain {
		if a := t.Cards.Art(id, w, h, t.R.ColorProfile()); a != "" {
			if t.Images {
				return term.MarkPicture(string(id), graphics.Cells{W: w, H: h}) + a
			}
			return a
		}
	}
	return t.plainTile(id, w, h)
}

// plainTile is a card as words in a w x h box.
func (t Tiles) plainTile(id game.CardID, w, h int) string {
	inner := max(1, w-2)
	var lines []string
	if title := t.Cards.Title(id, t.L); title != "" {
		lines = append(lines, t.St.Bold.Render(layout.Cut(title, inner)))
	} else {
		lines = append(lines, t.St.Bold.Render(layout.Cut(string(id), inner)))
	}
	lines = append(lines, layout.Wrap(t.Cards.Alt(id, t.L), inner)...)
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
	return t.St.Box.Render(strings.Join(lines, "\n"))
}

// TileWithCaption draws a card and a caption line under it; the caption is
// highlighted when the card has the cursor, and a mark line under it
// carries the selection and anything else (intuitions, tokens).
func (t Tiles) TileWithCaption(id game.CardID, w, h int, caption, marks string, cursor, selected bool) string {
	parts := t.CaptionedTile(id, w, h, caption, marks, cursor, selected)
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = p.S
	}
	return strings.Join(s, "\n")
}

// CaptionedTile is tileWithCaption's tile as parts, for a row of tiles
// (writeTileRow) that copies them once, into the row.
func (t Tiles) CaptionedTile(id game.CardID, w, h int, caption, marks string, cursor, selected bool) layout.TileParts {
	art := t.Tile(id, w, h)
	capLine := layout.Pad(caption, w)
	switch {
	case cursor && selected:
		capLine = t.St.Sel.Render(layout.Pad("● "+caption, w))
	case cursor:
		capLine = t.St.Sel.Render(capLine)
	case selected:
		capLine = t.St.Cursor.Render(layout.Pad("● "+caption, w))
	}
	// Every part is exactly w cells wide: plain concatenation, no measuring
	// of the art's long escape-laden lines. No marks, no marks line.
	if marks == "" {
		return layout.TileParts{{S: art}, {S: capLine}}
	}
	return layout.TileParts{{S: art}, {S: capLine}, {S: layout.Pad(marks, w)}}
}
