package table

// The other psychics as a psychic or a spectator sees them: one line each
// (shared by every seat that draws the same line), or blocks at large sizes.

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// psychicLine is one psychic in the list: name, player, what they look for,
// their vision, intuition, ready, tokens on their intuition, track. Every
// other seat at the table draws the same line for this psychic: it is
// drawn once for all of them (layout.SharedLines).
//
// drop is how many of the parts that give way (player, track, vision's
// size, then the title's room) the line goes without: the list takes the
// most any of its lines needs (psychicDrop), so that every line leaves
// out the same parts and the lines read alike.
func (ps *psychicScreen) PsychicLine(p *game.PsychicPublic, w, drop int) string {
	k, ok := ps.psychicLineKey(p, w)
	k.drop = drop
	if !ok || ps.ts.Shell.NoMemo {
		line, _ := ps.drawPsychicLine(p, w, drop)
		return line
	}
	if line, ok := psychicLines.Load(k); ok {
		return line
	}
	line, _ := ps.drawPsychicLine(p, w, drop)
	psychicLines.Store(k, line)
	return line
}

// psychicDrop is the fewest parts p's line must go without to fit in w
// cells (0 to psychicDrops). It is remembered with the lines, under the
// key's drop -1, written as a digit.
func (ps *psychicScreen) psychicDrop(p *game.PsychicPublic, w int) int {
	k, ok := ps.psychicLineKey(p, w)
	k.drop = -1
	if ok && !ps.ts.Shell.NoMemo {
		if s, ok := psychicLines.Load(k); ok && len(s) == 1 {
			return int(s[0] - '0')
		}
	}
	_, drop := ps.drawPsychicLine(p, w, 0)
	if ok && !ps.ts.Shell.NoMemo {
		psychicLines.Store(k, string(rune('0'+drop)))
	}
	return drop
}

// psychicLines are the psychics' lines drawn last, for every session.
var psychicLines = layout.SharedLines[psychicLineKey]{Max: layout.SharedLinesMax}

// psychicLineKey is everything drawPsychicLine reads: the viewer's styles,
// language, card titles and width, whether the psychic is the viewer's own
// (then " (you)", else the player's name), and the psychic's public facts.
type psychicLineKey struct {
	st           *style.Styles
	cards        cardface.Source
	lang         i18n.Lang
	w            int
	mine         bool
	player       string
	clairvoyance bool
	colour       game.Colour
	category     game.Category
	finished     bool
	ready        bool
	visions      int
	intuition    game.CardID
	track        int
	tokens       [maxTokensOn]game.TokenPlacement
	// drop is the parts the line goes without; -1 keys psychicDrop's answer.
	drop int
}

// maxTokensOn is the most tokens one intuition can hold (one from each of
// five other psychics); a line with more is drawn without the shared lines.
const maxTokensOn = 5

// psychicLineKey is p's line's key as this seat draws it; false when it
// has no key (more tokens than a key holds).
func (ps *psychicScreen) psychicLineKey(p *game.PsychicPublic, w int) (psychicLineKey, bool) {
	ts := ps.ts
	m := ts.Shell
	if len(p.TokensOn) > maxTokensOn {
		return psychicLineKey{}, false
	}
	k := psychicLineKey{
		st: m.St, cards: m.Cards, lang: m.Lang(), w: w,
		mine: ts.Seats.Mine(p.Colour), clairvoyance: ts.Pub.Clairvoyance,
		colour: p.Colour, category: p.Category, finished: p.Finished, ready: p.Ready,
		visions: len(p.Vision), intuition: p.Intuition, track: p.Track,
	}
	if !k.mine {
		k.player = ts.Seats.Name(p.Colour)
	}
	// A token's kind is never zero: the places left zero say how many
	// tokens there are.
	copy(k.tokens[:], p.TokensOn)
	return k, true
}

// psychicDrops is the most parts a psychic's line goes without: then its
// intuition's title is cut.
const psychicDrops = 4

// drawPsychicLine draws psychicLine without at least drop parts, and says
// how many it went without; it reads nothing that is not in
// psychicLineKey.
func (ps *psychicScreen) drawPsychicLine(p *game.PsychicPublic, w, drop int) (string, int) {
	ts := ps.ts
	m := ts.Shell
	st := m.St
	l := m.Lang()
	name := st.ShortLabel(p.Colour)
	player := ""
	if ts.Seats.Mine(p.Colour) {
		name += st.Bold.Render(l.T(" (you)"))
	} else if pn := ts.Seats.Name(p.Colour); pn != "" {
		player = st.Dim.Render(" " + layout.Cut(pn, 12))
	}
	state := words.CatLower(l, p.Category)
	if p.Finished {
		state = st.OK.Render(l.G(p.Colour.Gender(), "✔ done"))
	}
	seen := ""
	switch {
	case len(p.Vision) > 0:
		seen = l.F("%d cards", len(p.Vision))
	case !p.Finished:
		seen = st.Dim.Render(l.T("no vision yet"))
	}
	// The intuition's markers (who put which token on it) are never the
	// part that is cut: the title gives way first.
	toks := ""
	if len(p.TokensOn) > 0 {
		parts := make([]string, 0, len(p.TokensOn))
		for _, t := range p.TokensOn {
			parts = append(parts, t.Kind.Symbol()+st.Sym(t.From))
		}
		toks = " [" + strings.Join(parts, " ") + "]"
	}
	ready := ""
	if p.Ready {
		ready = st.OK.Render(l.G(p.Colour.Gender(), "ready"))
	}
	track := ""
	if ts.Pub.Clairvoyance {
		track = l.F("track %d", p.Track)
	}
	join := func(title string, parts ...string) string {
		var out []string
		for _, s := range parts {
			if s != "" {
				out = append(out, s)
			}
		}
		line := strings.Join(out, " · ")
		if p.Intuition != "" {
			line += l.T(" · on ") + title + toks
		}
		if ready != "" {
			line += " · " + ready
		}
		return line
	}
	title := ""
	if p.Intuition != "" {
		title = m.CardName(p.Intuition)
	}
	// Less and less, until the line fits: the player's name, the track,
	// the vision's size go; then the title is cut.
	forms := [psychicDrops][]string{
		{name + player, state, seen, track},
		{name, state, seen, track},
		{name, state, seen},
		{name, state},
	}
	for i := drop; i < len(forms); i++ {
		if line := join(title, forms[i]...); layout.TextWidth(line) <= w {
			return line, i
		}
	}
	rest := layout.TextWidth(join("", name, state))
	return m.Cut(join(layout.ShortTitle(title, max(4, w-rest), 0), name, state), w), psychicDrops
}

// step moves the chosen psychic d rows through the list as it is drawn
// (own first), not in seat order: the row below the cursor is the one ↓
// reaches, and a token goes on the psychic the player sees chosen.
func (ps *psychicScreen) step(d int) {
	order := ps.OrderedPsychics()
	at := 0
	for i, idx := range order {
		if idx == ps.Target {
			at = i
		}
	}
	state.Move(&at, d, len(order))
	if at < len(order) {
		ps.Target = order[at]
	}
	ps.VisCur = 0
}

// orderedPsychics puts this player's psychics first ("own first").
func (ps *psychicScreen) OrderedPsychics() []int {
	ts := ps.ts
	var mine, others []int
	for i, p := range ts.Pub.Psychics {
		if ts.Seats.Mine(p.Colour) {
			mine = append(mine, i)
		} else {
			others = append(others, i)
		}
	}
	return append(mine, others...)
}

// writePsychicsBlock writes the psychics with their visions to b; the
// selected one's vision is drawn beside the list (large) or as a list with
// one picture. The list and the picture go to b as they are drawn
// (shell.WriteBeside), not joined into strings first.
func (ps *psychicScreen) writePsychicsBlock(b *strings.Builder, w int, large bool, vs layout.TileSize, cutNames bool) {
	ts := ps.ts
	m := ts.Shell
	st := m.St
	focus := ts.Pane() == "psychics"
	l := m.Lang()
	head := l.T(" PSYCHICS AND VISIONS")
	lines := ps.lines[:0]
	h := st.Section.Render(head)
	if focus && large {
		h += st.Cursor.Render(l.T("  ◂ focus"))
	}
	listW := w - layout.ThumbW - 4
	if large {
		listW = min(70, w/2)
		// The list takes the room the visions' pictures leave: at 200
		// columns a vision of a card or two left 100 columns empty beside
		// a list whose lines dropped parts to fit in 70.
		// It grows no wider than its longest whole line, so the vision
		// stays beside it.
		longest, need := 0, 0
		for i := range ts.Pub.Psychics {
			p := &ts.Pub.Psychics[i]
			longest = max(longest, len(p.Vision))
			need = max(need, 2+layout.TextWidth(ps.PsychicLine(p, maxListW, 0)))
		}
		right := max(longest*(vs.W+1), visionHeadW)
		listW = max(listW, min(need, maxListW, w-2-right))
	}
	if gn := ts.Seats.Ghost(); gn != "" {
		// The ghost's player and presence, as the psychics' lines show theirs.
		h = m.Cut(h+st.Dim.Render(l.T("   ☾ ghost: ")+layout.Cut(gn, 26)), listW)
	}
	lines = append(lines, h)
	drop := 0
	for i := range ts.Pub.Psychics {
		drop = max(drop, ps.psychicDrop(&ts.Pub.Psychics[i], listW-2))
	}
	for _, i := range ps.OrderedPsychics() {
		p := &ts.Pub.Psychics[i]
		line := ps.PsychicLine(p, listW-2, drop)
		ts.Hits.Line(shell.HitPsychic, i, 0, len(lines), listW)
		if i == ps.Target {
			lines = append(lines, st.Cursor.Render("▸")+" "+line)
		} else {
			lines = append(lines, "  "+line)
		}
	}
	// The lines are kept for the next frame's list (one slice, not one
	// per frame); the strings they hold are not.
	defer func() { clear(lines); ps.lines = lines[:0] }()
	vision := ts.VisionOf(ps.Target)
	var sel *game.PsychicPublic
	if ps.Target < len(ts.Pub.Psychics) {
		sel = &ts.Pub.Psychics[ps.Target]
	}
	if sel == nil {
		for i, line := range lines {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(line)
		}
		return
	}
	if !large {
		lines = append(lines, "")
		var ids []string
		for i, c := range vision {
			s := string(c)
			if i == ps.VisCur && focus {
				s = st.Sel.Render(s)
			}
			if mk := ps.marksFor(c); mk != "" {
				s += " " + mk
			}
			ids = append(ids, s)
		}
		vl := l.F(" Vision of %s: ", ts.Shell.St.ShortLabel(sel.Colour))
		if len(ids) == 0 {
			vl += st.Dim.Render(l.T("none yet"))
		} else {
			vl += strings.Join(ids, " ")
		}
		lines = append(lines, layout.Cut(vl, listW))
		var tile layout.TileParts
		if ps.VisCur < len(vision) {
			tile = shell.PictureParts(m.Tiles().Tile(vision[ps.VisCur], layout.ThumbW, layout.ThumbH))
		}
		shell.WriteBeside(b, lines, listW, 2, tile, layout.ThumbW)
		return
	}
	// Under the list, beside the vision's tall pictures: the table cards'
	// whole names when their captions are cut.
	if cutNames {
		if names := ps.namesList(listW, vs.H+1-len(lines)); names != "" {
			lines = append(lines, names)
		}
	}
	room := w - listW - 2
	slots := max(1, room/(vs.W+1))
	from, to := state.Window(len(vision), slots, ps.VisCur)
	tiles := make([]layout.TileParts, 0, to-from)
	for i := from; i < to; i++ {
		tiles = append(tiles, m.Tiles().CaptionedTile(vision[i], vs.W, vs.H, string(vision[i]), ps.marksFor(vision[i]), focus && i == ps.VisCur, false))
	}
	right := st.Dim.Render(l.T("Vision of ")) + ts.Shell.St.ShortLabel(sel.Colour)
	if from > 0 || to < len(vision) {
		// More cards than fit: say so, and how to see the others.
		right += st.Dim.Render(l.F(" · cards %d-%d of %d (tab, ←→)", from+1, to, len(vision)))
	}
	if len(tiles) == 0 {
		// Two short lines, each padded to the wider.
		none := st.Dim.Render(l.T("(no vision yet)"))
		hw, nw := layout.TextWidth(right), layout.TextWidth(none)
		rw := max(hw, nw)
		shell.WriteBeside(b, lines, listW, 2, layout.TileParts{{S: right, Right: rw - hw}, {S: none, Right: rw - nw}}, rw)
		return
	}
	// The vision's title, then its pictures: a row of tiles each exactly
	// vs.W wide, one cell apart (layout.WriteTileRowAt).
	hw := layout.TextWidth(right)
	rowW := len(tiles)*(vs.W+1) - 1
	rw := max(hw, rowW)
	var rb strings.Builder
	// Beside the list: the right block starts listW+2 cells in, its row 0
	// the title's.
	mark, _ := ts.Hits.Start(&rb)
	layout.WriteTileRowAt(&rb, 0, 1, vs.W, tiles, ts.Hits.Placer(shell.HitVisionCard, from, 1))
	ts.Hits.Shift(mark, listW+2, 0)
	shell.WriteBeside(b, lines, listW, 2, layout.TileParts{{S: right, Right: rw - hw}, {S: rb.String(), Right: rw - rowW}}, rw)
}

// namesList is the table cards' numbers and whole names (a leading "The"
// may go), in columns listW wide and at most rows high (a blank line
// first), for when the cards' captions cut a name: with 9 to 11 cards at
// 120 columns they read "2 Prun…", and only zooming each card told them
// apart. Empty when the names do not fit.
func (ps *psychicScreen) namesList(listW, rows int) string {
	ts := ps.ts
	m := ts.Shell
	cards := ps.TableCards()
	if len(cards) == 0 || rows < 2 {
		return ""
	}
	perCol := rows - 1
	cols := (len(cards) + perCol - 1) / perCol
	colW := (listW - 2) / cols
	perCol = (len(cards) + cols - 1) / cols
	// One name too long for its column: every name loses its article,
	// so that the list reads alike ("Hat Pin", "Iron Key").
	bare := false
	for i, id := range cards {
		bare = bare || len(layout.Itoa(i+1))+1+layout.TextWidth(m.CardName(id)) > colW-1
	}
	focus := ts.Pane() == "cards"
	var b strings.Builder
	b.Grow(perCol * (listW + 1))
	for r := 0; r < perCol; r++ {
		b.WriteString("\n  ")
		for c := 0; c < cols; c++ {
			i := c*perCol + r
			if i >= len(cards) {
				break
			}
			num, name := layout.Itoa(i+1), m.CardName(cards[i])
			if bare {
				// layout.ShortTitle drops the article first, if there is one.
				if short := layout.ShortTitle(name, layout.TextWidth(name)-1, 0); !strings.Contains(short, "…") {
					name = short
				}
			}
			nameW := len(num) + 1 + layout.TextWidth(name)
			if nameW > colW-1 {
				return "" // the columns cut a name: the captions stay alone
			}
			if focus && i == ps.CardCur {
				b.WriteString(m.St.Sel.Render(num + " " + name))
			} else {
				b.WriteString(num)
				b.WriteByte(' ')
				b.WriteString(name)
			}
			if c < cols-1 {
				layout.WriteSpaces(&b, colW-nameW)
			}
		}
	}
	return b.String()
}
