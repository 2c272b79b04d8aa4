package table

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/seat"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// psychicScreen is a psychic's screen during the rounds, and read-only a
// spectator's: the table cards of the category being guessed with every
// intuition on them, all visions (own first), clairvoyance, chat.
type psychicScreen struct {
	ts *TableState
	psychicCursor
	// keyMemo is the key map built last (psychickeys.go).
	keyMemo state.MapMemo[psychicKeysIn]
	// lines is the lists' slice, kept from frame to frame
	// (writePsychicsBlock, writeCardsList); names are the table cards'
	// names in the list (writeCardsList).
	lines []string
	names namesMemo
	// you is the you-line drawn last (youLine).
	you youMemo
}

// psychicCursor is the psychic screen's own state (part of the frame
// memo's key).
type psychicCursor struct {
	CardCur int // the table card under the cursor
	VisCur  int // the vision card under the cursor (psychics pane)
	// target is the chosen psychic, as an index in the table's list: the
	// token target and the vision shown.
	Target int
	active int // which of the player's colours acts (two in small games)
	follow int // spectator: whose view of the table cards is shown
}

func (ps *psychicScreen) Panes() []string { return psychicPanes }

// psychicPanes are the psychic's panes, one list shared read-only (a
// frame asks for them several times).
var psychicPanes = []string{i18n.N("cards"), i18n.N("psychics"), i18n.N("chat")}

func (ps *psychicScreen) clamp() {
	ts := ps.ts
	state.Clamp(&ps.CardCur, len(ps.TableCards()))
	state.Clamp(&ps.Target, len(ts.Pub.Psychics))
	if ts.Psy != nil {
		state.Clamp(&ps.active, len(ts.Psy.Colours))
	}
	state.Clamp(&ps.follow, len(ts.Pub.Psychics))
}

// enter puts the cursor on the player's own psychic ("own first").
func (ps *psychicScreen) enter() {
	ts := ps.ts
	if c, ok := ps.MyColour(); ok {
		for i, p := range ts.Pub.Psychics {
			if p.Colour == c {
				ps.Target = i
			}
		}
	}
}

// Draw is the screen's body as a string of its own (WriteBody).
func (ps *psychicScreen) Draw() (body, status string) {
	var b strings.Builder
	b.Grow(ps.ts.Shell.Host.FrameHint())
	status = ps.WriteBody(&b)
	return b.String(), status
}

// WriteBody writes the psychic's (and, read-only, the spectator's) screen to b
// during rounds: the table cards of the category being guessed with every
// intuition on them, all visions (own first), clairvoyance, chat.
func (ps *psychicScreen) WriteBody(b *strings.Builder) (status string) {
	ts := ps.ts
	m := ts.Shell
	b.WriteString(ps.youLine())
	b.WriteByte('\n')
	large := ts.Large()
	if m.Portrait() {
		psychicPortrait{ps}.draw(b)
	} else if large {
		lay := ps.Layout()
		roomy := lay.spare >= 2
		if roomy {
			b.WriteString("\n")
		}
		mark, y := ts.Hits.Start(b)
		cutNames := ps.writeCardsRow(b, m.W, lay)
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
		if nl := ts.Note.View(ps.CursorCard(), m.W); nl != "" {
			b.WriteString(nl)
			b.WriteByte('\n')
		}
		if roomy {
			b.WriteString("\n")
		}
		mark, y = ts.Hits.Start(b)
		ps.writePsychicsBlock(b, m.W, true, lay.Vision, cutNames)
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
	} else {
		ts.WriteTabBar(b)
		b.WriteByte('\n')
		switch ts.Pane() {
		case "cards":
			mark, y := ts.Hits.Start(b)
			ps.writeCardsList(b, m.W)
			ts.Hits.Shift(mark, 0, y)
			if nl := ts.Note.View(ps.CursorCard(), m.W); nl != "" {
				b.WriteString("\n" + nl)
			}
		case "psychics":
			mark, y := ts.Hits.Start(b)
			ps.writePsychicsBlock(b, m.W, false, layout.SizeThumb, false)
			ts.Hits.Shift(mark, 0, y)
			if nl := ts.Note.View(ps.CursorCard(), m.W); nl != "" {
				b.WriteString("\n" + nl)
			}
			if cl := ps.clairvoyanceLine(); cl != "" {
				b.WriteString("\n" + cl)
			}
			if lh := ts.LastHourLine(); lh != "" {
				b.WriteString("\n" + lh)
			}
		case "chat":
			b.WriteString(ts.Chat.Pane(m.W, m.H-10))
		}
	}
	status = ps.psychicStatus()
	if ts.Chat.On {
		status = m.Lang().T("Type your message and press enter (esc to stop typing).")
	}
	if ts.Note.On {
		status = m.Lang().T("Type your note and press enter (only you see it until the game is over; esc drops it).")
	}
	return status
}

// youLine says who this player is and what they look for. It is drawn
// again only when what it shows changed (youKey): after most updates it
// is the same line.
func (ps *psychicScreen) youLine() string {
	ts := ps.ts
	m := ts.Shell
	p := ps.viewpoint()
	if p == nil {
		return ""
	}
	if m.Portrait() {
		return psychicPortrait{ps}.youLines(p)
	}
	k := youKey{
		st: m.St, cards: m.Cards, lang: m.Lang(), w: m.W, h: m.H,
		spectator: ts.Psy == nil, colour: p.Colour, category: p.Category, finished: p.Finished,
		order: ts.Pub.Order,
	}
	if ts.Psy != nil {
		k.two = len(ts.Psy.Colours) > 1
	}
	for i, cat := range ts.Pub.Order {
		for _, f := range p.Found {
			if f.Category == cat {
				k.found[i] = f.Card
			}
		}
	}
	if c := &ps.you; c.ok && c.key == k && !m.NoMemo {
		return c.line
	}
	line := trailLine{ps}.draw(p)
	ps.you = youMemo{key: k, line: line, ok: true}
	return line
}

// youMemo is the you-line drawn last, and what it was drawn from.
type youMemo struct {
	key  youKey
	line string
	ok   bool
}

// youKey is everything trailLine.draw reads: the viewer's styles, card
// titles, language and window, whether it watches or plays one colour or
// two, and the psychic's colour, category and trail (the cards found, in
// the table's order of categories).
type youKey struct {
	st                       *style.Styles
	cards                    cardface.Source
	lang                     i18n.Lang
	w, h                     int
	spectator, two, finished bool
	colour                   game.Colour
	category                 game.Category
	order                    [3]game.Category
	found                    [3]game.CardID
}

// trailLine draws the you-line and the trail in it (a type of its own:
// psychicScreen's methods are at the house's limit).
type trailLine struct{ ps *psychicScreen }

// draw draws youLine for the psychic p.
func (tl trailLine) draw(p *game.PsychicPublic) string {
	ps := tl.ps
	ts := ps.ts
	m := ts.Shell
	st := m.St
	l := m.Lang()
	var left string
	if ts.Psy == nil {
		following := ts.Shell.St.PsychicLabel(p.Colour)
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
		if layout.TextWidth(variants[0])+layout.TextWidth(trailLine{ps}.text(p, false))+3 <= m.W {
			left = variants[0]
		}
		return trailLine{ps}.spread(p, left)
	}
	// The sentence gets shorter, part by part, until the trail fits
	// beside it: a two-colour psychic's reminder of c is the longest.
	two := len(ts.Psy.Colours) > 1
	task := l.F(" Find your %s.", st.Bold.Render(words.CatWord(l, p.Category)))
	shortTask := task
	if p.Finished {
		task, shortTask = l.T(" Your trail is complete: help the others."), l.T(" Trail complete.")
	}
	who := l.F(" You are %s", ts.Shell.St.PsychicLabel(p.Colour))
	colour := " (" + seat.ColourWord(l, p.Colour) + ")."
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
	short := trailLine{ps}.text(p, false)
	for _, left := range variants {
		if layout.TextWidth(left)+layout.TextWidth(short)+3 <= m.W {
			return trailLine{ps}.spread(p, left)
		}
	}
	return trailLine{ps}.spread(p, variants[len(variants)-1])
}

// spread puts the trail at the right of the you-line: with the found
// cards' names when they fit, else with ✔ marks.
func (tl trailLine) spread(p *game.PsychicPublic, left string) string {
	ps := tl.ps
	ts := ps.ts
	m := ts.Shell
	trail := trailLine{ps}.text(p, true)
	if layout.TextWidth(left)+layout.TextWidth(trail)+3 > m.W {
		trail = trailLine{ps}.text(p, false)
	}
	return m.Spread(left, trail+" ", m.W)
}

// text is the psychic's progress: found cards by name (or just ✔
// when names do not fit), "?" for the rest.
func (tl trailLine) text(p *game.PsychicPublic, names bool) string {
	ps := tl.ps
	ts := ps.ts
	m := ts.Shell
	parts := make([]string, 0, 3)
	for _, cat := range ts.Pub.Order {
		found := ""
		for _, f := range p.Found {
			if f.Category == cat {
				found = m.CardName(f.Card)
			}
		}
		if found != "" && !names {
			parts = append(parts, m.St.OK.Render("✔"))
		} else if found != "" {
			parts = append(parts, m.St.OK.Render("✔ ")+layout.Cut(found, 18))
		} else {
			parts = append(parts, m.St.Dim.Render("?"))
		}
	}
	return m.Lang().T("trail: ") + strings.Join(parts, " · ")
}

// intuitionsOn lists the psychics whose intuition is on card.
func (ps *psychicScreen) IntuitionsOn(card game.CardID) []game.Colour {
	ts := ps.ts
	var out []game.Colour
	for _, p := range ts.Pub.Psychics {
		if p.Intuition == card && card != "" {
			out = append(out, p.Colour)
		}
	}
	return out
}

func (ps *psychicScreen) marksFor(card game.CardID) string {
	ts := ps.ts
	var parts []string
	for _, c := range ps.IntuitionsOn(card) {
		s := ts.Shell.St.Sym(c)
		if ts.Seats.Mine(c) {
			s += ts.Shell.Lang().T("(you)")
		}
		parts = append(parts, s)
	}
	if nm := ts.Note.Marks(card); nm != "" {
		parts = append(parts, nm)
	}
	if pb := ts.Pointing.By(card); pb != "" {
		parts = append(parts, pb)
	}
	return strings.Join(parts, " ")
}

// writeCardsRow writes the large layout's row of table cards with captions
// and marks to b, and says whether a caption cuts a card's name.
func (ps *psychicScreen) writeCardsRow(b *strings.Builder, w int, lay psychicLayout) (cutNames bool) {
	ts := ps.ts
	m := ts.Shell
	st := m.St
	p := ps.shown()
	cards := ps.TableCards()
	cat := game.Character
	if p != nil {
		cat = p.Category
	}
	title := m.Lang().F(" %s ON THE TABLE", words.CatPlural(m.Lang(), cat))
	if me := ps.viewpoint(); me != nil && p != nil && me != p {
		// A finished psychic helps another: say whose cards these are.
		title += st.Dim.Render(m.Lang().T(" (for ")) + st.ShortLabel(p.Colour) + st.Dim.Render(")")
	}
	focus := ts.Pane() == "cards"
	head := st.Section.Render(title)
	if focus {
		head += st.Cursor.Render(m.Lang().T("  ◂ focus"))
	}
	if len(cards) == 0 {
		b.WriteString(head)
		b.WriteByte('\n')
		b.WriteString(st.Dim.Render(m.Lang().T("  (no cards)")))
		return false
	}
	fit := lay.Cards
	from, to := state.Window(len(cards), fit.PerRow*fit.Rows, ps.CardCur)
	// The tiles' rows count from the block's first (b may hold more).
	_, top := ts.Hits.Start(b)
	b.WriteString(head)
	if from > 0 || to < len(cards) {
		b.WriteString(st.Dim.Render(m.Lang().F("   cards %d-%d of %d, ←→ scrolls", from+1, to, len(cards))))
	}
	titles := ps.CardTitles(cards, fit.Size.W)
	for _, t := range titles {
		// A leading "The" dropped cuts nothing; an ellipsis does.
		cutNames = cutNames || strings.Contains(t, "…")
	}
	for row := from; row < to; row += fit.PerRow {
		tiles := make([]layout.TileParts, 0, fit.PerRow)
		for i := row; i < min(to, row+fit.PerRow); i++ {
			id := cards[i]
			title := titles[i]
			if ts.Note.Of(id).Out {
				title = "✗ " + title // ruled out, for this psychic alone
			}
			tiles = append(tiles, m.Tiles().CaptionedTile(id, fit.Size.W, fit.Size.H, title, ps.marksFor(id), focus && i == ps.CardCur, false))
		}
		b.WriteByte('\n')
		_, y := ts.Hits.Start(b)
		layout.WriteTileRowAt(b, 1, 1, fit.Size.W, tiles, ts.Hits.Placer(shell.HitTableCard, row, y-top))
	}
	return cutNames
}

// cardTitles are the table cards' captions in w cells: the number, then
// a short form of the title that no other card's caption shares.
func (ps *psychicScreen) CardTitles(cards []game.CardID, w int) []string {
	m := ps.ts.Shell
	names := make([]string, len(cards))
	for i, id := range cards {
		names[i] = m.CardName(id)
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
	Cards  layout.CardsFit
	Vision layout.TileSize
	spare  int
}

// layout chooses the sizes of the large psychic screen from the space
// there is: every table card on screen (wrapping to a second row before
// shrinking), the vision as large as the rows allow, the chat at least
// chatMinRows. Drawn per frame from the window and the table's view.
func (ps *psychicScreen) Layout() psychicLayout {
	ts := ps.ts
	m := ts.Shell
	n := len(ps.TableCards())
	longest := 0
	for _, p := range ts.Pub.Psychics {
		longest = max(longest, len(p.Vision))
	}
	fixed := 1 + 1 + chatMinRows // the you-line, the cards' heading, the chat
	if ts.Pub.Clairvoyance {
		fixed += 2
	}
	if ts.LastHourLine() != "" {
		fixed++
	}
	body := state.LayoutRows(m.H, "")
	listH := 1 + len(ts.Pub.Psychics)
	room := m.W - min(70, m.W/2) - 2
	for _, sizes := range [][]layout.TileSize{layout.BigSizes, append(layout.BigSizes[:len(layout.BigSizes):len(layout.BigSizes)], layout.SizeMini)} {
		for _, vs := range append(layout.BigSizes[:len(layout.BigSizes):len(layout.BigSizes)], layout.SizeMini) {
			if vs != layout.SizeMini && longest*(vs.W+1) > room {
				continue
			}
			block := max(listH, 1+vs.H+1)
			fit, all := layout.FitCards(n, m.W, body-fixed-block, sizes...)
			if all {
				return psychicLayout{Cards: fit, Vision: vs, spare: body - fixed - block - fit.Height()}
			}
		}
	}
	block := max(listH, 1+layout.MiniH+1)
	fit, _ := layout.FitCards(n, m.W, body-fixed-block, layout.SizeMini)
	return psychicLayout{Cards: fit, Vision: layout.SizeMini}
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

// writeCardsList writes the small layout's list of table cards beside a
// picture of the card under the cursor to b (shell.WriteBeside).
func (ps *psychicScreen) writeCardsList(b *strings.Builder, w int) {
	ts := ps.ts
	m := ts.Shell
	st := m.St
	p := ps.shown()
	cards := ps.TableCards()
	if p == nil {
		return
	}
	listW := w - layout.ThumbW - 4
	lines := ps.lines[:0]
	lines = append(lines, st.Section.Render(m.Lang().F(" %s ON THE TABLE", words.CatPlural(m.Lang(), p.Category))))
	rows := m.H - 10
	from, to := state.Window(len(cards), rows, ps.CardCur)
	names := ps.names.get(cards, m.Lang(), m.Cards, 24, m.NoMemo, func(i int, id game.CardID) string {
		num := layout.Itoa(i + 1)
		if len(num) < 2 {
			num = " " + num // %2d
		}
		return layout.Pad(num+" "+m.CardName(id), 24) // exactly 24 cells
	})
	for i := from; i < to; i++ {
		id := cards[i]
		name := names[i]
		if ts.Note.Of(id).Out && i != ps.CardCur {
			name = st.Dim.Render(name) // ruled out: dimmed for its psychic
		}
		ts.Hits.Line(shell.HitTableCard, i, 0, len(lines), listW)
		if i == ps.CardCur {
			lines = append(lines, st.Cursor.Render("▸")+st.Sel.Render(name)+" "+ps.marksFor(id))
		} else {
			lines = append(lines, " "+name+" "+ps.marksFor(id))
		}
	}
	var tile layout.TileParts
	if ps.CardCur < len(cards) {
		id := cards[ps.CardCur]
		// Its name without its article when that fits, not a cut inside a word.
		tile = m.Tiles().CaptionedTile(id, layout.ThumbW, layout.ThumbH, layout.ShortTitle(m.CardName(id), layout.ThumbW, 0), "", false, false)
	}
	shell.WriteBeside(b, lines, listW, 2, tile, layout.ThumbW)
	clear(lines)
	ps.lines = lines[:0]
}

// myColour is the colour a psychic player is acting as now.
func (ps *psychicScreen) MyColour() (game.Colour, bool) {
	ts := ps.ts
	if ts.Psy == nil || len(ts.Psy.Colours) == 0 {
		return 0, false
	}
	return ts.Psy.Colours[min(ps.active, len(ts.Psy.Colours)-1)], true
}

// viewpoint is the psychic whose table cards are shown: the player's active
// colour, or the psychic a spectator follows.
func (ps *psychicScreen) viewpoint() *game.PsychicPublic {
	ts := ps.ts
	if ts.Pub == nil || len(ts.Pub.Psychics) == 0 {
		return nil
	}
	if c, ok := ps.MyColour(); ok {
		return ts.Pub.Psychic(c)
	}
	return &ts.Pub.Psychics[min(ps.follow, len(ts.Pub.Psychics)-1)]
}

// otherColourWaits is the player's other colour when it has a vision this
// round and is neither ready nor finished: the move it waits for is the
// player's own.
func (ps *psychicScreen) otherColourWaits() *game.PsychicPublic {
	ts := ps.ts
	active, ok := ps.MyColour()
	if !ok || ts.Pub == nil {
		return nil
	}
	for _, c := range ts.Psy.Colours {
		if c == active {
			continue
		}
		if p := ts.Pub.Psychic(c); p != nil && p.ReceivedThisRound && !p.Ready && !p.Finished {
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
func (ps *psychicScreen) TableCards() []game.CardID {
	ts := ps.ts
	p := ps.shown()
	if p == nil || ts.Pub == nil {
		return nil
	}
	cat := p.Category
	if p.Finished {
		cat = ts.Pub.Order[2]
	}
	return ts.Pub.TableCards[cat]
}

// shown is the psychic whose category's table cards are shown: the
// viewpoint, but for a psychic whose trail is complete, the psychic they
// help (the one chosen in the list, else the first still searching),
// whose intuition their tokens go on.
func (ps *psychicScreen) shown() *game.PsychicPublic {
	ts := ps.ts
	p := ps.viewpoint()
	if p == nil || !p.Finished || ts.Psy == nil {
		return p
	}
	if ps.Target < len(ts.Pub.Psychics) {
		if t := &ts.Pub.Psychics[ps.Target]; !t.Finished && !ts.Seats.Mine(t.Colour) {
			return t
		}
	}
	for i := range ts.Pub.Psychics {
		if t := &ts.Pub.Psychics[i]; !t.Finished {
			return t
		}
	}
	return p
}

// cursorCard is the card under this psychic's cursor: a vision card in the
// psychics pane, else a table card.
func (ps *psychicScreen) CursorCard() game.CardID {
	ts := ps.ts
	if ts.Pane() == "psychics" {
		if v := ts.VisionOf(ps.Target); ps.VisCur < len(v) {
			return v[ps.VisCur]
		}
		return ""
	}
	if cards := ps.TableCards(); ps.CardCur < len(cards) {
		return cards[ps.CardCur]
	}
	return ""
}

func (ps *psychicScreen) Title() string {
	if ps.ts.Psy == nil {
		return i18n.N("SPECTATOR")
	}
	return i18n.N("PSYCHIC")
}
