package session

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// psychicScreen is a psychic's screen during the rounds, and read-only a
// spectator's: the table cards of the category being guessed with every
// intuition on them, all visions (own first), clairvoyance, chat.
type psychicScreen struct {
	ts *tableState
	psychicCursor
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

func (ps *psychicScreen) panes() []string {
	return []string{i18n.N("cards"), i18n.N("psychics"), i18n.N("chat")}
}

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
	if large {
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
			b.WriteString(ps.psychicsBlock(m.w, false, sizeThumb, false))
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
	l := m.lang()
	var left string
	if ts.psy == nil {
		following := ts.m.st.psychicLabel(p.Colour)
		var variants [2]string
		if p.Finished {
			variants = [2]string{
				l.F(" You are watching. Following %s: trail complete.", following),
				l.F(" Following %s: trail complete.", following),
			}
		} else {
			cat, art := st.bold.Render(catWord(l, p.Category)), catArticle(l, p.Category)
			variants = [2]string{
				l.F(" You are watching. Following %s: looking for %s %s.", following, art, cat),
				l.F(" Following %s: looking for %s %s.", following, art, cat),
			}
		}
		// At 80 columns the long sentence cut the trail to "trail:…":
		// "You are watching" goes first (the status line says so too).
		left = variants[1]
		if textWidth(variants[0])+textWidth(ps.trailText(p, false))+3 <= m.w {
			left = variants[0]
		}
		return ps.spreadTrail(p, left)
	}
	// The sentence gets shorter, part by part, until the trail fits
	// beside it: a two-colour psychic's reminder of c is the longest.
	two := len(ts.psy.Colours) > 1
	task := l.F(" Find your %s.", st.bold.Render(catWord(l, p.Category)))
	shortTask := task
	if p.Finished {
		task, shortTask = l.T(" Your trail is complete: help the others."), l.T(" Trail complete.")
	}
	who := l.F(" You are %s", ts.m.st.psychicLabel(p.Colour))
	colour := " (" + colourWord(l, p.Colour) + ")."
	variants := []string{who + colour + task, who + "." + task, who + "." + shortTask}
	if two {
		switchColour, switchShort := st.dim.Render(l.T(" (c: switch colour)")), st.dim.Render(l.T(" (c: switch)"))
		variants = []string{
			who + colour + task + switchColour,
			who + "." + task + switchColour,
			who + "." + task + switchShort,
			who + "." + shortTask + switchShort,
		}
	}
	short := ps.trailText(p, false)
	for _, left := range variants {
		if textWidth(left)+textWidth(short)+3 <= m.w {
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
	if textWidth(left)+textWidth(trail)+3 > m.w {
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
			parts = append(parts, m.st.ok.Render("✔"))
		} else if found != "" {
			parts = append(parts, m.st.ok.Render("✔ ")+cut(found, 18))
		} else {
			parts = append(parts, m.st.dim.Render("?"))
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
		s := ts.m.st.sym(c)
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
	title := m.lang().F(" %s ON THE TABLE", catPlural(m.lang(), cat))
	if me := ps.viewpoint(); me != nil && p != nil && me != p {
		// A finished psychic helps another: say whose cards these are.
		title += st.dim.Render(m.lang().T(" (for ")) + st.shortLabel(p.Colour) + st.dim.Render(")")
	}
	focus := ts.pane() == "cards"
	head := st.section.Render(title)
	if focus {
		head += st.cursor.Render(m.lang().T("  ◂ focus"))
	}
	if len(cards) == 0 {
		return head + "\n" + st.dim.Render(m.lang().T("  (no cards)")), false
	}
	fit := lay.cards
	from, to := window(len(cards), fit.perRow*fit.rows, ps.cardCur)
	var b strings.Builder
	b.WriteString(head)
	if from > 0 || to < len(cards) {
		b.WriteString(st.dim.Render(m.lang().F("   cards %d-%d of %d, ←→ scrolls", from+1, to, len(cards))))
	}
	titles := ps.cardTitles(cards, fit.size.w)
	for _, t := range titles {
		// A leading "The" dropped cuts nothing; an ellipsis does.
		cutNames = cutNames || strings.Contains(t, "…")
	}
	for row := from; row < to; row += fit.perRow {
		tiles := make([]tileParts, 0, fit.perRow)
		for i := row; i < min(to, row+fit.perRow); i++ {
			id := cards[i]
			title := titles[i]
			if ts.note.of(id).Out {
				title = "✗ " + title // ruled out, for this psychic alone
			}
			tiles = append(tiles, m.tiles().captionedTile(id, fit.size.w, fit.size.h, title, ps.marksFor(id), focus && i == ps.cardCur, false))
		}
		b.WriteByte('\n')
		_, y := ts.hits.start(&b)
		writeTileRowAt(&b, 1, 1, fit.size.w, tiles, ts.hits.placer(hitTableCard, row, y))
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
	short := shortTitles(names, max(1, w-len(itoa(len(cards)))-1))
	for i := range short {
		short[i] = itoa(i+1) + " " + short[i]
	}
	return short
}

// psychicLayout is how the large psychic screen shares its rows: the
// table's cards, the size of the chosen psychic's vision, and the rows
// left over for blank lines.
type psychicLayout struct {
	cards  cardsFit
	vision tileSize
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
	for _, sizes := range [][]tileSize{bigSizes, append(bigSizes[:len(bigSizes):len(bigSizes)], sizeMini)} {
		for _, vs := range append(bigSizes[:len(bigSizes):len(bigSizes)], sizeMini) {
			if vs != sizeMini && longest*(vs.w+1) > room {
				continue
			}
			block := max(listH, 1+vs.h+1)
			fit, all := fitCards(n, m.w, body-fixed-block, sizes...)
			if all {
				return psychicLayout{cards: fit, vision: vs, spare: body - fixed - block - fit.height()}
			}
		}
	}
	block := max(listH, 1+miniH+1)
	fit, _ := fitCards(n, m.w, body-fixed-block, sizeMini)
	return psychicLayout{cards: fit, vision: sizeMini}
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
	listW := w - thumbW - 4
	var lines []string
	lines = append(lines, st.section.Render(m.lang().F(" %s ON THE TABLE", catPlural(m.lang(), p.Category))))
	rows := m.h - 10
	from, to := window(len(cards), rows, ps.cardCur)
	for i := from; i < to; i++ {
		id := cards[i]
		num := itoa(i + 1)
		if len(num) < 2 {
			num = " " + num // %2d
		}
		name := pad(num+" "+m.cardName(id), 24) // exactly 24 cells
		if ts.note.of(id).Out && i != ps.cardCur {
			name = st.dim.Render(name) // ruled out: dimmed for its psychic
		}
		ts.hits.line(hitTableCard, i, 0, len(lines), listW)
		if i == ps.cardCur {
			lines = append(lines, st.cursor.Render("▸")+st.sel.Render(name)+" "+ps.marksFor(id))
		} else {
			lines = append(lines, " "+name+" "+ps.marksFor(id))
		}
	}
	left := block(strings.Join(lines, "\n"), listW)
	if ps.cardCur < len(cards) {
		id := cards[ps.cardCur]
		// Its name without its article when that fits, not a cut inside a word.
		return besideParts(2, left, listW, m.tiles().captionedTile(id, thumbW, thumbH, shortTitle(m.cardName(id), thumbW, 0), "", false, false))
	}
	return left
}

// psychicLine is one psychic in the list: name, player, what they look for,
// their vision, intuition, ready, tokens on their intuition, track. Every
// other seat at the table draws the same line for this psychic: it is
// drawn once for all of them (sharedLines).
//
// drop is how many of the parts that give way (player, track, vision's
// size, then the title's room) the line goes without: the list takes the
// most any of its lines needs (psychicDrop), so that every line leaves
// out the same parts and the lines read alike.
func (ps *psychicScreen) psychicLine(p *game.PsychicPublic, w, drop int) string {
	k, ok := ps.psychicLineKey(p, w)
	k.drop = drop
	if !ok || ps.ts.m.noMemo {
		line, _ := ps.drawPsychicLine(p, w, drop)
		return line
	}
	if line, ok := psychicLines.load(k); ok {
		return line
	}
	line, _ := ps.drawPsychicLine(p, w, drop)
	psychicLines.store(k, line)
	return line
}

// psychicDrop is the fewest parts p's line must go without to fit in w
// cells (0 to psychicDrops). It is remembered with the lines, under the
// key's drop -1, written as a digit.
func (ps *psychicScreen) psychicDrop(p *game.PsychicPublic, w int) int {
	k, ok := ps.psychicLineKey(p, w)
	k.drop = -1
	if ok && !ps.ts.m.noMemo {
		if s, ok := psychicLines.load(k); ok && len(s) == 1 {
			return int(s[0] - '0')
		}
	}
	_, drop := ps.drawPsychicLine(p, w, 0)
	if ok && !ps.ts.m.noMemo {
		psychicLines.store(k, string(rune('0'+drop)))
	}
	return drop
}

// psychicLines are the psychics' lines drawn last, for every session.
var psychicLines = sharedLines[psychicLineKey]{max: sharedLinesMax}

// psychicLineKey is everything drawPsychicLine reads: the viewer's styles,
// language, card titles and width, whether the psychic is the viewer's own
// (then " (you)", else the player's name), and the psychic's public facts.
type psychicLineKey struct {
	st           *styles
	cards        cardSource
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
	m := ts.m
	if len(p.TokensOn) > maxTokensOn {
		return psychicLineKey{}, false
	}
	k := psychicLineKey{
		st: m.st, cards: m.cards, lang: m.lang(), w: w,
		mine: ts.seats.mine(p.Colour), clairvoyance: ts.pub.Clairvoyance,
		colour: p.Colour, category: p.Category, finished: p.Finished, ready: p.Ready,
		visions: len(p.Vision), intuition: p.Intuition, track: p.Track,
	}
	if !k.mine {
		k.player = ts.seats.name(p.Colour)
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
	m := ts.m
	st := m.st
	l := m.lang()
	name := st.shortLabel(p.Colour)
	player := ""
	if ts.seats.mine(p.Colour) {
		name += st.bold.Render(l.T(" (you)"))
	} else if pn := ts.seats.name(p.Colour); pn != "" {
		player = st.dim.Render(" " + cut(pn, 12))
	}
	state := catLower(l, p.Category)
	if p.Finished {
		state = st.ok.Render(l.G(p.Colour.Gender(), "✔ done"))
	}
	seen := ""
	switch {
	case len(p.Vision) > 0:
		seen = l.F("%d cards", len(p.Vision))
	case !p.Finished:
		seen = st.dim.Render(l.T("no vision yet"))
	}
	// The intuition's markers (who put which token on it) are never the
	// part that is cut: the title gives way first.
	toks := ""
	if len(p.TokensOn) > 0 {
		parts := make([]string, 0, len(p.TokensOn))
		for _, t := range p.TokensOn {
			parts = append(parts, t.Kind.Symbol()+st.sym(t.From))
		}
		toks = " [" + strings.Join(parts, " ") + "]"
	}
	ready := ""
	if p.Ready {
		ready = st.ok.Render(l.G(p.Colour.Gender(), "ready"))
	}
	track := ""
	if ts.pub.Clairvoyance {
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
		title = m.cardName(p.Intuition)
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
		if line := join(title, forms[i]...); textWidth(line) <= w {
			return line, i
		}
	}
	rest := textWidth(join("", name, state))
	return m.cut(join(shortTitle(title, max(4, w-rest), 0), name, state), w), psychicDrops
}

// step moves the chosen psychic d rows through the list as it is drawn
// (own first), not in seat order: the row below the cursor is the one ↓
// reaches, and a token goes on the psychic the player sees chosen.
func (ps *psychicScreen) step(d int) {
	order := ps.orderedPsychics()
	at := 0
	for i, idx := range order {
		if idx == ps.target {
			at = i
		}
	}
	move(&at, d, len(order))
	if at < len(order) {
		ps.target = order[at]
	}
	ps.visCur = 0
}

// orderedPsychics puts this player's psychics first ("own first").
func (ps *psychicScreen) orderedPsychics() []int {
	ts := ps.ts
	var mine, others []int
	for i, p := range ts.pub.Psychics {
		if ts.seats.mine(p.Colour) {
			mine = append(mine, i)
		} else {
			others = append(others, i)
		}
	}
	return append(mine, others...)
}

// psychicsBlock lists the psychics with their visions; the selected one's
// vision is drawn beside the list (large) or as a list with one picture.
func (ps *psychicScreen) psychicsBlock(w int, large bool, vs tileSize, cutNames bool) string {
	ts := ps.ts
	m := ts.m
	st := m.st
	focus := ts.pane() == "psychics"
	l := m.lang()
	head := l.T(" PSYCHICS AND VISIONS")
	var lines []string
	h := st.section.Render(head)
	if focus && large {
		h += st.cursor.Render(l.T("  ◂ focus"))
	}
	listW := w - thumbW - 4
	if large {
		listW = min(70, w/2)
		// The list takes the room the visions' pictures leave: at 200
		// columns a vision of a card or two left 100 columns empty beside
		// a list whose lines dropped parts to fit in 70.
		// It grows no wider than its longest whole line, so the vision
		// stays beside it.
		longest, need := 0, 0
		for i := range ts.pub.Psychics {
			p := &ts.pub.Psychics[i]
			longest = max(longest, len(p.Vision))
			need = max(need, 2+textWidth(ps.psychicLine(p, maxListW, 0)))
		}
		right := max(longest*(vs.w+1), visionHeadW)
		listW = max(listW, min(need, maxListW, w-2-right))
	}
	if gn := ts.seats.ghost(); gn != "" {
		// The ghost's player and presence, as the psychics' lines show theirs.
		h = m.cut(h+st.dim.Render(l.T("   ☾ ghost: ")+cut(gn, 26)), listW)
	}
	lines = append(lines, h)
	drop := 0
	for i := range ts.pub.Psychics {
		drop = max(drop, ps.psychicDrop(&ts.pub.Psychics[i], listW-2))
	}
	for _, i := range ps.orderedPsychics() {
		p := &ts.pub.Psychics[i]
		line := ps.psychicLine(p, listW-2, drop)
		ts.hits.line(hitPsychic, i, 0, len(lines), listW)
		if i == ps.target {
			lines = append(lines, st.cursor.Render("▸")+" "+line)
		} else {
			lines = append(lines, "  "+line)
		}
	}
	vision := ts.visionOf(ps.target)
	var sel *game.PsychicPublic
	if ps.target < len(ts.pub.Psychics) {
		sel = &ts.pub.Psychics[ps.target]
	}
	if sel == nil {
		return strings.Join(lines, "\n")
	}
	if !large {
		lines = append(lines, "")
		var ids []string
		for i, c := range vision {
			s := string(c)
			if i == ps.visCur && focus {
				s = st.sel.Render(s)
			}
			if mk := ps.marksFor(c); mk != "" {
				s += " " + mk
			}
			ids = append(ids, s)
		}
		vl := l.F(" Vision of %s: ", ts.m.st.shortLabel(sel.Colour))
		if len(ids) == 0 {
			vl += st.dim.Render(l.T("none yet"))
		} else {
			vl += strings.Join(ids, " ")
		}
		lines = append(lines, cut(vl, listW))
		left := block(strings.Join(lines, "\n"), listW)
		if ps.visCur < len(vision) {
			id := vision[ps.visCur]
			return besideTile(2, left, listW, m.tiles().tile(id, thumbW, thumbH))
		}
		return left
	}
	// Under the list, beside the vision's tall pictures: the table cards'
	// whole names when their captions are cut.
	if cutNames {
		if names := ps.namesList(listW, vs.h+1-len(lines)); names != "" {
			lines = append(lines, names)
		}
	}
	left := block(strings.Join(lines, "\n"), listW)
	room := w - listW - 2
	slots := max(1, room/(vs.w+1))
	from, to := window(len(vision), slots, ps.visCur)
	tiles := make([]tileParts, 0, to-from)
	for i := from; i < to; i++ {
		tiles = append(tiles, m.tiles().captionedTile(vision[i], vs.w, vs.h, string(vision[i]), ps.marksFor(vision[i]), focus && i == ps.visCur, false))
	}
	right := st.dim.Render(l.T("Vision of ")) + ts.m.st.shortLabel(sel.Colour)
	if from > 0 || to < len(vision) {
		// More cards than fit: say so, and how to see the others.
		right += st.dim.Render(l.F(" · cards %d-%d of %d (tab, ←→)", from+1, to, len(vision)))
	}
	if len(tiles) == 0 {
		right += "\n" + st.dim.Render(l.T("(no vision yet)"))
	} else {
		var b strings.Builder
		b.WriteString(right)
		b.WriteByte('\n')
		// Beside the list: hjoin puts the right block listW+2 cells in.
		mark, _ := ts.hits.start(&b)
		writeTileRowAt(&b, 0, 1, vs.w, tiles, ts.hits.placer(hitVisionCard, from, 1))
		ts.hits.shift(mark, listW+2, 0)
		right = b.String()
	}
	return hjoin(2, left, right)
}

// namesList is the table cards' numbers and whole names (a leading "The"
// may go), in columns listW wide and at most rows high (a blank line
// first), for when the cards' captions cut a name: with 9 to 11 cards at
// 120 columns they read "2 Prun…", and only zooming each card told them
// apart. Empty when the names do not fit.
func (ps *psychicScreen) namesList(listW, rows int) string {
	ts := ps.ts
	m := ts.m
	cards := ps.tableCards()
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
		bare = bare || len(itoa(i+1))+1+textWidth(m.cardName(id)) > colW-1
	}
	focus := ts.pane() == "cards"
	var b strings.Builder
	b.Grow(perCol * (listW + 1))
	for r := 0; r < perCol; r++ {
		b.WriteString("\n  ")
		for c := 0; c < cols; c++ {
			i := c*perCol + r
			if i >= len(cards) {
				break
			}
			num, name := itoa(i+1), m.cardName(cards[i])
			if bare {
				// shortTitle drops the article first, if there is one.
				if short := shortTitle(name, textWidth(name)-1, 0); !strings.Contains(short, "…") {
					name = short
				}
			}
			nameW := len(num) + 1 + textWidth(name)
			if nameW > colW-1 {
				return "" // the columns cut a name: the captions stay alone
			}
			if focus && i == ps.cardCur {
				b.WriteString(m.st.sel.Render(num + " " + name))
			} else {
				b.WriteString(num)
				b.WriteByte(' ')
				b.WriteString(name)
			}
			if c < cols-1 {
				writeSpaces(&b, colW-nameW)
			}
		}
	}
	return b.String()
}

// clairvoyanceLine is the track and this player's tokens (classic, 4+ players).
func (ps *psychicScreen) clairvoyanceLine() string {
	ts := ps.ts
	st := ts.m.st
	l := ts.m.lang()
	if ts.pub == nil || !ts.pub.Clairvoyance {
		return ""
	}
	track := ps.clairvoyanceTrack
	mine := ""
	if c, ok := ps.myColour(); ok {
		if p := ts.pub.Psychic(c); p != nil {
			toks := strings.Repeat("✔", p.TokensYes) + " " + strings.Repeat("✘", p.TokensNo)
			mine = l.T("    your tokens: ") + toks
			switch {
			case p.TokensSpent > 0 && ts.pub.Round < tokensBackRound:
				mine += st.dim.Render(l.F(" (%d used, back at hour IV)", p.TokensSpent))
			case p.TokensSpent > 0:
				// Tokens used from hour IV on never come back.
				mine += st.dim.Render(l.F(" (%d used)", p.TokensSpent))
			}
		}
	}
	// One line in the words that fit, else the short form on two lines.
	for _, narrow := range []bool{false, true} {
		if line := track(narrow) + mine; textWidth(line) <= ts.m.w {
			return line
		}
	}
	return track(true) + "\n" + mine
}

// clairvoyanceTrack is the clairvoyance line's track, the same for every
// seat at the table: drawn once for all of them (sharedLines).
func (ps *psychicScreen) clairvoyanceTrack(narrow bool) string {
	m := ps.ts.m
	psychics := ps.ts.pub.Psychics
	if len(psychics) > len(trackKey{}.psychics) || m.noMemo {
		return ps.drawTrack(narrow)
	}
	k := trackKey{st: m.st, lang: m.lang(), narrow: narrow, n: len(psychics)}
	for i, p := range psychics {
		k.psychics[i] = trackPlace{p.Colour, p.Track, p.Level}
	}
	if line, ok := tracks.load(k); ok {
		return line
	}
	line := ps.drawTrack(narrow)
	tracks.store(k, line)
	return line
}

// tracks are the clairvoyance tracks drawn last, for every session.
var tracks = sharedLines[trackKey]{max: sharedLinesMax}

// trackKey is everything drawTrack reads: the viewer's styles and
// language, the short or long form, and each psychic's place on the track.
type trackKey struct {
	st       *styles
	lang     i18n.Lang
	narrow   bool
	n        int
	psychics [6]trackPlace
}

type trackPlace struct {
	colour       game.Colour
	track, level int
}

// drawTrack draws clairvoyanceTrack; it reads nothing that is not in
// trackKey.
func (ps *psychicScreen) drawTrack(narrow bool) string {
	ts := ps.ts
	st := ts.m.st
	l := ts.m.lang()
	parts := make([]string, 0, len(ts.pub.Psychics))
	for _, p := range ts.pub.Psychics {
		if narrow {
			parts = append(parts, l.F("%s %d L%d", st.sym(p.Colour), p.Track, p.Level))
		} else {
			parts = append(parts, l.F("%s %d (level %d)", st.sym(p.Colour), p.Track, p.Level))
		}
	}
	return st.section.Render(l.T(" CLAIRVOYANCE ")) + " " + strings.Join(parts, "  ")
}

// psychicStatus is the status line of the psychic and spectator screens.
func (ps *psychicScreen) psychicStatus() string {
	ts := ps.ts
	p := ts.pub
	l := ts.m.lang()
	if ts.psy == nil {
		if away := ts.seats.ghostAway(); away != "" {
			return away
		}
		return l.F("Watching %s.", phaseSentence(l, ts.pub))
	}
	me := ps.viewpoint()
	if away := ts.seats.ghostAway(); away != "" && me != nil &&
		(p.Phase != game.PhaseVision || !me.ReceivedThisRound || me.Finished || me.Ready) {
		// Nothing this psychic can do moves the game on: say what it waits for.
		return away
	}
	switch p.Phase {
	case game.PhaseVision:
		switch {
		case me == nil:
			return ""
		case me.Finished && ps.otherColourWaits() != nil:
			return l.F("Your trail is complete. Your %s still waits for you: press c.", ps.otherColourName())
		case me.Finished:
			return l.F("Your trail is complete. Help the others%s; waiting for %s.", ps.tokenHint(), waitingReady(l, ts.pub))
		case !me.ReceivedThisRound && sendingTo(p, me.Colour):
			return l.T("The ghost is giving you a vision: it arrives in a moment.")
		case !me.ReceivedThisRound:
			return l.F("Waiting for the ghost's vision (%s).", waitingVisionsText(l, ts.pub))
		case me.Intuition == "":
			return l.T("Place your intuition: ←→ to a card, then i.")
		case !me.Ready:
			return l.T("Press r when you are sure (you can still move your intuition).")
		case ps.otherColourWaits() != nil:
			// The player's other colour is the one holding the table up:
			// naming it as someone else's would leave them waiting on themselves.
			return l.F("You are ready. Your %s still waits for you: press c.", ps.otherColourName())
		default:
			return l.F("You are ready. Waiting for %s.", waitingReady(l, ts.pub))
		}
	case game.PhaseReveal:
		return l.F("The ghost is revealing the results (%d of %d).", len(p.Reveals), ps.unfinishedCount())
	}
	return phaseSentence(l, ts.pub)
}

func (ps *psychicScreen) tokenHint() string {
	ts := ps.ts
	if ts.pub.Clairvoyance {
		return ts.m.lang().T(" with your clairvoyance tokens (y/n)")
	}
	return ""
}

func (ps *psychicScreen) unfinishedCount() int {
	ts := ps.ts
	n := 0
	for _, p := range ts.pub.Psychics {
		if !p.Finished || p.ReceivedThisRound {
			n++
		}
	}
	return n
}

// tokenTarget is the psychic whose intuition a token would go on: the one
// selected in the psychics list.
func (ps *psychicScreen) tokenTarget() *game.PsychicPublic {
	ts := ps.ts
	if ps.target < len(ts.pub.Psychics) {
		return &ts.pub.Psychics[ps.target]
	}
	return nil
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
	return c.Symbol() + " " + firstName(c)
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

// keys is the psychic's key map during the rounds; a spectator's is the
// looking part of it.
func (ps *psychicScreen) keys() keyMap {
	ts := ps.ts
	m := ts.m
	spectator := ts.psy == nil
	playing := !spectator && ts.pub.Phase == game.PhaseVision
	tokens := playing && ts.pub.Clairvoyance
	two := !spectator && len(ts.psy.Colours) > 1
	side := func(d int) func() tea.Cmd {
		return func() tea.Cmd {
			if ts.pane() == "psychics" {
				move(&ps.visCur, d, len(ts.visionOf(ps.target)))
			} else {
				move(&ps.cardCur, d, len(ps.tableCards()))
			}
			return nil
		}
	}
	token := func(kind game.TokenKind) func() tea.Cmd {
		return func() tea.Cmd {
			me, _ := ps.myColour()
			p := ps.tokenTarget()
			if p == nil {
				return nil
			}
			return ts.out.submit(game.PlaceToken{From: me, On: p.Colour, Kind: kind},
				m.lang().F("Your %s token is on %s's intuition.", kind.Symbol(), p.Colour.Character()))
		}
	}
	takeBack := func() tea.Cmd {
		me, _ := ps.myColour()
		p := ps.tokenTarget()
		if p == nil {
			return nil
		}
		return ts.out.submit(game.TakeToken{From: me, On: p.Colour}, m.lang().T("Token taken back."))
	}
	return keyMap{
		bind([]string{"left", "h"}, "←→", i18n.N("card"), i18n.N("move over the table cards (the vision in the psychics pane)"), side(-1)),
		bind([]string{"right", "l"}, "", "", "", side(1)),
		bind([]string{"i"}, "i", i18n.N("intuition"), i18n.N("put your intuition on the card under the cursor"), func() tea.Cmd {
			cards := ps.tableCards()
			me, _ := ps.myColour()
			if ps.cardCur < len(cards) {
				card := cards[ps.cardCur]
				return ts.out.submit(game.PlaceIntuition{Psychic: me, Card: card}, m.lang().F("Your intuition is on %s.", m.cardName(card)))
			}
			return nil
		}).when(playing),
		bind([]string{"r"}, "r", i18n.N("ready"), i18n.N("ready / not ready (moving your intuition clears it)"), func() tea.Cmd {
			me, _ := ps.myColour()
			p := ts.pub.Psychic(me)
			ready := p == nil || !p.Ready
			done := m.lang().T("You are ready.")
			if !ready {
				done = m.lang().T("You are no longer ready.")
			}
			return ts.out.submit(game.SetReady{Psychic: me, Ready: ready}, done)
		}).when(playing),
		bind([]string{"up", "k"}, "↑↓", i18n.N("psychic"), i18n.N("choose a psychic (their vision is shown)"), func() tea.Cmd {
			ps.step(-1)
			return nil
		}),
		bind([]string{"down", "j"}, "", "", "", func() tea.Cmd {
			ps.step(1)
			return nil
		}),
		bind([]string{"c"}, "c", i18n.N("other colour"), i18n.N("switch to your other colour"), func() tea.Cmd {
			// Everything follows the colour: its category's cards, its
			// vision in the psychics list, the cursors at their starts.
			ps.active = (ps.active + 1) % len(ts.psy.Colours)
			ps.cardCur, ps.visCur = 0, 0
			ps.enter()
			return nil
		}).when(two),
		bind([]string{"c"}, "c", i18n.N("follow another psychic"), i18n.N("follow another psychic's category"), func() tea.Cmd {
			ps.follow = (ps.follow + 1) % max(1, len(ts.pub.Psychics))
			return nil
		}).when(spectator),
		bind([]string{"y"}, "y/n", i18n.N("✔/✘ token"), i18n.N("put your ✔ / ✘ clairvoyance token on their intuition"), token(game.TokenYes)).when(tokens),
		bind([]string{"n"}, "", "", "", token(game.TokenNo)).when(tokens),
		bind([]string{"x", "backspace"}, "x", i18n.N("take back"), i18n.N("take your token back from their intuition"), takeBack).when(tokens),
		bind([]string{"enter"}, "enter", i18n.N("zoom"), i18n.N("zoom the card under the cursor"), func() tea.Cmd {
			if ts.pane() == "psychics" {
				v := ts.visionOf(ps.target)
				if ps.visCur < len(v) {
					ts.zoom.on(v[ps.visCur], v)
				}
			} else if cards := ps.tableCards(); ps.cardCur < len(cards) {
				ts.zoom.on(cards[ps.cardCur], cards)
			}
			return nil
		}),
	}
}

// markKey is m: rule the table card under the cursor out, or back in.
func (ps *psychicScreen) markKey() tea.Cmd {
	ts := ps.ts
	m := ts.m
	cards := ps.tableCards()
	if ts.pane() == "psychics" || ps.cardCur >= len(cards) {
		m.setFlash(m.lang().T("Only the cards on the table can be ruled out: ←→ to one, then m."), true)
		return nil
	}
	card := cards[ps.cardCur]
	out := !ts.note.of(card).Out
	done := m.lang().F("%s is ruled out (only you see it).", m.cardName(card))
	if !out {
		done = m.lang().F("%s is back in.", m.cardName(card))
	}
	return ts.out.submit(game.Mark{Card: card, Out: out}, done)
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
