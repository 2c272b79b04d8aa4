package session

import (
	"fmt"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/sanitize"
)

// handleKey is the table's key map; see the package comment for the list.
func (ts *tableState) handleKey(k tea.KeyMsg) tea.Cmd {
	m := ts.m
	key := k.String()

	if ts.role() == roleWaiting && key != "q" {
		// Typed before the table's first update arrived: kept and replayed
		// once the screen they were meant for is up.
		if len(ts.pending) < 32 {
			ts.pending = append(ts.pending, k)
		}
		return nil
	}
	if ts.zoom != "" {
		switch key {
		case "left", "h", "right", "l":
			ts.zoomStep(key == "right" || key == "l")
		case "q":
			ts.zoom = ""
			return ts.askLeave()
		default:
			ts.zoom = ""
		}
		return nil
	}
	if ts.confirm != "" {
		q := ts.confirm
		ts.confirm = ""
		if key != "y" && key != "Y" {
			m.setFlash("Cancelled.", false)
			return nil
		}
		return ts.confirmed(q)
	}
	if ts.chatShut {
		// t was pressed where chat is closed: letters are the player typing
		// a message, never commands; esc, enter or any other key ends it.
		if k.Type == tea.KeyRunes || k.Type == tea.KeySpace {
			m.setFlash(ts.noChatReason()+" Typing is ignored: esc goes back.", true)
			return nil
		}
		ts.chatShut = false
		if key == "esc" || key == "enter" {
			return nil
		}
	}
	if ts.chatOn {
		switch key {
		case "esc":
			ts.chatOn = false
			ts.chat.Blur()
		case "enter":
			text := sanitize.Text(ts.chat.Value(), chatWidth)
			if text == "" {
				ts.chatOn = false
				ts.chat.Blur()
				return nil
			}
			if !ts.chatLimit.allow(m.now()) {
				// The line stays typed: the player sends it again in a moment.
				m.setFlash(chatSlowDown, true)
				return nil
			}
			return ts.submit(game.Chat{Text: text}, "")
		case "tab":
			ts.chatOn = false
			ts.chat.Blur()
			ts.tab = (ts.tab + 1) % ts.paneCount()
		default:
			ts.chat.Update(k)
		}
		return nil
	}
	if ts.dropMode && ts.role() == roleGhost {
		if cmd, done := ts.dropKey(key); done {
			return cmd
		}
	}
	switch key {
	case "q", "esc":
		if key == "esc" && ts.role() != roleSeating && ts.role() != roleSpectator && ts.role() != roleWaiting {
			return nil
		}
		return ts.askLeave()
	case "tab":
		ts.tab = (ts.tab + 1) % ts.paneCount()
		return nil
	case "shift+tab":
		ts.tab = (ts.tab + ts.paneCount() - 1) % ts.paneCount()
		return nil
	case "t":
		if ts.canChat() {
			ts.chatOn = true
			ts.chat.Focus()
			if !ts.large() {
				ts.tab = ts.paneCount() - 1
			}
		} else if r := ts.noChatReason(); r != "" {
			ts.chatShut = true
			m.setFlash(r, true)
		}
		return nil
	}
	switch ts.role() {
	case roleSeating:
		return ts.seatKey(key)
	case roleGhost:
		if ts.pub.Final != nil {
			return ts.ghostFinalKey(key)
		}
		return ts.ghostKey(key)
	case rolePsychic, roleSpectator:
		if ts.pub.Final != nil {
			return ts.finalKey(key)
		}
		return ts.psychicKey(key)
	case roleFinished:
		return ts.endKey(key)
	}
	return nil
}

// chatWidth bounds a chat line: one line of the chat pane at 140 columns.
const chatWidth = 160

// askLeave leaves the table, asking first while a game is on and this
// player has a part in it.
func (ts *tableState) askLeave() tea.Cmd {
	switch ts.role() {
	case roleGhost, rolePsychic:
		ts.confirm = "leave"
		return nil
	}
	return ts.leave()
}

func (ts *tableState) leave() tea.Cmd {
	m := ts.m
	// Leaving before the game frees the seat for someone else.
	if ts.role() == roleSeating && ts.pub != nil && ts.pub.SeatOf(m.who.ID) != game.NoSeat && ts.t != nil {
		_ = ts.t.Submit(m.who.ID, game.Stand{})
	}
	return m.leaveTable()
}

func (ts *tableState) confirmed(q string) tea.Cmd {
	switch q {
	case "leave":
		return ts.leave()
	case "discard":
		return ts.discard()
	}
	return nil
}

// canChat: psychics (and everyone after the game) may write; the ghost
// never, spectators not during a game, nobody during the secret straw poll.
func (ts *tableState) canChat() bool {
	switch ts.role() {
	case rolePsychic:
		f := ts.pub.Final
		return f == nil || f.VoteKind != game.VoteStaged || f.Stage == 0
	case roleFinished, roleSeating:
		return true
	}
	return false
}

func (ts *tableState) noChatReason() string {
	switch ts.role() {
	case roleGhost:
		return "The ghost never speaks: you have no way to write."
	case roleSpectator:
		return "Spectators read the chat but cannot write during a game."
	case rolePsychic:
		return "Chat is closed during the secret vote."
	}
	return ""
}

// large is the one-screen layout; below it the panes become tabs.
func (ts *tableState) large() bool { return ts.m.w >= 120 && ts.m.h >= 40 }

// paneCount is how many panes tab cycles through on the current screen.
func (ts *tableState) paneCount() int {
	return max(1, len(ts.paneNames()))
}

func (ts *tableState) paneNames() []string {
	switch ts.role() {
	case roleGhost:
		if ts.pub.Final != nil {
			return []string{"final", "hand", "chat"}
		}
		return []string{"hand", "psychics", "chat"}
	case rolePsychic, roleSpectator:
		if ts.pub.Final != nil {
			return []string{"final", "chat"}
		}
		return []string{"cards", "psychics", "chat"}
	case roleFinished:
		return []string{"summary", "replay", "chat"}
	case roleSeating:
		return []string{"seats", "chat"}
	}
	return nil
}

func (ts *tableState) pane() string {
	n := ts.paneNames()
	if len(n) == 0 {
		return ""
	}
	return n[ts.tab%len(n)]
}

func (ts *tableState) zoomOn(id game.CardID, list []game.CardID) {
	if id == "" {
		return
	}
	ts.zoom = id
	ts.zoomFrom = list
}

func (ts *tableState) zoomStep(next bool) {
	for i, c := range ts.zoomFrom {
		if c == ts.zoom {
			j := i - 1
			if next {
				j = i + 1
			}
			if j >= 0 && j < len(ts.zoomFrom) {
				ts.zoom = ts.zoomFrom[j]
			}
			return
		}
	}
}

func move(v *int, d, n int) {
	*v += d
	if *v >= n {
		*v = n - 1
	}
	if *v < 0 {
		*v = 0
	}
}

// ---- seat picker ----

func (ts *tableState) seatKey(key string) tea.Cmd {
	m := ts.m
	switch key {
	case "up", "k":
		move(&ts.seatCur, -1, len(game.Seats))
	case "down", "j":
		move(&ts.seatCur, 1, len(game.Seats))
	case "enter", " ":
		seat := game.Seats[ts.seatCur]
		return ts.submit(game.Sit{Seat: seat, Name: sanitize.Name(m.who.Name)}, "You sit as "+seatName(seat)+".")
	case "u":
		return ts.submit(game.Stand{}, "You stood up.")
	case "r":
		ready := true
		for _, s := range ts.pub.Seats {
			if s.Player == m.who.ID && s.Ready {
				ready = false
			}
		}
		msg := "You are ready."
		if !ready {
			msg = "You are not ready any more."
		}
		return ts.submit(game.SetReady{Ready: ready}, msg)
	case "b":
		seat := game.Seats[ts.seatCur]
		on := true
		for _, s := range ts.pub.Seats {
			if s.Seat == seat && s.Bot {
				on = false
			}
		}
		return ts.submit(game.SetBot{Seat: seat, On: on}, "")
	case "s":
		return ts.submit(game.Start{}, "")
	}
	return nil
}

func seatName(s game.Seat) string {
	if c, ok := s.Colour(); ok {
		return c.Symbol() + " " + c.Character()
	}
	return "the ghost"
}

// ---- ghost ----

func (ts *tableState) ghostKey(key string) tea.Cmd {
	g := ts.ghost
	n := len(g.Hand)
	switch key {
	case "left", "h":
		move(&ts.cardCur, -1, n)
	case "right", "l":
		move(&ts.cardCur, 1, n)
	case "up", "k":
		// The ghost's own choice wins over a pending move.
		ts.advanceOn = nil
		move(&ts.target, -1, len(g.Psychics))
	case "down", "j":
		ts.advanceOn = nil
		move(&ts.target, 1, len(g.Psychics))
	case " ":
		if ts.cardCur < n {
			id := g.Hand[ts.cardCur]
			if ts.selected[id] {
				delete(ts.selected, id)
			} else {
				ts.selected[id] = true
			}
		}
	case "enter":
		if ts.pane() == "psychics" {
			if p := ts.ghostTarget(); p != nil {
				ts.zoomOn(ts.trailCard(p.Colour, p.Category), nil)
			}
			return nil
		}
		if ts.cardCur < n {
			ts.zoomOn(g.Hand[ts.cardCur], g.Hand)
		}
	case "f":
		if p := ts.ghostTarget(); p != nil {
			ts.zoomOn(ts.trailCard(p.Colour, p.Category), nil)
		}
	case "g":
		return ts.give()
	case "d":
		p := ts.ghostTarget()
		if p == nil || len(p.Vision) == 0 || g.Edition != game.Modern || g.Phase != game.PhaseVision || !ts.waitingVision(p.Colour) {
			ts.m.setFlash("Only in the modern edition, for a psychic who keeps an old vision and waits for a new one.", false)
			return nil
		}
		// The keys move to the old vision: ←→ a card, space drop or keep.
		// With nothing marked yet every old card is marked, so d then g
		// still drops the whole old vision (the SSH tests script it).
		ts.dropMode = true
		ts.visCur = min(ts.visCur, len(p.Vision)-1)
		if ts.dropCount() == 0 {
			for _, c := range p.Vision {
				ts.dropped[c] = true
			}
		}
	case "x":
		return ts.askDiscard()
	case "r":
		if p := ts.ghostTarget(); p != nil {
			return ts.submit(game.Reveal{Psychic: p.Colour}, "")
		}
	case "a":
		return ts.submit(game.RevealAll{}, "")
	}
	return nil
}

// dropKey is a key while the ghost marks old vision cards to drop
// (modern: a failed psychic's vision is completed; the ghost may discard
// any of its cards first). done is false for a key that ends the marking
// and then acts as usual.
func (ts *tableState) dropKey(key string) (cmd tea.Cmd, done bool) {
	old := ts.visionOf(ts.target)
	switch key {
	case "left", "h":
		move(&ts.visCur, -1, len(old))
	case "right", "l":
		move(&ts.visCur, 1, len(old))
	case " ":
		if ts.visCur < len(old) {
			id := old[ts.visCur]
			if ts.dropped[id] {
				delete(ts.dropped, id)
			} else {
				ts.dropped[id] = true
			}
		}
	case "enter":
		if ts.visCur < len(old) {
			ts.zoomOn(old[ts.visCur], old)
		}
	case "d", "esc":
		// d keeps the whole old vision (as d twice always did); esc keeps
		// the marks for the gift.
		ts.dropMode = false
		if key == "d" {
			for _, c := range old {
				delete(ts.dropped, c)
			}
		}
		n := ts.dropCount()
		if n == 0 {
			ts.m.setFlash("The old vision stays whole: the new cards are added to it.", false)
		} else {
			ts.m.setFlash(fmt.Sprintf("%d of %d old card%s will be dropped when you give (g).", n, len(old), plural(len(old))), false)
		}
	default:
		ts.dropMode = false
		return nil, false
	}
	return nil, true
}

// dropCount is how many of the chosen psychic's old vision cards are
// marked to drop.
func (ts *tableState) dropCount() int {
	n := 0
	for _, c := range ts.visionOf(ts.target) {
		if ts.dropped[c] {
			n++
		}
	}
	return n
}

func (ts *tableState) ghostTarget() *game.PsychicPublic {
	if ts.pub == nil || ts.target >= len(ts.pub.Psychics) {
		return nil
	}
	return &ts.pub.Psychics[ts.target]
}

// trailCard is the card psychic c must find in category cat (ghost and
// after the game only: the other views have no trails).
func (ts *tableState) trailCard(c game.Colour, cat game.Category) game.CardID {
	var trails []game.Trail
	switch {
	case ts.ghost != nil:
		trails = ts.ghost.Trails
	case ts.fin != nil:
		trails = ts.fin.Trails
	}
	for _, t := range trails {
		if t.Psychic == c {
			return t.Cards[cat]
		}
	}
	return ""
}

// selection is the selected hand cards in hand order.
func (ts *tableState) selection() []game.CardID {
	var out []game.CardID
	if ts.ghost == nil {
		return nil
	}
	for _, c := range ts.ghost.Hand {
		if ts.selected[c] {
			out = append(out, c)
		}
	}
	return out
}

func (ts *tableState) give() tea.Cmd {
	p := ts.ghostTarget()
	sel := ts.selection()
	if p == nil {
		return nil
	}
	if len(sel) == 0 && ts.cardCur < len(ts.ghost.Hand) {
		// Nothing selected: give the card under the cursor.
		sel = []game.CardID{ts.ghost.Hand[ts.cardCur]}
	}
	var drop []game.CardID
	for _, c := range p.Vision {
		if ts.dropped[c] {
			drop = append(drop, c)
		}
	}
	what := fmt.Sprintf("Gave %s %d card%s.", p.Colour.Character(), len(sel), plural(len(sel)))
	if len(drop) > 0 {
		what = fmt.Sprintf("Gave %s %d card%s, %d old dropped.", p.Colour.Character(), len(sel), plural(len(sel)), len(drop))
	}
	return ts.submit(game.GiveVision{To: p.Colour, Cards: sel, Drop: drop}, what)
}

func (ts *tableState) askDiscard() tea.Cmd {
	g := ts.ghost
	sel := ts.selection()
	switch g.DiscardKind {
	case game.DiscardWholeHand:
		ts.m.setFlash("Throw away your whole hand and draw 7 new cards? y/n", false)
	default:
		if len(sel) == 0 {
			ts.m.setFlash("Select the cards to discard with space first.", true)
			return nil
		}
		word := "a crow"
		if g.DiscardKind == game.DiscardCandle {
			word = "a candle"
		}
		ts.m.setFlash(fmt.Sprintf("Discard %d card%s with %s (%s)? y/n", len(sel), plural(len(sel)), word, ts.discardText()), false)
	}
	ts.confirm = "discard"
	return nil
}

func (ts *tableState) discard() tea.Cmd {
	if ts.ghost == nil {
		return nil
	}
	if ts.ghost.DiscardKind == game.DiscardWholeHand {
		return ts.submit(game.Discard{}, "You drew a new hand.")
	}
	sel := ts.selection()
	return ts.submit(game.Discard{Cards: sel}, fmt.Sprintf("Discarded %d card%s.", len(sel), plural(len(sel))))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (ts *tableState) ghostFinalKey(key string) tea.Cmd {
	g := ts.ghost
	f := g.Final
	n := len(g.Hand)
	switch key {
	case "left", "h":
		move(&ts.cardCur, -1, n)
	case "right", "l":
		move(&ts.cardCur, 1, n)
	case "up", "k":
		move(&ts.groupCur, -1, len(f.Groups))
	case "down", "j":
		move(&ts.groupCur, 1, len(f.Groups))
	case " ":
		if ts.cardCur < n {
			id := g.Hand[ts.cardCur]
			if ts.selected[id] {
				delete(ts.selected, id)
			} else {
				ts.selected[id] = true
			}
		}
	case "enter":
		if ts.cardCur < n {
			ts.zoomOn(g.Hand[ts.cardCur], g.Hand)
		}
	case "c":
		if ts.groupCur < len(f.Groups) {
			grp := f.Groups[ts.groupCur].Number
			return ts.submit(game.ChooseCulprit{Group: grp}, fmt.Sprintf("Group %d is the culprit.", grp))
		}
	case "g":
		return ts.submit(game.GiveSharedVision{Cards: ts.selection()}, "The shared vision is on the table.")
	case "x":
		return ts.askDiscard()
	default:
		if d, err := strconv.Atoi(key); err == nil && d >= 1 && d <= len(f.Groups) {
			ts.groupCur = d - 1
		}
	}
	return nil
}

// ---- psychic and spectator ----

func (ts *tableState) psychicKey(key string) tea.Cmd {
	m := ts.m
	cards := ts.tableCards()
	pane := ts.pane()
	spectator := ts.psy == nil
	switch key {
	case "left", "h":
		if pane == "psychics" {
			move(&ts.visCur, -1, len(ts.visionOf(ts.target)))
		} else {
			move(&ts.cardCur, -1, len(cards))
		}
	case "right", "l":
		if pane == "psychics" {
			move(&ts.visCur, 1, len(ts.visionOf(ts.target)))
		} else {
			move(&ts.cardCur, 1, len(cards))
		}
	case "up", "k":
		move(&ts.target, -1, len(ts.pub.Psychics))
		ts.visCur = 0
	case "down", "j":
		move(&ts.target, 1, len(ts.pub.Psychics))
		ts.visCur = 0
	case "enter":
		if pane == "psychics" {
			v := ts.visionOf(ts.target)
			if ts.visCur < len(v) {
				ts.zoomOn(v[ts.visCur], v)
			}
		} else if ts.cardCur < len(cards) {
			ts.zoomOn(cards[ts.cardCur], cards)
		}
	case "c":
		if spectator {
			move(&ts.follow, 1, len(ts.pub.Psychics)+1)
			if ts.follow >= len(ts.pub.Psychics) {
				ts.follow = 0
			}
		} else if len(ts.psy.Colours) > 1 {
			ts.active = (ts.active + 1) % len(ts.psy.Colours)
			ts.cardCur = 0
		}
	}
	if spectator {
		return nil
	}
	me, _ := ts.myColour()
	switch key {
	case "i":
		if ts.cardCur < len(cards) {
			card := cards[ts.cardCur]
			return ts.submit(game.PlaceIntuition{Psychic: me, Card: card}, "Your intuition is on "+m.cardName(card)+".")
		}
	case "r":
		p := ts.pub.Psychic(me)
		ready := p == nil || !p.Ready
		done := "You are ready."
		if !ready {
			done = "You are no longer ready."
		}
		return ts.submit(game.SetReady{Psychic: me, Ready: ready}, done)
	case "y", "n":
		p := ts.tokenTarget()
		if p == nil {
			return nil
		}
		kind := game.TokenYes
		if key == "n" {
			kind = game.TokenNo
		}
		return ts.submit(game.PlaceToken{From: me, On: p.Colour, Kind: kind},
			fmt.Sprintf("Your %s token is on %s's intuition.", kind.Symbol(), p.Colour.Character()))
	case "x", "backspace":
		p := ts.tokenTarget()
		if p == nil {
			return nil
		}
		return ts.submit(game.TakeToken{From: me, On: p.Colour}, "Token taken back.")
	}
	return nil
}

// tokenTarget is the psychic whose intuition a token would go on: the one
// selected in the psychics list.
func (ts *tableState) tokenTarget() *game.PsychicPublic {
	if ts.target < len(ts.pub.Psychics) {
		return &ts.pub.Psychics[ts.target]
	}
	return nil
}

// visionOf is the vision of the i-th psychic in the list.
func (ts *tableState) visionOf(i int) []game.CardID {
	if ts.pub == nil || i >= len(ts.pub.Psychics) {
		return nil
	}
	return ts.pub.Psychics[i].Vision
}

// ---- final phase (psychics and spectators) ----

func (ts *tableState) finalKey(key string) tea.Cmd {
	f := ts.pub.Final
	switch key {
	case "up", "k":
		move(&ts.groupCur, -1, len(f.Groups))
	case "down", "j":
		move(&ts.groupCur, 1, len(f.Groups))
	case "left", "h":
		move(&ts.visCur, -1, len(ts.sharedCards()))
	case "right", "l":
		move(&ts.visCur, 1, len(ts.sharedCards()))
	case "enter":
		if s := ts.sharedCards(); ts.visCur < len(s) {
			ts.zoomOn(s[ts.visCur], s)
		}
	case "z":
		// The chosen group's three cards, full screen, ←→ between them.
		if ts.groupCur < len(f.Groups) {
			g := f.Groups[ts.groupCur]
			var cards []game.CardID
			for _, cat := range ts.pub.Order {
				cards = append(cards, g.Cards[cat])
			}
			ts.zoomOn(cards[0], cards)
		}
	case "v":
		if ts.psy == nil {
			return nil
		}
		if ts.groupCur < len(f.Groups) {
			grp := f.Groups[ts.groupCur].Number
			return ts.submit(game.Vote{Group: grp}, fmt.Sprintf("You voted for group %d.", grp))
		}
	default:
		if d, err := strconv.Atoi(key); err == nil && d >= 1 && d <= len(f.Groups) {
			ts.groupCur = d - 1
		}
	}
	return nil
}

// sharedCards are the shared-vision cards this viewer may see now.
func (ts *tableState) sharedCards() []game.CardID {
	switch {
	case ts.ghost != nil:
		return ts.ghost.Shared
	case ts.psy != nil:
		return ts.psy.SharedSeen
	case ts.fin != nil:
		return ts.fin.Shared
	case ts.pub != nil && ts.pub.Final != nil:
		return ts.pub.Final.SharedVisible
	}
	return nil
}

// ---- after the game ----

func (ts *tableState) endKey(key string) tea.Cmd {
	m := ts.m
	switch key {
	case "left", "h":
		move(&ts.replay, -1, len(ts.pub.History))
	case "right":
		move(&ts.replay, 1, len(ts.pub.History))
	case "l":
		return m.leaveTable()
	case "n":
		return ts.newGame()
	}
	return nil
}

// newGame opens a new table with the same settings and the same bots, and
// tells the old table's chat where the next game is, so the others can
// follow.
func (ts *tableState) newGame() tea.Cmd {
	m := ts.m
	// Someone already opened the next game: follow them.
	if code := ts.nextGameCode(); code != "" {
		if t, ok := m.hub.Table(code); ok && t != nil {
			return m.openTable(code, false)
		}
	}
	spec := TableSpec{Name: ts.u.Name, Options: game.Options{Edition: ts.pub.Edition, Difficulty: ts.pub.Difficulty, Timer: ts.pub.Timer}}
	info, err := m.hub.CreateTable(m.who, spec)
	if err != nil {
		m.setFlash("No new game: "+err.Error(), true)
		return nil
	}
	// The bots come along: the seats they played are given to bots again,
	// so the group only has to sit down. (A refusal leaves the seat free
	// for the host to fill by hand; the game itself is not at stake.)
	if t, ok := m.hub.Table(info.Code); ok && t != nil {
		for _, s := range ts.pub.Seats {
			if s.Bot {
				_ = t.Submit(m.who.ID, game.SetBot{Seat: s.Seat, On: true})
			}
		}
	}
	if ts.t != nil {
		_ = ts.t.Submit(m.who.ID, game.Chat{Text: nextGamePrefix + info.Code + ": press n to follow, or join it from the lobby."})
	}
	return m.openTable(info.Code, false)
}

// nextGamePrefix starts the chat line that announces the next game.
const nextGamePrefix = "New game at table "

// nextGameCode finds the newest announcement of a next game in the chat.
func (ts *tableState) nextGameCode() string {
	if ts.pub == nil {
		return ""
	}
	for i := len(ts.pub.Chat) - 1; i >= 0; i-- {
		t := ts.pub.Chat[i].Text
		if strings.HasPrefix(t, nextGamePrefix) {
			rest := strings.TrimPrefix(t, nextGamePrefix)
			if j := strings.IndexByte(rest, ':'); j > 0 {
				return rest[:j]
			}
		}
	}
	return ""
}
