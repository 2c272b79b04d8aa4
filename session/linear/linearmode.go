package linear

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/session/table/state"
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
// after each message: the table's view (ViewLines, a pure function of two
// views), the screen they are on, its status line, what is under the
// cursor and the last message. It reads the same filtered views the
// screens draw, so it can say nothing a screen could not show.

// linearMode is the linear mode of one session: whether it is on, and its
// memory between two messages. It belongs to the session's Model (m), whose
// screens it reads to say what changed, and is used on the session's
// goroutine only.
type Mode struct {
	m  *linHost
	On bool
	// realW, realH are the terminal's size: while lines are said, the
	// screens are laid out at linearW x linearH so that no status line is
	// cut and no "window too small" stands in the way.
	realW, realH int
	last         linearSnap
	have         bool
	// repeat is set by R: the next lines end with the summary.
	Repeat bool
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
	table  *table.TableState
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
func (lm *Mode) words() Words {
	return Words{L: lm.m.sh.Lang(), Cards: lm.m.sh.Cards}
}

// set turns the linear mode on or off; the screens are laid out at the
// linear size while it is on, at the terminal's size after.
func (lm *Mode) Set(on bool) {
	if on == lm.On {
		return
	}
	m := lm.m
	*lm = Mode{m: m, On: on, realW: m.sh.W, realH: m.sh.H}
	m.sh.Plain = on
	if on {
		m.sh.W, m.sh.H = linearW, linearH
	}
}

// resize keeps the linear layout size, remembering the terminal's.
func (lm *Mode) Resize(w, h int) {
	lm.realW, lm.realH = w, h
}

// leave goes back to the terminal's size.
func (lm *Mode) leave() {
	m := lm.m
	w, h := lm.realW, lm.realH
	lm.Set(false)
	m.sh.W, m.sh.H = w, h
	if m.Table() != nil {
		m.Table().ClampCursors()
	}
}

// toggle is the P key.
func (lm *Mode) Toggle() {
	m := lm.m
	if lm.On {
		lm.leave()
		m.sh.SetFlash(m.sh.Lang().T("Full screen again. P switches to the linear mode for screen readers."), false)
		return
	}
	lm.Set(true)
	m.sh.SetFlash(m.sh.Lang().T("Linear mode: each change is said as one line. R repeats where you are, ? reads the keys, P goes back to the full screen."), false)
}

// take is TakeLines: the lines to say since the last call.
func (lm *Mode) Take() ([]string, bool) {
	if !lm.On {
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
		if m.sh.Flash != "" {
			lines = append(lines, m.sh.Flash)
		}
		lines = append(lines, lm.summary(frame)...)
	}
	var ts *state.Table
	if m.OnTable() && m.Table() != nil {
		ts = m.Table().Table
	}
	lines = append(lines, lm.timer.lines(m.sh.Lang(), ts, m.sh.Now())...)
	if lm.Repeat {
		lm.Repeat = false
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
func (lm *Mode) lines(old, cur linearSnap, frame string) []string {
	if cur.help != nil {
		if old.help == nil {
			return cur.help
		}
		return nil
	}
	var out []string
	if cur.table != nil && cur.table == old.table && old.have && cur.have {
		out = append(out, ViewLines(lm.words(), old.u, cur.u)...)
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
func sharedSeenLines(w Words, old, cur game.Update) []string {
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
func (lm *Mode) snap(frame string) linearSnap {
	m := lm.m
	s := linearSnap{flash: m.sh.Flash}
	if m.Help() {
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
	if m.OnTable() && m.Table() != nil {
		ts := m.Table()
		s.table, s.u, s.have = ts, ts.U, ts.Have
		s.where = "table " + ts.Code + " " + ts.Role().String()
		if scr := ts.Screen(); scr != nil {
			s.where += " " + scr.Title()
		}
		if ts.Zoom.ID != "" {
			s.where += " zoom"
		}
	} else {
		s.where = "lobby " + layout.Itoa(int(m.Lobby().Mode))
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
func (lm *Mode) summary(frame string) []string {
	m := lm.m
	w := lm.words()
	l := w.L
	lines := strings.SplitN(frame, "\n", 2)
	var out []string
	if m.Help() {
		return frameLines(frame)
	}
	if !m.OnTable() || m.Table() == nil {
		out = append(out, l.T("LOBBY."))
		if n := len(m.Lobby().Tables); n > 0 {
			out = append(out, l.F("%d tables are open.", n))
		} else {
			out = append(out, l.T("No table is open."))
		}
		out = append(out, lastLine(frame))
		out = append(out, lm.focus()...)
		return out
	}
	ts := m.Table()
	scr := ts.Screen()
	if scr == nil {
		return []string{lastLine(frame)} // joining
	}
	out = append(out, l.T(scr.Title())+". "+speakable(lines[0]))
	out = append(out, linearState(ts, w)...)
	if t := timerNow(l, ts.Table, m.sh.Now()); t != "" {
		out = append(out, t)
	}
	out = append(out, lastLine(frame))
	out = append(out, lm.focus()...)
	if km := ts.KeyMap(); km != nil {
		out = append(out, l.F("Keys: %s.", speakable(km.Bar(l))))
	}
	return out
}

// focus is what is under the cursor, a sentence per part (a part that
// did not move is not said again).
func (lm *Mode) focus() []string {
	m := lm.m
	w := lm.words()
	l := w.L
	if !m.OnTable() || m.Table() == nil {
		lb := m.Lobby()
		switch lb.Mode {
		case lobby.LobbyList:
			if lb.Cursor < len(lb.Tables) {
				t := lb.Tables[lb.Cursor]
				name := sanitize.Line(t.Name, 40)
				if t.Private {
					name = l.F("%s (private table)", name)
				}
				return []string{l.F("Table %d of %d: %s, %s, %s, %d of %d seats taken, %s.", lb.Cursor+1, len(lb.Tables),
					t.Code, name, string(t.Options.Edition), t.SeatsTaken, t.SeatsTaken+t.SeatsOpen, t.Status)}
			}
		case lobby.LobbyCreate:
			return []string{lm.formFocus()}
		case lobby.LobbyInvite:
			return frameLines(lb.Invite.Text)
		}
		return nil
	}
	ts := m.Table()
	if ts.Zoom.ID != "" {
		return []string{l.F("Zoomed card: %s.", w.CardFull(ts.Zoom.ID))}
	}
	p := ts.Pub
	if p == nil {
		return nil
	}
	switch ts.Role() {
	case state.RoleSeating:
		s := &ts.Scr.Seat
		seat := game.Seats[min(s.SeatCur, len(game.Seats)-1)]
		if sv, ok := ts.Seats.Of(seat); ok {
			return []string{l.F("Seat %d of 7, %s: taken by %s.", s.SeatCur+1, w.SeatWord(seat), w.SeatName(sv))}
		}
		return []string{l.F("Seat %d of 7, %s: free.", s.SeatCur+1, w.SeatWord(seat))}
	case state.RoleFinished:
		e := &ts.Scr.End
		if e.Replay < len(p.History) {
			return []string{lm.replayFocus(p.History[e.Replay])}
		}
		return nil
	}
	if f := p.Final; f != nil {
		fs := &ts.Scr.Final
		var out []string
		if fs.GroupCur < len(f.Groups) {
			out = append(out, l.F("Under the cursor: %s", w.Group(p, f.Groups[fs.GroupCur])))
		}
		if ts.Ghost != nil && ts.Scr.Ghost.CardCur < len(ts.Ghost.Hand) {
			out = append(out, lm.handFocus())
		}
		return out
	}
	if ts.Role() == state.RoleGhost {
		g := &ts.Scr.Ghost
		var out []string
		if t := g.GhostTarget(); t != nil {
			out = append(out, l.F("Giving to %s, who must find %s.", w.Psychic(p, t.Colour), w.Card(ts.TrailCard(t.Colour, t.Category))))
		}
		if d := &g.Drop; d.On {
			old := d.Old()
			if d.Cur < len(old) {
				id := old[d.Cur]
				if d.Cards[id] {
					out = append(out, l.F("Old vision card %d of %d: %s, to drop.", d.Cur+1, len(old), w.Card(id)))
				} else {
					out = append(out, l.F("Old vision card %d of %d: %s.", d.Cur+1, len(old), w.Card(id)))
				}
			}
			return out
		}
		return append(out, lm.handFocus())
	}
	ps := &ts.Scr.Psychic
	var out []string
	if ps.Target < len(p.Psychics) {
		out = append(out, l.F("Chosen psychic: %s.", w.Psychic(p, p.Psychics[ps.Target].Colour)))
	}
	id := ps.CursorCard()
	if id == "" {
		return out
	}
	var s string
	if ts.Pane() == "psychics" {
		v := ts.VisionOf(ps.Target)
		s = l.F("Vision card %d of %d: %s.", ps.VisCur+1, len(v), w.Card(id))
	} else {
		s = l.F("Table card %d of %d: %s.", ps.CardCur+1, len(ps.TableCards()), w.CardFull(id))
		for _, c := range ps.IntuitionsOn(id) {
			s += " " + l.F("Intuition of %s.", w.Psychic(p, c))
		}
		if n := ts.Note.Of(id); n.Out || n.Text != "" {
			if n.Out {
				s += " " + l.T("You ruled it out.")
			}
			if n.Text != "" {
				s += " " + l.F("your note: %s", sanitize.Line(n.Text, state.NoteWidth))
			}
		}
	}
	return append(out, s)
}

// handFocus is the ghost's hand card under the cursor.
func (lm *Mode) handFocus() string {
	w := lm.words()
	ts := lm.m.Table()
	g := &ts.Scr.Ghost
	hand := ts.Ghost.Hand
	if g.CardCur >= len(hand) {
		return ""
	}
	id := hand[g.CardCur]
	if g.Selected[id] {
		return w.L.F("Hand card %d of %d: %s, selected.", g.CardCur+1, len(hand), w.Card(id))
	}
	return w.L.F("Hand card %d of %d: %s.", g.CardCur+1, len(hand), w.Card(id))
}

// replayFocus is one hour of the replay.
func (lm *Mode) replayFocus(r game.RoundRecord) string {
	w := lm.words()
	p := lm.m.Table().Pub
	parts := []string{w.L.F("Replay, hour %d", r.Round)}
	for _, v := range r.Visions {
		parts = append(parts, w.L.F("%s received %s", w.Subject(p, v.To), w.CardList(v.Cards)))
	}
	if fin := lm.m.Table().Fin; fin != nil {
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
func (lm *Mode) formFocus() string {
	l := lm.m.sh.Lang()
	f := &lm.m.Lobby().Form
	ed := lobby.Editions[f.Edition]
	switch f.Field {
	case lobby.FieldName:
		// Not said again with every letter typed.
		return l.T("Name of the table: type it, or leave it empty for the default.")
	case lobby.FieldEdition:
		return l.F("Edition: %s, %s. Left and right change it.", words.EditionWord(l, ed), words.EditionBlurb(l, ed))
	case lobby.FieldDifficulty:
		if ds := lobby.DifficultiesFor(ed); len(ds) > 0 {
			return l.F("Difficulty: %s. Left and right change it.", words.DifficultyWord(l, ds[f.Diff]))
		}
		return l.T("Difficulty: this edition has none.")
	case lobby.FieldTimer:
		return l.F("Sand timer: %s. Left and right change it.", words.TimerText(l, lobby.Timers[f.Timer]))
	}
	if f.Private {
		return l.T("Visibility: private, join by code only. Left and right change it.")
	}
	return l.T("Visibility: public, listed in the lobby. Left and right change it.")
}

// newLinearMode is the linear mode of the session s, whose shell is sh:
// off until set.
func NewMode(sh *shell.Shell, s Session) Mode {
	return Mode{m: &linHost{sh: sh, Session: s}}
}

// linSession is what the linear mode reads of the session holding it: the
// frame it shows, whether the table or the lobby is the page, the pages,
// whether the help is open.
type Session interface {
	View() string
	OnTable() bool
	Table() *table.TableState // nil when no table is open
	Lobby() *lobby.State
	Help() bool
}

// linHost is the session as the linear mode sees it: its shell and the
// rest through linSession.
type linHost struct {
	sh *shell.Shell
	Session
}
