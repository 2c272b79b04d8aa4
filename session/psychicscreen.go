package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// psychicScreen is a psychic's screen during the rounds, and read-only a
// spectator's: the table cards of the category being guessed with every
// intuition on them, all visions (own first), clairvoyance, chat.
type psychicScreen struct {
	ts *tableState
	psychicCursor
	// keyMemo is the key map built last (psychickeys.go).
	keyMemo mapMemo[psychicKeysIn]
}

// psychicCursor is the psychic screen's own state (part of the frame
// memo's key).
type psychicCursor struct {
	cardCur int // the table card under the cursor
	visCur  int // the vision card under the cursor (psychics pane)
	// target is the chosen psychic, as an index in the table's list: the
	// token target and the vision shown.
	target int
	active int // which of the player's colours acts (two in small games)
	follow int // spectator: whose view of the table cards is shown
}

func (ps *psychicScreen) panes() []string { return psychicPanes }

// psychicPanes are the psychic's panes, one list shared read-only (a
// frame asks for them several times).
var psychicPanes = []string{i18n.N("cards"), i18n.N("psychics"), i18n.N("chat")}

func (ps *psychicScreen) clamp() {
	ts := ps.ts
	clamp(&ps.cardCur, len(ps.tableCards()))
	clamp(&ps.target, len(ts.pub.Psychics))
	if ts.psy != nil {
		clamp(&ps.active, len(ts.psy.Colours))
	}
	clamp(&ps.follow, len(ts.pub.Psychics))
}

// enter puts the cursor on the player's own psychic ("own first").
func (ps *psychicScreen) enter() {
	ts := ps.ts
	if c, ok := ps.myColour(); ok {
		for i, p := range ts.pub.Psychics {
			if p.Colour == c {
				ps.target = i
			}
		}
	}
}

// draw is the psychic's (and, read-only, the spectator's) screen
// during rounds: the table cards of the category being guessed with every
// intuition on them, all visions (own first), clairvoyance, chat.
func (ps *psychicScreen) draw() (body, status string) {
	ts := ps.ts
	m := ts.m
	var b strings.Builder
	b.Grow(m.frameHint())
	b.WriteString(ps.youLine())
	b.WriteByte('\n')
	large := ts.large()
	if m.portrait() {
		psychicPortrait{ps}.draw(&b)
	} else if large {
		lay := ps.layout()
		roomy := lay.spare >= 2
		if roomy {
			b.WriteString("\n")
		}
		mark, y := ts.hits.start(&b)
		row, cutNames := ps.cardsRow(m.w, lay)
		b.WriteString(row)
		ts.hits.shift(mark, 0, y)
		b.WriteByte('\n')
		if nl := ts.note.view(ps.cursorCard(), m.w); nl != "" {
			b.WriteString(nl)
			b.WriteByte('\n')
		}
		if roomy {
			b.WriteString("\n")
		}
		mark, y = ts.hits.start(&b)
		b.WriteString(ps.psychicsBlock(m.w, true, lay.vision, cutNames))
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
	} else {
		ts.writeTabBar(&b)
		b.WriteByte('\n')
		switch ts.pane() {
		case "cards":
			mark, y := ts.hits.start(&b)
			b.WriteString(ps.cardsList(m.w))
			ts.hits.shift(mark, 0, y)
			if nl := ts.note.view(ps.cursorCard(), m.w); nl != "" {
				b.WriteString("\n" + nl)
			}
		case "psychics":
			mark, y := ts.hits.start(&b)
			b.WriteString(ps.psychicsBlock(m.w, false, layout.SizeThumb, false))
			ts.hits.shift(mark, 0, y)
			if nl := ts.note.view(ps.cursorCard(), m.w); nl != "" {
				b.WriteString("\n" + nl)
			}
			if cl := ps.clairvoyanceLine(); cl != "" {
				b.WriteString("\n" + cl)
			}
			if lh := ts.lastHourLine(); lh != "" {
				b.WriteString("\n" + lh)
			}
		case "chat":
			b.WriteString(ts.chat.pane(m.w, m.h-10))
		}
	}
	status = ps.psychicStatus()
	if ts.chat.on {
		status = m.lang().T("Type your message and press enter (esc to stop typing).")
	}
	if ts.note.on {
		status = m.lang().T("Type your note and press enter (only you see it until the game is over; esc drops it).")
	}
	return b.String(), status
}

// youLine says who this player is and what they look for.
func (ps *psychicScreen) youLine() string {
	ts := ps.ts
	m := ts.m
	st := m.st
	p := ps.viewpoint()
	if p == nil {
		return ""
	}
	if m.portrait() {
		return psychicPortrait{ps}.youLines(p)
	}
	l := m.lang()
	var left string
	if ts.psy == nil {
		following := ts.m.st.PsychicLabel(p.Colour)
		var variants [2]string
		if p.Finished {
			variants = [2]string{
				l.F(" You are watching. Following %s: trail complete.", following),
				l.F(" Following %s: trail complete.", following),
			}
		} else {
			cat, art := st.Bold.Render(words.CatWord(l, p.Category)), words.CatArticle(l, p.Category)
			variants = [2]string{
				l.F(" You are watching. Following %s: looking for %s %s.", following, art, cat),
				l.F(" Following %s: looking for %s %s.", following, art, cat),
			}
		}
		// At 80 columns the long sentence cut the trail to "trail:…":
		// "You are watching" goes first (the status line says so too).
		left = variants[1]
		if layout.TextWidth(variants[0])+layout.TextWidth(ps.trailText(p, false))+3 <= m.w {
			left = variants[0]
		}
		return ps.spreadTrail(p, left)
	}
	// The sentence gets shorter, part by part, until the trail fits
	// beside it: a two-colour psychic's reminder of c is the longest.
	two := len(ts.psy.Colours) > 1
	task := l.F(" Find your %s.", st.Bold.Render(words.CatWord(l, p.Category)))
	shortTask := task
	if p.Finished {
		task, shortTask = l.T(" Your trail is complete: help the others."), l.T(" Trail complete.")
	}
	who := l.F(" You are %s", ts.m.st.PsychicLabel(p.Colour))
	colour := " (" + colourWord(l, p.Colour) + ")."
	variants := []string{who + colour + task, who + "." + task, who + "." + shortTask}
	if two {
		switchColour, switchShort := st.Dim.Render(l.T(" (c: switch colour)")), st.Dim.Render(l.T(" (c: switch)"))
		variants = []string{
			who + colour + task + switchColour,
			who + "." + task + switchColour,
			who + "." + task + switchShort,
			who + "." + shortTask + switchShort,
		}
	}
	short := ps.trailText(p, false)
	for _, left := range variants {
		if layout.TextWidth(left)+layout.TextWidth(short)+3 <= m.w {
			return ps.spreadTrail(p, left)
		}
	}
	return ps.spreadTrail(p, variants[len(variants)-1])
}

// spreadTrail puts the trail at the right of the you-line: with the found
// cards' names when they fit, else with ✔ marks.
func (ps *psychicScreen) spreadTrail(p *game.PsychicPublic, left string) string {
	ts := ps.ts
	m := ts.m
	trail := ps.trailText(p, true)
	if layout.TextWidth(left)+layout.TextWidth(trail)+3 > m.w {
		trail = ps.trailText(p, false)
	}
	return m.spread(left, trail+" ", m.w)
}

// trailText is the psychic's progress: found cards by name (or just ✔
// when names do not fit), "?" for the rest.
func (ps *psychicScreen) trailText(p *game.PsychicPublic, names bool) string {
	ts := ps.ts
	m := ts.m
	parts := make([]string, 0, 3)
	for _, cat := range ts.pub.Order {
		found := ""
		for _, f := range p.Found {
			if f.Category == cat {
				found = m.cardName(f.Card)
			}
		}
		if found != "" && !names {
			parts = append(parts, m.st.OK.Render("✔"))
		} else if found != "" {
			parts = append(parts, m.st.OK.Render("✔ ")+layout.Cut(found, 18))
		} else {
			parts = append(parts, m.st.Dim.Render("?"))
		}
	}
	return m.lang().T("trail: ") + strings.Join(parts, " · ")
}

// intuitionsOn lists the psychics whose intuition is on card.
func (ps *psychicScreen) intuitionsOn(card game.CardID) []game.Colour {
	ts := ps.ts
	var out []game.Colour
	for _, p := range ts.pub.Psychics {
		if p.Intuition == card && card != "" {
			out = append(out, p.Colour)
		}
	}
	return out
}

func (ps *psychicScreen) marksFor(card game.CardID) string {
	ts := ps.ts
	var parts []string
	for _, c := range ps.intuitionsOn(card) {
		s := ts.m.st.Sym(c)
		if ts.seats.mine(c) {
			s += ts.m.lang().T("(you)")
		}
		parts = append(parts, s)
	}
	if nm := ts.note.marks(card); nm != "" {
		parts = append(parts, nm)
	}
	if pb := ts.pointing.by(card); pb != "" {
		parts = append(parts, pb)
	}
	return strings.Join(parts, " ")
}

// cardsRow is the large layout's row of table cards with captions and marks.
func (ps *psychicScreen) cardsRow(w int, lay psychicLayout) (row string, cutNames bool) {
	ts := ps.ts
	m := ts.m
	st := m.st
	p := ps.shown()
	cards := ps.tableCards()
	cat := game.Character
	if p != nil {
		cat = p.Category
	}
	title := m.lang().F(" %s ON THE TABLE", words.CatPlural(m.lang(), cat))
	if me := ps.viewpoint(); me != nil && p != nil && me != p {
		// A finished psychic helps another: say whose cards these are.
		title += st.Dim.Render(m.lang().T(" (for ")) + st.ShortLabel(p.Colour) + st.Dim.Render(")")
	}
	focus := ts.pane() == "cards"
	head := st.Section.Render(title)
	if focus {
		head += st.Cursor.Render(m.lang().T("  ◂ focus"))
	}
	if len(cards) == 0 {
		return head + "\n" + st.Dim.Render(m.lang().T("  (no cards)")), false
	}
	fit := lay.cards
	from, to := window(len(cards), fit.PerRow*fit.Rows, ps.cardCur)
	var b strings.Builder
	b.WriteString(head)
	if from > 0 || to < len(cards) {
		b.WriteString(st.Dim.Render(m.lang().F("   cards %d-%d of %d, ←→ scrolls", from+1, to, len(cards))))
	}
	titles := ps.cardTitles(cards, fit.Size.W)
	for _, t := range titles {
		// A leading "The" dropped cuts nothing; an ellipsis does.
		cutNames = cutNames || strings.Contains(t, "…")
	}
	for row := from; row < to; row += fit.PerRow {
		tiles := make([]layout.TileParts, 0, fit.PerRow)
		for i := row; i < min(to, row+fit.PerRow); i++ {
			id := cards[i]
			title := titles[i]
			if ts.note.of(id).Out {
				title = "✗ " + title // ruled out, for this psychic alone
			}
			tiles = append(tiles, m.tiles().CaptionedTile(id, fit.Size.W, fit.Size.H, title, ps.marksFor(id), focus && i == ps.cardCur, false))
		}
		b.WriteByte('\n')
		_, y := ts.hits.start(&b)
		layout.WriteTileRowAt(&b, 1, 1, fit.Size.W, tiles, ts.hits.placer(hitTableCard, row, y))
	}
	return b.String(), cutNames
}

// cardTitles are the table cards' captions in w cells: the number, then
// a short form of the title that no other card's caption shares.
func (ps *psychicScreen) cardTitles(cards []game.CardID, w int) []string {
	m := ps.ts.m
	names := make([]string, len(cards))
	for i, id := range cards {
		names[i] = m.cardName(id)
	}
	short := layout.ShortTitles(names, max(1, w-len(layout.Itoa(len(cards)))-1))
	for i := range short {
		short[i] = layout.Itoa(i+1) + " " + short[i]
	}
	return short
}

// psychicLayout is how the large psychic screen shares its rows: the
// table's cards, the size of the chosen psychic's vision, and the rows
// left over for blank lines.
type psychicLayout struct {
	cards  layout.CardsFit
	vision layout.TileSize
	spare  int
}

// layout chooses the sizes of the large psychic screen from the space
// there is: every table card on screen (wrapping to a second row before
// shrinking), the vision as large as the rows allow, the chat at least
// chatMinRows. Drawn per frame from the window and the table's view.
func (ps *psychicScreen) layout() psychicLayout {
	ts := ps.ts
	m := ts.m
	n := len(ps.tableCards())
	longest := 0
	for _, p := range ts.pub.Psychics {
		longest = max(longest, len(p.Vision))
	}
	fixed := 1 + 1 + chatMinRows // the you-line, the cards' heading, the chat
	if ts.pub.Clairvoyance {
		fixed += 2
	}
	if ts.lastHourLine() != "" {
		fixed++
	}
	body := layoutRows(m.h, "")
	listH := 1 + len(ts.pub.Psychics)
	room := m.w - min(70, m.w/2) - 2
	for _, sizes := range [][]layout.TileSize{layout.BigSizes, append(layout.BigSizes[:len(layout.BigSizes):len(layout.BigSizes)], layout.SizeMini)} {
		for _, vs := range append(layout.BigSizes[:len(layout.BigSizes):len(layout.BigSizes)], layout.SizeMini) {
			if vs != layout.SizeMini && longest*(vs.W+1) > room {
				continue
			}
			block := max(listH, 1+vs.H+1)
			fit, all := layout.FitCards(n, m.w, body-fixed-block, sizes...)
			if all {
				return psychicLayout{cards: fit, vision: vs, spare: body - fixed - block - fit.Height()}
			}
		}
	}
	block := max(listH, 1+layout.MiniH+1)
	fit, _ := layout.FitCards(n, m.w, body-fixed-block, layout.SizeMini)
	return psychicLayout{cards: fit, vision: layout.SizeMini}
}

// visionHeadW is the least room the large layout leaves beside the
// psychics' list for the vision's heading ("Vision of ◆ Madam Wang").
const visionHeadW = 40

// maxListW is the widest the psychics' list grows: its longest line, with
// the player, the track, an intuition's title and five tokens, whole.
const maxListW = 100

// chatMinRows is the least chat a large screen keeps: its rule, a line
// said and the line to write in.
const chatMinRows = 3

// cardsList is the small layout's list of table cards beside a picture of
// the card under the cursor.
func (ps *psychicScreen) cardsList(w int) string {
	ts := ps.ts
	m := ts.m
	st := m.st
	p := ps.shown()
	cards := ps.tableCards()
	if p == nil {
		return ""
	}
	listW := w - layout.ThumbW - 4
	var lines []string
	lines = append(lines, st.Section.Render(m.lang().F(" %s ON THE TABLE", words.CatPlural(m.lang(), p.Category))))
	rows := m.h - 10
	from, to := window(len(cards), rows, ps.cardCur)
	for i := from; i < to; i++ {
		id := cards[i]
		num := layout.Itoa(i + 1)
		if len(num) < 2 {
			num = " " + num // %2d
		}
		name := layout.Pad(num+" "+m.cardName(id), 24) // exactly 24 cells
		if ts.note.of(id).Out && i != ps.cardCur {
			name = st.Dim.Render(name) // ruled out: dimmed for its psychic
		}
		ts.hits.line(hitTableCard, i, 0, len(lines), listW)
		if i == ps.cardCur {
			lines = append(lines, st.Cursor.Render("▸")+st.Sel.Render(name)+" "+ps.marksFor(id))
		} else {
			lines = append(lines, " "+name+" "+ps.marksFor(id))
		}
	}
	left := layout.Block(strings.Join(lines, "\n"), listW)
	if ps.cardCur < len(cards) {
		id := cards[ps.cardCur]
		// Its name without its article when that fits, not a cut inside a word.
		return layout.BesideParts(2, left, listW, m.tiles().CaptionedTile(id, layout.ThumbW, layout.ThumbH, layout.ShortTitle(m.cardName(id), layout.ThumbW, 0), "", false, false))
	}
	return left
}

// myColour is the colour a psychic player is acting as now.
func (ps *psychicScreen) myColour() (game.Colour, bool) {
	ts := ps.ts
	if ts.psy == nil || len(ts.psy.Colours) == 0 {
		return 0, false
	}
	return ts.psy.Colours[min(ps.active, len(ts.psy.Colours)-1)], true
}

// viewpoint is the psychic whose table cards are shown: the player's active
// colour, or the psychic a spectator follows.
func (ps *psychicScreen) viewpoint() *game.PsychicPublic {
	ts := ps.ts
	if ts.pub == nil || len(ts.pub.Psychics) == 0 {
		return nil
	}
	if c, ok := ps.myColour(); ok {
		return ts.pub.Psychic(c)
	}
	return &ts.pub.Psychics[min(ps.follow, len(ts.pub.Psychics)-1)]
}

// otherColourWaits is the player's other colour when it has a vision this
// round and is neither ready nor finished: the move it waits for is the
// player's own.
func (ps *psychicScreen) otherColourWaits() *game.PsychicPublic {
	ts := ps.ts
	active, ok := ps.myColour()
	if !ok || ts.pub == nil {
		return nil
	}
	for _, c := range ts.psy.Colours {
		if c == active {
			continue
		}
		if p := ts.pub.Psychic(c); p != nil && p.ReceivedThisRound && !p.Ready && !p.Finished {
			return p
		}
	}
	return nil
}

// otherColourName is otherColourWaits as its symbol and first name.
func (ps *psychicScreen) otherColourName() string {
	c := ps.otherColourWaits().Colour
	return c.Symbol() + " " + words.FirstName(c)
}

// tableCards are the cards of the category the viewpoint psychic guesses.
func (ps *psychicScreen) tableCards() []game.CardID {
	ts := ps.ts
	p := ps.shown()
	if p == nil || ts.pub == nil {
		return nil
	}
	cat := p.Category
	if p.Finished {
		cat = ts.pub.Order[2]
	}
	return ts.pub.TableCards[cat]
}

// shown is the psychic whose category's table cards are shown: the
// viewpoint, but for a psychic whose trail is complete, the psychic they
// help (the one chosen in the list, else the first still searching),
// whose intuition their tokens go on.
func (ps *psychicScreen) shown() *game.PsychicPublic {
	ts := ps.ts
	p := ps.viewpoint()
	if p == nil || !p.Finished || ts.psy == nil {
		return p
	}
	if ps.target < len(ts.pub.Psychics) {
		if t := &ts.pub.Psychics[ps.target]; !t.Finished && !ts.seats.mine(t.Colour) {
			return t
		}
	}
	for i := range ts.pub.Psychics {
		if t := &ts.pub.Psychics[i]; !t.Finished {
			return t
		}
	}
	return p
}

// cursorCard is the card under this psychic's cursor: a vision card in the
// psychics pane, else a table card.
func (ps *psychicScreen) cursorCard() game.CardID {
	ts := ps.ts
	if ts.pane() == "psychics" {
		if v := ts.visionOf(ps.target); ps.visCur < len(v) {
			return v[ps.visCur]
		}
		return ""
	}
	if cards := ps.tableCards(); ps.cardCur < len(cards) {
		return cards[ps.cardCur]
	}
	return ""
}

func (ps *psychicScreen) title() string {
	if ps.ts.psy == nil {
		return i18n.N("SPECTATOR")
	}
	return i18n.N("PSYCHIC")
}
