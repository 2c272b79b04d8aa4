package session

import (
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// portrait reports whether the window is laid out for a phone held
// upright (ui/portrait).
func (m *Model) portrait() bool { return portrait.Is(m.w, m.h) }

// portraitListView is the lobby's tables for a narrow window: each table
// on two lines, its code and name, then what it is, under a blank one.
func (l *lobbyState) portraitListView() string {
	m := l.m
	st := m.st
	lang := m.lang()
	var b strings.Builder
	b.WriteString(st.Section.Render(lang.T(" TABLES")) + "\n")
	if len(l.tables) == 0 {
		for _, s := range layout.Wrap(strings.TrimSpace(lang.T("  No table is open. Press n to start one and invite your friends.")), m.w-3) {
			b.WriteString(st.Dim.Render("  "+s) + "\n")
		}
		return b.String()
	}
	row := 1
	for i, t := range l.tables {
		l.hits.add(hitLobbyTable, i, layout.Rect{Y: row, W: m.w, H: portrait.TapRows}) // a finger's height
		row += portrait.TapRows
		b.WriteByte('\n')
		name := m.cleaned.line(t.Name, m.w-9)
		if t.Private {
			name += lang.T(" (private)")
		}
		first := m.cut(t.Code+strings.Repeat(" ", max(0, 6-len(t.Code)))+" "+name, m.w-2)
		what := []string{words.EditionWord(lang, t.Options.Edition)}
		if d := words.DifficultyWord(lang, t.Options.Difficulty); d != "" {
			what = append(what, d)
		}
		if tt := timerText(lang, t.Options.Timer); tt != "" && tt != "—" {
			what = append(what, tt)
		}
		what = append(what, fmt.Sprintf("%d/%d", t.SeatsTaken, t.SeatsTaken+t.SeatsOpen), lang.T(t.Status))
		second := m.cut("       "+strings.Join(what, " · "), m.w-2)
		if i == l.cursor {
			b.WriteString(st.Cursor.Render("▸ ") + st.Sel.Render(layout.Pad(first, m.w-2)) + "\n")
		} else {
			b.WriteString("  " + first + "\n")
		}
		b.WriteString("  " + st.Dim.Render(second) + "\n")
	}
	return b.String()
}

// portraitAbout is the lobby's "how it goes", wrapped to the window.
func (l *lobbyState) portraitAbout() []string {
	m := l.m
	out := []string{m.st.Dim.Render(m.lang().T(aboutLines[0]))}
	for _, s := range portrait.Wrapped(m.lang(), aboutLines[1:], m.w) {
		out = append(out, m.st.Dim.Render(s))
	}
	return out
}

// psychicPortrait draws the psychic's (and spectator's) screen upright.
type psychicPortrait struct{ ps *psychicScreen }

// layout is the upright psychic screen's sizes: the table's cards
// (as many rows as they need), and the chosen psychic's vision under them
// (at most two rows), the largest that leave the psychics' lines and a
// few lines of chat.
func (pp psychicPortrait) layout() (cards, vision layout.CardsFit) {
	ps := pp.ps
	ts := ps.ts
	m := ts.m
	// The you-line, the cards' and the vision's headings, the psychics'
	// heading and lines, the chat.
	fixed := 2 + 1 + 1 + 1 + len(ts.pub.Psychics) + 2
	if ts.pub.Clairvoyance {
		fixed += 2
	}
	if ts.lastHourLine() != "" {
		fixed++
	}
	return portrait.Cards(m.w, layoutRows(m.h, "")-fixed, len(ps.tableCards()), len(ts.visionOf(ps.target)))
}

// draw writes the upright psychic screen's body after its you-line:
// the table's cards, the chosen psychic's vision, the psychics, the
// clairvoyance, the chat.
func (pp psychicPortrait) draw(b *strings.Builder) {
	ps := pp.ps
	ts := ps.ts
	m := ts.m
	cards, vision := pp.layout()
	mark, y := ts.hits.start(b)
	row, _ := ps.cardsRow(m.w, psychicLayout{cards: cards})
	b.WriteString(row)
	ts.hits.shift(mark, 0, y)
	b.WriteByte('\n')
	if nl := ts.note.view(ps.cursorCard(), m.w); nl != "" {
		b.WriteString(nl)
		b.WriteByte('\n')
	}
	mark, y = ts.hits.start(b)
	b.WriteString(pp.vision(vision))
	ts.hits.shift(mark, 0, y)
	b.WriteByte('\n')
	mark, y = ts.hits.start(b)
	b.WriteString(pp.psychics())
	ts.hits.shift(mark, 0, y)
	b.WriteByte('\n')
	if cl := ps.clairvoyanceLine(); cl != "" {
		b.WriteString(cl)
		b.WriteByte('\n')
	}
	if lh := ts.lastHourLine(); lh != "" {
		b.WriteString(lh)
		b.WriteByte('\n')
	}
	chatH := ts.rowsLeft(b.String())
	b.WriteString(ts.chat.pane(m.w, max(1, chatH)))
}

// vision is the chosen psychic's vision across the window, in
// rows of fit.PerRow pictures.
func (pp psychicPortrait) vision(fit layout.CardsFit) string {
	ps := pp.ps
	ts := ps.ts
	m := ts.m
	st := m.st
	l := m.lang()
	focus := ts.pane() == "psychics"
	if ps.target >= len(ts.pub.Psychics) {
		return ""
	}
	sel := &ts.pub.Psychics[ps.target]
	vision := ts.visionOf(ps.target)
	head := st.Section.Render(l.T(" VISION OF ")) + st.ShortLabel(sel.Colour)
	if focus {
		head += st.Cursor.Render(l.T("  ◂ focus"))
	}
	from, to := window(len(vision), fit.PerRow*fit.Rows, ps.visCur)
	if from > 0 || to < len(vision) {
		head += st.Dim.Render(l.F(" · %d-%d of %d", from+1, to, len(vision)))
	}
	var b strings.Builder
	b.WriteString(m.cut(head, m.w))
	if len(vision) == 0 {
		b.WriteString("\n" + st.Dim.Render("  "+l.T("(no vision yet)")))
		return b.String()
	}
	for r := from; r < to; r += fit.PerRow {
		tiles := make([]layout.TileParts, 0, fit.PerRow)
		for i := r; i < min(to, r+fit.PerRow); i++ {
			tiles = append(tiles, m.tiles().CaptionedTile(vision[i], fit.Size.W, fit.Size.H, string(vision[i]), ps.marksFor(vision[i]), focus && i == ps.visCur, false))
		}
		b.WriteByte('\n')
		_, y := ts.hits.start(&b)
		layout.WriteTileRowAt(&b, 1, 1, fit.Size.W, tiles, ts.hits.placer(hitVisionCard, r, y))
	}
	return b.String()
}

// psychics is the psychics' lines across the window (the token
// target and whose vision is shown: ↑↓ or a tap).
func (pp psychicPortrait) psychics() string {
	ps := pp.ps
	ts := ps.ts
	m := ts.m
	st := m.st
	w := m.w
	lines := []string{m.cut(st.Section.Render(m.lang().T(" PSYCHICS AND VISIONS")), w)}
	drop := 0
	for i := range ts.pub.Psychics {
		drop = max(drop, ps.psychicDrop(&ts.pub.Psychics[i], w-2))
	}
	for _, i := range ps.orderedPsychics() {
		p := &ts.pub.Psychics[i]
		line := ps.psychicLine(p, w-2, drop)
		ts.hits.line(hitPsychic, i, 0, len(lines), w)
		if i == ps.target {
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
	m := ts.m
	st := m.st
	hand := ts.ghost.Hand
	s := layout.SizeThumb
	if len(hand)*(layout.ThumbW+1) > 2*(w-1) {
		s = layout.SizeMini
	}
	per := max(1, (w-1)/(s.W+1))
	title := m.lang().F("─ your hand (%d selected) ", len(g.selection()))
	var b strings.Builder
	b.WriteString(st.Rule.Render(m.cut(title, w) + strings.Repeat("─", max(0, w-layout.TextWidth(title)))))
	if len(hand) == 0 {
		b.WriteString("\n" + st.Dim.Render(m.lang().T("  (your hand is empty)")))
		return b.String()
	}
	titles := make([]string, len(hand))
	for i, id := range hand {
		titles[i] = layout.Cut(layout.Itoa(i+1)+" "+string(id), s.W)
	}
	for r := 0; r < len(hand); r += per {
		tiles := make([]layout.TileParts, 0, per)
		for i := r; i < min(len(hand), r+per); i++ {
			tiles = append(tiles, m.tiles().CaptionedTile(hand[i], s.W, s.H, titles[i], "", i == g.cardCur, g.selected[hand[i]]))
		}
		b.WriteByte('\n')
		_, y := ts.hits.start(&b)
		layout.WriteTileRowAt(&b, 1, 1, s.W, tiles, ts.hits.placer(hitHandCard, r, y))
	}
	return b.String()
}

// drawPortrait writes the ghost's upright screen: a line per psychic, the
// chosen one's card to make them find beside what they have, the hand as
// small pictures, the chat it reads.
func (g *ghostScreen) drawPortrait(b *strings.Builder) {
	ts := g.ts
	m := ts.m
	st := m.st
	l := m.lang()
	w := m.w
	mark, y := ts.hits.start(b)
	var lines []string
	for i := range ts.pub.Psychics {
		p := &ts.pub.Psychics[i]
		cur := "  "
		if i == g.target {
			cur = st.Cursor.Render("▸ ")
		}
		ts.hits.line(hitPsychic, i, 0, len(lines), w)
		lines = append(lines, cur+m.cut(st.ShortLabel(p.Colour)+" · "+g.psychicState(p), w-2))
	}
	b.WriteString(strings.Join(lines, "\n"))
	ts.hits.shift(mark, 0, y)
	b.WriteByte('\n')
	if p := g.ghostTarget(); p != nil {
		var info []string
		info = append(info, st.Section.Render(l.F("TO %s", st.ShortLabel(p.Colour))))
		if p.Finished {
			info = append(info, l.T("trail complete"))
		} else {
			for _, s := range layout.Wrap(l.F("must find %s (%s)", m.cardName(ts.trailCard(p.Colour, p.Category)), words.CatLower(l, p.Category)), w-layout.ThumbW-4) {
				info = append(info, st.Bold.Render(s))
			}
		}
		info = append(info, st.Dim.Render(l.F("%d vision cards", len(p.Vision))))
		if p.Intuition != "" {
			info = append(info, layout.Wrap(l.F("on %s", m.cardName(p.Intuition)), w-layout.ThumbW-4)...)
		}
		for i := range info {
			info[i] = " " + info[i] // from the first column, as the lines above
		}
		// The card as large as the rows left by the hand and a line of
		// chat allow.
		per := max(1, (w-1)/(layout.MiniW+1))
		room := layoutRows(m.h, b.String()) - (1 + (len(ts.ghost.Hand)+per-1)/per*(layout.MiniH+2)) - 2
		if g.drop.line(w) != "" {
			room--
		}
		id := ts.trailCard(p.Colour, p.Category)
		switch {
		case id == "" || p.Finished || room < layout.MiniH:
			b.WriteString(strings.Join(info, "\n"))
		case room >= layout.ThumbH:
			b.WriteString(layout.BesideTile(1, layout.Block(strings.Join(info, "\n"), w-layout.ThumbW-3), w-layout.ThumbW-3, m.tiles().Tile(id, layout.ThumbW, layout.ThumbH)))
		default:
			lw := w - layout.MiniW - 3
			b.WriteString(layout.Hjoin(1, layout.Block(strings.Join(info, "\n"), lw), m.tiles().Tile(id, layout.MiniW, layout.MiniH)))
		}
		b.WriteByte('\n')
	}
	if ov := g.drop.line(w); ov != "" {
		b.WriteString(ov)
		b.WriteByte('\n')
	}
	if pl := ts.pointing.line(w); pl != "" {
		b.WriteString(pl)
		b.WriteByte('\n')
	}
	if lh := ts.lastHourLine(); lh != "" {
		b.WriteString(lh)
		b.WriteByte('\n')
	}
	mark, y = ts.hits.start(b)
	b.WriteString(g.portraitHand(w))
	ts.hits.shift(mark, 0, y)
	b.WriteByte('\n')
	chatH := ts.rowsLeft(b.String())
	b.WriteString(ts.chat.pane(w, max(1, chatH)))
}

// portraitGrid writes the final's groups as pictures on an upright screen
// when they fit above the shared vision (small pictures), the votes, the
// ghost's hand and the chat, and returns the shared vision's size.
func (fs *finalScreen) portraitGrid(b *strings.Builder) layout.TileSize {
	ts := fs.ts
	m := ts.m
	rows := layoutRows(m.h, b.String()) - (1 + layout.MiniH + 1) - 2 - 2
	if ts.ghost != nil {
		per := max(1, (m.w-1)/(layout.MiniW+1))
		rows -= 1 + (len(ts.ghost.Hand)+per-1)/per*(layout.MiniH+2)
	}
	if grid, ok := fs.gridFits(m.w, rows); ok {
		mark, y := ts.hits.start(b)
		b.WriteString(fs.groupsGrid(m.w, grid))
		ts.hits.shift(mark, 0, y)
		b.WriteByte('\n')
		return layout.SizeMini
	}
	// No room for every group: the chosen one's pictures.
	f := ts.pub.Final
	if rows >= layout.MiniH+1 && fs.groupCur < len(f.Groups) {
		g := f.Groups[fs.groupCur]
		var tiles []string
		for _, cat := range ts.pub.Order {
			tiles = append(tiles, m.tiles().Tile(g.Cards[cat], layout.MiniW, layout.MiniH))
		}
		b.WriteString(m.st.Section.Render(m.lang().F(" GROUP %d", g.Number)) + " " + fs.groupOwner(g) + "\n")
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
	m := ts.m
	st := m.st
	l := m.lang()
	var who, task string
	switch {
	case ts.psy == nil:
		who = l.F(" Following %s.", st.PsychicLabel(p.Colour))
	case len(ts.psy.Colours) > 1:
		who = l.F(" You are %s", st.PsychicLabel(p.Colour)) + "." + st.Dim.Render(l.T(" (c: switch)"))
	default:
		who = l.F(" You are %s", st.PsychicLabel(p.Colour)) + "."
	}
	switch {
	case p.Finished:
		task = l.T(" Trail complete.")
	case ts.psy == nil:
		task = l.F(" Looking for %s %s.", words.CatArticle(l, p.Category), st.Bold.Render(words.CatWord(l, p.Category)))
	default:
		task = l.F(" Find your %s.", st.Bold.Render(words.CatWord(l, p.Category)))
	}
	return m.cut(who, m.w) + "\n" + ps.spreadTrail(p, task)
}

// Fits are the window sizes the screens are laid out for, by which a
// browser chooses its font (ui/portrait).
func Fits() [][2]int { return portrait.Fits() }
