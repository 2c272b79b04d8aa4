package session

import (
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

func catWord(c game.Category) string { return strings.ToUpper(c.String()) }

func catPlural(c game.Category) string {
	switch c {
	case game.Character:
		return "CHARACTERS"
	case game.Location:
		return "LOCATIONS"
	}
	return "OBJECTS"
}

// psychicView is the psychic's (and, read-only, the spectator's) screen
// during rounds: the table cards of the category being guessed with every
// intuition on them, all visions (own first), clairvoyance, chat.
func (ts *tableState) psychicView() (body, keys, status string) {
	m := ts.m
	var b strings.Builder
	b.Grow(m.frameHint())
	b.WriteString(ts.youLine())
	b.WriteByte('\n')
	large := ts.large()
	if large {
		roomy := m.h >= 45
		if roomy {
			b.WriteString("\n")
		}
		b.WriteString(ts.cardsRow(m.w))
		b.WriteByte('\n')
		if roomy {
			b.WriteString("\n")
		}
		b.WriteString(ts.psychicsBlock(m.w, true))
		b.WriteByte('\n')
		if cl := ts.clairvoyanceLine(); cl != "" {
			b.WriteString(cl)
			b.WriteByte('\n')
		}
		if lh := ts.lastHourLine(); lh != "" {
			b.WriteString(lh)
			b.WriteByte('\n')
		}
		chatH := ts.rowsLeft(b.String())
		b.WriteString(ts.chatPane(m.w, max(1, chatH)))
	} else {
		b.WriteString(ts.tabBar())
		b.WriteByte('\n')
		switch ts.pane() {
		case "cards":
			b.WriteString(ts.cardsList(m.w))
		case "psychics":
			b.WriteString(ts.psychicsBlock(m.w, false))
			if cl := ts.clairvoyanceLine(); cl != "" {
				b.WriteString("\n" + cl)
			}
			if lh := ts.lastHourLine(); lh != "" {
				b.WriteString("\n" + lh)
			}
		case "chat":
			b.WriteString(ts.chatPane(m.w, m.h-10))
		}
	}
	if ts.psy == nil {
		keys = "←→ card · ↑↓ psychic · c follow another psychic · enter zoom · tab pane · q leave · ? keys"
	} else {
		// Only the keys this table plays: tokens with clairvoyance only.
		switch {
		case len(ts.psy.Colours) > 1 && ts.pub.Clairvoyance:
			keys = "←→ card · i intuition · r ready · c other colour · ↑↓ psychic · y/n token · t chat · enter zoom · ? keys"
		case len(ts.psy.Colours) > 1:
			keys = "←→ card · i intuition · r ready · c other colour · ↑↓ psychic · t chat · enter zoom · tab pane · ? keys"
		case ts.pub.Clairvoyance:
			keys = "←→ card · i intuition · r ready · ↑↓ psychic · y/n ✔/✘ token · x take back · t chat · enter zoom · tab pane · ? keys"
		default:
			keys = "←→ card · i intuition · r ready · ↑↓ psychic · t chat · enter zoom · tab pane · ? keys"
		}
	}
	status = ts.psychicStatus()
	if ts.chatOn {
		status = "Type your message and press enter (esc to stop typing)."
	}
	return b.String(), keys, status
}

// youLine says who this player is and what they look for.
func (ts *tableState) youLine() string {
	m := ts.m
	st := m.st
	p := ts.viewpoint()
	if p == nil {
		return ""
	}
	var left string
	if ts.psy == nil {
		left = " You are watching. Following " + ts.psychicLabel(p.Colour)
		if p.Finished {
			left += ": trail complete."
		} else {
			left += ": looking for a " + st.bold.Render(catWord(p.Category)) + "."
		}
		return ts.spreadTrail(p, left)
	}
	// The sentence gets shorter, part by part, until the trail fits
	// beside it: a two-colour psychic's reminder of c is the longest.
	two := len(ts.psy.Colours) > 1
	task := " Find your " + st.bold.Render(catWord(p.Category)) + "."
	shortTask := task
	if p.Finished {
		task, shortTask = " Your trail is complete: help the others.", " Trail complete."
	}
	who := " You are " + ts.psychicLabel(p.Colour)
	colour := " (" + p.Colour.String() + ")."
	variants := []string{who + colour + task, who + "." + task, who + "." + shortTask}
	if two {
		variants = []string{
			who + colour + task + st.dim.Render(" (c: switch colour)"),
			who + "." + task + st.dim.Render(" (c: switch colour)"),
			who + "." + task + st.dim.Render(" (c: switch)"),
			who + "." + shortTask + st.dim.Render(" (c: switch)"),
		}
	}
	short := ts.trailText(p, false)
	for _, left := range variants {
		if textWidth(left)+textWidth(short)+3 <= m.w {
			return ts.spreadTrail(p, left)
		}
	}
	return ts.spreadTrail(p, variants[len(variants)-1])
}

// spreadTrail puts the trail at the right of the you-line: with the found
// cards' names when they fit, else with ✔ marks.
func (ts *tableState) spreadTrail(p *game.PsychicPublic, left string) string {
	m := ts.m
	trail := ts.trailText(p, true)
	if textWidth(left)+textWidth(trail)+3 > m.w {
		trail = ts.trailText(p, false)
	}
	return m.spread(left, trail+" ", m.w)
}

// trailText is the psychic's progress: found cards by name (or just ✔
// when names do not fit), "?" for the rest.
func (ts *tableState) trailText(p *game.PsychicPublic, names bool) string {
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
	return "trail: " + strings.Join(parts, " · ")
}

// intuitionsOn lists the psychics whose intuition is on card.
func (ts *tableState) intuitionsOn(card game.CardID) []game.Colour {
	var out []game.Colour
	for _, p := range ts.pub.Psychics {
		if p.Intuition == card && card != "" {
			out = append(out, p.Colour)
		}
	}
	return out
}

func (ts *tableState) marksFor(card game.CardID) string {
	var parts []string
	for _, c := range ts.intuitionsOn(card) {
		s := ts.sym(c)
		if ts.mine(c) {
			s += "(you)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// window picks which of n items fit in slots, keeping cur visible.
// thumbSlots is how many thumbnails fit in a row w cells wide: a one-cell
// indent, then tiles separated by one blank column (n tiles take
// n*(thumbW+1) cells), so a 120-column window shows a whole hand of 7.
func thumbSlots(w int) int {
	return max(1, w/(thumbW+1))
}

func window(n, slots, cur int) (from, to int) {
	if n <= slots {
		return 0, n
	}
	from = cur - slots/2
	from = max(0, min(from, n-slots))
	return from, from + slots
}

// cardsRow is the large layout's row of table cards with captions and marks.
func (ts *tableState) cardsRow(w int) string {
	m := ts.m
	st := m.st
	p := ts.viewpoint()
	cards := ts.tableCards()
	cat := game.Character
	if p != nil {
		cat = p.Category
	}
	title := " " + catPlural(cat) + " ON THE TABLE"
	focus := ts.pane() == "cards"
	head := st.section.Render(title)
	if focus {
		head += st.cursor.Render("  ◂ focus")
	}
	slots := thumbSlots(w)
	from, to := window(len(cards), slots, ts.cardCur)
	tiles := make([]tileParts, 0, to-from)
	for i := from; i < to; i++ {
		id := cards[i]
		caption := itoa(i+1) + " " + m.cardName(id)
		tiles = append(tiles, m.captionedTile(id, thumbW, thumbH, caption, ts.marksFor(id), focus && i == ts.cardCur, false))
	}
	more := ""
	if from > 0 || to < len(cards) {
		more = st.dim.Render(fmt.Sprintf("   cards %d-%d of %d", from+1, to, len(cards)))
	}
	if len(tiles) == 0 {
		return head + "\n" + st.dim.Render("  (no cards)")
	}
	var b strings.Builder
	b.WriteString(head)
	b.WriteString(more)
	b.WriteByte('\n')
	writeTileRow(&b, 1, 1, thumbW, tiles)
	return b.String()
}

// cardsList is the small layout's list of table cards beside a picture of
// the card under the cursor.
func (ts *tableState) cardsList(w int) string {
	m := ts.m
	st := m.st
	p := ts.viewpoint()
	cards := ts.tableCards()
	if p == nil {
		return ""
	}
	listW := w - thumbW - 4
	var lines []string
	lines = append(lines, st.section.Render(" "+catPlural(p.Category)+" ON THE TABLE"))
	rows := m.h - 10
	from, to := window(len(cards), rows, ts.cardCur)
	for i := from; i < to; i++ {
		id := cards[i]
		num := itoa(i + 1)
		if len(num) < 2 {
			num = " " + num // %2d
		}
		name := pad(num+" "+m.cardName(id), 24) // exactly 24 cells
		if i == ts.cardCur {
			lines = append(lines, st.cursor.Render("▸")+st.sel.Render(name)+" "+ts.marksFor(id))
		} else {
			lines = append(lines, " "+name+" "+ts.marksFor(id))
		}
	}
	left := block(strings.Join(lines, "\n"), listW)
	if ts.cardCur < len(cards) {
		id := cards[ts.cardCur]
		return besideParts(2, left, listW, m.captionedTile(id, thumbW, thumbH, m.cardName(id), "", false, false))
	}
	return left
}

// psychicLine is one psychic in the list: name, player, what they look for,
// their vision, intuition, ready, tokens on their intuition, track.
func (ts *tableState) psychicLine(p *game.PsychicPublic, w int) string {
	m := ts.m
	st := m.st
	var parts []string
	name := ts.shortLabel(p.Colour)
	if ts.mine(p.Colour) {
		name += st.bold.Render(" (you)")
	} else if pn := ts.playerName(p.Colour); pn != "" {
		name += st.dim.Render(" " + cut(pn, 12))
	}
	parts = append(parts, name)
	if p.Finished {
		parts = append(parts, st.ok.Render("✔ done"))
	} else {
		parts = append(parts, strings.ToLower(catWord(p.Category)))
	}
	switch {
	case len(p.Vision) > 0:
		parts = append(parts, fmt.Sprintf("%d card%s", len(p.Vision), plural(len(p.Vision))))
	case !p.Finished:
		parts = append(parts, st.dim.Render("no vision yet"))
	}
	if p.Intuition != "" {
		in := "on " + cut(m.cardName(p.Intuition), 16)
		var toks []string
		for _, t := range p.TokensOn {
			toks = append(toks, t.Kind.Symbol()+ts.sym(t.From))
		}
		if len(toks) > 0 {
			in += " [" + strings.Join(toks, " ") + "]"
		}
		parts = append(parts, in)
	}
	if p.Ready {
		parts = append(parts, st.ok.Render("ready"))
	}
	if ts.pub.Clairvoyance {
		parts = append(parts, fmt.Sprintf("track %d", p.Track))
	}
	return m.cut(strings.Join(parts, " · "), w)
}

// orderedPsychics puts this player's psychics first ("own first").
func (ts *tableState) orderedPsychics() []int {
	var mine, others []int
	for i, p := range ts.pub.Psychics {
		if ts.mine(p.Colour) {
			mine = append(mine, i)
		} else {
			others = append(others, i)
		}
	}
	return append(mine, others...)
}

// psychicsBlock lists the psychics with their visions; the selected one's
// vision is drawn beside the list (large) or as a list with one picture.
func (ts *tableState) psychicsBlock(w int, large bool) string {
	m := ts.m
	st := m.st
	focus := ts.pane() == "psychics"
	head := " PSYCHICS AND VISIONS"
	var lines []string
	h := st.section.Render(head)
	if focus && large {
		h += st.cursor.Render("  ◂ focus")
	}
	listW := w - 2
	if large {
		listW = min(70, w/2)
	} else {
		listW = w - thumbW - 4
	}
	if gn := ts.ghostName(); gn != "" {
		// The ghost's player and presence, as the psychics' lines show theirs.
		h = m.cut(h+st.dim.Render("   ☾ ghost: "+cut(gn, 26)), listW)
	}
	lines = append(lines, h)
	for _, i := range ts.orderedPsychics() {
		p := &ts.pub.Psychics[i]
		line := ts.psychicLine(p, listW-2)
		if i == ts.target {
			lines = append(lines, st.cursor.Render("▸")+" "+line)
		} else {
			lines = append(lines, "  "+line)
		}
	}
	vision := ts.visionOf(ts.target)
	var sel *game.PsychicPublic
	if ts.target < len(ts.pub.Psychics) {
		sel = &ts.pub.Psychics[ts.target]
	}
	if sel == nil {
		return strings.Join(lines, "\n")
	}
	if !large {
		lines = append(lines, "")
		var ids []string
		for i, c := range vision {
			s := string(c)
			if i == ts.visCur && focus {
				s = st.sel.Render(s)
			}
			ids = append(ids, s)
		}
		vl := " Vision of " + ts.shortLabel(sel.Colour) + ": "
		if len(ids) == 0 {
			vl += st.dim.Render("none yet")
		} else {
			vl += strings.Join(ids, " ")
		}
		lines = append(lines, cut(vl, listW))
		left := block(strings.Join(lines, "\n"), listW)
		if ts.visCur < len(vision) {
			id := vision[ts.visCur]
			return besideTile(2, left, listW, m.tile(id, thumbW, thumbH))
		}
		return left
	}
	left := block(strings.Join(lines, "\n"), listW)
	room := w - listW - 2
	slots := max(1, room/(thumbW+1))
	from, to := window(len(vision), slots, ts.visCur)
	tiles := make([]tileParts, 0, to-from)
	for i := from; i < to; i++ {
		tiles = append(tiles, m.captionedTile(vision[i], thumbW, thumbH, string(vision[i]), "", focus && i == ts.visCur, false))
	}
	right := st.dim.Render("Vision of ") + ts.shortLabel(sel.Colour)
	if len(tiles) == 0 {
		right += "\n" + st.dim.Render("(no vision yet)")
	} else {
		var b strings.Builder
		b.WriteString(right)
		b.WriteByte('\n')
		writeTileRow(&b, 0, 1, thumbW, tiles)
		right = b.String()
	}
	return hjoin(2, left, right)
}

// clairvoyanceLine is the track and this player's tokens (classic, 4+ players).
func (ts *tableState) clairvoyanceLine() string {
	st := ts.m.st
	if ts.pub == nil || !ts.pub.Clairvoyance {
		return ""
	}
	narrow := ts.m.w < 120
	var parts []string
	for _, p := range ts.pub.Psychics {
		if narrow {
			parts = append(parts, fmt.Sprintf("%s %d L%d", ts.sym(p.Colour), p.Track, p.Level))
		} else {
			parts = append(parts, fmt.Sprintf("%s %d (level %d)", ts.sym(p.Colour), p.Track, p.Level))
		}
	}
	line := st.section.Render(" CLAIRVOYANCE ") + " " + strings.Join(parts, "  ")
	if narrow {
		line += "\n"
	}
	if c, ok := ts.myColour(); ok {
		if p := ts.pub.Psychic(c); p != nil {
			toks := strings.Repeat("✔", p.TokensYes) + " " + strings.Repeat("✘", p.TokensNo)
			line += "    your tokens: " + toks
			if p.TokensSpent > 0 {
				line += st.dim.Render(fmt.Sprintf(" (%d used, back at hour IV)", p.TokensSpent))
			}
		}
	}
	return line
}

// chatPane is the chat with its input line (for those who may write).
func (ts *tableState) chatPane(w, h int) string {
	st := ts.m.st
	title := "─ chat "
	switch {
	case ts.role() == roleGhost:
		title = "─ table chat (you cannot write) "
	case ts.role() == roleSpectator:
		title = "─ chat (spectators read only) "
	}
	lines := h - 1
	if ts.canChat() {
		lines--
	}
	var b strings.Builder
	b.WriteString(st.rule.Render(title + strings.Repeat("─", max(0, w-len([]rune(title))))))
	if lines > 0 {
		b.WriteString("\n" + ts.chatBlock(w, lines))
	}
	if ts.canChat() {
		if ts.chatOn {
			b.WriteString("\n " + ts.chat.View(w-3))
		} else {
			b.WriteString("\n " + st.dim.Render("press t to write"))
		}
	}
	return b.String()
}

// psychicStatus is the status line of the psychic and spectator screens.
func (ts *tableState) psychicStatus() string {
	p := ts.pub
	if ts.psy == nil {
		if ts.ghostAway() && ts.ghostNeeded() {
			return ts.ghostAwayText()
		}
		return "Watching " + ts.phaseSentence() + "."
	}
	me := ts.viewpoint()
	if ts.ghostAway() && ts.ghostNeeded() && me != nil &&
		(p.Phase != game.PhaseVision || !me.ReceivedThisRound || me.Finished || me.Ready) {
		// Nothing this psychic can do moves the game on: say what it waits for.
		return ts.ghostAwayText()
	}
	switch p.Phase {
	case game.PhaseVision:
		switch {
		case me == nil:
			return ""
		case me.Finished:
			return "Your trail is complete. Help the others" + ts.tokenHint() + "; waiting for " + ts.waitingReady() + "."
		case !me.ReceivedThisRound:
			return "Waiting for the ghost's vision (" + ts.waitingVisionsText() + ")."
		case me.Intuition == "":
			return "Place your intuition: ←→ to a card, then i."
		case !me.Ready:
			return "Press r when you are sure (you can still move your intuition)."
		default:
			return "You are ready. Waiting for " + ts.waitingReady() + "."
		}
	case game.PhaseReveal:
		return "The ghost is revealing the results (" + fmt.Sprintf("%d of %d", len(p.Reveals), ts.unfinishedCount()) + ")."
	}
	return ts.phaseSentence()
}

func (ts *tableState) tokenHint() string {
	if ts.pub.Clairvoyance {
		return " with your clairvoyance tokens (y/n)"
	}
	return ""
}

func (ts *tableState) unfinishedCount() int {
	n := 0
	for _, p := range ts.pub.Psychics {
		if !p.Finished || p.ReceivedThisRound {
			n++
		}
	}
	return n
}

// waitingReady names the unfinished psychics who are not ready.
func (ts *tableState) waitingReady() string {
	var names []string
	for _, p := range ts.pub.Psychics {
		if !p.Finished && !p.Ready {
			names = append(names, p.Colour.Symbol()+" "+firstName(p.Colour))
		}
	}
	if len(names) == 0 {
		return "the ghost"
	}
	return strings.Join(names, ", ") + " to be ready"
}

func (ts *tableState) waitingVisionsText() string {
	n := len(ts.pub.WaitingVisions)
	if n == 0 {
		return "every vision is given"
	}
	return fmt.Sprintf("%d psychic%s still to receive one", n, plural(n))
}

func firstName(c game.Colour) string {
	n := c.Character()
	if c == game.Red {
		return n
	}
	if i := strings.IndexByte(n, ' '); i > 0 {
		return n[:i]
	}
	return n
}

// phaseSentence says what the table is doing, for spectators and waits.
func (ts *tableState) phaseSentence() string {
	p := ts.pub
	switch p.Phase {
	case game.PhaseVision:
		if len(p.WaitingVisions) > 0 {
			return fmt.Sprintf("the ghost giving visions (%s)", ts.waitingVisionsText())
		}
		return "the psychics interpreting their visions: waiting for " + ts.waitingReady()
	case game.PhaseReveal:
		return "the ghost revealing the results"
	case game.PhaseCulprit:
		return "the ghost preparing the shared vision"
	case game.PhaseVote:
		return "the vote"
	}
	return "the table"
}

// lastHourLine recalls the results of the hour that just ended, while the
// next hour's visions are being given (the knock itself lasts seconds).
func (ts *tableState) lastHourLine() string {
	p := ts.pub
	if p == nil || len(p.History) == 0 || len(p.Reveals) > 0 || p.Phase != game.PhaseVision {
		return ""
	}
	m := ts.m
	st := m.st
	r := p.History[len(p.History)-1]
	var parts []string
	for _, res := range r.Results {
		mark := st.ok.Render("✔")
		if !res.Correct {
			mark = st.bad.Render("✘")
		}
		on := "—"
		if res.Intuition != "" {
			on = m.cardName(res.Intuition)
		}
		parts = append(parts, mark+" "+ts.sym(res.Psychic)+" "+on)
	}
	if len(parts) == 0 {
		return ""
	}
	return m.cut(st.section.Render(fmt.Sprintf(" %s %s ", ts.clockWord(), romanNum(r.Round)))+" "+strings.Join(parts, "   "), m.w)
}
