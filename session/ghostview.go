package session

import (
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// ghostView is the ghost's screen during rounds: a column per psychic
// (target card, vision so far, intuition), the hand of 7 with its
// selection, the chat it can only read.
func (ts *tableState) ghostView() (body, keys, status string) {
	m := ts.m
	var b strings.Builder
	b.Grow(m.frameHint())
	if ts.large() {
		b.WriteString(ts.ghostColumns(m.w))
		b.WriteByte('\n')
		if lh := ts.lastHourLine(); lh != "" {
			b.WriteString(lh)
			b.WriteByte('\n')
		}
		b.WriteString(ts.handRow(m.w))
		b.WriteByte('\n')
		chatH := ts.rowsLeft(b.String())
		b.WriteString(ts.chatPane(m.w, max(1, chatH)))
	} else {
		b.WriteString(ts.tabBar())
		b.WriteByte('\n')
		switch ts.pane() {
		case "hand":
			b.WriteString(ts.ghostTargetLine(m.w))
			b.WriteByte('\n')
			if ov := ts.oldVisionLine(m.w); ov != "" {
				b.WriteString(ov)
				b.WriteByte('\n')
			}
			b.WriteString(ts.handList(m.w))
		case "psychics":
			b.WriteString(ts.ghostPsychicsList(m.w))
			if lh := ts.lastHourLine(); lh != "" {
				b.WriteString("\n" + lh)
			}
		case "chat":
			b.WriteString(ts.chatPane(m.w, m.h-8))
		}
	}
	switch ts.pub.Phase {
	case game.PhaseReveal:
		keys = "↑↓ psychic · r reveal this one · a reveal all in seat order · f zoom target · tab pane · ? keys"
	default:
		keys = "←→ card · space select · ↑↓ psychic · g give · x " + discardWord(ts.pub.DiscardKind) + " · enter zoom · f target · ? keys"
		if ts.pub.Edition == game.Modern {
			keys = "←→ card · space select · ↑↓ psychic · g give · d drop old cards · x candle · enter zoom · ? keys"
		}
		if ts.dropMode {
			keys = "←→ old card · space drop / keep · g give · esc done · d keep all · enter zoom · ? keys"
		}
	}
	status = ts.ghostStatus()
	if ts.dropMode {
		if p := ts.ghostTarget(); p != nil {
			// At most 80 columns: the whole sentence shows at 80x24.
			status = fmt.Sprintf("Dropping %d of %d old cards of %s %s (✗): ←→ and space change it, g gives.",
				ts.dropCount(), len(p.Vision), p.Colour.Symbol(), firstName(p.Colour))
		}
	}
	return b.String(), keys, status
}

// oldVisionLine (modern, 80x24 hand pane) is the chosen psychic's old
// vision, which the new cards complete: the cards marked to drop are
// struck (✗), the cursor shows while d has the keys on it.
func (ts *tableState) oldVisionLine(w int) string {
	m := ts.m
	st := m.st
	p := ts.ghostTarget()
	if p == nil || len(p.Vision) == 0 || ts.pub.Edition != game.Modern || ts.pub.Phase != game.PhaseVision || !ts.waitingVision(p.Colour) {
		return ""
	}
	var ids []string
	for k, c := range p.Vision {
		s := string(c)
		if ts.dropped[c] {
			s = st.bad.Render(s + "✗")
		}
		if ts.dropMode && k == ts.visCur {
			s = st.cursor.Render("▸") + st.sel.Render(s)
		}
		ids = append(ids, s)
	}
	line := " old vision: " + strings.Join(ids, " ")
	if !ts.dropMode {
		line += st.dim.Render(fmt.Sprintf(" · %d to drop · d chooses", ts.dropCount()))
	}
	return m.cut(line, w)
}

func discardWord(k game.DiscardKind) string {
	switch k {
	case game.DiscardCandle:
		return "candle"
	case game.DiscardWholeHand:
		return "new hand"
	}
	return "crow"
}

// revealOf is psychic c's revealed result this round, if any.
func (ts *tableState) revealOf(c game.Colour) *game.RevealResult {
	for i := range ts.pub.Reveals {
		if ts.pub.Reveals[i].Psychic == c {
			return &ts.pub.Reveals[i]
		}
	}
	return nil
}

func (ts *tableState) waitingVision(c game.Colour) bool {
	for _, w := range ts.pub.WaitingVisions {
		if w == c {
			return true
		}
	}
	return false
}

// psychicState is a short phrase for a psychic's column or line.
func (ts *tableState) psychicState(p *game.PsychicPublic) string {
	st := ts.m.st
	if r := ts.revealOf(p.Colour); r != nil {
		if r.Correct {
			return st.ok.Render("✔ right")
		}
		return st.bad.Render("✘ wrong")
	}
	switch {
	case p.Finished:
		return st.ok.Render("trail complete")
	case ts.pub.Phase == game.PhaseVision && ts.waitingVision(p.Colour):
		return st.cursor.Render("waiting for your vision")
	case p.Ready:
		return st.ok.Render("ready")
	case ts.pub.Phase == game.PhaseVision:
		return "vision given · thinking"
	case ts.pub.Phase == game.PhaseReveal:
		return "to reveal"
	}
	return ""
}

func (ts *tableState) ghostColumns(w int) string {
	m := ts.m
	st := m.st
	n := len(ts.pub.Psychics)
	if n == 0 {
		return ""
	}
	colW := min(34, (w-1)/n-1)
	cols := make([]tileParts, 0, n)
	for i := range ts.pub.Psychics {
		p := &ts.pub.Psychics[i]
		// A column is text lines (padded to colW) and the target's picture
		// (indented by 2 and padded without measuring or copying it).
		var col tileParts
		var lines []string
		flush := func() {
			if len(lines) > 0 {
				col = append(col, tilePart{s: block(strings.Join(lines, "\n"), colW)})
				lines = lines[:0]
			}
		}
		head := ts.shortLabel(p.Colour) + " · " + catWord(p.Category)
		if p.Finished {
			head = ts.shortLabel(p.Colour) + " · " + st.ok.Render("done")
		}
		if i == ts.target {
			head = st.cursor.Render("▸ ") + head
		} else {
			head = "  " + head
		}
		lines = append(lines, cut(head, colW))
		if pn := ts.playerName(p.Colour); pn != "" {
			lines = append(lines, st.dim.Render(cut("  "+pn, colW)))
		} else {
			lines = append(lines, "")
		}
		target := ts.trailCard(p.Colour, p.Category)
		if !p.Finished && target != "" {
			art := m.tile(target, thumbW, thumbH)
			if colW >= 2+thumbW {
				flush()
				col = append(col, tilePart{s: art, left: 2, right: colW - 2 - thumbW})
			} else {
				for _, l := range strings.Split(art, "\n") {
					lines = append(lines, "  "+l)
				}
			}
			lines = append(lines, cut("  must find "+st.bold.Render(m.cardName(target)), colW))
		} else {
			for k := 0; k < thumbH+1; k++ {
				lines = append(lines, "")
			}
		}
		vis := "  vision: " + st.dim.Render("—")
		if len(p.Vision) > 0 {
			var ids []string
			for k, c := range p.Vision {
				s := string(c)
				if ts.dropped[c] && i == ts.target {
					s = st.bad.Render(s + "✗")
				}
				if ts.dropMode && i == ts.target && k == ts.visCur {
					s = st.sel.Render(s)
				}
				ids = append(ids, s)
			}
			vis = "  vision: " + strings.Join(ids, " ")
		}
		lines = append(lines, cut(vis, colW))
		if m.h >= 52 {
			// Tall windows: the vision itself as small pictures (below that,
			// the rows go to the chat, which the ghost reads closely).
			slots := max(1, (colW-2)/(miniW+1))
			var tiles []string
			for k, c := range p.Vision {
				if k == slots {
					break
				}
				tiles = append(tiles, m.tile(c, miniW, miniH))
			}
			if len(tiles) > 0 {
				lines = append(lines, strings.Split(tileRow(2, 1, miniW, tiles), "\n")...)
			} else {
				for k := 0; k < miniH; k++ {
					lines = append(lines, "")
				}
			}
		}
		in := "  intuition: " + st.dim.Render("none")
		if p.Intuition != "" {
			in = "  intuition: " + cut(m.cardName(p.Intuition), colW-13)
		}
		lines = append(lines, cut(in, colW))
		lines = append(lines, cut("  "+ts.psychicState(p), colW))
		if ts.pub.Clairvoyance {
			lines = append(lines, st.dim.Render(cut(fmt.Sprintf("  track %d · level %d", p.Track, p.Level), colW)))
		}
		flush()
		cols = append(cols, col)
	}
	var b strings.Builder
	writeTileRow(&b, 0, 1, colW, cols)
	return b.String()
}

// handRow is the ghost's hand as pictures, the selection marked.
func (ts *tableState) handRow(w int) string {
	m := ts.m
	st := m.st
	hand := ts.ghost.Hand
	slots := thumbSlots(w)
	from, to := window(len(hand), slots, ts.cardCur)
	title := fmt.Sprintf("─ your hand (%d selected) ", len(ts.selection()))
	if from > 0 || to < len(hand) {
		// A narrow window shows part of the hand: say so, or the ghost
		// would not know the other cards exist.
		title = fmt.Sprintf("─ your hand (%d selected) · cards %d-%d of %d, ←→ scrolls ", len(ts.selection()), from+1, to, len(hand))
	}
	var b strings.Builder
	b.WriteString(st.rule.Render(title + strings.Repeat("─", max(0, w-len([]rune(title))))))
	b.WriteString("\n")
	tiles := make([]tileParts, 0, to-from)
	blank := pad("", thumbW)
	for i := from; i < to; i++ {
		id := hand[i]
		tile := m.captionedTile(id, thumbW, thumbH, itoa(i+1)+" "+string(id), "", i == ts.cardCur, ts.selected[id])
		// No blank last line (the caption never is one; kept as drawn before).
		if n := len(tile); n > 1 && tile[n-1].s == blank {
			tile = tile[:n-1]
		}
		tiles = append(tiles, tile)
	}
	if len(tiles) == 0 {
		b.WriteString(st.dim.Render("  (your hand is empty)"))
	} else {
		writeTileRow(&b, 1, 1, thumbW, tiles)
	}
	return b.String()
}

// ghostTargetLine says who the ghost is about to give to and what they seek.
func (ts *tableState) ghostTargetLine(w int) string {
	m := ts.m
	p := ts.ghostTarget()
	if p == nil {
		return ""
	}
	s := " To " + ts.shortLabel(p.Colour) + ": "
	if p.Finished {
		s += "trail complete"
	} else {
		s += "must find " + m.st.bold.Render(m.cardName(ts.trailCard(p.Colour, p.Category))) + " (" + strings.ToLower(catWord(p.Category)) + ")"
	}
	s += " · " + ts.psychicState(p)
	return m.cut(s, w)
}

// handList is the small layout's hand: a list beside the cursor card's picture.
func (ts *tableState) handList(w int) string {
	m := ts.m
	st := m.st
	hand := ts.ghost.Hand
	listW := w - thumbW - 4
	var lines []string
	lines = append(lines, st.section.Render(fmt.Sprintf(" YOUR HAND (%d selected)", len(ts.selection()))))
	for i, id := range hand {
		mark := "  "
		if ts.selected[id] {
			mark = st.cursor.Render("● ")
		}
		text := fmt.Sprintf("%d %s %s", i+1, id, m.cards.alt(id))
		if i == ts.cardCur {
			lines = append(lines, st.cursor.Render("▸")+mark+st.sel.Render(m.cut(text, listW-4)))
		} else {
			lines = append(lines, " "+mark+m.cut(text, listW-4))
		}
	}
	left := block(strings.Join(lines, "\n"), listW)
	if old := ts.visionOf(ts.target); ts.dropMode && ts.visCur < len(old) {
		// Marking old cards to drop: the picture is the old card's.
		return besideTile(2, left, listW, m.tile(old[ts.visCur], thumbW, thumbH))
	}
	if ts.cardCur < len(hand) {
		return besideTile(2, left, listW, m.tile(hand[ts.cardCur], thumbW, thumbH))
	}
	return left
}

// ghostPsychicsList is the small layout's psychics pane for the ghost.
func (ts *tableState) ghostPsychicsList(w int) string {
	m := ts.m
	st := m.st
	listW := w - thumbW - 4
	var lines []string
	lines = append(lines, st.section.Render(" PSYCHICS"))
	for i := range ts.pub.Psychics {
		p := &ts.pub.Psychics[i]
		cur := "  "
		if i == ts.target {
			cur = st.cursor.Render("▸ ")
		}
		lines = append(lines, cur+m.cut(ts.shortLabel(p.Colour)+" · "+strings.ToLower(catWord(p.Category))+" · "+ts.psychicState(p), listW-2))
		target := ts.trailCard(p.Colour, p.Category)
		detail := "    "
		if !p.Finished {
			detail += "finds " + m.cardName(target) + " · "
		}
		detail += fmt.Sprintf("%d vision card%s", len(p.Vision), plural(len(p.Vision)))
		if p.Intuition != "" {
			detail += " · on " + m.cardName(p.Intuition)
		}
		lines = append(lines, st.dim.Render(m.cut(detail, listW-2)))
	}
	left := block(strings.Join(lines, "\n"), listW)
	if p := ts.ghostTarget(); p != nil && !p.Finished {
		if id := ts.trailCard(p.Colour, p.Category); id != "" {
			return besideTile(2, left, listW, m.tile(id, thumbW, thumbH))
		}
	}
	return left
}

// ghostStatus says what the ghost must do now.
func (ts *tableState) ghostStatus() string {
	p := ts.pub
	sel := len(ts.selection())
	switch p.Phase {
	case game.PhaseVision:
		if len(p.WaitingVisions) > 0 {
			t := ts.ghostTarget()
			if t != nil && ts.waitingVision(t.Colour) {
				return fmt.Sprintf("Give %s %s a vision (%d selected).", t.Colour.Symbol(), t.Colour.Character(), sel)
			}
			var names []string
			for _, c := range p.WaitingVisions {
				names = append(names, c.Symbol()+" "+firstName(c))
			}
			return "Choose a psychic who still needs a vision (↑↓): " + strings.Join(names, ", ") + "."
		}
		return "Waiting for " + ts.waitingReady() + "."
	case game.PhaseReveal:
		return "Reveal the results: ↑↓ a psychic and r, or a for all in seat order."
	}
	return ts.phaseSentence()
}
