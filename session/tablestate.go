package session

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mysterium-ssh/mysterium/game"
)

// role is which screen family the current view calls for.
type role int

const (
	roleWaiting   role = iota // no update yet
	roleSeating               // before the game: the seat picker
	roleGhost                 // the ghost during the game
	rolePsychic               // a psychic player during the game
	roleSpectator             // a watcher (or an unseated visitor) during the game
	roleFinished              // after the game: everything revealed, replay
)

func (r role) String() string {
	return [...]string{"waiting", "seating", "ghost", "psychic", "spectator", "finished"}[r]
}

// tableState is the session's state at one table: the newest update from
// the actor plus everything that is only this player's (cursors, the
// selection, the typed chat line). Updates replace the view; they never
// reset the player's selection unless the cards under it are gone.
type tableState struct {
	m *Model
	// chatLimit paces this session's chat lines (a flood would push the
	// table's conversation off everybody's screen).
	chatLimit chatBucket
	code      string
	t         submitter
	sub       subscription
	gen       int
	watch     bool

	u    game.Update
	have bool
	// applied counts the updates taken, for the frame memo's key: an
	// update may change anything on screen.
	applied uint64

	// The latest view, by type (exactly one is non-nil once an update came).
	ghost *game.GhostView
	psy   *game.PsychicView
	spec  *game.SpectatorView
	fin   *game.FinishedView
	pub   *game.TableView

	// UI state.
	tab        int // the pane shown at 80x24 (tabs), or focused at large sizes
	seatCur    int
	cardCur    int // table card (psychic) or hand card (ghost)
	visCur     int // the vision card (or shared-vision card) under the cursor
	selected   map[game.CardID]bool
	dropped    map[game.CardID]bool // modern: old vision cards to discard when completing
	target     int                  // ghost: the psychic column; psychic: the token target
	active     int                  // psychic: which of the player's colours acts (two in small games)
	follow     int                  // spectator: whose view of the table cards is shown
	groupCur   int
	replay     int // after the game: the round shown (0 = summary)
	chat       lineInput
	chatOn     bool
	confirm    string // a pending y/n question ("leave", "discard")
	zoom       game.CardID
	zoomFrom   []game.CardID // the list the zoomed card belongs to, for ←→
	ticking    time.Time
	knock      int
	knockFrame int
	knockText  string
	lastReveal int
	// seenReveals is set once the first update gave the reveal count.
	seenReveals bool
	// outbox holds commands waiting for the one in flight to be answered.
	outbox   []outgoing
	inflight bool
	// pending are keys typed before the first update, replayed after it.
	pending []tea.KeyMsg
	// advanceOn is the ghost's accepted gift or reveal whose effect moves
	// the cursor on to the next psychic who needs one, as soon as the view
	// shows that effect. The table's update for it and the submit's answer
	// race each other (the actor publishes before Submit returns, and the
	// pump may deliver first), so both apply and accepted look: whichever
	// comes second moves the cursor. Nil when nothing is waiting.
	advanceOn game.Command
	// chatShut is set by t where this player may not write (the secret
	// straw poll, the ghost, spectators during a game): letters typed
	// next are swallowed, not taken as commands (a v would cast a vote),
	// and the status line says why, until esc or enter.
	chatShut bool
	// dropMode (modern, ghost): d moves the keys to the chosen psychic's
	// old vision, where ←→ (visCur) and space mark the cards to drop.
	dropMode bool
	// takeover is how long the ghost (or a psychic) may be away before a
	// bot plays for them, from the table's configuration (0: never). Fixed
	// for the table's life, so not part of the frame memo's key.
	takeover time.Duration
}

func newTableState(m *Model, code string, t submitter, sub subscription, gen int, watch bool) *tableState {
	ts := &tableState{m: m, code: code, t: t, sub: sub, gen: gen, watch: watch,
		selected: map[game.CardID]bool{}, dropped: map[game.CardID]bool{}}
	ts.chat = m.newInput("say something to the table", 200)
	ts.chat.Blur()
	// A *game.Table says whether a bot takes over an away seat, and when.
	if c, ok := t.(interface{ Config() game.TableConfig }); ok {
		if cfg := c.Config(); cfg.Bots != nil {
			ts.takeover = cfg.TakeoverAfter
		}
	}
	return ts
}

// apply takes a new update from the pump.
func (ts *tableState) apply(u game.Update) tea.Cmd {
	prevRole := ts.role()
	ts.u, ts.have = u, true
	ts.applied++
	ts.ghost, ts.psy, ts.spec, ts.fin = nil, nil, nil, nil
	switch v := u.View.(type) {
	case *game.GhostView:
		ts.ghost = v
	case *game.PsychicView:
		ts.psy = v
	case *game.SpectatorView:
		ts.spec = v
	case *game.FinishedView:
		ts.fin = v
	}
	ts.pub = nil
	if u.View != nil {
		ts.pub = u.View.Public()
	}
	if r := ts.role(); r != prevRole {
		// A new screen starts with its first pane and no stale question.
		ts.tab = 0
		ts.confirm = ""
		ts.chatShut = false
		ts.dropMode = false
		if prevRole != roleWaiting {
			// A message about the last screen ("You are ready." from the
			// seat picker) would mislead on the new one.
			ts.m.flash, ts.m.flashErr = "", false
		}
		if r == roleFinished && ts.pub != nil {
			ts.replay = 0
		}
		// A psychic's list starts on their own psychic ("own first").
		if c, ok := ts.myColour(); ok {
			for i, p := range ts.pub.Psychics {
				if p.Colour == c {
					ts.target = i
				}
			}
		}
	}
	ts.pruneSelection()
	ts.clampCursors()
	ts.tryAdvance()
	var cmds []tea.Cmd
	cmds = append(cmds, ts.armTick())
	if len(ts.pending) > 0 && ts.role() != roleWaiting {
		keys := ts.pending
		ts.pending = nil
		for _, k := range keys {
			cmds = append(cmds, ts.handleKey(k))
		}
	}
	// A new reveal result knocks: ✔ once for right, ✘ twice for wrong. The
	// first update only sets the count: a player who joins late does not
	// hear old knocks.
	if ts.pub != nil {
		n := ts.pub.RevealCount
		if ts.seenReveals && n > ts.lastReveal {
			latest := ts.pub.LatestReveals(n - ts.lastReveal)
			if len(latest) > 0 {
				var parts []string
				for _, r := range latest {
					parts = append(parts, knockSentence(r))
				}
				ts.knock++
				ts.knockFrame = 0
				ts.knockText = strings.Join(parts, "   ")
				// The knock takes the message line's place while it lasts.
				ts.m.flash, ts.m.flashErr = "", false
				cmds = append(cmds, ts.knockCmd())
			}
		}
		ts.lastReveal, ts.seenReveals = n, true
	}
	return tea.Batch(cmds...)
}

func knockSentence(r game.RevealResult) string {
	name := r.Psychic.Symbol() + " " + r.Psychic.Character()
	if r.Correct {
		if r.Finished {
			return "✔ knock — " + name + " is right and has finished the trail!"
		}
		return "✔ knock — " + name + " is right."
	}
	return "✘ knock knock — " + name + " is wrong."
}

// role says which screen the current view calls for.
func (ts *tableState) role() role {
	switch {
	case !ts.have || ts.pub == nil:
		return roleWaiting
	case ts.fin != nil || ts.pub.Phase == game.PhaseFinished:
		return roleFinished
	case ts.pub.Phase == game.PhaseSeating:
		return roleSeating
	case ts.ghost != nil:
		return roleGhost
	case ts.psy != nil:
		return rolePsychic
	}
	return roleSpectator
}

// pruneSelection drops selected cards that are no longer in the hand.
func (ts *tableState) pruneSelection() {
	if ts.ghost == nil {
		return
	}
	in := map[game.CardID]bool{}
	for _, c := range ts.ghost.Hand {
		in[c] = true
	}
	for c := range ts.selected {
		if !in[c] {
			delete(ts.selected, c)
		}
	}
}

// accepted clears what a successful command consumed.
func (ts *tableState) accepted(c game.Command) {
	switch c.(type) {
	case game.GiveVision, game.Discard, game.GiveSharedVision:
		ts.selected = map[game.CardID]bool{}
		ts.dropped = map[game.CardID]bool{}
		ts.dropMode = false
		if _, ok := c.(game.GiveVision); ok {
			ts.advanceOn = c
			ts.tryAdvance()
		}
	case game.Reveal, game.RevealAll:
		ts.advanceOn = c
		ts.tryAdvance()
	case game.Chat:
		ts.chat.SetValue("")
	}
}

// clampCursors keeps every cursor inside its list after an update or resize.
func (ts *tableState) clampCursors() {
	clamp := func(v *int, n int) {
		if *v >= n {
			*v = n - 1
		}
		if *v < 0 {
			*v = 0
		}
	}
	clamp(&ts.seatCur, len(game.Seats))
	if ts.pub == nil {
		return
	}
	switch ts.role() {
	case roleGhost:
		clamp(&ts.cardCur, len(ts.ghost.Hand))
		clamp(&ts.target, len(ts.pub.Psychics))
		if ts.dropMode {
			old := ts.visionOf(ts.target)
			clamp(&ts.visCur, len(old))
			ts.dropMode = len(old) > 0 && ts.pub.Phase == game.PhaseVision && ts.waitingVision(ts.pub.Psychics[ts.target].Colour)
		}
	case rolePsychic, roleSpectator:
		clamp(&ts.cardCur, len(ts.tableCards()))
		clamp(&ts.target, len(ts.pub.Psychics))
		if ts.psy != nil {
			clamp(&ts.active, len(ts.psy.Colours))
		}
		clamp(&ts.follow, len(ts.pub.Psychics))
	case roleFinished:
		clamp(&ts.replay, len(ts.pub.History))
	}
	if ts.pub.Final != nil {
		clamp(&ts.groupCur, len(ts.pub.Final.Groups))
	}
}

// typing reports whether the chat line has the keyboard (or t was pressed
// where chat is closed: what follows is typing, not commands).
func (ts *tableState) typing() bool { return ts.chatOn || ts.chatShut }

// myColour is the colour a psychic player is acting as now.
func (ts *tableState) myColour() (game.Colour, bool) {
	if ts.psy == nil || len(ts.psy.Colours) == 0 {
		return 0, false
	}
	return ts.psy.Colours[min(ts.active, len(ts.psy.Colours)-1)], true
}

// viewpoint is the psychic whose table cards are shown: the player's active
// colour, or the psychic a spectator follows.
func (ts *tableState) viewpoint() *game.PsychicPublic {
	if ts.pub == nil || len(ts.pub.Psychics) == 0 {
		return nil
	}
	if c, ok := ts.myColour(); ok {
		return ts.pub.Psychic(c)
	}
	return &ts.pub.Psychics[min(ts.follow, len(ts.pub.Psychics)-1)]
}

// tableCards are the cards of the category the viewpoint psychic guesses.
func (ts *tableState) tableCards() []game.CardID {
	p := ts.viewpoint()
	if p == nil || ts.pub == nil {
		return nil
	}
	cat := p.Category
	if p.Finished {
		cat = ts.pub.Order[2]
	}
	return ts.pub.TableCards[cat]
}

// mine reports whether colour c is one of this player's psychics.
func (ts *tableState) mine(c game.Colour) bool {
	if ts.psy == nil {
		return false
	}
	for _, x := range ts.psy.Colours {
		if x == c {
			return true
		}
	}
	return false
}

// psychicLabel is "▲ Alma Salvador" in the psychic's colour: the symbol
// always goes with the colour so colour is never the only cue.
func (ts *tableState) psychicLabel(c game.Colour) string {
	return ts.m.st.psychic[c].Render(c.Symbol() + " " + c.Character())
}

// shortLabel is "▲ Alma".
func (ts *tableState) shortLabel(c game.Colour) string {
	name := c.Character()
	if i := strings.IndexByte(name, ' '); i > 0 && c != game.Red {
		name = name[:i]
	}
	return ts.m.st.psychic[c].Render(c.Symbol() + " " + name)
}

func (ts *tableState) sym(c game.Colour) string {
	return ts.m.st.psychic[c].Render(c.Symbol())
}

// playerName is the display name of whoever controls psychic c, with
// "(away)" while their connection is gone and "(bot)" when a bot plays.
func (ts *tableState) playerName(c game.Colour) string {
	if ts.pub == nil {
		return ""
	}
	owner := game.SeatOf(c)
	if p := ts.pub.Psychic(c); p != nil {
		owner = p.Owner
	}
	if s, ok := ts.seatView(owner); ok {
		return ts.seatPlayer(s)
	}
	return ""
}

// seatView is the seat's entry in the view, if someone sits there.
func (ts *tableState) seatView(seat game.Seat) (game.SeatView, bool) {
	if ts.pub == nil {
		return game.SeatView{}, false
	}
	for _, s := range ts.pub.Seats {
		if s.Seat == seat && s.Player != "" {
			return s, true
		}
	}
	return game.SeatView{}, false
}

// seatPlayer is a seated player's name with their presence: "bot" for a
// bot seat, "(bot playing)" during a takeover, "(away)" while their
// connection is gone (the table's update carries every seat's presence).
func (ts *tableState) seatPlayer(s game.SeatView) string {
	if s.Bot {
		return "bot"
	}
	name := s.Name
	if pr, ok := ts.u.Presence[s.Player]; ok {
		switch {
		case pr.Bot:
			name += " (bot playing)"
		case !pr.Present:
			name += " (away)"
		}
	}
	return name
}

// ghostName is the ghost's player as the psychics' screens show it, with
// their presence; "" before anyone sits there.
func (ts *tableState) ghostName() string {
	if s, ok := ts.seatView(game.GhostSeat); ok {
		return ts.seatPlayer(s)
	}
	return ""
}

// ghostAway reports whether the ghost's human player has no connection
// and no bot plays for them: the game cannot go on where it needs them.
func (ts *tableState) ghostAway() bool {
	s, ok := ts.seatView(game.GhostSeat)
	if !ok || s.Bot {
		return false
	}
	pr, ok := ts.u.Presence[s.Player]
	return ok && !pr.Present && !pr.Bot
}

// ghostNeeded reports whether the game waits on the ghost now: visions to
// give, results to reveal, the culprit and shared vision to choose.
func (ts *tableState) ghostNeeded() bool {
	p := ts.pub
	if p == nil {
		return false
	}
	switch p.Phase {
	case game.PhaseVision:
		return len(p.WaitingVisions) > 0
	case game.PhaseReveal, game.PhaseCulprit:
		return true
	}
	return false
}

// ghostAwayText is the status line while the game waits on an away ghost.
func (ts *tableState) ghostAwayText() string {
	if ts.takeover > 0 {
		return "The ghost is away; a bot takes over after " + durationWords(ts.takeover) + " if they stay away."
	}
	return "The ghost is away; the game goes on when they come back."
}

// durationWords is "5 minutes", "90 seconds", "1h30m0s".
func durationWords(d time.Duration) string {
	switch {
	case d%time.Minute == 0 && d < time.Hour*2:
		n := int(d / time.Minute)
		return itoa(n) + " minute" + plural(n)
	case d < time.Minute*2:
		n := int(d.Round(time.Second) / time.Second)
		return itoa(n) + " second" + plural(n)
	}
	return d.Round(time.Second).String()
}

var roman = [...]string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

func romanNum(n int) string {
	if n >= 0 && n < len(roman) {
		return roman[n]
	}
	return itoa(n)
}

// clockWord is "HOUR" (the Libellud editions) or "DAY" (the original).
func (ts *tableState) clockWord() string {
	if ts.pub != nil && ts.pub.Edition == game.Original {
		return "DAY"
	}
	return "HOUR"
}

// countdown is the sand timer as the header shows it.
func (ts *tableState) countdown() (string, bool) {
	d := ts.deadline()
	if d.IsZero() {
		return "", false
	}
	secs := countdownSecs(d.Sub(ts.m.now()))
	glass := "⏳"
	if secs <= 10 && secs%2 == 1 {
		// The last ten seconds: the hourglass turns with every second.
		glass = "⌛"
	}
	return fmt.Sprintf("%s %d:%02d", glass, secs/60, secs%60), secs <= 10
}

// discardText is "crows left 2", "candles left 3", "whole-hand discards left 1".
func (ts *tableState) discardText() string {
	p := ts.pub
	if p == nil {
		return ""
	}
	word := "crows"
	switch p.DiscardKind {
	case game.DiscardCandle:
		word = "candles"
	case game.DiscardWholeHand:
		word = "new hands"
	}
	switch {
	case p.DiscardsRound && p.DiscardedThisRound:
		return word + ": used this round"
	case p.DiscardsRound:
		return word + ": 1 this round"
	case p.DiscardsLeft < 0:
		return word + " left ∞"
	}
	return fmt.Sprintf("%s left %d", word, p.DiscardsLeft)
}

// header is the top line of every table screen. Narrow windows get the
// short forms ("HOUR I/VII", "crows 3").
func (ts *tableState) header() string {
	m := ts.m
	st := m.st
	wide := m.w >= 120
	left := st.title.Render(" MYSTERIUM") + "  " + st.bold.Render(ts.code)
	if ts.u.Name != "" && wide {
		left += " " + fmt.Sprintf("%q", cut(ts.u.Name, 28))
	}
	p := ts.pub
	if p == nil {
		return left
	}
	ed := string(p.Edition)
	if p.Difficulty != "" {
		ed += " · " + string(p.Difficulty)
	}
	left += "  " + st.dim.Render(ed)
	var right []string
	if p.Phase != game.PhaseSeating && p.Round > 0 {
		if wide {
			right = append(right, fmt.Sprintf("%s %s of VII", ts.clockWord(), romanNum(p.Round)))
		} else {
			right = append(right, fmt.Sprintf("%s %s/VII", ts.clockWord(), romanNum(p.Round)))
		}
	}
	if cd, last := ts.countdown(); cd != "" {
		if last {
			cd = st.err.Render(cd)
		}
		right = append(right, cd)
	} else if p.Timer > 0 && p.Phase == game.PhaseVision {
		t := int(p.Timer / time.Second)
		right = append(right, st.dim.Render(fmt.Sprintf("⏳ %d:%02d", t/60, t%60)))
	}
	if p.Phase != game.PhaseSeating && p.Phase != game.PhaseFinished {
		d := ts.discardText()
		if !wide {
			d = strings.Replace(d, " left", "", 1)
		}
		right = append(right, d)
		if wide {
			right = append(right, fmt.Sprintf("deck %d", p.DeckSize))
		}
	}
	gap := "   "
	if !wide {
		gap = "  "
	}
	return m.spread(left, strings.Join(right, gap)+" ", m.w)
}

// tryAdvance moves the ghost's cursor on (advanceTarget) once the view
// shows the effect of the accepted gift or reveal in advanceOn; until then
// it waits for the next update.
func (ts *tableState) tryAdvance() {
	if ts.advanceOn == nil || ts.ghost == nil || ts.pub == nil {
		return
	}
	if !ts.shows(ts.advanceOn) {
		return
	}
	ts.advanceOn = nil
	ts.advanceTarget()
}

// shows reports whether the current view already holds the effect of the
// accepted command c: the psychic no longer waits for that vision or that
// reveal, or the step is over.
func (ts *tableState) shows(c game.Command) bool {
	p := ts.pub
	switch c := c.(type) {
	case game.GiveVision:
		return p.Phase != game.PhaseVision || !ts.waitingVision(c.To)
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
func (ts *tableState) advanceTarget() {
	p := ts.pub
	needs := func(c game.Colour) bool {
		switch p.Phase {
		case game.PhaseVision:
			return ts.waitingVision(c)
		case game.PhaseReveal:
			pp := p.Psychic(c)
			return pp != nil && pp.ToReveal
		}
		return false
	}
	if t := ts.ghostTarget(); t != nil && needs(t.Colour) {
		return
	}
	for i, pp := range p.Psychics {
		if needs(pp.Colour) {
			ts.target = i
			return
		}
	}
}

// rowsLeft is how many rows of the body are still free after the text
// written so far (which ends with a newline): the frame takes 4 rows
// (header, rule, keys, status), and one more while a message or a knock
// is shown.
func (ts *tableState) rowsLeft(sofar string) int {
	left := ts.m.h - 4 - strings.Count(sofar, "\n")
	if ts.m.flash != "" || ts.knockText != "" {
		left--
	}
	return left
}
