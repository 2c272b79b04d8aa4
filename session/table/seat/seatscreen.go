package seat

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// seatScreen is the seat picker before the game: the ghost's seat and the
// six colours, who sits where, the host's tools.
type SeatScreen struct {
	ts *state.Table
	SeatCursor
}

// seatCursor is the seat picker's own state (part of the frame memo's key).
type SeatCursor struct {
	SeatCur int
}

func (s *SeatScreen) Panes() []string { return seatPanes }

// seatPanes are the seat picker's panes, one list shared read-only.
var seatPanes = []string{i18n.N("seats"), i18n.N("chat")}

func (s *SeatScreen) Clamp() { state.Clamp(&s.SeatCur, len(game.Seats)) }

// draw is the seat picker: the ghost's seat and the six colours,
// each with its symbol and character, who sits there, and the host's tools.
func (s *SeatScreen) Draw() (body, status string) {
	ts := s.ts
	m := ts.Shell
	st := m.St
	p := ts.Pub
	me := m.Who.ID
	mySeat := p.SeatOf(me)
	host := p.Host == me
	l := m.Lang()
	var b strings.Builder
	b.WriteString(st.Section.Render(l.T(" CHOOSE YOUR SEAT")) + st.Dim.Render("   "+words.EditionBlurb(l, p.Edition)) + "\n\n")
	// The seats, beside the panel on a big terminal (seatpanel.go).
	seats := &b
	var list strings.Builder
	panel := m.W >= seatPanelMinW && m.H >= seatPanelMinH
	if panel {
		seats = &list
	}
	taken := 0
	var notReady []string // seated humans, host aside, not ready yet
	// Each seat's row, from the list's first row, which is b's current
	// row beside the panel too.
	mark, top := ts.Hits.Start(&b)
	rowW := m.W
	if panel {
		rowW = SeatListW
	}
	per := 1 // rows a seat
	if m.Portrait() {
		per = portrait.TapRows // a finger's height: the seat, who sits there, a blank row
	}
	for i, seat := range game.Seats {
		ts.Hits.Add(shell.HitSeat, i, layout.Rect{Y: i*per - per/2, W: rowW, H: per})
		var sv game.SeatView
		for _, s := range p.Seats {
			if s.Seat == seat {
				sv = s
			}
		}
		if sv.Player != "" {
			taken++
			if !sv.Bot && !sv.Host && !sv.Ready {
				notReady = append(notReady, m.Cleaned.Name(sv.Name))
			}
		}
		var name, colour string
		if c, ok := seat.Colour(); ok {
			name, colour = st.Psychic[c].Render(layout.Pad(c.Symbol()+" "+c.Character(), 22)), st.Dim.Render(layout.Pad(ColourWord(l, c), colourCol))
		} else {
			name, colour = st.Ghost.Render(layout.Pad(l.T("☾ The ghost"), 22)), st.Dim.Render(layout.Pad(l.T("no colour"), colourCol))
		}
		sep, end := "  ", ""
		if per > 1 {
			colour, sep, end = "", "\n     ", "\n" // the symbol's colour says it
		}
		who := st.Dim.Render(l.T("free"))
		if sv.Player != "" {
			who = m.Cleaned.Name(sv.Name)
			var tags []string
			if sv.Bot {
				who = l.T("a bot")
				if sv.BotLevel != "" {
					who = words.BotLevel(l, sv.BotLevel)
				}
			}
			if sv.Host {
				tags = append(tags, l.T("host"))
			}
			if sv.Ready && !sv.Bot {
				tags = append(tags, l.T("ready ✔"))
			}
			if sv.Player == me {
				tags = append(tags, l.T("you"))
			}
			if pr, ok := ts.U.Presence[sv.Player]; ok && !pr.Present && !sv.Bot {
				tags = append(tags, l.T("away"))
			}
			if len(tags) > 0 {
				who += st.Dim.Render(" (" + strings.Join(tags, ", ") + ")")
			}
		}
		cur := "  "
		line := name + colour + sep + who
		if i == s.SeatCur {
			cur = st.Cursor.Render("▸ ")
			// Each cell in its own highlight: the name's style ends with a
			// reset, which would end one highlight around both halfway.
			line = st.Sel.Render(name) + st.Sel.Render(colour) + sep + who
		}
		seats.WriteString(" " + cur + line + end)
		seats.WriteByte('\n')
	}
	ts.Hits.Shift(mark, 0, top)
	used := 2 + len(game.Seats)*per + 1 // title, blank, seats, blank
	if panel {
		rightW := m.W - SeatListW - 3
		right := s.SeatPanel(rightW)
		layout.WriteRow(&b, 0, 3, []int{SeatListW, rightW}, []layout.TileParts{
			{{S: layout.Block(strings.TrimSuffix(list.String(), "\n"), SeatListW)}}, {{S: layout.Block(right, rightW)}}}, nil)
		b.WriteByte('\n')
		used += max(0, layout.LineCount(right)-len(game.Seats))
	}
	b.WriteString("\n")
	ghostTaken := false
	for _, s := range p.Seats {
		if s.Seat == game.GhostSeat && s.Player != "" {
			ghostTaken = true
		}
	}
	legal := ghostTaken && taken >= p.Edition.MinPlayers()
	// The two notes wrap rather than lose their ends on a narrow terminal.
	for _, line := range []string{s.tableRules(), l.F("%d of 7 seats taken. A game needs the ghost and %d to %d players (bots count).",
		taken, p.Edition.MinPlayers(), p.Edition.MaxPlayers())} {
		for _, w := range layout.Wrap(line, m.W-3) {
			b.WriteString(st.Dim.Render("  "+w) + "\n")
			used++
		}
	}
	if line := m.Host.ReclaimLine(m.W - 2); line != "" {
		b.WriteString(st.Note.Render(line) + "\n")
		used++
	}
	if len(p.Chat) > 0 {
		// The chat takes the room the seats leave (at least 4 lines): on a
		// tall terminal the talk before the game stays readable.
		b.WriteString("\n" + ts.Chat.Lines(m.W-2, max(4, m.H-seatChromeRows-used-1)))
	}
	myReady := false
	for _, s := range p.Seats {
		if s.Player == me && s.Ready {
			myReady = true
		}
	}
	switch {
	case host && legal && len(notReady) > 0:
		status = l.F("Press s to start the game: %d players seated. Not ready yet: %s.", taken, strings.Join(notReady, ", "))
		if layout.TextWidth(status) > m.W {
			// Names cut off mid-list would leave the host guessing: the
			// count, and where to look, fit any terminal.
			status = l.F("Press s to start the game: %d seated, %d not ready yet (no ✔ by their names).", taken, len(notReady))
		}
	case host && legal:
		status = l.F("Press s to start the game: %d players seated, everyone ready.", taken)
	case host && !ghostTaken:
		status = l.T("Seat the ghost (sit there, or press b for a bot), then press s to start.")
	case host:
		status = l.F("Waiting for players: %d seated, at least %d needed. b adds a bot.", taken, p.Edition.MinPlayers())
	case mySeat == game.NoSeat && ts.Watch:
		status = l.T("You are watching. To play, choose a free seat: ↑↓ then enter.")
	case mySeat == game.NoSeat:
		status = l.T("Choose a seat: ↑↓ then enter.")
	case myReady:
		status = l.F("You sit as %s, ready. Waiting for the host to start.", words.SeatName(l, mySeat))
	default:
		status = l.F("You sit as %s. Press r when you are ready.", words.SeatName(l, mySeat))
	}
	if ts.Chat.On {
		b.WriteString("\n " + ts.Chat.Line.View(m.W-4))
		status = l.T("Type your message and press enter (esc to stop typing).")
	}
	return b.String(), status
}

// colourCol is the width of the seat picker's colour column: the longest
// entry, "no colour", whole, and a space.
const colourCol = 10

// seatChromeRows are the rows around the seat picker's body: the header
// and its rule, the key bar and the status line, and the chat's input
// line and the blank above it when it is open.
const seatChromeRows = 6

// tableRules sums up the table's options in one line for the seat picker.
func (s *SeatScreen) tableRules() string {
	ts := s.ts
	p := ts.Pub
	l := ts.Shell.Lang()
	var parts []string
	if p.Timer > 0 {
		parts = append(parts, l.F("sand timer %s", words.TimerText(l, p.Timer)))
	} else {
		parts = append(parts, l.T("no sand timer"))
	}
	word := l.T("crows")
	switch p.DiscardKind {
	case game.DiscardCandle:
		word = l.T("candles")
	case game.DiscardWholeHand:
		word = l.T("new hands")
	}
	switch {
	case p.DiscardsRound:
		parts = append(parts, l.F("%s: one per round", word))
	case p.DiscardsLeft == 0:
		parts = append(parts, l.F("no %s", word))
	case p.DiscardsLeft > 0:
		parts = append(parts, l.F("%s: %d per game", word, p.DiscardsLeft))
	}
	switch p.Edition {
	case game.Classic:
		parts = append(parts, l.T("clairvoyance from 4 players"))
	case game.Original:
		parts = append(parts, l.T("objects first"))
	}
	return l.F("This table: %s.", strings.Join(parts, " · "))
}

// keys is the seat picker's key map.
func (s *SeatScreen) Keys() keymap.Map {
	ts := s.ts
	m := ts.Shell
	host := ts.Pub.Host == m.Who.ID
	onBot := false // the cursor is on a bot's seat
	for _, st := range ts.Pub.Seats {
		if st.Seat == game.Seats[s.SeatCur] && st.Bot {
			onBot = true
		}
	}
	sit := func() tea.Cmd {
		seat := game.Seats[s.SeatCur]
		return ts.Out.Submit(game.Sit{Seat: seat, Name: sanitize.Name(m.Who.Name)}, m.Lang().F("You sit as %s.", words.SeatName(m.Lang(), seat)))
	}
	return keymap.Map{
		keymap.Bind([]string{"up", "k"}, "↑↓", i18n.N("seat"), i18n.N("choose a seat: the ghost or a psychic colour"), func() tea.Cmd {
			state.Move(&s.SeatCur, -1, len(game.Seats))
			return nil
		}),
		keymap.Bind([]string{"down", "j"}, "", "", "", func() tea.Cmd {
			state.Move(&s.SeatCur, 1, len(game.Seats))
			return nil
		}),
		// On a bot's seat the host's bar shows l (the bot's level) instead:
		// nobody can sit there.
		keymap.Bind([]string{"enter"}, "enter", i18n.N("sit here"), i18n.N("sit there"), sit).BarIf(!(host && onBot)),
		keymap.Bind([]string{" "}, "", "", "", sit),
		keymap.Bind([]string{"r"}, "r", i18n.N("ready"), i18n.N("ready / not ready (the host starts when everyone is)"), func() tea.Cmd {
			ready := true
			for _, st := range ts.Pub.Seats {
				if st.Player == m.Who.ID && st.Ready {
					ready = false
				}
			}
			msg := m.Lang().T("You are ready.")
			if !ready {
				msg = m.Lang().T("You are not ready any more.")
			}
			return ts.Out.Submit(game.SetReady{Ready: ready}, msg)
		}).BarIf(!host),
		keymap.Bind([]string{"u"}, "u", i18n.N("stand up"), i18n.N("stand up"), func() tea.Cmd {
			return ts.Out.Submit(game.Stand{}, m.Lang().T("You stood up."))
		}),
		keymap.Bind([]string{"b"}, "b", i18n.N("bot on/off"), i18n.N("(host) put a bot in the seat, or take it out"), func() tea.Cmd {
			seat := game.Seats[s.SeatCur]
			on := true
			for _, st := range ts.Pub.Seats {
				if st.Seat == seat && st.Bot {
					on = false
				}
			}
			return ts.Out.Submit(game.SetBot{Seat: seat, On: on}, "")
		}).BarIf(host),
		keymap.Bind([]string{"s"}, "s", i18n.N("start"), i18n.N("(host) start the game once the seats are legal"), func() tea.Cmd {
			return ts.Out.Submit(game.Start{}, "")
		}).BarIf(host),
		keymap.Bind([]string{"l"}, "l", i18n.N("level"), i18n.N("(host) the bot in the seat plays as a novice, seasoned or expert: l changes it"), func() tea.Cmd {
			seat := game.Seats[s.SeatCur]
			for _, st := range ts.Pub.Seats {
				if st.Seat == seat && st.Bot {
					next := words.NextBotLevel(st.BotLevel)
					return ts.Out.Submit(game.SetBot{Seat: seat, On: true, Level: next}, m.Lang().F("The bot plays as %s now.", words.BotLevel(m.Lang(), next)))
				}
			}
			m.SetFlash(m.Lang().T("There is no bot in that seat: b puts one there."), true)
			return nil
		}).BarIf(host && onBot),
	}
}

func (s *SeatScreen) Title() string { return i18n.N("SEATS") }

// colourWord is a psychic colour's name in l ("purple"), as the engine says it.
func ColourWord(l i18n.Lang, c game.Colour) string { return c.Name(l) }

// tap on a seat moves the cursor there, as ↑↓ would; a second tap sits
// there as enter does (a seat can be left again with u), or, for the host
// on a bot's seat, where nobody can sit, changes the bot's level as l does
// (novice, seasoned, expert, round again).
func (s *SeatScreen) Tap(h shell.Hit) (bool, string) {
	ts := s.ts
	if h.Kind != shell.HitSeat || h.I >= len(game.Seats) || !s.hasKey("down") {
		return false, ""
	}
	again := s.SeatCur == h.I
	s.SeatCur = h.I
	if ts.Pub.Host == ts.Shell.Who.ID {
		for _, st := range ts.Pub.Seats {
			if st.Seat == game.Seats[h.I] && st.Bot {
				return again, "l"
			}
		}
	}
	return again, "enter"
}

// hasKey reports whether the seat picker's key map has key enabled now:
// a tap moves the cursor only where the arrow keys would.
func (s *SeatScreen) hasKey(key string) bool {
	_, ok := s.Keys().Find(key)
	return ok
}

// NewSeatScreen is the seat picker of the table ts.
func NewSeatScreen(ts *state.Table) SeatScreen { return SeatScreen{ts: ts} }
