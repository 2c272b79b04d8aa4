package table

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// psychicPortrait draws the psychic's (and spectator's) screen upright.
type psychicPortrait struct{ ps *psychicScreen }

// layout is the upright psychic screen's sizes: the table's cards
// (as many rows as they need), and the chosen psychic's vision under them
// (at most two rows), the largest that leave the psychics' lines and a
// few lines of chat.
func (pp psychicPortrait) layout() (cards, vision layout.CardsFit) {
	ps := pp.ps
	ts := ps.ts
	m := ts.Shell
	// The you-line, the cards' and the vision's headings, the psychics'
	// heading and lines, the chat.
	fixed := 2 + 1 + 1 + 1 + len(ts.Pub.Psychics) + 2
	if ts.Pub.Clairvoyance {
		fixed += 2
	}
	if ts.LastHourLine() != "" {
		fixed++
	}
	return portrait.Cards(m.W, state.LayoutRows(m.H, "")-fixed, len(ps.TableCards()), len(ts.VisionOf(ps.Target)))
}

// draw writes the upright psychic screen's body after its you-line:
// the table's cards, the chosen psychic's vision, the psychics, the
// clairvoyance, the chat.
func (pp psychicPortrait) draw(b *strings.Builder) {
	ps := pp.ps
	ts := ps.ts
	m := ts.Shell
	cards, vision := pp.layout()
	mark, y := ts.Hits.Start(b)
	ps.writeCardsRow(b, m.W, psychicLayout{Cards: cards})
	ts.Hits.Shift(mark, 0, y)
	b.WriteByte('\n')
	if nl := ts.Note.View(ps.CursorCard(), m.W); nl != "" {
		b.WriteString(nl)
		b.WriteByte('\n')
	}
	mark, y = ts.Hits.Start(b)
	b.WriteString(pp.vision(vision))
	ts.Hits.Shift(mark, 0, y)
	b.WriteByte('\n')
	mark, y = ts.Hits.Start(b)
	b.WriteString(pp.psychics())
	ts.Hits.Shift(mark, 0, y)
	b.WriteByte('\n')
	if cl := ps.clairvoyanceLine(); cl != "" {
		b.WriteString(cl)
		b.WriteByte('\n')
	}
	if lh := ts.LastHourLine(); lh != "" {
		b.WriteString(lh)
		b.WriteByte('\n')
	}
	chatH := ts.RowsLeft(ts.Hits.Sofar(b))
	b.WriteString(ts.Chat.Pane(m.W, max(1, chatH)))
}

// vision is the chosen psychic's vision across the window, in
// rows of fit.PerRow pictures.
func (pp psychicPortrait) vision(fit layout.CardsFit) string {
	ps := pp.ps
	ts := ps.ts
	m := ts.Shell
	st := m.St
	l := m.Lang()
	focus := ts.Pane() == "psychics"
	if ps.Target >= len(ts.Pub.Psychics) {
		return ""
	}
	sel := &ts.Pub.Psychics[ps.Target]
	vision := ts.VisionOf(ps.Target)
	head := st.Section.Render(l.T(" VISION OF ")) + st.ShortLabel(sel.Colour)
	if focus {
		head += st.Cursor.Render(l.T("  ◂ focus"))
	}
	from, to := state.Window(len(vision), fit.PerRow*fit.Rows, ps.VisCur)
	if from > 0 || to < len(vision) {
		head += st.Dim.Render(l.F(" · %d-%d of %d", from+1, to, len(vision)))
	}
	var b strings.Builder
	b.WriteString(m.Cut(head, m.W))
	if len(vision) == 0 {
		b.WriteString("\n" + st.Dim.Render("  "+l.T("(no vision yet)")))
		return b.String()
	}
	for r := from; r < to; r += fit.PerRow {
		tiles := make([]layout.TileParts, 0, fit.PerRow)
		for i := r; i < min(to, r+fit.PerRow); i++ {
			tiles = append(tiles, m.Tiles().CaptionedTile(vision[i], fit.Size.W, fit.Size.H, string(vision[i]), ps.marksFor(vision[i]), focus && i == ps.VisCur, false))
		}
		b.WriteByte('\n')
		_, y := ts.Hits.Start(&b)
		layout.WriteTileRowAt(&b, 1, 1, fit.Size.W, tiles, ts.Hits.Placer(shell.HitVisionCard, r, y))
	}
	return b.String()
}

// psychics is the psychics' lines across the window (the token
// target and whose vision is shown: ↑↓ or a tap).
func (pp psychicPortrait) psychics() string {
	ps := pp.ps
	ts := ps.ts
	m := ts.Shell
	st := m.St
	w := m.W
	lines := []string{m.Cut(st.Section.Render(m.Lang().T(" PSYCHICS AND VISIONS")), w)}
	drop := 0
	for i := range ts.Pub.Psychics {
		drop = max(drop, ps.psychicDrop(&ts.Pub.Psychics[i], w-2))
	}
	for _, i := range ps.OrderedPsychics() {
		p := &ts.Pub.Psychics[i]
		line := ps.PsychicLine(p, w-2, drop)
		ts.Hits.Line(shell.HitPsychic, i, 0, len(lines), w)
		if i == ps.Target {
			lines = append(lines, st.Cursor.Render("▸")+" "+line)
		} else {
			lines = append(lines, "  "+line)
		}
	}
	return strings.Join(lines, "\n")
}

// portraitHand is the ghost's hand for an upright window: every card as a
// small picture, in as many rows as it takes.
func (g *ghostScreen) portraitHand(w int) string {
	ts := g.ts
	m := ts.Shell
	st := m.St
	hand := ts.Ghost.Hand
	s := layout.SizeThumb
	if len(hand)*(layout.ThumbW+1) > 2*(w-1) {
		s = layout.SizeMini
	}
	per := max(1, (w-1)/(s.W+1))
	title := m.Lang().F("─ your hand (%d selected) ", len(g.Selection()))
	var b strings.Builder
	b.WriteString(st.Rule.Render(m.Cut(title, w) + strings.Repeat("─", max(0, w-layout.TextWidth(title)))))
	if len(hand) == 0 {
		b.WriteString("\n" + st.Dim.Render(m.Lang().T("  (your hand is empty)")))
		return b.String()
	}
	titles := make([]string, len(hand))
	for i, id := range hand {
		titles[i] = layout.Cut(layout.Itoa(i+1)+" "+string(id), s.W)
	}
	for r := 0; r < len(hand); r += per {
		tiles := make([]layout.TileParts, 0, per)
		for i := r; i < min(len(hand), r+per); i++ {
			tiles = append(tiles, m.Tiles().CaptionedTile(hand[i], s.W, s.H, titles[i], "", i == g.CardCur, g.Selected[hand[i]]))
		}
		b.WriteByte('\n')
		_, y := ts.Hits.Start(&b)
		layout.WriteTileRowAt(&b, 1, 1, s.W, tiles, ts.Hits.Placer(shell.HitHandCard, r, y))
	}
	return b.String()
}

// drawPortrait writes the ghost's upright screen: a line per psychic, the
// chosen one's card to make them find beside what they have, the hand as
// small pictures, the chat it reads.
func (g *ghostScreen) drawPortrait(b *strings.Builder) {
	ts := g.ts
	m := ts.Shell
	st := m.St
	l := m.Lang()
	w := m.W
	mark, y := ts.Hits.Start(b)
	var lines []string
	for i := range ts.Pub.Psychics {
		p := &ts.Pub.Psychics[i]
		cur := "  "
		if i == g.Target {
			cur = st.Cursor.Render("▸ ")
		}
		ts.Hits.Line(shell.HitPsychic, i, 0, len(lines), w)
		lines = append(lines, cur+m.Cut(st.ShortLabel(p.Colour)+" · "+g.psychicState(p), w-2))
	}
	b.WriteString(strings.Join(lines, "\n"))
	ts.Hits.Shift(mark, 0, y)
	b.WriteByte('\n')
	if p := g.GhostTarget(); p != nil {
		var info []string
		info = append(info, st.Section.Render(l.F("TO %s", st.ShortLabel(p.Colour))))
		if p.Finished {
			info = append(info, l.T("trail complete"))
		} else {
			for _, s := range layout.Wrap(l.F("must find %s (%s)", m.CardName(ts.TrailCard(p.Colour, p.Category)), words.CatLower(l, p.Category)), w-layout.ThumbW-4) {
				info = append(info, st.Bold.Render(s))
			}
		}
		info = append(info, st.Dim.Render(l.F("%d vision cards", len(p.Vision))))
		if p.Intuition != "" {
			info = append(info, layout.Wrap(l.F("on %s", m.CardName(p.Intuition)), w-layout.ThumbW-4)...)
		}
		for i := range info {
			info[i] = " " + info[i] // from the first column, as the lines above
		}
		// The card as large as the rows left by the hand and a line of
		// chat allow.
		per := max(1, (w-1)/(layout.MiniW+1))
		room := state.LayoutRows(m.H, ts.Hits.Sofar(b)) - (1 + (len(ts.Ghost.Hand)+per-1)/per*(layout.MiniH+2)) - 2
		if g.Drop.line(w) != "" {
			room--
		}
		id := ts.TrailCard(p.Colour, p.Category)
		switch {
		case id == "" || p.Finished || room < layout.MiniH:
			b.WriteString(strings.Join(info, "\n"))
		case room >= layout.ThumbH:
			b.WriteString(layout.BesideTile(1, layout.Block(strings.Join(info, "\n"), w-layout.ThumbW-3), w-layout.ThumbW-3, m.Tiles().Tile(id, layout.ThumbW, layout.ThumbH)))
		default:
			lw := w - layout.MiniW - 3
			b.WriteString(layout.Hjoin(1, layout.Block(strings.Join(info, "\n"), lw), m.Tiles().Tile(id, layout.MiniW, layout.MiniH)))
		}
		b.WriteByte('\n')
	}
	if ov := g.Drop.line(w); ov != "" {
		b.WriteString(ov)
		b.WriteByte('\n')
	}
	if pl := ts.Pointing.Line(w); pl != "" {
		b.WriteString(pl)
		b.WriteByte('\n')
	}
	if lh := ts.LastHourLine(); lh != "" {
		b.WriteString(lh)
		b.WriteByte('\n')
	}
	mark, y = ts.Hits.Start(b)
	b.WriteString(g.portraitHand(w))
	ts.Hits.Shift(mark, 0, y)
	b.WriteByte('\n')
	chatH := ts.RowsLeft(ts.Hits.Sofar(b))
	b.WriteString(ts.Chat.Pane(w, max(1, chatH)))
}

// portraitGrid writes the final's groups as pictures on an upright screen
// when they fit above the shared vision (small pictures), the votes, the
// ghost's hand and the chat, and returns the shared vision's size.
func (fs *finalScreen) portraitGrid(b *strings.Builder) layout.TileSize {
	ts := fs.ts
	m := ts.Shell
	rows := state.LayoutRows(m.H, ts.Hits.Sofar(b)) - (1 + layout.MiniH + 1) - 2 - 2
	if ts.Ghost != nil {
		per := max(1, (m.W-1)/(layout.MiniW+1))
		rows -= 1 + (len(ts.Ghost.Hand)+per-1)/per*(layout.MiniH+2)
	}
	if grid, ok := fs.gridFits(m.W, rows); ok {
		mark, y := ts.Hits.Start(b)
		b.WriteString(fs.groupsGrid(m.W, grid))
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
		return layout.SizeMini
	}
	// No room for every group: the chosen one's pictures.
	f := ts.Pub.Final
	if rows >= layout.MiniH+1 && fs.GroupCur < len(f.Groups) {
		g := f.Groups[fs.GroupCur]
		var tiles []string
		for _, cat := range ts.Pub.Order {
			tiles = append(tiles, m.Tiles().Tile(g.Cards[cat], layout.MiniW, layout.MiniH))
		}
		b.WriteString(m.St.Section.Render(m.Lang().F(" GROUP %d", g.Number)) + " " + fs.groupOwner(g) + "\n")
		b.WriteString(layout.TileRow(1, 1, layout.MiniW, tiles))
		b.WriteByte('\n')
	}
	return layout.SizeMini
}

// youLines is the upright you-line on two lines: who you are (or follow),
// then what to find beside the trail.
func (pp psychicPortrait) youLines(p *game.PsychicPublic) string {
	ps := pp.ps
	ts := ps.ts
	m := ts.Shell
	st := m.St
	l := m.Lang()
	var who, task string
	switch {
	case ts.Psy == nil:
		who = l.F(" Following %s.", st.PsychicLabel(p.Colour))
	case len(ts.Psy.Colours) > 1:
		who = l.F(" You are %s", st.PsychicLabel(p.Colour)) + "." + st.Dim.Render(l.T(" (c: switch)"))
	default:
		who = l.F(" You are %s", st.PsychicLabel(p.Colour)) + "."
	}
	switch {
	case p.Finished:
		task = l.T(" Trail complete.")
	case ts.Psy == nil:
		task = l.F(" Looking for %s %s.", words.CatArticle(l, p.Category), st.Bold.Render(words.CatWord(l, p.Category)))
	default:
		task = l.F(" Find your %s.", st.Bold.Render(words.CatWord(l, p.Category)))
	}
	return m.Cut(who, m.W) + "\n" + trailLine{ps}.spread(p, task)
}

// PortraitLayout is where the upright layout puts a psychic's table cards
// and the chosen vision (psychicPortrait).
func PortraitLayout(ps *psychicScreen) (cards, vision layout.CardsFit) {
	return psychicPortrait{ps}.layout()
}
