package session

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// ghostScreen is the ghost's screen during the rounds: a column per
// psychic (the card they must find, their vision, their intuition), the
// hand of 7 with its selection, the chat the ghost can only read.
type ghostScreen struct {
	ts *tableState
	ghostCursor
	selected map[game.CardID]bool
	// drop (modern) are the marks on the chosen psychic's old vision, the
	// cards the next gift drops (dropmarks.go).
	drop dropMarks
	// advanceOn is the ghost's accepted gift or reveal whose effect moves
	// the cursor on to the next psychic who needs one, as soon as the view
	// shows that effect. The table's update for it and the submit's answer
	// race each other (the actor publishes before Submit returns, and the
	// pump may deliver first), so both apply and accepted look: whichever
	// comes second moves the cursor. Nil when nothing is waiting.
	advanceOn game.Command
	// note is the ghost's note on the vision it gives next (ghostnote.go).
	note ghostNote
}

// ghostCursor is the ghost screen's own state (part of the frame memo's key).
type ghostCursor struct {
	cardCur int // the hand card under the cursor
	target  int // the psychic column chosen
}

func (g *ghostScreen) panes() []string {
	return []string{i18n.N("hand"), i18n.N("psychics"), i18n.N("chat")}
}

func (g *ghostScreen) clamp() {
	ts := g.ts
	clamp(&g.cardCur, len(ts.ghost.Hand))
	clamp(&g.target, len(ts.pub.Psychics))
	g.drop.clamp()
}

// accepted clears what a successful command consumed.
func (g *ghostScreen) accepted(c game.Command) {
	switch c.(type) {
	case game.GiveVision, game.Discard, game.GiveSharedVision:
		g.selected = map[game.CardID]bool{}
		g.drop.clear()
		// The hand is a new one: the cursor starts it again, or the next
		// space would toggle a card the ghost never looked at.
		g.cardCur = 0
		if gv, ok := c.(game.GiveVision); ok {
			g.note.given(gv)
			g.advanceOn = c
			g.tryAdvance()
		}
	case game.Reveal, game.RevealAll:
		g.advanceOn = c
		g.tryAdvance()
	}
}

// draw is the ghost's screen during rounds: a column per psychic
// (target card, vision so far, intuition), the hand of 7 with its
// selection, the chat it can only read.
func (g *ghostScreen) draw() (body, status string) {
	ts := g.ts
	m := ts.m
	var b strings.Builder
	b.Grow(m.frameHint())
	if ts.large() {
		mark, y := ts.hits.start(&b)
		b.WriteString(g.ghostColumns(m.w))
		ts.hits.shift(mark, 0, y)
		b.WriteByte('\n')
		if pl := ts.pointing.line(m.w); pl != "" {
			b.WriteString(pl)
			b.WriteByte('\n')
		}
		if lh := ts.lastHourLine(); lh != "" {
			b.WriteString(lh)
			b.WriteByte('\n')
		}
		mark, y = ts.hits.start(&b)
		b.WriteString(g.handRow(m.w))
		ts.hits.shift(mark, 0, y)
		b.WriteByte('\n')
		chatH := ts.rowsLeft(b.String())
		b.WriteString(ts.chat.pane(m.w, max(1, chatH)))
	} else {
		ts.writeTabBar(&b)
		b.WriteByte('\n')
		switch ts.pane() {
		case "hand":
			b.WriteString(g.ghostTargetLine(m.w))
			b.WriteByte('\n')
			if ov := g.drop.line(m.w); ov != "" {
				b.WriteString(ov)
				b.WriteByte('\n')
			}
			mark, y := ts.hits.start(&b)
			b.WriteString(g.handList(m.w))
			ts.hits.shift(mark, 0, y)
		case "psychics":
			mark, y := ts.hits.start(&b)
			b.WriteString(g.ghostPsychicsList(m.w))
			ts.hits.shift(mark, 0, y)
			if pl := ts.pointing.line(m.w); pl != "" {
				b.WriteString("\n" + pl)
			}
			if lh := ts.lastHourLine(); lh != "" {
				b.WriteString("\n" + lh)
			}
		case "chat":
			b.WriteString(ts.chat.pane(m.w, m.h-8))
		}
	}
	status = g.ghostStatus()
	if ns := g.note.status(m.w); ns != "" {
		status = ns
	}
	if ds := g.drop.status(); ds != "" {
		status = ds
	}
	return b.String(), status
}

// revealOf is psychic c's revealed result this round, if any.
func (g *ghostScreen) revealOf(c game.Colour) *game.RevealResult {
	ts := g.ts
	for i := range ts.pub.Reveals {
		if ts.pub.Reveals[i].Psychic == c {
			return &ts.pub.Reveals[i]
		}
	}
	return nil
}

// psychicState is a short phrase for a psychic's column or line.
func (g *ghostScreen) psychicState(p *game.PsychicPublic) string {
	ts := g.ts
	st := ts.m.st
	l := ts.m.lang()
	if r := g.revealOf(p.Colour); r != nil {
		if r.Correct {
			return st.ok.Render(l.T("✔ right"))
		}
		return st.bad.Render(l.T("✘ wrong"))
	}
	switch {
	case p.Finished:
		return st.ok.Render(l.T("trail complete"))
	case sendingTo(ts.pub, p.Colour):
		return st.cursor.Render(l.T("vision on its way (u takes it back)"))
	case ts.pub.Phase == game.PhaseVision && waitingVision(ts.pub, p.Colour):
		return st.cursor.Render(l.T("waiting for your vision"))
	case p.Ready:
		return st.ok.Render(l.G(p.Colour.Gender(), "ready"))
	case ts.pub.Phase == game.PhaseVision:
		return l.T("vision given · thinking")
	case ts.pub.Phase == game.PhaseReveal:
		return l.T("to reveal")
	}
	return ""
}

// columnState is psychicState for a column colW wide: the long phrases
// have a short form for narrow columns (5 or 6 psychics at 120 columns),
// which cut them to "vision given · …" and "waiting for your…".
func (g *ghostScreen) columnState(p *game.PsychicPublic, colW int) string {
	s := g.psychicState(p)
	if textWidth(s)+2 <= colW {
		return s
	}
	l := g.ts.m.lang()
	switch {
	case sendingTo(g.ts.pub, p.Colour):
		return g.ts.m.st.cursor.Render(l.T("on its way"))
	case g.ts.pub.Phase == game.PhaseVision && waitingVision(g.ts.pub, p.Colour):
		return g.ts.m.st.cursor.Render(l.T("needs a vision"))
	case g.ts.pub.Phase == game.PhaseVision && !p.Ready && !p.Finished && g.revealOf(p.Colour) == nil:
		return l.T("thinking")
	}
	return s
}

func (g *ghostScreen) ghostColumns(w int) string {
	ts := g.ts
	m := ts.m
	st := m.st
	n := len(ts.pub.Psychics)
	if n == 0 {
		return ""
	}
	colW := min(cardW+2, (w-1)/n-1)
	lay := g.columnsLayout(colW)
	l := m.lang()
	cols := make([]tileParts, 0, n)
	catForm := catHeadForm(l, ts.pub.Psychics, colW)
	for i := range ts.pub.Psychics {
		p := &ts.pub.Psychics[i]
		// A column is text lines (padded to colW) and pictures (indented
		// by 2 and padded without measuring or copying them).
		var col tileParts
		var lines []string
		flush := func() {
			if len(lines) > 0 {
				col = append(col, tilePart{s: block(strings.Join(lines, "\n"), colW)})
				lines = lines[:0]
			}
		}
		head := st.shortLabel(p.Colour)
		if cat := catHead(l, p.Category, catForm); cat != "" {
			head += " · " + cat
		}
		if p.Finished {
			head = st.shortLabel(p.Colour) + " · " + st.ok.Render(l.G(p.Colour.Gender(), "done"))
		}
		if i == g.target {
			head = st.cursor.Render("▸ ") + head
		} else {
			head = "  " + head
		}
		lines = append(lines, cut(head, colW))
		if lay.player {
			if pn := ts.seats.name(p.Colour); pn != "" {
				lines = append(lines, st.dim.Render(cut("  "+pn, colW)))
			} else {
				lines = append(lines, "")
			}
		}
		target := ts.trailCard(p.Colour, p.Category)
		if !p.Finished && target != "" {
			flush()
			col = append(col, tilePart{s: m.tiles().tile(target, lay.target.w, lay.target.h), left: 2, right: colW - 2 - lay.target.w})
			find := l.T("  must find ")
			if colW < 26 {
				find = l.T("  find ") // narrow columns: the title gets the room
			}
			lines = append(lines, find+st.bold.Render(shortTitle(m.cardName(target), colW-len(find), 0)))
		} else {
			for k := 0; k < lay.target.h+1; k++ {
				lines = append(lines, "")
			}
		}
		lines = append(lines, g.visionLines(p, i, colW, lay.vision)...)
		in := l.T("  intuition: ") + st.dim.Render(l.T("none"))
		if textWidth(in) > colW {
			in = st.dim.Render(l.T("  no intuition")) // French's "intuition : aucune" in 6 columns
		}
		if p.Intuition != "" {
			// The card's name and the clairvoyance tokens on it, neither
			// cut: the label gives way first, then the tokens are counted.
			name := m.cardName(p.Intuition)
			label, toks := intuitionLabel(l, st, p.TokensOn, colW, textWidth(shortTitle(name, 1<<10, 0)))
			in = label + shortTitle(name, max(1, colW-textWidth(label)-textWidth(toks)), 0) + toks
		}
		lines = append(lines, cut(in, colW))
		lines = append(lines, cut("  "+g.columnState(p, colW), colW))
		if ts.pub.Clairvoyance {
			track := l.F("  track %d · level %d", p.Track, p.Level)
			if textWidth(track) > colW {
				track = l.F("  track %d · L%d", p.Track, p.Level)
			}
			lines = append(lines, st.dim.Render(cut(track, colW)))
		}
		flush()
		cols = append(cols, col)
	}
	var b strings.Builder
	writeTileRowAt(&b, 0, 1, colW, cols, ts.hits.placer(hitPsychic, 0, 0))
	return b.String()
}

// visionLines are a column's lines for psychic p's vision: its cards as
// small pictures (as many as the column holds, and how many more), or
// their ids when the rows are short. The cards marked to drop are struck
// (✗) and the marking's cursor shows (▸) on the ids, which the label
// gives above the pictures while there are marks.
func (g *ghostScreen) visionLines(p *game.PsychicPublic, i, colW int, pictures bool) []string {
	st := g.ts.m.st
	m := g.ts.m
	l := m.lang()
	if len(p.Vision) == 0 {
		out := []string{l.T("  vision: ") + st.dim.Render("—")}
		if pictures {
			for k := 0; k < miniH; k++ {
				out = append(out, "")
			}
		}
		return out
	}
	var ids []string
	for k, c := range p.Vision {
		s := string(c)
		if g.drop.cards[c] && i == g.target {
			s = st.bad.Render(s + "✗")
		}
		if g.drop.on && i == g.target && k == g.drop.cur {
			s = st.cursor.Render("▸") + st.sel.Render(s)
		}
		ids = append(ids, s)
	}
	if !pictures {
		return []string{cut(l.T("  vision: ")+strings.Join(ids, " "), colW)}
	}
	slots := max(1, (colW-2)/(miniW+1))
	shown := min(slots, len(p.Vision))
	label := l.F("  vision: %d cards", len(p.Vision))
	if shown < len(p.Vision) {
		// Say that more cards are given than the column shows.
		label = l.F("  vision: %d cards (first %d shown)", len(p.Vision), shown)
		if textWidth(label) > colW {
			label = l.F("  vision: %d of %d shown", shown, len(p.Vision))
		}
		if textWidth(label) > colW {
			label = l.F("  %d of %d cards shown", shown, len(p.Vision))
		}
		if textWidth(label) > colW {
			label = l.F("  %d/%d cards shown", shown, len(p.Vision))
		}
	}
	if i == g.target && (g.drop.on || g.drop.count() > 0) {
		// The pictures show no marks: while the ghost marks old cards to
		// drop, or has marked some, the label names the cards with them.
		label = l.T("  vision: ") + strings.Join(ids, " ")
	}
	tiles := make([]string, 0, shown)
	for _, c := range p.Vision[:shown] {
		tiles = append(tiles, m.tiles().tile(c, miniW, miniH))
	}
	out := []string{cut(label, colW)}
	return append(out, strings.Split(tileRow(2, 1, miniW, tiles), "\n")...)
}

// columnsLayout is what the ghost's columns hold at this height: the
// target's picture as large as the rows allow, the visions as pictures
// when they fit, the player's name when a row is left for it.
type columnsLayout struct {
	target tileSize
	vision bool
	player bool
}

// ghostLayouts are the ghost's column layouts, roomiest first: the target
// at every size from the card down (a big terminal's six columns hold a
// size between card and thumbnail), then without the player's name, then
// small pictures, then no vision pictures.
var ghostLayouts = func() []columnsLayout {
	var out []columnsLayout
	for _, s := range bigSizes {
		out = append(out, columnsLayout{s, true, true})
	}
	return append(out, columnsLayout{sizeThumb, true, false}, columnsLayout{sizeMini, true, true},
		columnsLayout{sizeMini, true, false}, columnsLayout{sizeThumb, false, true})
}()

func (g *ghostScreen) columnsLayout(colW int) columnsLayout {
	ts := g.ts
	// Below the columns: the last hour, the hand and its caption, the chat.
	rows := layoutRows(ts.m.h, "") - 1 - (1 + thumbH + 1) - chatMinRows
	text := 5 // head, must find, intuition, state, the vision's label
	if ts.pub.Clairvoyance {
		text++
	}
	for _, l := range ghostLayouts {
		need := text + l.target.h
		if l.vision {
			need += miniH
		}
		if l.player {
			need++
		}
		if need <= rows && colW >= l.target.w+2 {
			return l
		}
	}
	return columnsLayout{sizeMini, false, false}
}

// handRow is the ghost's hand as pictures, the selection marked.
func (g *ghostScreen) handRow(w int) string {
	ts := g.ts
	m := ts.m
	st := m.st
	hand := ts.ghost.Hand
	slots := thumbSlots(w)
	from, to := window(len(hand), slots, g.cardCur)
	title := m.lang().F("─ your hand (%d selected) ", len(g.selection()))
	if from > 0 || to < len(hand) {
		// A narrow window shows part of the hand: say so, or the ghost
		// would not know the other cards exist.
		title = m.lang().F("─ your hand (%d selected) · cards %d-%d of %d, ←→ scrolls ", len(g.selection()), from+1, to, len(hand))
	}
	var b strings.Builder
	b.WriteString(st.rule.Render(title + strings.Repeat("─", max(0, w-len([]rune(title))))))
	b.WriteString("\n")
	tiles := make([]tileParts, 0, to-from)
	blank := pad("", thumbW)
	for i := from; i < to; i++ {
		id := hand[i]
		tile := m.tiles().captionedTile(id, thumbW, thumbH, itoa(i+1)+" "+string(id), "", i == g.cardCur, g.selected[id])
		// No blank last line (the caption never is one; kept as drawn before).
		if n := len(tile); n > 1 && tile[n-1].s == blank {
			tile = tile[:n-1]
		}
		tiles = append(tiles, tile)
	}
	if len(tiles) == 0 {
		b.WriteString(st.dim.Render(m.lang().T("  (your hand is empty)")))
	} else {
		writeTileRowAt(&b, 1, 1, thumbW, tiles, ts.hits.placer(hitHandCard, from, 1))
	}
	return b.String()
}

// ghostTargetLine says who the ghost is about to give to and what they seek.
func (g *ghostScreen) ghostTargetLine(w int) string {
	ts := g.ts
	m := ts.m
	p := g.ghostTarget()
	if p == nil {
		return ""
	}
	l := m.lang()
	s := l.F(" To %s: ", ts.m.st.shortLabel(p.Colour))
	if p.Finished {
		s += l.T("trail complete")
	} else {
		s += l.F("must find %s (%s)", m.st.bold.Render(m.cardName(ts.trailCard(p.Colour, p.Category))), catLower(l, p.Category))
	}
	s += " · " + g.psychicState(p)
	return m.cut(s, w)
}

// handList is the small layout's hand: a list beside the cursor card's picture.
func (g *ghostScreen) handList(w int) string {
	ts := g.ts
	m := ts.m
	st := m.st
	hand := ts.ghost.Hand
	listW := w - thumbW - 4
	var lines []string
	lines = append(lines, st.section.Render(m.lang().F(" YOUR HAND (%d selected)", len(g.selection()))))
	for i, id := range hand {
		mark := "  "
		if g.selected[id] {
			mark = st.cursor.Render("● ")
		}
		text := fmt.Sprintf("%d %s %s", i+1, id, m.cards.alt(id, m.lang()))
		ts.hits.line(hitHandCard, i, 0, len(lines), listW)
		if i == g.cardCur {
			lines = append(lines, st.cursor.Render("▸")+mark+st.sel.Render(m.cut(text, listW-4)))
		} else {
			lines = append(lines, " "+mark+m.cut(text, listW-4))
		}
	}
	left := block(strings.Join(lines, "\n"), listW)
	if old := g.drop.old(); g.drop.on && g.drop.cur < len(old) {
		// Marking old cards to drop: the picture is the old card's.
		return besideTile(2, left, listW, m.tiles().tile(old[g.drop.cur], thumbW, thumbH))
	}
	if g.cardCur < len(hand) {
		return besideTile(2, left, listW, m.tiles().tile(hand[g.cardCur], thumbW, thumbH))
	}
	return left
}

// ghostPsychicsList is the small layout's psychics pane for the ghost.
func (g *ghostScreen) ghostPsychicsList(w int) string {
	ts := g.ts
	m := ts.m
	st := m.st
	listW := w - thumbW - 4
	l := m.lang()
	var lines []string
	lines = append(lines, st.section.Render(l.T(" PSYCHICS")))
	for i := range ts.pub.Psychics {
		p := &ts.pub.Psychics[i]
		cur := "  "
		if i == g.target {
			cur = st.cursor.Render("▸ ")
		}
		ts.hits.add(hitPsychic, i, rect{y: len(lines), w: listW, h: 2})
		lines = append(lines, cur+m.cut(ts.m.st.shortLabel(p.Colour)+" · "+catLower(l, p.Category)+" · "+g.psychicState(p), listW-2))
		target := ts.trailCard(p.Colour, p.Category)
		detail := "    "
		if !p.Finished {
			detail += l.F("finds %s · ", m.cardName(target))
		}
		detail += l.F("%d vision cards", len(p.Vision))
		if p.Intuition != "" {
			detail += l.F(" · on %s", m.cardName(p.Intuition))
		}
		lines = append(lines, st.dim.Render(m.cut(detail, listW-2)))
	}
	left := block(strings.Join(lines, "\n"), listW)
	if p := g.ghostTarget(); p != nil && !p.Finished {
		if id := ts.trailCard(p.Colour, p.Category); id != "" {
			return besideTile(2, left, listW, m.tiles().tile(id, thumbW, thumbH))
		}
	}
	return left
}

// ghostStatus says what the ghost must do now.
func (g *ghostScreen) ghostStatus() string {
	ts := g.ts
	p := ts.pub
	l := ts.m.lang()
	sel := len(g.selection())
	switch p.Phase {
	case game.PhaseVision:
		// A vision on its way: u takes it back. The ghost may give the
		// next one meanwhile (which lets it arrive first).
		held := ""
		if gv := ts.ghost; gv != nil && gv.CanTakeBack {
			held = gv.TakeBackFrom.Symbol() + " " + firstName(gv.TakeBackFrom)
		}
		if t := g.ghostTarget(); t != nil && waitingVision(ts.pub, t.Colour) {
			give := l.F("Give %s %s a vision (%d selected).", t.Colour.Symbol(), t.Colour.Character(), sel)
			if held != "" {
				give = strings.TrimSuffix(give, ".") + l.F(" · u takes back %s's.", held)
			}
			return give
		}
		if held != "" {
			return l.F("Your vision is on its way to %s: u takes it back before it arrives.", held)
		}
		if len(p.WaitingVisions) > 0 {
			var names []string
			for _, c := range p.WaitingVisions {
				if waitingVision(p, c) {
					names = append(names, c.Symbol()+" "+firstName(c))
				}
			}
			return l.F("Choose a psychic who still needs a vision (↑↓): %s.", strings.Join(names, ", "))
		}
		return l.F("Waiting for %s.", waitingReady(l, ts.pub))
	case game.PhaseReveal:
		return l.T("Reveal the results: ↑↓ a psychic and r, or a for all in seat order.")
	}
	return phaseSentence(l, ts.pub)
}

// selectionMask is what the drawing reads of the ghost's selection maps:
// which hand cards (by position) are selected, and which cards of the
// chosen psychic's vision are marked to drop. A card outside those lists
// is never drawn from the maps.
func (g *ghostScreen) selectionMask() (selected, dropped uint64) {
	ts := g.ts
	if ts.ghost == nil {
		return 0, 0
	}
	for i, id := range ts.ghost.Hand {
		if i < 64 && g.selected[id] {
			selected |= 1 << i
		}
	}
	return selected, g.drop.mask()
}

func (g *ghostScreen) ghostTarget() *game.PsychicPublic {
	ts := g.ts
	if ts.pub == nil || g.target >= len(ts.pub.Psychics) {
		return nil
	}
	return &ts.pub.Psychics[g.target]
}

// selection is the selected hand cards in hand order.
func (g *ghostScreen) selection() []game.CardID {
	ts := g.ts
	var out []game.CardID
	if ts.ghost == nil {
		return nil
	}
	for _, c := range ts.ghost.Hand {
		if g.selected[c] {
			out = append(out, c)
		}
	}
	return out
}

func (g *ghostScreen) give() tea.Cmd {
	ts := g.ts
	p := g.ghostTarget()
	sel := g.selection()
	if p == nil {
		return nil
	}
	if len(sel) == 0 && g.cardCur < len(ts.ghost.Hand) {
		// Nothing selected: give the card under the cursor.
		sel = []game.CardID{ts.ghost.Hand[g.cardCur]}
	}
	var drop []game.CardID
	for _, c := range p.Vision {
		if g.drop.cards[c] {
			drop = append(drop, c)
		}
	}
	l := ts.m.lang()
	what := l.F("Gave %s %d cards.", p.Colour.Character(), len(sel))
	if len(drop) > 0 {
		what = l.F("Gave %s %d cards, %d old dropped.", p.Colour.Character(), len(sel), len(drop))
	}
	note := g.note.text()
	if note != "" {
		what = strings.TrimSuffix(what, ".") + l.T(", with your note.")
	}
	what += l.T(" (u takes it back before it arrives.)")
	return ts.out.submit(game.GiveVision{To: p.Colour, Cards: sel, Drop: drop, Note: note}, what)
}

func (g *ghostScreen) askDiscard() tea.Cmd {
	ts := g.ts
	gv := ts.ghost
	sel := g.selection()
	l := ts.m.lang()
	switch gv.DiscardKind {
	case game.DiscardWholeHand:
		ts.m.setFlash(l.T("Throw away your whole hand and draw 7 new cards? y/n"), false)
	default:
		if len(sel) == 0 {
			ts.m.setFlash(l.T("Select the cards to discard with space first."), true)
			return nil
		}
		word := l.T("a crow")
		if gv.DiscardKind == game.DiscardCandle {
			word = l.T("a candle")
		}
		ts.m.setFlash(l.F("Discard %d cards with %s (%s)? y/n", len(sel), word, discardText(l, ts.pub, true)), false)
	}
	ts.confirm = "discard"
	return nil
}

func (g *ghostScreen) discard() tea.Cmd {
	ts := g.ts
	if ts.ghost == nil {
		return nil
	}
	if ts.ghost.DiscardKind == game.DiscardWholeHand {
		return ts.out.submit(game.Discard{}, ts.m.lang().T("You drew a new hand."))
	}
	sel := g.selection()
	return ts.out.submit(game.Discard{Cards: sel}, ts.m.lang().F("Discarded %d cards.", len(sel)))
}

// pruneSelection drops selected cards that are no longer in the hand.
func (g *ghostScreen) pruneSelection() {
	ts := g.ts
	if ts.ghost == nil {
		return
	}
	in := map[game.CardID]bool{}
	for _, c := range ts.ghost.Hand {
		in[c] = true
	}
	for c := range g.selected {
		if !in[c] {
			delete(g.selected, c)
		}
	}
}

// tryAdvance moves the ghost's cursor on (advanceTarget) once the view
// shows the effect of the accepted gift or reveal in advanceOn; until then
// it waits for the next update.
func (g *ghostScreen) tryAdvance() {
	ts := g.ts
	if g.advanceOn == nil || ts.ghost == nil || ts.pub == nil {
		return
	}
	if !g.shows(g.advanceOn) {
		return
	}
	g.advanceOn = nil
	g.advanceTarget()
}

// shows reports whether the current view already holds the effect of the
// accepted command c: the psychic no longer waits for that vision or that
// reveal, or the step is over.
func (g *ghostScreen) shows(c game.Command) bool {
	ts := g.ts
	p := ts.pub
	switch c := c.(type) {
	case game.GiveVision:
		return p.Phase != game.PhaseVision || !waitingVision(ts.pub, c.To)
	case game.Reveal:
		pp := p.Psychic(c.Psychic)
		return p.Phase != game.PhaseReveal || pp == nil || !pp.ToReveal
	case game.RevealAll:
		return p.Phase != game.PhaseReveal
	}
	return true
}

// advanceTarget puts the ghost's cursor on the first psychic still waiting
// for a vision (step 1) or a reveal (step 2), if the current one is done.
func (g *ghostScreen) advanceTarget() {
	ts := g.ts
	p := ts.pub
	needs := func(c game.Colour) bool {
		switch p.Phase {
		case game.PhaseVision:
			return waitingVision(ts.pub, c)
		case game.PhaseReveal:
			pp := p.Psychic(c)
			return pp != nil && pp.ToReveal
		}
		return false
	}
	if t := g.ghostTarget(); t != nil && needs(t.Colour) {
		return
	}
	for i, pp := range p.Psychics {
		if needs(pp.Colour) {
			g.target = i
			return
		}
	}
}

// keys is the ghost's key map during the rounds.
func (g *ghostScreen) keys() keyMap {
	ts := g.ts
	gv := ts.ghost
	vision := gv.Phase == game.PhaseVision
	reveal := gv.Phase == game.PhaseReveal
	modern := gv.Edition == game.Modern
	return keyMap{
		bind([]string{"left", "h"}, "←→", i18n.N("card"), i18n.N("move in your hand"), func() tea.Cmd {
			move(&g.cardCur, -1, len(gv.Hand))
			return nil
		}).when(vision),
		bind([]string{"right", "l"}, "", "", "", func() tea.Cmd {
			move(&g.cardCur, 1, len(gv.Hand))
			return nil
		}).when(vision),
		bind([]string{" "}, "space", i18n.N("select"), i18n.N("select / unselect a card"), func() tea.Cmd {
			g.toggle(g.cardCur)
			return nil
		}).when(vision),
		bind([]string{"up", "k"}, "↑↓", i18n.N("psychic"), i18n.N("choose a psychic"), func() tea.Cmd {
			// The ghost's own choice wins over a pending move.
			g.advanceOn = nil
			move(&g.target, -1, len(gv.Psychics))
			return nil
		}),
		bind([]string{"down", "j"}, "", "", "", func() tea.Cmd {
			g.advanceOn = nil
			move(&g.target, 1, len(gv.Psychics))
			return nil
		}),
		bind([]string{"g"}, "g", i18n.N("give"), i18n.N("give the selection (or the card under the cursor) as a vision"), g.give).when(vision),
		bind([]string{"w"}, "w", i18n.N("note"), i18n.N("write a note on the vision you give next (why you chose it): only you read it until the end, then everybody does in the replay; enter gives the vision with it"), g.note.open).when(vision),
		bind([]string{"d"}, "d", i18n.N("drop old cards"), i18n.N("choose cards of a failed psychic's old vision to drop: all marked, ←→ and space keep some, g gives"), g.drop.start).when(vision && modern),
		bind([]string{"x"}, "x", discardWord(gv.DiscardKind), discardHelp(gv.DiscardKind), g.askDiscard).when(vision),
		bind([]string{"r"}, "r", i18n.N("reveal this one"), i18n.N("reveal the chosen psychic's result"), func() tea.Cmd {
			if p := g.ghostTarget(); p != nil {
				return ts.out.submit(game.Reveal{Psychic: p.Colour}, "")
			}
			return nil
		}).when(reveal),
		bind([]string{"a"}, "a", i18n.N("reveal all in seat order"), i18n.N("reveal every result, in seat order"), func() tea.Cmd {
			return ts.out.submit(game.RevealAll{}, "")
		}).when(reveal),
		bind([]string{"enter"}, "enter", i18n.N("zoom"), i18n.N("zoom the card under the cursor"), func() tea.Cmd {
			if ts.pane() == "psychics" || !vision {
				return g.zoomTarget()
			}
			if g.cardCur < len(gv.Hand) {
				ts.zoom.on(gv.Hand[g.cardCur], gv.Hand)
			}
			return nil
		}),
		bind([]string{"f"}, "f", i18n.N("zoom target"), i18n.N("zoom the card the chosen psychic must find"), g.zoomTarget),
	}
}

// toggle selects or unselects the hand card at i.
func (g *ghostScreen) toggle(i int) {
	hand := g.ts.ghost.Hand
	if i >= len(hand) {
		return
	}
	if id := hand[i]; g.selected[id] {
		delete(g.selected, id)
	} else {
		g.selected[id] = true
	}
}

func (g *ghostScreen) zoomTarget() tea.Cmd {
	if p := g.ghostTarget(); p != nil {
		g.ts.zoom.on(g.ts.trailCard(p.Colour, p.Category), nil)
	}
	return nil
}

func (g *ghostScreen) title() string { return i18n.N("GHOST") }

// How a ghost's column names its psychic's category, the same for every
// column so that one short name does not make its column read unlike the
// others: the word, its first four letters ("obje."), or nothing (the
// card to find, drawn below, says it too).
const (
	catWhole = iota
	catShort
	catNone
)

// catHeadForm is the widest category form every column's head fits in colW.
func catHeadForm(l i18n.Lang, ps []game.PsychicPublic, colW int) int {
	for form := catWhole; form < catNone; form++ {
		fits := true
		for _, p := range ps {
			if textWidth(p.Colour.Symbol()+" "+firstName(p.Colour)+" · "+catHead(l, p.Category, form))+2 > colW {
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
		return catWord(l, c)
	case catShort:
		r := []rune(catWord(l, c))
		return strings.ToLower(string(r[:min(4, len(r))])) + "."
	}
	return ""
}
