package table

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// ghostScreen is the ghost's screen during the rounds: a column per
// psychic (the card they must find, their vision, their intuition), the
// hand of 7 with its selection, the chat the ghost can only read.
type ghostScreen struct {
	ts *TableState
	ghostCursor
	Selected map[game.CardID]bool
	// drop (modern) are the marks on the chosen psychic's old vision, the
	// cards the next gift drops (dropmarks.go).
	Drop dropMarks
	// advanceOn is the ghost's accepted gift or reveal whose effect moves
	// the cursor on to the next psychic who needs one, as soon as the view
	// shows that effect. The table's update for it and the submit's answer
	// race each other (the actor publishes before Submit returns, and the
	// pump may deliver first), so both apply and accepted look: whichever
	// comes second moves the cursor. Nil when nothing is waiting.
	advanceOn game.Command
	// note is the ghost's note on the vision it gives next (ghostnote.go).
	Note ghostNote
	// keyMemo is the key map built last (keys).
	keyMemo state.MapMemo[ghostKeysIn]
	// names are the hand's lines in the hand list (writeHandList).
	names namesMemo
}

// ghostCursor is the ghost screen's own state (part of the frame memo's key).
type ghostCursor struct {
	CardCur int // the hand card under the cursor
	Target  int // the psychic column chosen
}

func (g *ghostScreen) Panes() []string { return ghostPanes }

// ghostPanes are the ghost's panes, one list shared read-only.
var ghostPanes = []string{i18n.N("hand"), i18n.N("psychics"), i18n.N("chat")}

func (g *ghostScreen) clamp() {
	ts := g.ts
	state.Clamp(&g.CardCur, len(ts.Ghost.Hand))
	state.Clamp(&g.Target, len(ts.Pub.Psychics))
	g.Drop.clamp()
}

// accepted clears what a successful command consumed.
func (g *ghostScreen) accepted(c game.Command) {
	switch c.(type) {
	case game.GiveVision, game.Discard, game.GiveSharedVision:
		g.Selected = map[game.CardID]bool{}
		g.Drop.clear()
		// The hand is a new one: the cursor starts it again, or the next
		// space would toggle a card the ghost never looked at.
		g.CardCur = 0
		if gv, ok := c.(game.GiveVision); ok {
			g.Note.given(gv)
			g.advanceOn = c
			g.tryAdvance()
		}
	case game.Reveal, game.RevealAll:
		g.advanceOn = c
		g.tryAdvance()
	}
}

// Draw is the screen's body as a string of its own (WriteBody).
func (g *ghostScreen) Draw() (body, status string) {
	var b strings.Builder
	b.Grow(g.ts.Shell.Host.FrameHint())
	status = g.WriteBody(&b)
	return b.String(), status
}

// WriteBody writes the ghost's screen during rounds to b: a column per psychic
// (target card, vision so far, intuition), the hand of 7 with its
// selection, the chat it can only read.
func (g *ghostScreen) WriteBody(b *strings.Builder) (status string) {
	ts := g.ts
	m := ts.Shell
	if m.Portrait() {
		g.drawPortrait(b)
	} else if ts.Large() {
		mark, y := ts.Hits.Start(b)
		g.writeColumns(b, m.W)
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
		if pl := ts.Pointing.Line(m.W); pl != "" {
			b.WriteString(pl)
			b.WriteByte('\n')
		}
		if lh := ts.LastHourLine(); lh != "" {
			b.WriteString(lh)
			b.WriteByte('\n')
		}
		mark, y = ts.Hits.Start(b)
		g.writeHandRow(b, m.W)
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
		chatH := ts.RowsLeft(ts.Hits.Sofar(b))
		b.WriteString(ts.Chat.Pane(m.W, max(1, chatH)))
	} else {
		ts.WriteTabBar(b)
		b.WriteByte('\n')
		switch ts.Pane() {
		case "hand":
			b.WriteString(g.ghostTargetLine(m.W))
			b.WriteByte('\n')
			if ov := g.Drop.line(m.W); ov != "" {
				b.WriteString(ov)
				b.WriteByte('\n')
			}
			mark, y := ts.Hits.Start(b)
			g.writeHandList(b, m.W)
			ts.Hits.Shift(mark, 0, y)
		case "psychics":
			mark, y := ts.Hits.Start(b)
			g.writePsychicsList(b, m.W)
			ts.Hits.Shift(mark, 0, y)
			if pl := ts.Pointing.Line(m.W); pl != "" {
				b.WriteString("\n" + pl)
			}
			if lh := ts.LastHourLine(); lh != "" {
				b.WriteString("\n" + lh)
			}
		case "chat":
			b.WriteString(ts.Chat.Pane(m.W, m.H-8))
		}
	}
	status = g.ghostStatus()
	if ns := g.Note.status(m.W); ns != "" {
		status = ns
	}
	if ds := g.Drop.status(); ds != "" {
		status = ds
	}
	return status
}

// revealOf is psychic c's revealed result this round, if any.
func (g *ghostScreen) revealOf(c game.Colour) *game.RevealResult {
	ts := g.ts
	for i := range ts.Pub.Reveals {
		if ts.Pub.Reveals[i].Psychic == c {
			return &ts.Pub.Reveals[i]
		}
	}
	return nil
}

// writeHandRow writes the ghost's hand as pictures to b, the selection
// marked.
func (g *ghostScreen) writeHandRow(b *strings.Builder, w int) {
	ts := g.ts
	m := ts.Shell
	if m.Portrait() {
		b.WriteString(g.portraitHand(w))
		return
	}
	st := m.St
	hand := ts.Ghost.Hand
	slots := state.ThumbSlots(w)
	from, to := state.Window(len(hand), slots, g.CardCur)
	title := m.Lang().F("─ your hand (%d selected) ", len(g.Selection()))
	if from > 0 || to < len(hand) {
		// A narrow window shows part of the hand: say so, or the ghost
		// would not know the other cards exist.
		title = m.Lang().F("─ your hand (%d selected) · cards %d-%d of %d, ←→ scrolls ", len(g.Selection()), from+1, to, len(hand))
	}
	b.WriteString(st.Rule.Render(title + strings.Repeat("─", max(0, w-len([]rune(title))))))
	b.WriteString("\n")
	tiles := make([]layout.TileParts, 0, to-from)
	blank := layout.Pad("", layout.ThumbW)
	for i := from; i < to; i++ {
		id := hand[i]
		tile := m.Tiles().CaptionedTile(id, layout.ThumbW, layout.ThumbH, layout.Itoa(i+1)+" "+string(id), "", i == g.CardCur, g.Selected[id])
		// No blank last line (the caption never is one; kept as drawn before).
		if n := len(tile); n > 1 && tile[n-1].S == blank {
			tile = tile[:n-1]
		}
		tiles = append(tiles, tile)
	}
	if len(tiles) == 0 {
		b.WriteString(st.Dim.Render(m.Lang().T("  (your hand is empty)")))
	} else {
		layout.WriteTileRowAt(b, 1, 1, layout.ThumbW, tiles, ts.Hits.Placer(shell.HitHandCard, from, 1))
	}
}

// ghostTargetLine says who the ghost is about to give to and what they seek.
func (g *ghostScreen) ghostTargetLine(w int) string {
	ts := g.ts
	m := ts.Shell
	p := g.GhostTarget()
	if p == nil {
		return ""
	}
	l := m.Lang()
	s := l.F(" To %s: ", ts.Shell.St.ShortLabel(p.Colour))
	if p.Finished {
		s += l.T("trail complete")
	} else {
		s += l.F("must find %s (%s)", m.St.Bold.Render(m.CardName(ts.TrailCard(p.Colour, p.Category))), words.CatLower(l, p.Category))
	}
	s += " · " + g.psychicState(p)
	return m.Cut(s, w)
}

// writeHandList writes the small layout's hand to b: a list beside the
// cursor card's picture (shell.WriteBeside).
func (g *ghostScreen) writeHandList(b *strings.Builder, w int) {
	ts := g.ts
	m := ts.Shell
	st := m.St
	hand := ts.Ghost.Hand
	listW := w - layout.ThumbW - 4
	lines := make([]string, 0, 1+len(hand))
	lines = append(lines, st.Section.Render(m.Lang().F(" YOUR HAND (%d selected)", len(g.Selection()))))
	texts := g.names.get(hand, m.Lang(), m.Cards, listW-4, m.NoMemo, func(i int, id game.CardID) string {
		return m.Cut(layout.Itoa(i+1)+" "+string(id)+" "+m.Cards.Alt(id, m.Lang()), listW-4)
	})
	for i, id := range hand {
		mark := "  "
		if g.Selected[id] {
			mark = st.Cursor.Render("● ")
		}
		ts.Hits.Line(shell.HitHandCard, i, 0, len(lines), listW)
		if i == g.CardCur {
			lines = append(lines, st.Cursor.Render("▸")+mark+st.Sel.Render(texts[i]))
		} else {
			lines = append(lines, " "+mark+texts[i])
		}
	}
	var tile layout.TileParts
	if old := g.Drop.Old(); g.Drop.On && g.Drop.Cur < len(old) {
		// Marking old cards to drop: the picture is the old card's.
		tile = shell.PictureParts(m.Tiles().Tile(old[g.Drop.Cur], layout.ThumbW, layout.ThumbH))
	} else if g.CardCur < len(hand) {
		tile = shell.PictureParts(m.Tiles().Tile(hand[g.CardCur], layout.ThumbW, layout.ThumbH))
	}
	shell.WriteBeside(b, lines, listW, 2, tile, layout.ThumbW)
}

// writePsychicsList writes the small layout's psychics pane for the ghost
// to b (shell.WriteBeside).
func (g *ghostScreen) writePsychicsList(b *strings.Builder, w int) {
	ts := g.ts
	m := ts.Shell
	st := m.St
	listW := w - layout.ThumbW - 4
	l := m.Lang()
	lines := make([]string, 0, 1+2*len(ts.Pub.Psychics))
	lines = append(lines, st.Section.Render(l.T(" PSYCHICS")))
	for i := range ts.Pub.Psychics {
		p := &ts.Pub.Psychics[i]
		cur := "  "
		if i == g.Target {
			cur = st.Cursor.Render("▸ ")
		}
		ts.Hits.Add(shell.HitPsychic, i, layout.Rect{Y: len(lines), W: listW, H: 2})
		lines = append(lines, cur+m.Cut(ts.Shell.St.ShortLabel(p.Colour)+" · "+words.CatLower(l, p.Category)+" · "+g.psychicState(p), listW-2))
		target := ts.TrailCard(p.Colour, p.Category)
		detail := "    "
		if !p.Finished {
			detail += l.F("finds %s · ", m.CardName(target))
		}
		detail += l.F("%d vision cards", len(p.Vision))
		if p.Intuition != "" {
			detail += l.F(" · on %s", m.CardName(p.Intuition))
		}
		lines = append(lines, st.Dim.Render(m.Cut(detail, listW-2)))
	}
	var tile layout.TileParts
	if p := g.GhostTarget(); p != nil && !p.Finished {
		if id := ts.TrailCard(p.Colour, p.Category); id != "" {
			tile = shell.PictureParts(m.Tiles().Tile(id, layout.ThumbW, layout.ThumbH))
		}
	}
	shell.WriteBeside(b, lines, listW, 2, tile, layout.ThumbW)
}

// ghostStatus says what the ghost must do now.
func (g *ghostScreen) ghostStatus() string {
	ts := g.ts
	p := ts.Pub
	l := ts.Shell.Lang()
	sel := len(g.Selection())
	switch p.Phase {
	case game.PhaseVision:
		// A vision on its way: u takes it back. The ghost may give the
		// next one meanwhile (which lets it arrive first).
		held := ""
		if gv := ts.Ghost; gv != nil && gv.CanTakeBack {
			held = gv.TakeBackFrom.Symbol() + " " + words.FirstName(gv.TakeBackFrom)
		}
		if t := g.GhostTarget(); t != nil && words.WaitingVision(ts.Pub, t.Colour) {
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
				if words.WaitingVision(p, c) {
					names = append(names, c.Symbol()+" "+words.FirstName(c))
				}
			}
			return l.F("Choose a psychic who still needs a vision (↑↓): %s.", strings.Join(names, ", "))
		}
		return l.F("Waiting for %s.", words.WaitingReady(l, ts.Pub))
	case game.PhaseReveal:
		return l.T("Reveal the results: ↑↓ a psychic and r, or a for all in seat order.")
	}
	return words.PhaseSentence(l, ts.Pub)
}

// keys is the ghost's key map during the rounds.
//
// It is kept while what enables its keys is unchanged (mapMemo): its
// bindings read the newest view (ts.ghost) when a key runs them.
func (g *ghostScreen) Keys() keymap.Map {
	gv := g.ts.Ghost
	in := ghostKeysIn{
		vision:  gv.Phase == game.PhaseVision,
		reveal:  gv.Phase == game.PhaseReveal,
		modern:  gv.Edition == game.Modern,
		discard: gv.DiscardKind,
	}
	return g.keyMemo.Get(in, func() keymap.Map { return g.buildKeys(in) })
}

// ghostKeysIn is what decides the ghost's key map.
type ghostKeysIn struct {
	vision, reveal, modern bool
	discard                game.DiscardKind
}

func (g *ghostScreen) buildKeys(in ghostKeysIn) keymap.Map {
	ts := g.ts
	vision, reveal, modern := in.vision, in.reveal, in.modern
	return keymap.Map{
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("card"), i18n.N("move in your hand"), func() tea.Cmd {
			state.Move(&g.CardCur, -1, len(ts.Ghost.Hand))
			return nil
		}).When(vision),
		keymap.Bind([]string{"right", "l"}, "", "", "", func() tea.Cmd {
			state.Move(&g.CardCur, 1, len(ts.Ghost.Hand))
			return nil
		}).When(vision),
		keymap.Bind([]string{" "}, "space", i18n.N("select"), i18n.N("select / unselect a card"), func() tea.Cmd {
			g.toggle(g.CardCur)
			return nil
		}).When(vision),
		keymap.Bind([]string{"up", "k"}, "↑↓", i18n.N("psychic"), i18n.N("choose a psychic"), func() tea.Cmd {
			// The ghost's own choice wins over a pending move.
			g.advanceOn = nil
			state.Move(&g.Target, -1, len(ts.Ghost.Psychics))
			return nil
		}),
		keymap.Bind([]string{"down", "j"}, "", "", "", func() tea.Cmd {
			g.advanceOn = nil
			state.Move(&g.Target, 1, len(ts.Ghost.Psychics))
			return nil
		}),
		keymap.Bind([]string{"g"}, "g", i18n.N("give"), i18n.N("give the selection (or the card under the cursor) as a vision"), g.give).When(vision),
		keymap.Bind([]string{"w"}, "w", i18n.N("note"), i18n.N("write a note on the vision you give next (why you chose it): only you read it until the end, then everybody does in the replay; enter gives the vision with it"), g.Note.open).When(vision),
		keymap.Bind([]string{"d"}, "d", i18n.N("drop old cards"), i18n.N("choose cards of a failed psychic's old vision to drop: all marked, ←→ and space keep some, g gives"), g.Drop.start).When(vision && modern),
		keymap.Bind([]string{"x"}, "x", words.DiscardWord(in.discard), words.DiscardHelp(in.discard), g.askDiscard).When(vision),
		keymap.Bind([]string{"r"}, "r", i18n.N("reveal this one"), i18n.N("reveal the chosen psychic's result"), func() tea.Cmd {
			if p := g.GhostTarget(); p != nil {
				return ts.Out.Submit(game.Reveal{Psychic: p.Colour}, "")
			}
			return nil
		}).When(reveal),
		keymap.Bind([]string{"a"}, "a", i18n.N("reveal all in seat order"), i18n.N("reveal every result, in seat order"), func() tea.Cmd {
			return ts.Out.Submit(game.RevealAll{}, "")
		}).When(reveal),
		keymap.Bind([]string{"enter"}, "enter", i18n.N("zoom"), i18n.N("zoom the card under the cursor"), func() tea.Cmd {
			gv := ts.Ghost
			if ts.Pane() == "psychics" || gv.Phase != game.PhaseVision {
				return g.zoomTarget()
			}
			if g.CardCur < len(gv.Hand) {
				ts.Zoom.on(gv.Hand[g.CardCur], gv.Hand)
			}
			return nil
		}),
		keymap.Bind([]string{"f"}, "f", i18n.N("zoom target"), i18n.N("zoom the card the chosen psychic must find"), g.zoomTarget),
	}
}

// toggle selects or unselects the hand card at i.
func (g *ghostScreen) toggle(i int) {
	hand := g.ts.Ghost.Hand
	if i >= len(hand) {
		return
	}
	if id := hand[i]; g.Selected[id] {
		delete(g.Selected, id)
	} else {
		g.Selected[id] = true
	}
}

func (g *ghostScreen) zoomTarget() tea.Cmd {
	if p := g.GhostTarget(); p != nil {
		g.ts.Zoom.on(g.ts.TrailCard(p.Colour, p.Category), nil)
	}
	return nil
}

func (g *ghostScreen) Title() string { return i18n.N("GHOST") }
