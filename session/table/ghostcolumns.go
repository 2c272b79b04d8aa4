package table

// The ghost's columns: one per psychic, with their state, visions and reveal.

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// psychicState is a short phrase for a psychic's column or line.
func (g *ghostScreen) psychicState(p *game.PsychicPublic) string {
	ts := g.ts
	st := ts.Shell.St
	l := ts.Shell.Lang()
	if r := g.revealOf(p.Colour); r != nil {
		if r.Correct {
			return st.OK.Render(l.T("✔ right"))
		}
		return st.Bad.Render(l.T("✘ wrong"))
	}
	switch {
	case p.Finished:
		return st.OK.Render(l.T("trail complete"))
	case words.SendingTo(ts.Pub, p.Colour):
		return st.Cursor.Render(l.T("vision on its way (u takes it back)"))
	case ts.Pub.Phase == game.PhaseVision && words.WaitingVision(ts.Pub, p.Colour):
		return st.Cursor.Render(l.T("waiting for your vision"))
	case p.Ready:
		return st.OK.Render(l.G(p.Colour.Gender(), "ready"))
	case ts.Pub.Phase == game.PhaseVision:
		return l.T("vision given · thinking")
	case ts.Pub.Phase == game.PhaseReveal:
		return l.T("to reveal")
	}
	return ""
}

// columnState is psychicState for a column colW wide: the long phrases
// have a short form for narrow columns (5 or 6 psychics at 120 columns),
// which cut them to "vision given · …" and "waiting for your…".
func (g *ghostScreen) columnState(p *game.PsychicPublic, colW int) string {
	s := g.psychicState(p)
	if layout.TextWidth(s)+2 <= colW {
		return s
	}
	l := g.ts.Shell.Lang()
	switch {
	case words.SendingTo(g.ts.Pub, p.Colour):
		return g.ts.Shell.St.Cursor.Render(l.T("on its way"))
	case g.ts.Pub.Phase == game.PhaseVision && words.WaitingVision(g.ts.Pub, p.Colour):
		return g.ts.Shell.St.Cursor.Render(l.T("needs a vision"))
	case g.ts.Pub.Phase == game.PhaseVision && !p.Ready && !p.Finished && g.revealOf(p.Colour) == nil:
		return l.T("thinking")
	}
	return s
}

// writeColumns writes the ghost's columns to b, one per psychic.
func (g *ghostScreen) writeColumns(b *strings.Builder, w int) {
	ts := g.ts
	m := ts.Shell
	st := m.St
	n := len(ts.Pub.Psychics)
	if n == 0 {
		return
	}
	colW := min(layout.CardW+2, (w-1)/n-1)
	lay := g.ColumnsLayout(colW)
	l := m.Lang()
	cols := make([]layout.TileParts, 0, n)
	catForm := catHeadForm(l, ts.Pub.Psychics, colW)
	for i := range ts.Pub.Psychics {
		p := &ts.Pub.Psychics[i]
		// A column is text lines (padded to colW) and pictures (indented
		// by 2 and padded without measuring or copying them).
		var col layout.TileParts
		var lines []string
		flush := func() {
			// Each line a part of its own, its blanks counted, not
			// written: layout.Block(strings.Join(lines, "\n"), colW)
			// without the block.
			for _, l := range lines {
				col = append(col, paddedPart(l, colW))
			}
			lines = lines[:0]
		}
		head := st.ShortLabel(p.Colour)
		if cat := catHead(l, p.Category, catForm); cat != "" {
			head += " · " + cat
		}
		if p.Finished {
			head = st.ShortLabel(p.Colour) + " · " + st.OK.Render(l.G(p.Colour.Gender(), "done"))
		}
		if i == g.Target {
			head = st.Cursor.Render("▸ ") + head
		} else {
			head = "  " + head
		}
		lines = append(lines, layout.Cut(head, colW))
		if lay.player {
			if pn := ts.Seats.Name(p.Colour); pn != "" {
				lines = append(lines, st.Dim.Render(layout.Cut("  "+pn, colW)))
			} else {
				lines = append(lines, "")
			}
		}
		target := ts.TrailCard(p.Colour, p.Category)
		if !p.Finished && target != "" {
			flush()
			col = append(col, layout.TilePart{S: m.Tiles().Tile(target, lay.Target.W, lay.Target.H), Left: 2, Right: colW - 2 - lay.Target.W})
			find := l.T("  must find ")
			if colW < 26 {
				find = l.T("  find ") // narrow columns: the title gets the room
			}
			lines = append(lines, find+st.Bold.Render(layout.ShortTitle(m.CardName(target), colW-len(find), 0)))
		} else {
			for k := 0; k < lay.Target.H+1; k++ {
				lines = append(lines, "")
			}
		}
		lines = append(lines, g.visionLines(p, i, colW, lay.Vision)...)
		in := l.T("  intuition: ") + st.Dim.Render(l.T("none"))
		if layout.TextWidth(in) > colW {
			in = st.Dim.Render(l.T("  no intuition")) // French's "intuition : aucune" in 6 columns
		}
		if p.Intuition != "" {
			// The card's name and the clairvoyance tokens on it, neither
			// cut: the label gives way first, then the tokens are counted.
			name := m.CardName(p.Intuition)
			label, toks := state.IntuitionLabel(l, st, p.TokensOn, colW, layout.TextWidth(layout.ShortTitle(name, 1<<10, 0)))
			in = label + layout.ShortTitle(name, max(1, colW-layout.TextWidth(label)-layout.TextWidth(toks)), 0) + toks
		}
		lines = append(lines, layout.Cut(in, colW))
		lines = append(lines, layout.Cut("  "+g.columnState(p, colW), colW))
		if ts.Pub.Clairvoyance {
			track := l.F("  track %d · level %d", p.Track, p.Level)
			if layout.TextWidth(track) > colW {
				track = l.F("  track %d · L%d", p.Track, p.Level)
			}
			lines = append(lines, st.Dim.Render(layout.Cut(track, colW)))
		}
		flush()
		cols = append(cols, col)
	}
	layout.WriteTileRowAt(b, 0, 1, colW, cols, ts.Hits.Placer(shell.HitPsychic, 0, 0))
}

// paddedPart is the line l padded to w cells (layout.Pad) as a tile's
// part: its blanks are counted, not written into a string of its own.
func paddedPart(l string, w int) layout.TilePart {
	if strings.Contains(l, "\n") {
		return layout.TilePart{S: layout.Block(l, w)}
	}
	if w <= 0 {
		return layout.TilePart{}
	}
	if n := layout.TextWidth(l); n <= w {
		return layout.TilePart{S: l, Right: w - n}
	}
	return layout.TilePart{S: layout.Pad(l, w)}
}

// visionLines are a column's lines for psychic p's vision: its cards as
// small pictures (as many as the column holds, and how many more), or
// their ids when the rows are short. The cards marked to drop are struck
// (✗) and the marking's cursor shows (▸) on the ids, which the label
// gives above the pictures while there are marks.
func (g *ghostScreen) visionLines(p *game.PsychicPublic, i, colW int, pictures bool) []string {
	st := g.ts.Shell.St
	m := g.ts.Shell
	l := m.Lang()
	if len(p.Vision) == 0 {
		out := []string{l.T("  vision: ") + st.Dim.Render("—")}
		if pictures {
			for k := 0; k < layout.MiniH; k++ {
				out = append(out, "")
			}
		}
		return out
	}
	var ids []string
	for k, c := range p.Vision {
		s := string(c)
		if g.Drop.Cards[c] && i == g.Target {
			s = st.Bad.Render(s + "✗")
		}
		if g.Drop.On && i == g.Target && k == g.Drop.Cur {
			s = st.Cursor.Render("▸") + st.Sel.Render(s)
		}
		ids = append(ids, s)
	}
	if !pictures {
		return []string{layout.Cut(l.T("  vision: ")+strings.Join(ids, " "), colW)}
	}
	slots := max(1, (colW-2)/(layout.MiniW+1))
	shown := min(slots, len(p.Vision))
	label := l.F("  vision: %d cards", len(p.Vision))
	if shown < len(p.Vision) {
		// Say that more cards are given than the column shows.
		label = l.F("  vision: %d cards (first %d shown)", len(p.Vision), shown)
		if layout.TextWidth(label) > colW {
			label = l.F("  vision: %d of %d shown", shown, len(p.Vision))
		}
		if layout.TextWidth(label) > colW {
			label = l.F("  %d of %d cards shown", shown, len(p.Vision))
		}
		if layout.TextWidth(label) > colW {
			label = l.F("  %d/%d cards shown", shown, len(p.Vision))
		}
	}
	if i == g.Target && (g.Drop.On || g.Drop.count() > 0) {
		// The pictures show no marks: while the ghost marks old cards to
		// drop, or has marked some, the label names the cards with them.
		label = l.T("  vision: ") + strings.Join(ids, " ")
	}
	tiles := make([]string, 0, shown)
	for _, c := range p.Vision[:shown] {
		tiles = append(tiles, m.Tiles().Tile(c, layout.MiniW, layout.MiniH))
	}
	out := []string{layout.Cut(label, colW)}
	return append(out, strings.Split(layout.TileRow(2, 1, layout.MiniW, tiles), "\n")...)
}

// columnsLayout is what the ghost's columns hold at this height: the
// target's picture as large as the rows allow, the visions as pictures
// when they fit, the player's name when a row is left for it.
type columnsLayout struct {
	Target layout.TileSize
	Vision bool
	player bool
}

// ghostLayouts are the ghost's column layouts, roomiest first: the target
// at every size from the card down (a big terminal's six columns hold a
// size between card and thumbnail), then without the player's name, then
// small pictures, then no vision pictures.
var ghostLayouts = func() []columnsLayout {
	var out []columnsLayout
	for _, s := range layout.BigSizes {
		out = append(out, columnsLayout{s, true, true})
	}
	return append(out, columnsLayout{layout.SizeThumb, true, false}, columnsLayout{layout.SizeMini, true, true},
		columnsLayout{layout.SizeMini, true, false}, columnsLayout{layout.SizeThumb, false, true})
}()

func (g *ghostScreen) ColumnsLayout(colW int) columnsLayout {
	ts := g.ts
	// Below the columns: the last hour, the hand and its caption, the chat.
	rows := state.LayoutRows(ts.Shell.H, "") - 1 - (1 + layout.ThumbH + 1) - chatMinRows
	text := 5 // head, must find, intuition, state, the vision's label
	if ts.Pub.Clairvoyance {
		text++
	}
	for _, l := range ghostLayouts {
		need := text + l.Target.H
		if l.Vision {
			need += layout.MiniH
		}
		if l.player {
			need++
		}
		if need <= rows && colW >= l.Target.W+2 {
			return l
		}
	}
	return columnsLayout{layout.SizeMini, false, false}
}

// catHeadForm is the widest category form every column's head fits in colW.
func catHeadForm(l i18n.Lang, ps []game.PsychicPublic, colW int) int {
	for form := catWhole; form < catNone; form++ {
		fits := true
		for _, p := range ps {
			if layout.TextWidth(p.Colour.Symbol()+" "+words.FirstName(p.Colour)+" · "+catHead(l, p.Category, form))+2 > colW {
				fits = false
				break
			}
		}
		if fits {
			return form
		}
	}
	return catNone
}

// catHead is category c in a column head's form.
func catHead(l i18n.Lang, c game.Category, form int) string {
	switch form {
	case catWhole:
		return words.CatWord(l, c)
	case catShort:
		r := []rune(words.CatWord(l, c))
		return strings.ToLower(string(r[:min(4, len(r))])) + "."
	}
	return ""
}

// How a ghost's column names its psychic's category, the same for every
// column so that one short name does not make its column read unlike the
// others: the word, its first four letters ("obje."), or nothing (the
// card to find, drawn below, says it too).
const (
	catWhole = iota
	catShort
	catNone
)
