package end

import (
	"fmt"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// Screen is after the game: the outcome, every trail, the votes, the
// replay hour by hour, and the way to the next game.
type Screen struct {
	ts   *state.Table
	page endPage
	Cursor
}

// Cursor is the end screen's own state (part of the frame memo's key).
type Cursor struct {
	Replay int // the hour shown in the replay
}

func (e *Screen) Panes() []string { return endPanes }

// endPanes are the after-game screen's panes, one list shared read-only.
var endPanes = []string{i18n.N("summary"), i18n.N("replay"), i18n.N("chat")}

func (e *Screen) Clamp() { state.Clamp(&e.Replay, len(e.ts.Pub.History)) }

func (e *Screen) outcomeLine() string {
	ts := e.ts
	st := ts.Shell.St
	l := ts.Shell.Lang()
	o := ts.Pub.Outcome
	style, text := st.Bad, l.T(" THE PSYCHICS LOST.")
	switch {
	case o == nil:
		style, text = st.Title, l.T(" THE GAME IS OVER")
	case o.Won:
		style, text = st.OK, l.F(" THE PSYCHICS WON — the culprit is unmasked (group %d), %s %s.", o.Chosen, words.ClockLower(l, ts.Pub), words.RomanNum(o.Round))
	case o.Cause == game.LossClock:
		text = l.T(" THE PSYCHICS LOST — dawn came before every trail was found.")
	case o.Cause == game.LossWrongCulprit:
		text = l.F(" THE PSYCHICS LOST — they accused group %d, the wrong one.", o.Chosen)
	}
	if !ts.Shell.Portrait() {
		return style.Render(text)
	}
	lines := layout.Wrap(text, ts.Shell.W-2) // upright, on as many lines as it takes
	for i := range lines {
		lines[i] = style.Render(" " + lines[i])
	}
	return strings.Join(lines, "\n")
}

func (e *Screen) finTrails() []game.Trail {
	ts := e.ts
	if ts.Fin != nil {
		return ts.Fin.Trails
	}
	return nil
}

func (e *Screen) trailsBlock() string {
	ts := e.ts
	m := ts.Shell
	st := m.St
	culprit := 0
	if ts.Fin != nil {
		culprit = ts.Fin.Culprit
	}
	l := m.Lang()
	var lines []string
	lines = append(lines, st.Section.Render(l.T(" TRAILS")))
	// Each psychic with their player's name (as typed, no presence), in a
	// column as wide as the longest, two spaces before the trail.
	trails := e.finTrails()
	names := make([]string, len(trails))
	nameW := 0
	for i, t := range trails {
		names[i] = ts.Shell.St.ShortLabel(t.Psychic)
		if pn := ts.Seats.NameOnly(t.Psychic); pn != "" {
			names[i] += st.Dim.Render(" " + layout.Cut(pn, 12))
		}
		nameW = max(nameW, layout.TextWidth(names[i]))
	}
	for i, t := range trails {
		var parts []string
		for _, cat := range ts.Pub.Order {
			s := m.CardName(t.Cards[cat])
			if r := t.FoundRound[cat]; r > 0 {
				s += st.Dim.Render(fmt.Sprintf(" (%s)", words.RomanNum(r)))
			} else {
				s += st.Bad.Render(l.T(" (not found)"))
			}
			parts = append(parts, s)
		}
		name := names[i]
		line := "  " + layout.Pad(name, nameW+2) + strings.Join(parts, " · ")
		if m.W < 120 {
			// Narrow: the cards go on their own line under the name.
			line = "  " + name + "\n    " + strings.Join(parts, " · ")
			if m.Portrait() { // and as many lines as they take
				line = "  " + name + "\n    " + strings.Join(layout.JoinWrap(parts, " · ", m.W-5), "\n    ")
			}
		}
		if ts.Pub.Final != nil {
			for _, g := range ts.Pub.Final.Groups {
				if !g.Extra && g.Owner == t.Psychic && g.Number == culprit {
					line += "  " + st.Bad.Render(l.T("☠ culprit"))
				}
			}
		}
		lines = append(lines, line)
	}
	if ts.Pub.Final != nil && culprit > 0 {
		for _, g := range ts.Pub.Final.Groups {
			if g.Number == culprit && g.Extra {
				lines = append(lines, "  "+st.Bad.Render(l.F("☠ culprit: group %d, %s", g.Number, e.page.GroupText(g))))
			}
		}
	}
	return strings.Join(lines, "\n")
}

// sharedLine names the ghost's shared-vision cards after the game.
func (e *Screen) sharedLine() string {
	ts := e.ts
	if ts.Fin == nil || len(ts.Fin.Shared) == 0 {
		return ""
	}
	ids := make([]string, len(ts.Fin.Shared))
	for i, c := range ts.Fin.Shared {
		ids[i] = string(c)
	}
	return ts.Shell.St.Section.Render(ts.Shell.Lang().T(" SHARED VISION ")) + " " + strings.Join(ids, " ")
}

func (e *Screen) allVotesLine() string {
	ts := e.ts
	if ts.Fin == nil || len(ts.Fin.Votes) == 0 {
		return ""
	}
	st := ts.Shell.St
	votes := append([]game.CastVote{}, ts.Fin.Votes...)
	// By day (the original's daily vote: one line a day), then by voter.
	sort.SliceStable(votes, func(i, j int) bool {
		if votes[i].Day != votes[j].Day {
			return votes[i].Day < votes[j].Day
		}
		return votes[i].Voter < votes[j].Voter
	})
	// A psychic who changed their vote is listed with the last one only
	// (the sort keeps each voter's votes in the order they were cast).
	kept := votes[:0]
	for i, v := range votes {
		if i+1 < len(votes) && votes[i+1].Day == v.Day && votes[i+1].Voter == v.Voter {
			continue
		}
		kept = append(kept, v)
	}
	votes = kept
	var lines []string
	var parts []string
	flush := func(day int) {
		if len(parts) == 0 {
			return
		}
		head := st.Section.Render(ts.Shell.Lang().T(" VOTES "))
		if day > 0 {
			head = st.Section.Render(ts.Shell.Lang().F(" DAY %s ", words.RomanNum(day)))
		}
		lines = append(lines, head+" "+strings.Join(parts, "   "))
		parts = nil
	}
	for i, v := range votes {
		if i > 0 && v.Day != votes[i-1].Day {
			flush(votes[i-1].Day)
		}
		parts = append(parts, fmt.Sprintf("%s → %d", st.Sym(v.Voter), v.Group))
	}
	flush(votes[len(votes)-1].Day)
	return strings.Join(lines, "\n")
}

// replayBlock steps through the rounds: visions given, intuitions, results.
// replayBlock is the replay of the hour chosen; rows is the room the large
// layout's columns may take (their pictures grow into it).
func (e *Screen) replayBlock(w int, large bool, rows int) string {
	ts := e.ts
	m := ts.Shell
	st := m.St
	hist := ts.Pub.History
	l := m.Lang()
	var lines []string
	if len(hist) == 0 {
		return st.Section.Render(l.T(" REPLAY")) + st.Dim.Render(l.T("  no completed round"))
	}
	i := min(max(e.Replay, 0), len(hist)-1)
	r := hist[i]
	head := l.F(" REPLAY  ◂ %s %s (%d of %d) ▸", words.ClockLower(l, ts.Pub), words.RomanNum(r.Round), i+1, len(hist))
	// A tap on the header's left half (◂) is an hour back, on its right
	// half (▸) an hour on: wide targets for a finger.
	hw := layout.TextWidth(head)
	ts.Hits.Line(shell.HitHour, -1, 0, 0, hw/2)
	ts.Hits.Line(shell.HitHour, 1, hw/2, 0, hw-hw/2)
	lines = append(lines, st.Section.Render(head))
	if large {
		lines = append(lines, e.replayColumns(r, w, rows))
		return strings.Join(lines, "\n")
	}
	for _, v := range r.Visions {
		ids := make([]string, len(v.Cards))
		for k, c := range v.Cards {
			ids[k] = string(c)
		}
		line := "  " + l.F("%s received %s", ts.Shell.St.ShortLabel(v.To), strings.Join(ids, " "))
		if len(v.Dropped) > 0 {
			line += st.Dim.Render(l.F(" (%d old dropped)", len(v.Dropped)))
		}
		lines = append(lines, layout.Cut(line, w))
		if note := e.note(r.Round, v.To); note != "" {
			lines = append(lines, st.Ghost.Render(layout.Cut("    "+l.F("☾ “%s”", note), w)))
		}
	}
	for _, tb := range e.takenBack(r.Round, nil) {
		ids := make([]string, len(tb.Cards))
		for k, c := range tb.Cards {
			ids[k] = string(c)
		}
		lines = append(lines, st.Dim.Render(layout.Cut("  "+l.F("↶ taken back from %s: %s", ts.Shell.St.ShortLabel(tb.To), strings.Join(ids, " ")), w)))
	}
	for _, res := range r.Results {
		mark := st.OK.Render("✔")
		if !res.Correct {
			mark = st.Bad.Render("✘")
		}
		on := st.Dim.Render(l.T("no intuition"))
		if res.Intuition != "" {
			on = l.F("on %s", m.CardName(res.Intuition))
		}
		line := fmt.Sprintf("  %s %s %s", mark, ts.Shell.St.ShortLabel(res.Psychic), on)
		if res.Finished {
			line += st.OK.Render(l.T(" — trail complete"))
		}
		lines = append(lines, layout.Cut(line, w))
	}
	if len(r.Tokens) > 0 {
		var toks []string
		for _, t := range r.Tokens {
			toks = append(toks, l.F("%s%s on %s", t.Kind.Symbol(), ts.Shell.St.Sym(t.From), ts.Shell.St.Sym(t.On)))
		}
		lines = append(lines, layout.Cut(l.T("  tokens: ")+strings.Join(toks, "  "), w))
	}
	return strings.Join(lines, "\n")
}

// takenBack lists the visions the ghost took back in round (from psychic c
// only, unless c is nil). They reach a screen only in the finished view.
func (e *Screen) takenBack(round int, c *game.Colour) []game.TakeBackRecord {
	if e.ts.Fin == nil {
		return nil
	}
	var out []game.TakeBackRecord
	for _, tb := range e.ts.Fin.TakeBacks {
		if tb.Round == round && (c == nil || tb.To == *c) {
			out = append(out, tb)
		}
	}
	return out
}

// note is the ghost's note on psychic c's vision of round, as a line of
// plain text ("" when there is none). Notes reach a screen only in the
// finished view: during the game they are the ghost's alone.
func (e *Screen) note(round int, c game.Colour) string {
	if e.ts.Fin == nil {
		return ""
	}
	// A bot's note is said in the reader's language; a person's as written.
	n := game.GhostNoteFor(e.ts.Fin.GhostNotes, round, c)
	return sanitize.Line(n.Say(e.ts.Shell.Lang(), e.ts.Shell.CardName), game.MaxGhostNoteLen)
}

// replayColumns draws one round as a column per psychic: the vision cards
// received and the intuition with its result, as small pictures.
// replaySizes are the sizes of the replay's pictures, largest first: a
// big terminal's end screen draws the hour with pictures as large as fit
// (at 200x60 the small ones left two thirds of the screen empty).
var replaySizes = append(append([]layout.TileSize{}, layout.BigSizes...), layout.TileSize{W: 12, H: 9}, layout.SizeMini)

// replayColumns is the hour r, a column per psychic, with the largest
// pictures whose columns fit in rows.
func (e *Screen) replayColumns(r game.RoundRecord, w, rows int) string {
	for _, sz := range replaySizes {
		if s := e.replayColumnsSized(r, w, sz); sz.W == layout.MiniW || strings.Count(s, "\n")+1 <= rows {
			return s
		}
	}
	return ""
}

func (e *Screen) replayColumnsSized(r game.RoundRecord, w int, sz layout.TileSize) string {
	ts := e.ts
	m := ts.Shell
	st := m.St
	lang := m.Lang()
	var order []game.Colour
	seen := map[game.Colour]bool{}
	for _, v := range r.Visions {
		if !seen[v.To] {
			seen[v.To] = true
			order = append(order, v.To)
		}
	}
	for _, res := range r.Results {
		if !seen[res.Psychic] {
			seen[res.Psychic] = true
			order = append(order, res.Psychic)
		}
	}
	if len(order) == 0 {
		return st.Dim.Render(lang.T("  nothing happened this hour"))
	}
	// A column holds two small cards side by side where it can; six
	// psychics at 120 columns fit only without the blank between columns
	// (each column starts with its own indent), and narrower ones stack
	// their cards one above the other. No psychic's column is ever pushed
	// off the screen.
	n := len(order)
	colW, gap := min(max(40, sz.W*2+4), max(sz.W*2+4, (w-1)/n-1)), 1
	if n*colW+(n-1)*gap > w {
		colW, gap = max(sz.W+2, w/n), 0
	}
	if sz.W+2 > colW {
		// Not even one picture this wide fits a column: the one size
		// that always fits.
		sz = layout.TileSize{W: layout.MiniW, H: layout.MiniH}
	}
	perRow := max(1, (colW-2)/(sz.W+1))
	var cols []string
	for _, c := range order {
		var lines []string
		lines = append(lines, "  "+ts.Shell.St.ShortLabel(c))
		var given []game.CardID
		for _, v := range r.Visions {
			if v.To == c {
				given = append(given, v.Cards...)
			}
		}
		lines = append(lines, st.Dim.Render(lang.F("  received %d cards", len(given))))
		for _, tb := range e.takenBack(r.Round, &c) {
			for _, l := range layout.Wrap(lang.F("↶ taken back: %d cards", len(tb.Cards)), colW-2) {
				lines = append(lines, st.Dim.Render("  "+l))
			}
		}
		if note := e.note(r.Round, c); note != "" {
			for _, l := range layout.Wrap(lang.F("☾ “%s”", note), colW-2) {
				lines = append(lines, st.Ghost.Render("  "+l))
			}
		}
		for i := 0; i < len(given); i += perRow {
			var tiles []string
			for _, id := range given[i:min(len(given), i+perRow)] {
				tiles = append(tiles, m.Tiles().Tile(id, sz.W, sz.H))
			}
			lines = append(lines, layout.TileRow(2, 1, sz.W, tiles))
		}
		for _, res := range r.Results {
			if res.Psychic != c {
				continue
			}
			mark := st.OK.Render(lang.T("✔ right"))
			if !res.Correct {
				mark = st.Bad.Render(lang.T("✘ wrong"))
			}
			if res.Intuition == "" {
				lines = append(lines, "  "+mark+st.Dim.Render(lang.T(", no intuition")))
				continue
			}
			if line := "  " + mark + " " + lang.F("on %s", m.CardName(res.Intuition)); layout.TextWidth(line) <= colW {
				lines = append(lines, line)
			} else {
				// Narrow columns (6 psychics at 120) cut the card's name to
				// "✔ right on The Te…": the name gets a line of its own.
				name := layout.ShortTitle(m.CardName(res.Intuition), colW-2-layout.TextWidth(lang.F("on %s", "")), 0)
				lines = append(lines, "  "+mark, "  "+lang.F("on %s", name))
			}
			lines = append(lines, layout.Indent(m.Tiles().Tile(res.Intuition, sz.W, sz.H), 2))
			if res.Finished {
				lines = append(lines, st.OK.Render(lang.T("  trail complete")))
			}
		}
		cols = append(cols, layout.Block(strings.Join(lines, "\n"), colW))
	}
	return layout.TileRow(0, gap, colW, cols)
}

// endChatRows are the rows the large end screen keeps for its chat when
// the replay's pictures grow.
const endChatRows = 6

// keys is the end screen's key map.
func (e *Screen) Keys() keymap.Map {
	ts := e.ts
	n := len(ts.Pub.History)
	return keymap.Map{
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("replay hour"), i18n.N("step through the replay, hour by hour"), func() tea.Cmd {
			state.Move(&e.Replay, -1, n)
			return nil
		}),
		keymap.Bind([]string{"right"}, "", "", "", func() tea.Cmd {
			state.Move(&e.Replay, 1, n)
			return nil
		}),
		keymap.Bind([]string{"n"}, "n", i18n.N("new game here"), i18n.N("the next game at this table: same code, settings and bots; whoever stays keeps their seat"), e.newGame),
		keymap.Bind([]string{"l"}, "l", i18n.N("lobby"), i18n.N("back to the lobby"), ts.Shell.Host.LeaveTable),
	}
}

func (e *Screen) Title() string { return i18n.N("AFTER THE GAME") }

// newGame starts the next game at this same table (the hub resets it in
// place): the code, the bots and the seats of those still here stay, so
// nobody has to pass a new code around, and no announcement is needed:
// everyone at the table sees it go back to the seat picker. Whoever does
// not want another game stands up or leaves.
func (e *Screen) newGame() tea.Cmd {
	ts := e.ts
	m := ts.Shell
	if err := m.Host.PlayAgain(ts.U.Code); err != nil {
		m.SetFlash(m.Lang().F("No new game: %s", state.HubText(m.Lang(), err)), true)
	}
	return nil
}

func (e *Screen) Draw() (body, status string) {
	ts := e.ts
	m := ts.Shell
	st := m.St
	p := ts.Pub
	var b strings.Builder
	large := e.page.Large()
	if !large {
		e.page.WriteTabBar(&b)
		b.WriteByte('\n')
	}
	pane := e.page.Pane()
	if large || pane == "summary" {
		b.WriteString(e.outcomeLine())
		b.WriteByte('\n')
		b.WriteString(e.trailsBlock())
		b.WriteByte('\n')
		if vl := e.allVotesLine(); vl != "" {
			b.WriteString(vl)
			b.WriteByte('\n')
		}
		if sl := e.sharedLine(); sl != "" {
			b.WriteString(sl)
			b.WriteByte('\n')
		}
	}
	if large || pane == "replay" {
		nb := e.notesBlock(m.W)
		// The replay's pictures take the room above the notes and a chat
		// of a few lines.
		rows := state.LayoutRows(m.H, b.String()) - 1 - endChatRows
		if nb != "" {
			rows -= strings.Count(nb, "\n") + 1
		}
		mark, y := ts.Hits.Start(&b)
		b.WriteString(e.replayBlock(m.W, large, rows))
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
		if nb != "" {
			b.WriteString(nb)
			b.WriteByte('\n')
		}
	}
	if large || pane == "chat" {
		chatH := e.page.RowsLeft(b.String())
		if chatH >= 2 {
			b.WriteString(ts.Chat.Pane(m.W, chatH))
		}
	}
	if p.Outcome != nil && p.Outcome.Won {
		status = m.Lang().T("The psychics won! n: a new game at this table · l: back to the lobby.")
	} else {
		status = m.Lang().T("The game is over. n: a new game at this table · l: back to the lobby.")
	}
	if ts.Chat.On {
		status = m.Lang().T("Type your message and press enter (esc to stop typing).")
	}
	_ = st
	return b.String(), status
}

// notesBlock shows every psychic player's private marks and notes, kept
// from everybody else during the game: one line per player, "✗" for the
// cards they ruled out, "✎" for their notes.
func (e *Screen) notesBlock(w int) string {
	ts := e.ts
	m := ts.Shell
	if ts.Fin == nil || len(ts.Fin.Notes) == 0 {
		return ""
	}
	lines := []string{m.St.Section.Render(m.Lang().T(" THEIR NOTES "))}
	for _, sn := range ts.Fin.Notes {
		who := m.Cleaned.Name(sn.Name)
		if c, ok := sn.Seat.Colour(); ok {
			who = m.St.Sym(c) + " " + who
		}
		var out, notes []string
		for _, n := range sn.Notes {
			if n.Out {
				out = append(out, m.CardName(n.Card))
			}
			if n.Text != "" {
				notes = append(notes, m.CardName(n.Card)+" "+m.Lang().F("“%s”", m.Cleaned.Text(n.Text, 80)))
			}
		}
		var parts []string
		if len(out) > 0 {
			parts = append(parts, "✗ "+strings.Join(out, ", "))
		}
		if len(notes) > 0 {
			parts = append(parts, "✎ "+strings.Join(notes, " · "))
		}
		lines = append(lines, m.Cut(" "+who+": "+strings.Join(parts, "  "), w))
	}
	return strings.Join(lines, "\n")
}

// tap on the replay's header steps an hour back (its left half, with ◂)
// or on (its right half, with ▸), as ←→ would.
func (e *Screen) Tap(h shell.Hit) (bool, string) {
	ts := e.ts
	key := "right"
	if h.I < 0 {
		key = "left"
	}
	if h.Kind != shell.HitHour || !e.hasKey(key) {
		return false, ""
	}
	state.Move(&e.Replay, h.I, len(ts.Pub.History))
	return false, ""
}

// hasKey reports whether the end screen's key map has key enabled now: a
// tap moves through the replay only where the arrow keys would.
func (e *Screen) hasKey(key string) bool {
	_, ok := e.Keys().Find(key)
	return ok
}

// endPage is what the end screen asks of the table's page around it: the
// tab bar, the rows left under what is drawn, whether the window is large,
// the pane shown and a suspect group's words as the final draws them.
type endPage interface {
	WriteTabBar(b *strings.Builder)
	RowsLeft(sofar string) int
	Large() bool
	Pane() string
	GroupText(g game.Group) string
}

// newEndScreen is the end screen of the table ts, inside page.
func New(ts *state.Table, page endPage) Screen {
	return Screen{ts: ts, page: page}
}
