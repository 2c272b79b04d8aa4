package session

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/linear"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// The linear mode (--plain, P) is for screen readers. A screen reader
// follows a terminal that grows line by line; a full-screen frame redrawn
// in place reads to it as noise. So in this mode nothing is drawn: each
// change is said as one line below the last (term.Screen's line mode), and
// R says where the player is again in a few lines. The keys are the very
// same as on the screens: the screens' key maps still handle every key,
// only the output differs.
//
// The lines come from comparing what the player could know before and
// after each message: the table's view (linear.ViewLines, a pure function of two
// views), the screen they are on, its status line, what is under the
// cursor and the last message. It reads the same filtered views the
// screens draw, so it can say nothing a screen could not show.

// linearMode is the linear mode of one session: whether it is on, and its
// memory between two messages. It belongs to the session's Model (m), whose
// screens it reads to say what changed, and is used on the session's
// goroutine only.
type linearMode struct {
	m  *Model
	on bool
	// realW, realH are the terminal's size: while lines are said, the
	// screens are laid out at linearW x linearH so that no status line is
	// cut and no "window too small" stands in the way.
	realW, realH int
	last         linearSnap
	have         bool
	// repeat is set by R: the next lines end with the summary.
	repeat bool
	// beforeHelp is the snapshot when ? opened the help: closing it says
	// only what changed meanwhile, not the whole screen again.
	beforeHelp linearSnap
	// timer is what was last said of the sand timer (lineartimer.go).
	timer linearTimer
}

// The layout size the screens are drawn at in linear mode (their status
// lines and key bars are read from that drawing).
const (
	linearW = 200
	linearH = 60
)

// linearSnap is what the linear mode compares between two messages.
type linearSnap struct {
	where  string // which screen: a change says the new one's summary
	status string
	focus  []string
	flash  string
	table  *tableState
	u      game.Update
	have   bool
	help   []string
	// field is the line being typed (nil: none), typed its text and sets
	// its SetValue count (linearecho.go).
	field *input.Field
	typed string
	sets  int
	pos   int // the cursor in the line, in characters
}

// words are the sentences' words in the player's language.
func (lm *linearMode) words() linear.Words { return linear.Words{L: lm.m.lang(), Cards: lm.m.cards} }

// set turns the linear mode on or off; the screens are laid out at the
// linear size while it is on, at the terminal's size after.
func (lm *linearMode) set(on bool) {
	if on == lm.on {
		return
	}
	m := lm.m
	*lm = linearMode{m: m, on: on, realW: m.w, realH: m.h}
	m.plain = on
	if on {
		m.w, m.h = linearW, linearH
	}
}

// resize keeps the linear layout size, remembering the terminal's.
func (lm *linearMode) resize(w, h int) {
	lm.realW, lm.realH = w, h
}

// leave goes back to the terminal's size.
func (lm *linearMode) leave() {
	m := lm.m
	w, h := lm.realW, lm.realH
	lm.set(false)
	m.w, m.h = w, h
	if m.table != nil {
		m.table.clampCursors()
	}
}

// toggle is the P key.
func (lm *linearMode) toggle() {
	m := lm.m
	if lm.on {
		lm.leave()
		m.setFlash(m.lang().T("Full screen again. P switches to the linear mode for screen readers."), false)
		return
	}
	lm.set(true)
	m.setFlash(m.lang().T("Linear mode: each change is said as one line. R repeats where you are, ? reads the keys, P goes back to the full screen."), false)
}

// TakeLines implements term.Liner: the lines to say since the last call.
func (m *Model) TakeLines() ([]string, bool) { return m.lin.take() }

// take is TakeLines: the lines to say since the last call.
func (lm *linearMode) take() ([]string, bool) {
	if !lm.on {
		return nil, false
	}
	m := lm.m
	frame := m.View()
	cur := lm.snap(frame)
	var lines []string
	if lm.have {
		last := lm.last
		switch {
		case cur.help != nil && last.help == nil:
			lm.beforeHelp = last
		case cur.help == nil && last.help != nil:
			last = lm.beforeHelp
		}
		lines = lm.lines(last, cur, frame)
	} else {
		if m.flash != "" {
			lines = append(lines, m.flash)
		}
		lines = append(lines, lm.summary(frame)...)
	}
	var ts *tableState
	if m.screen == screenTable {
		ts = m.table
	}
	lines = append(lines, lm.timer.lines(m.lang(), ts, m.now())...)
	if lm.repeat {
		lm.repeat = false
		lines = append(lines, lm.summary(frame)...)
	}
	w := lm.words()
	for i, l := range lines {
		lines[i] = w.Fix(speakable(l))
	}
	if lm.have {
		// Last: the line being typed stays open below what was said.
		lines = append(lines, lm.echo(lm.last, cur)...)
	}
	lm.last, lm.have = cur, true
	return lines, true
}

// lines are the lines between two snapshots.
func (lm *linearMode) lines(old, cur linearSnap, frame string) []string {
	if cur.help != nil {
		if old.help == nil {
			return cur.help
		}
		return nil
	}
	var out []string
	if cur.table != nil && cur.table == old.table && old.have && cur.have {
		out = append(out, linear.ViewLines(lm.words(), old.u, cur.u)...)
		out = append(out, sharedSeenLines(lm.words(), old.u, cur.u)...)
	}
	if cur.where != old.where {
		return append(out, lm.summary(frame)...)
	}
	if cur.flash != "" && cur.flash != old.flash && !saidAlready(out, cur.flash) {
		out = append(out, cur.flash)
	}
	if cur.status != old.status && cur.status != cur.flash {
		out = append(out, cur.status)
	}
	for i, f := range cur.focus {
		if i >= len(old.focus) || old.focus[i] != f {
			out = append(out, f)
		}
	}
	return out
}

// saidAlready reports whether a message repeats a line the table's events
// said just before it ("alice paused the sand timer." is both).
func saidAlready(lines []string, msg string) bool {
	msg = speakable(msg)
	return slices.ContainsFunc(lines, func(l string) bool { return strings.EqualFold(speakable(l), msg) })
}

// sharedSeenLines are the shared-vision cards shown to this psychic alone
// (the straw poll shows them level by level).
func sharedSeenLines(w linear.Words, old, cur game.Update) []string {
	op, ok1 := old.View.(*game.PsychicView)
	np, ok2 := cur.View.(*game.PsychicView)
	if !ok1 || !ok2 {
		return nil
	}
	var out []string
	for i, id := range np.SharedSeen {
		if i >= len(op.SharedSeen) {
			out = append(out, w.L.F("You see shared vision card %d: %s.", i+1, w.Card(id)))
		}
	}
	return out
}

// snap takes the snapshot of now; frame is the screen's drawing.
func (lm *linearMode) snap(frame string) linearSnap {
	m := lm.m
	s := linearSnap{flash: m.flash}
	if m.help {
		s.where = "help"
		s.help = frameLines(frame)
		if s.help == nil {
			s.help = []string{}
		}
		return s
	}
	s.status = lastLine(frame)
	if s.field = lm.typingLine(); s.field != nil {
		s.typed, s.sets, s.pos = echoable(s.field.Value()), s.field.Sets, s.field.Pos
	}
	if m.screen == screenTable && m.table != nil {
		ts := m.table
		s.table, s.u, s.have = ts, ts.u, ts.have
		s.where = "table " + ts.code + " " + ts.role().String()
		if scr := ts.screen(); scr != nil {
			s.where += " " + scr.title()
		}
		if ts.zoom.id != "" {
			s.where += " zoom"
		}
	} else {
		s.where = "lobby " + layout.Itoa(int(m.lobby.mode))
	}
	s.focus = lm.focus()
	return s
}

// frameLines are a drawing's lines as words: styling, rules and empty
// lines dropped (the ? help is read this way).
func frameLines(frame string) []string {
	var out []string
	for _, l := range strings.Split(frame, "\n") {
		l = speakable(l)
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// lastLine is a drawing's last line as words: the status line.
func lastLine(frame string) string {
	if i := strings.LastIndexByte(frame, '\n'); i >= 0 {
		frame = frame[i+1:]
	}
	return speakable(frame)
}

// speakable is a line as a screen reader should get it: no styling, no
// box-drawing or block characters (rules, pictures), no runs of spaces.
func speakable(s string) string {
	s = ansi.Strip(s)
	if strings.IndexFunc(s, isDrawing) >= 0 {
		s = strings.Map(func(r rune) rune {
			if isDrawing(r) {
				return ' '
			}
			return r
		}, s)
	}
	return strings.Join(strings.Fields(s), " ")
}

// isDrawing reports whether r draws rather than says: box drawing, block
// elements, the ▸ ◂ that point at a cursor, the colours' symbols beside
// the names they stand for (a screen reader would read "black up-pointing
// triangle Alma") and the sand timer's glass.
func isDrawing(r rune) bool {
	return r >= 0x2500 && r <= 0x259F || strings.ContainsRune("▸◂▶◀●▲◆■★✚☾⏳⌛", r)
}

// summary says where the player is, in a few lines: the screen and the
// table, what the game is at, what the player must do, and the cards they
// choose between (R, and on arriving at a screen).
func (lm *linearMode) summary(frame string) []string {
	m := lm.m
	w := lm.words()
	l := w.L
	lines := strings.SplitN(frame, "\n", 2)
	var out []string
	if m.help {
		return frameLines(frame)
	}
	if m.screen != screenTable || m.table == nil {
		out = append(out, l.T("LOBBY."))
		if n := len(m.lobby.tables); n > 0 {
			out = append(out, l.F("%d tables are open.", n))
		} else {
			out = append(out, l.T("No table is open."))
		}
		out = append(out, lastLine(frame))
		out = append(out, lm.focus()...)
		return out
	}
	ts := m.table
	scr := ts.screen()
	if scr == nil {
		return []string{lastLine(frame)} // joining
	}
	out = append(out, l.T(scr.title())+". "+speakable(lines[0]))
	out = append(out, ts.linearState(w)...)
	if t := timerNow(l, ts, m.now()); t != "" {
		out = append(out, t)
	}
	out = append(out, lastLine(frame))
	out = append(out, lm.focus()...)
	if km := ts.keyMap(); km != nil {
		out = append(out, l.F("Keys: %s.", speakable(km.Bar(l))))
	}
	return out
}

// linearState is the game as a few sentences: who looks for what, the
// visions, the cards on the table or in hand, the final phase, the end.
func (ts *tableState) linearState(w linear.Words) []string {
	l := w.L
	p := ts.pub
	if p == nil {
		return nil
	}
	var out []string
	switch ts.role() {
	case roleSeating:
		for _, seat := range game.Seats {
			sv, ok := ts.seats.of(seat)
			switch {
			case !ok:
				out = append(out, l.F("%s: free.", words.UpFirst(w.SeatWord(seat))))
			case sv.Host:
				out = append(out, l.F("%s: taken by %s, the host.", words.UpFirst(w.SeatWord(seat)), w.SeatName(sv)))
			case sv.Ready || sv.Bot:
				out = append(out, l.F("%s: taken by %s, ready.", words.UpFirst(w.SeatWord(seat)), w.SeatName(sv)))
			default:
				out = append(out, l.F("%s: taken by %s.", words.UpFirst(w.SeatWord(seat)), w.SeatName(sv)))
			}
		}
		return out
	case roleFinished:
		if o := p.Outcome; o != nil {
			if o.Won {
				out = append(out, l.T("THE PSYCHICS WON: they found the culprit."))
			} else {
				out = append(out, l.T("THE PSYCHICS LOST."))
			}
		}
		for _, t := range ts.fin.Trails {
			out = append(out, l.F("The trail of %s: %s.", w.Psychic(p, t.Psychic), w.CardList(t.Cards[:])))
		}
		if ts.fin.Culprit > 0 {
			out = append(out, l.F("The culprit was group %d.", ts.fin.Culprit))
		}
		return append(out, notesLines(w, ts.fin.Notes)...)
	}
	if p.Round > 0 {
		out = append(out, l.F("Hour %d of 7.", p.Round))
	}
	if f := p.Final; f != nil {
		out = append(out, l.T("The final phase. The groups of suspects:"))
		for _, g := range f.Groups {
			if !g.Removed {
				out = append(out, w.Group(p, g))
			}
		}
		if shared := ts.scr.final.sharedCards(); len(shared) > 0 {
			out = append(out, l.F("The shared vision: %s.", w.CardList(shared)))
		}
		return out
	}
	for _, ps := range p.Psychics {
		who := w.Subject(p, ps.Colour)
		var parts []string
		if ps.Finished {
			parts = append(parts, l.F("%s has found all three cards", who))
		} else {
			parts = append(parts, l.F("%s looks for %s", who, w.Category(ps.Category)))
			if ts.ghost != nil {
				parts = append(parts, l.F("must find %s", w.Card(ts.trailCard(ps.Colour, ps.Category))))
			}
		}
		if len(ps.Vision) > 0 {
			parts = append(parts, l.F("vision: %s", w.CardList(ps.Vision)))
		}
		if ps.Intuition != "" {
			parts = append(parts, l.F("intuition on %s", w.Card(ps.Intuition)))
		}
		out = append(out, strings.Join(parts, "; ")+".")
	}
	if ts.ghost != nil {
		out = append(out, l.F("Your hand: %s.", w.CardList(ts.ghost.Hand)))
		return out
	}
	if cards := ts.scr.psychic.tableCards(); len(cards) > 0 {
		out = append(out, l.F("The cards on the table: %s.", w.CardListFull(cards)))
	}
	return out
}

// notesLines are the psychics' marks and notes, said after the game.
func notesLines(w linear.Words, notes []game.SeatNotes) []string {
	if len(notes) == 0 {
		return nil
	}
	out := []string{w.L.T("THEIR NOTES:")}
	for _, sn := range notes {
		who := sanitize.Line(sn.Name, 40)
		var ruled []game.CardID
		for _, n := range sn.Notes {
			if n.Out {
				ruled = append(ruled, n.Card)
			}
			if n.Text != "" {
				out = append(out, w.L.F("%s noted on %s: %s", who, w.Card(n.Card), sanitize.Line(n.Text, noteWidth)))
			}
		}
		if len(ruled) > 0 {
			out = append(out, w.L.F("%s ruled out %s.", who, w.CardList(ruled)))
		}
	}
	return out
}

// focus is what is under the cursor, a sentence per part (a part that
// did not move is not said again).
func (lm *linearMode) focus() []string {
	m := lm.m
	w := lm.words()
	l := w.L
	if m.screen != screenTable || m.table == nil {
		lb := &m.lobby
		switch lb.mode {
		case lobbyList:
			if lb.cursor < len(lb.tables) {
				t := lb.tables[lb.cursor]
				name := sanitize.Line(t.Name, 40)
				if t.Private {
					name = l.F("%s (private table)", name)
				}
				return []string{l.F("Table %d of %d: %s, %s, %s, %d of %d seats taken, %s.", lb.cursor+1, len(lb.tables),
					t.Code, name, string(t.Options.Edition), t.SeatsTaken, t.SeatsTaken+t.SeatsOpen, t.Status)}
			}
		case lobbyCreate:
			return []string{lm.formFocus()}
		case lobbyInvite:
			return frameLines(lb.invite.Text)
		}
		return nil
	}
	ts := m.table
	if ts.zoom.id != "" {
		return []string{l.F("Zoomed card: %s.", w.CardFull(ts.zoom.id))}
	}
	p := ts.pub
	if p == nil {
		return nil
	}
	switch ts.role() {
	case roleSeating:
		s := &ts.scr.seat
		seat := game.Seats[min(s.seatCur, len(game.Seats)-1)]
		if sv, ok := ts.seats.of(seat); ok {
			return []string{l.F("Seat %d of 7, %s: taken by %s.", s.seatCur+1, w.SeatWord(seat), w.SeatName(sv))}
		}
		return []string{l.F("Seat %d of 7, %s: free.", s.seatCur+1, w.SeatWord(seat))}
	case roleFinished:
		e := &ts.scr.end
		if e.replay < len(p.History) {
			return []string{lm.replayFocus(p.History[e.replay])}
		}
		return nil
	}
	if f := p.Final; f != nil {
		fs := &ts.scr.final
		var out []string
		if fs.groupCur < len(f.Groups) {
			out = append(out, l.F("Under the cursor: %s", w.Group(p, f.Groups[fs.groupCur])))
		}
		if ts.ghost != nil && ts.scr.ghost.cardCur < len(ts.ghost.Hand) {
			out = append(out, lm.handFocus())
		}
		return out
	}
	if ts.role() == roleGhost {
		g := &ts.scr.ghost
		var out []string
		if t := g.ghostTarget(); t != nil {
			out = append(out, l.F("Giving to %s, who must find %s.", w.Psychic(p, t.Colour), w.Card(ts.trailCard(t.Colour, t.Category))))
		}
		if d := &g.drop; d.on {
			old := d.old()
			if d.cur < len(old) {
				id := old[d.cur]
				if d.cards[id] {
					out = append(out, l.F("Old vision card %d of %d: %s, to drop.", d.cur+1, len(old), w.Card(id)))
				} else {
					out = append(out, l.F("Old vision card %d of %d: %s.", d.cur+1, len(old), w.Card(id)))
				}
			}
			return out
		}
		return append(out, lm.handFocus())
	}
	ps := &ts.scr.psychic
	var out []string
	if ps.target < len(p.Psychics) {
		out = append(out, l.F("Chosen psychic: %s.", w.Psychic(p, p.Psychics[ps.target].Colour)))
	}
	id := ps.cursorCard()
	if id == "" {
		return out
	}
	var s string
	if ts.pane() == "psychics" {
		v := ts.visionOf(ps.target)
		s = l.F("Vision card %d of %d: %s.", ps.visCur+1, len(v), w.Card(id))
	} else {
		s = l.F("Table card %d of %d: %s.", ps.cardCur+1, len(ps.tableCards()), w.CardFull(id))
		for _, c := range ps.intuitionsOn(id) {
			s += " " + l.F("Intuition of %s.", w.Psychic(p, c))
		}
		if n := ts.note.of(id); n.Out || n.Text != "" {
			if n.Out {
				s += " " + l.T("You ruled it out.")
			}
			if n.Text != "" {
				s += " " + l.F("your note: %s", sanitize.Line(n.Text, noteWidth))
			}
		}
	}
	return append(out, s)
}

// handFocus is the ghost's hand card under the cursor.
func (lm *linearMode) handFocus() string {
	w := lm.words()
	ts := lm.m.table
	g := &ts.scr.ghost
	hand := ts.ghost.Hand
	if g.cardCur >= len(hand) {
		return ""
	}
	id := hand[g.cardCur]
	if g.selected[id] {
		return w.L.F("Hand card %d of %d: %s, selected.", g.cardCur+1, len(hand), w.Card(id))
	}
	return w.L.F("Hand card %d of %d: %s.", g.cardCur+1, len(hand), w.Card(id))
}

// replayFocus is one hour of the replay.
func (lm *linearMode) replayFocus(r game.RoundRecord) string {
	w := lm.words()
	p := lm.m.table.pub
	parts := []string{w.L.F("Replay, hour %d", r.Round)}
	for _, v := range r.Visions {
		parts = append(parts, w.L.F("%s received %s", w.Subject(p, v.To), w.CardList(v.Cards)))
	}
	if fin := lm.m.table.fin; fin != nil {
		for _, tb := range fin.TakeBacks {
			if tb.Round == r.Round {
				parts = append(parts, w.L.F("the ghost took back %s from %s", w.CardList(tb.Cards), w.Subject(p, tb.To)))
			}
		}
	}
	for _, res := range r.Results {
		if res.Correct {
			parts = append(parts, w.L.F("%s was right about %s", w.Subject(p, res.Psychic), w.Card(res.Intuition)))
		} else if res.Intuition != "" {
			parts = append(parts, w.L.F("%s was wrong about %s", w.Subject(p, res.Psychic), w.Card(res.Intuition)))
		}
	}
	return strings.Join(parts, ". ") + "."
}

// formFocus is the new-table form's field under the cursor.
func (lm *linearMode) formFocus() string {
	l := lm.m.lang()
	f := &lm.m.lobby.form
	ed := editions[f.edition]
	switch f.field {
	case fieldName:
		// Not said again with every letter typed.
		return l.T("Name of the table: type it, or leave it empty for the default.")
	case fieldEdition:
		return l.F("Edition: %s, %s. Left and right change it.", words.EditionWord(l, ed), editionBlurb(l, ed))
	case fieldDifficulty:
		if ds := difficultiesFor(ed); len(ds) > 0 {
			return l.F("Difficulty: %s. Left and right change it.", words.DifficultyWord(l, ds[f.diff]))
		}
		return l.T("Difficulty: this edition has none.")
	case fieldTimer:
		return l.F("Sand timer: %s. Left and right change it.", timerText(l, timers[f.timer]))
	}
	if f.private {
		return l.T("Visibility: private, join by code only. Left and right change it.")
	}
	return l.T("Visibility: public, listed in the lobby. Left and right change it.")
}
