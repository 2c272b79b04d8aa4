package session

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
)

// Taps: a browser's terminal reports clicks and taps (mouse reports, see
// term.Screen.ReportTaps), and a tap on a card selects it as the arrow
// keys would; a second tap on the selected card does what the screen's
// key for it does (zoom, select a hand card). SSH sessions never turn
// reports on, and the model ignores reports it did not ask for.
//
// Where a tap lands is never worked out again from the layout: while a
// screen draws, the code that places a card (layout.WriteRow, a list's line)
// records the rectangle it drew it in (hits), and the rectangles are
// remembered with the body they belong to (bodyMemo). Upright, a target
// is at least portrait.TapRows tall.

// hitKind is what a tap on a recorded rectangle chooses.
type hitKind uint8

const (
	hitTableCard  hitKind = iota + 1 // a psychic's table card (i: its index in tableCards)
	hitVisionCard                    // a card of the chosen psychic's vision (i: its index)
	hitPsychic                       // a psychic's row or column (i: its index in the view's Psychics)
	hitHandCard                      // a card of the ghost's hand (i: its index)
	hitGroup                         // a suspect group of the final (i: its index)
	hitSharedCard                    // a card of the shared vision (i: its index)
	hitPane                          // a tab of the 80x24 layouts' tab bar (i: the pane)
	hitSeat                          // a seat of the seat picker (i: its index in game.Seats)
	hitHour                          // the replay's header: an hour back (i: -1) or on (i: 1)
	hitLobbyTable                    // a table of the lobby's list (i: its index)
	hitFormField                     // a field of the lobby's new-table form (i: the field)
)

// hit is one rectangle a tap can choose, in the body's cells.
type hit struct {
	r    layout.Rect
	kind hitKind
	i    int
}

// hits collects the rectangles of the body being drawn. It records only
// for a session whose terminal reports taps (on): an SSH session's
// drawing costs nothing more.
type hits struct {
	on   bool
	list []hit
}

// start is where the next block written to b begins: the number of
// rectangles so far and b's row. After writing the block, shift(start)
// moves the block's rectangles (recorded from its own row 0) there.
func (h *hits) start(b *strings.Builder) (mark, row int) {
	if !h.on {
		return 0, 0
	}
	return len(h.list), strings.Count(b.String(), "\n")
}

// shift moves the rectangles recorded since mark by dx columns and dy rows.
func (h *hits) shift(mark, dx, dy int) {
	if !h.on {
		return
	}
	for i := mark; i < len(h.list); i++ {
		h.list[i].r.X += dx
		h.list[i].r.Y += dy
	}
}

// add records that r (in the current block's cells) chooses i of kind.
func (h *hits) add(kind hitKind, i int, r layout.Rect) {
	if h.on {
		h.list = append(h.list, hit{r: r, kind: kind, i: i})
	}
}

// line records that row y of the current block, w cells from x, chooses i.
func (h *hits) line(kind hitKind, i, x, y, w int) {
	h.add(kind, i, layout.Rect{X: x, Y: y, W: w, H: 1})
}

// placer is what layout.WriteRow tells where it drew each tile: tile k of the
// row, whose first line is row y of the current block, chooses first+k.
// Nil when not recording.
func (h *hits) placer(kind hitKind, first, y int) func(k int, r layout.Rect) {
	if !h.on {
		return nil
	}
	return func(k int, r layout.Rect) {
		r.Y += y
		h.add(kind, first+k, r)
	}
}

// tapper is a screen on which taps choose things.
type tapper interface {
	// tap selects what h chooses, as the arrow keys would. It reports
	// whether it was selected already and, if so, the key a second tap
	// presses ("" for none).
	tap(h hit) (again bool, key string)
}

// handleTap is a click or tap at cell (x, y) of the window.
// Only a press of the left button is a tap (Bubble Tea v2 sends presses
// as tea.MouseClickMsg; releases, motion and the wheel have messages of
// their own, which the screens ignore).
func (m *Model) handleTap(click tea.MouseClickMsg) tea.Cmd {
	msg := click.Mouse()
	if !m.start.Taps || msg.Button != tea.MouseLeft {
		return nil
	}
	// The report's numbers are the client's: anything outside the
	// window is dropped.
	if msg.X < 0 || msg.Y < 0 || msg.X >= m.w || msg.Y >= m.h || m.tooSmall() {
		return nil
	}
	if m.help {
		// As any key does, a tap closes the help.
		m.help = false
		return nil
	}
	if m.screen == screenLobby {
		return m.lobby.tap(msg.X, msg.Y)
	}
	if m.table == nil {
		return nil
	}
	return m.table.tap(msg.X, msg.Y)
}

// tap chooses the table that the lobby's list drew at (x, y), as ↑↓
// would; a second tap on it joins it as enter does (which only opens its
// seat picker: nobody sits until they choose a seat, and esc goes back).
// In the new-table form a tap chooses a field, as tab and ↑↓ would, and a
// second tap on a field with choices takes the next one, as → does (the
// name is typed: ⌨). Elsewhere a field or the invitation has the screen:
// a tap does nothing.
func (l *lobbyState) tap(x, y int) tea.Cmd {
	m := l.m
	if l.mode != lobbyList && l.mode != lobbyCreate {
		return nil
	}
	m.View() // the rectangles of the frame the player sees
	y -= m.bodyTop
	if y < 0 || y >= m.bodyRows {
		return nil
	}
	for _, h := range l.hits.list {
		if !h.r.Has(x, y) || !portrait.Tappable(m.w, m.h, h.r.H) {
			continue
		}
		switch {
		case h.kind == hitLobbyTable && l.mode == lobbyList && h.i < len(l.tables):
			again := l.cursor == h.i
			l.cursor = h.i
			if again {
				cmd, _ := l.keys().Run("enter")
				return cmd
			}
		case h.kind == hitFormField && l.mode == lobbyCreate && h.i < fieldCount:
			f := &l.form
			if h.i == fieldDifficulty && difficultiesFor(editions[f.edition]) == nil {
				return nil // this edition has none
			}
			again := f.field == h.i
			f.field = h.i
			if again && h.i != fieldName {
				l.changeField(1)
			}
		}
		return nil
	}
	return nil
}

// tap chooses what the frame on screen drew at (x, y).
func (ts *tableState) tap(x, y int) tea.Cmd {
	m := ts.m
	if ts.zoom.id != "" {
		// A tap closes the zoomed card, as esc does.
		ts.zoom.id = ""
		return nil
	}
	if ts.role() == roleWaiting || ts.confirm != "" || ts.chat.on || ts.chat.shut || ts.note.on {
		// A question or a text field has the keys: a tap answers nothing.
		return nil
	}
	if n := &ts.scr.ghost.note; n.on && !n.held && ts.role() == roleGhost {
		return nil
	}
	// The rectangles of the frame the player sees: View draws it if a
	// message changed it since (usually it returns the remembered one).
	m.View()
	y -= m.bodyTop
	if y < 0 || y >= m.bodyRows {
		return nil
	}
	for _, h := range ts.hits.list {
		if !h.r.Has(x, y) || !portrait.Tappable(m.w, m.h, h.r.H) {
			continue
		}
		m.flash = ""
		if d := &ts.scr.ghost.drop; d.on {
			// As any other key, a tap ends the marking of old cards.
			d.on = false
		}
		if h.kind == hitPane {
			ts.tab = h.i
			return nil
		}
		scr, ok := ts.screen().(tapper)
		if !ok {
			return nil
		}
		again, key := scr.tap(h)
		if again && key != "" {
			return ts.handleKey(keyPress(key))
		}
		if ts.role() == rolePsychic {
			// The card under the cursor is where this psychic points.
			return ts.point(ts.scr.psychic.cursorCard())
		}
		return nil
	}
	return nil
}

// keyPress is the key of a key as Bubble Tea names it.
func keyPress(k string) keymap.Key { return keymap.Named(k) }

// can reports whether the screen's key map has key enabled now: a tap
// moves a cursor only where its arrow keys would.
func (ts *tableState) can(key string) bool {
	_, ok := ts.keyMap().Find(key)
	return ok
}

// paneIndex is the index of the pane called name, or the current one.
func (ts *tableState) paneIndex(name string) int {
	for i, n := range ts.paneNames() {
		if n == name {
			return i
		}
	}
	return ts.tab
}

func (ps *psychicScreen) tap(h hit) (bool, string) {
	ts := ps.ts
	switch h.kind {
	case hitTableCard:
		if h.i >= len(ps.tableCards()) || !ts.can("right") {
			return false, ""
		}
		again := ts.pane() == "cards" && ps.cardCur == h.i
		ts.tab, ps.cardCur = ts.paneIndex("cards"), h.i
		return again, "enter"
	case hitVisionCard:
		if h.i >= len(ts.visionOf(ps.target)) || !ts.can("right") {
			return false, ""
		}
		again := ts.pane() == "psychics" && ps.visCur == h.i
		ts.tab, ps.visCur = ts.paneIndex("psychics"), h.i
		return again, "enter"
	case hitPsychic:
		if h.i >= len(ts.pub.Psychics) || !ts.can("down") {
			return false, ""
		}
		if ps.target != h.i {
			ps.target, ps.visCur = h.i, 0
		}
	}
	return false, ""
}

func (g *ghostScreen) tap(h hit) (bool, string) {
	ts := g.ts
	switch h.kind {
	case hitHandCard:
		if h.i >= len(ts.ghost.Hand) || !ts.can("right") {
			return false, ""
		}
		again := g.cardCur == h.i
		ts.tab, g.cardCur = ts.paneIndex("hand"), h.i
		return again, " "
	case hitPsychic:
		if h.i >= len(ts.pub.Psychics) || !ts.can("down") {
			return false, ""
		}
		// The ghost's own choice wins over a pending move, as with ↑↓.
		g.advanceOn = nil
		g.target = h.i
	}
	return false, ""
}

func (fs *finalScreen) tap(h hit) (bool, string) {
	ts := fs.ts
	switch h.kind {
	case hitGroup:
		if f := ts.pub.Final; h.i >= len(f.Groups) || !ts.can("down") {
			return false, ""
		}
		again := fs.groupCur == h.i
		fs.groupCur = h.i
		return again, "z"
	case hitSharedCard:
		if h.i >= len(fs.sharedCards()) || !ts.can("right") {
			return false, ""
		}
		again := fs.visCur == h.i
		fs.visCur = h.i
		return again, "enter"
	case hitHandCard:
		g := &ts.scr.ghost
		if ts.ghost == nil || h.i >= len(ts.ghost.Hand) || !ts.can("right") {
			return false, ""
		}
		again := g.cardCur == h.i
		g.cardCur = h.i
		if !ts.large() {
			ts.tab = ts.paneIndex("hand")
		}
		return again, " "
	}
	return false, ""
}

// tap on a seat moves the cursor there, as ↑↓ would; a second tap sits
// there as enter does (a seat can be left again with u), or, for the host
// on a bot's seat, where nobody can sit, changes the bot's level as l does
// (novice, seasoned, expert, round again).
func (s *seatScreen) tap(h hit) (bool, string) {
	ts := s.ts
	if h.kind != hitSeat || h.i >= len(game.Seats) || !ts.can("down") {
		return false, ""
	}
	again := s.seatCur == h.i
	s.seatCur = h.i
	if ts.pub.Host == ts.m.who.ID {
		for _, st := range ts.pub.Seats {
			if st.Seat == game.Seats[h.i] && st.Bot {
				return again, "l"
			}
		}
	}
	return again, "enter"
}

// tap on the replay's header steps an hour back (its left half, with ◂)
// or on (its right half, with ▸), as ←→ would.
func (e *endScreen) tap(h hit) (bool, string) {
	ts := e.ts
	key := "right"
	if h.i < 0 {
		key = "left"
	}
	if h.kind != hitHour || !ts.can(key) {
		return false, ""
	}
	move(&e.replay, h.i, len(ts.pub.History))
	return false, ""
}
