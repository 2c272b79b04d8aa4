package table

import (
	"fmt"
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

// finalScreen is the final phase for every seat: the line-up of suspect
// groups, the shared vision as far as this viewer may see it, the votes;
// for the ghost, the culprit to choose and the hand.
type finalScreen struct {
	ts *TableState
	finalCursor
	// ruledOut counts the groups judged wrong so far (original's daily
	// vote), to announce the next one. Not drawn: not in the cursor.
	ruledOut int
}

// finalCursor is the final screen's own state (part of the frame memo's key).
type finalCursor struct {
	GroupCur int // the group under the cursor
	visCur   int // the shared-vision card under the cursor
}

func (fs *finalScreen) Panes() []string {
	if fs.ts.Ghost != nil {
		return []string{i18n.N("final"), i18n.N("hand"), i18n.N("chat")}
	}
	return []string{i18n.N("final"), i18n.N("chat")}
}

func (fs *finalScreen) clamp() {
	if f := fs.ts.Pub.Final; f != nil {
		state.Clamp(&fs.GroupCur, len(f.Groups))
	}
}

// groupText is a group's three cards in the edition's order.
func (fs *finalScreen) groupText(g game.Group) string {
	ts := fs.ts
	m := ts.Shell
	var parts []string
	for _, cat := range ts.Pub.Order {
		parts = append(parts, m.CardName(g.Cards[cat]))
	}
	return strings.Join(parts, " · ")
}

func (fs *finalScreen) groupOwner(g game.Group) string {
	ts := fs.ts
	if g.Extra {
		return ts.Shell.St.Dim.Render("·")
	}
	return ts.Shell.St.Sym(g.Owner)
}

// draw is the final phase: the line-up, the shared vision as far as
// this viewer may see it, the votes; for the ghost, the culprit and hand.
func (fs *finalScreen) Draw() (body, status string) {
	ts := fs.ts
	m := ts.Shell
	st := m.St
	f := ts.Pub.Final
	var b strings.Builder
	l := m.Lang()
	kind := words.VoteKindText(l, f.VoteKind)
	if m.W < 120 {
		kind = words.ShortVoteKind(l, f.VoteKind)
	}
	b.WriteString(m.Spread(st.Title.Render(l.T(" THE REVEALING OF THE MYSTERY")),
		st.Dim.Render(l.F("%d psychics · %s ", len(ts.Pub.Psychics), kind)), m.W) + "\n")
	large := ts.Large()
	pane := ts.Pane()
	if !large {
		ts.WriteTabBar(&b)
		b.WriteByte('\n')
	}
	if large || pane == "final" {
		mark, y := ts.Hits.Start(&b)
		b.WriteString(fs.groupsBlock())
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
		shared := layout.SizeThumb
		if m.Portrait() {
			shared = fs.portraitGrid(&b)
		} else if large && ts.Ghost == nil {
			// Psychics match the shared vision against the suspects' pictures.
			// As large as the rows allow: below the grid come the shared
			// vision, the votes (two lines) and the chat.
			var grid layout.TileSize
			grid, shared = fs.finalSizes(m.W, state.LayoutRows(m.H, b.String())-2-chatMinRows)
			mark, y := ts.Hits.Start(&b)
			b.WriteString(fs.groupsGrid(m.W, grid))
			ts.Hits.Shift(mark, 0, y)
			b.WriteByte('\n')
		} else if large {
			// The ghost matches its hand against the culprit's group: the
			// groups' pictures too, where the rows below leave room for
			// them (the shared vision, the votes, the hand, the chat).
			rows := state.LayoutRows(m.H, b.String()) - (1 + layout.ThumbH + 1) - 1 - (1 + layout.ThumbH + 1) - chatMinRows
			if grid, ok := fs.gridFits(m.W, rows); ok {
				mark, y := ts.Hits.Start(&b)
				b.WriteString(fs.groupsGrid(m.W, grid))
				ts.Hits.Shift(mark, 0, y)
				b.WriteByte('\n')
			}
		}
		mark, y = ts.Hits.Start(&b)
		b.WriteString(fs.sharedBlock(large, shared))
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
		if line := fs.votesLine(); line != "" {
			b.WriteString(line)
			b.WriteByte('\n')
		}
		if ts.Psy != nil && f.VoteKind == game.VoteStaged {
			b.WriteString(st.Dim.Render(l.F(" You are level %d: you vote after card %d. No chat during the poll.", ts.Psy.Level, max(1, ts.Psy.Level))))
			b.WriteByte('\n')
		}
		// The ghost too: it picks the culprit and the shared vision by them.
		if !large && m.H-layout.LineCount(b.String())-4 >= layout.MiniH+1 {
			b.WriteString(fs.smallFinalPictures())
			b.WriteByte('\n')
		}
	}
	if ts.Ghost != nil && (large || pane == "hand") {
		mark, y := ts.Hits.Start(&b)
		if large {
			ts.Scr.Ghost.writeHandRow(&b, m.W)
		} else {
			ts.Scr.Ghost.writeHandList(&b, m.W)
		}
		ts.Hits.Shift(mark, 0, y)
		b.WriteByte('\n')
	}
	if large || pane == "chat" {
		chatH := ts.RowsLeft(b.String())
		if chatH >= 2 {
			b.WriteString(ts.Chat.Pane(m.W, chatH))
		}
	}
	status = fs.finalStatus()
	if ts.Chat.On {
		status = l.T("Type your message and press enter (esc to stop typing).")
	}
	return b.String(), status
}

func (fs *finalScreen) groupsBlock() string {
	ts := fs.ts
	m := ts.Shell
	st := m.St
	f := ts.Pub.Final
	culprit := 0
	if ts.Ghost != nil {
		culprit = ts.Ghost.Culprit
	}
	votes := map[int][]string{}
	for _, v := range f.OpenVotes {
		votes[v.Group] = append(votes[v.Group], ts.Shell.St.Sym(v.Voter))
	}
	l := m.Lang()
	var lines []string
	lines = append(lines, st.Section.Render(l.T(" SUSPECT GROUPS")))
	myVote := 0
	if ts.Psy != nil {
		myVote = ts.Psy.MyVote
	}
	for i, g := range f.Groups {
		// A mark column first, so that the culprit's ☠ and the player's own
		// vote are never the part a narrow window cuts off.
		mark := "  "
		switch {
		case g.Number == culprit:
			mark = st.Bad.Render("☠ ")
		case g.Number == myVote:
			mark = st.OK.Render("✓ ")
		}
		var extra []string
		if g.Number == culprit {
			extra = append(extra, st.Bad.Render(l.T("the culprit")))
		}
		if vs := votes[g.Number]; len(vs) > 0 {
			extra = append(extra, l.T("votes: ")+strings.Join(vs, " "))
		}
		if g.Number == myVote {
			extra = append(extra, st.OK.Render(l.T("your vote")))
		}
		suffix := ""
		if len(extra) > 0 {
			suffix = "   " + strings.Join(extra, " · ")
		}
		room := max(12, m.W-8-layout.TextWidth(suffix))
		names := layout.Cut(fs.groupText(g), room)
		text := fmt.Sprintf("%d %s %s", g.Number, fs.groupOwner(g), names)
		plainText := fmt.Sprintf("%d %s %s", g.Number, words.OwnerSymbol(g), names)
		if g.Removed {
			// Its owner's symbol stays beside the ✗: whose group the vote
			// ruled out is what the psychics talk about next.
			plainText = fmt.Sprintf("%d %s ✗ %s", g.Number, words.OwnerSymbol(g), layout.Cut(fs.groupText(g)+l.T(" (judged wrong)"), room))
			text = st.Dim.Render(plainText)
		}
		ts.Hits.Line(shell.HitGroup, i, 0, len(lines), m.W)
		if i == fs.GroupCur {
			lines = append(lines, st.Cursor.Render("▸")+mark+st.Sel.Render(plainText)+suffix)
		} else {
			lines = append(lines, " "+mark+text+suffix)
		}
	}
	return strings.Join(lines, "\n")
}

// groupsGrid draws each group's three cards as small pictures.
func (fs *finalScreen) groupsGrid(w int, size layout.TileSize) string {
	ts := fs.ts
	m := ts.Shell
	st := m.St
	f := ts.Pub.Final
	miniW, miniH := size.W, size.H
	blockW := 3*(miniW+1) + 1
	perRow := max(1, (w-1)/(blockW+1))
	var b strings.Builder
	var blocks []layout.TileParts
	first := 0 // the group of the row's first block
	for i, g := range f.Groups {
		head := fmt.Sprintf("%d %s", g.Number, fs.groupOwner(g))
		if g.Removed {
			head = st.Dim.Render(m.Lang().F("%d %s ✗ judged wrong", g.Number, words.OwnerSymbol(g)))
		}
		if i == fs.GroupCur {
			head = st.Cursor.Render("▸ ") + head
		} else {
			head = "  " + head
		}
		var tiles []string
		for _, cat := range ts.Pub.Order {
			tiles = append(tiles, m.Tiles().Tile(g.Cards[cat], miniW, miniH))
		}
		blocks = append(blocks, layout.TileParts{{S: layout.Block(head+"\n"+layout.TileRow(0, 1, miniW, tiles), blockW)}})
		if len(blocks) == perRow || i == len(f.Groups)-1 {
			if first > 0 {
				b.WriteByte('\n')
			}
			_, y := ts.Hits.Start(&b)
			layout.WriteTileRowAt(&b, 1, 1, blockW, blocks, ts.Hits.Placer(shell.HitGroup, first, y))
			blocks, first = nil, i+1
		}
	}
	return b.String()
}

// smallFinalPictures puts the group under the cursor beside the shared
// vision, as small pictures, for the 80x24 layout.
func (fs *finalScreen) smallFinalPictures() string {
	ts := fs.ts
	m := ts.Shell
	st := m.St
	f := ts.Pub.Final
	var left string
	if fs.GroupCur < len(f.Groups) {
		g := f.Groups[fs.GroupCur]
		var tiles []string
		for _, cat := range ts.Pub.Order {
			tiles = append(tiles, m.Tiles().Tile(g.Cards[cat], layout.MiniW, layout.MiniH))
		}
		left = m.Lang().F("group %d %s", g.Number, fs.groupOwner(g)) + "\n" + layout.TileRow(0, 1, layout.MiniW, tiles)
	}
	var tiles []string
	cards := fs.SharedCards()
	for _, c := range cards {
		tiles = append(tiles, m.Tiles().Tile(c, layout.MiniW, layout.MiniH))
	}
	if f.SharedGiven {
		for i := len(cards); i < 3; i++ {
			tiles = append(tiles, st.Box.Render(strings.Repeat(layout.Pad("", layout.MiniW-2)+"\n", layout.MiniH-3)+layout.Pad(" ?", layout.MiniW-2)))
		}
	}
	right := m.Lang().T("shared vision") + "\n" + layout.TileRow(0, 1, layout.MiniW, tiles)
	return layout.Indent(layout.Hjoin(4, left, right), 1)
}

// sharedBlock shows the shared-vision cards this viewer may see; the
// others stay face down.
func (fs *finalScreen) sharedBlock(large bool, size layout.TileSize) string {
	ts := fs.ts
	m := ts.Shell
	st := m.St
	f := ts.Pub.Final
	cards := fs.SharedCards()
	l := m.Lang()
	head := st.Section.Render(l.T(" SHARED VISION"))
	if !f.SharedGiven {
		return head + st.Dim.Render(l.T("  not given yet"))
	}
	if !large {
		var ids []string
		for i, c := range cards {
			s := string(c)
			if i == fs.visCur {
				s = st.Sel.Render(s)
			}
			ids = append(ids, s)
		}
		for i := len(cards); i < 3; i++ {
			ids = append(ids, st.Dim.Render(l.T("[hidden]")))
		}
		return head + "  " + strings.Join(ids, "  ")
	}
	var tiles []layout.TileParts
	for i, c := range cards {
		tiles = append(tiles, layout.TileParts{{S: m.Tiles().TileWithCaption(c, size.W, size.H, l.F("card %d", i+1), "", i == fs.visCur, false)}})
	}
	hidden := l.T(" hidden")
	if size.W < layout.ThumbW {
		hidden = " ?" // as the small layout's backs say
	}
	for i := len(cards); i < 3; i++ {
		back := st.Box.Render(strings.Repeat(layout.Pad("", size.W-2)+"\n", size.H-3) + layout.Pad(hidden, size.W-2))
		tiles = append(tiles, layout.TileParts{{S: back + "\n" + layout.Pad(l.F("card %d", i+1), size.W)}})
	}
	var b strings.Builder
	b.WriteString(head)
	b.WriteByte('\n')
	// Only the cards shown face up can be chosen (sharedCards): a tap on
	// a hidden one finds no such card (finalScreen.tap).
	layout.WriteTileRowAt(&b, 1, 2, size.W, tiles, ts.Hits.Placer(shell.HitSharedCard, 0, 1))
	return b.String()
}

// votesLine says who has voted (secret poll) or nothing (open votes show
// their votes on the groups).
func (fs *finalScreen) votesLine() string {
	ts := fs.ts
	st := ts.Shell.St
	l := ts.Shell.Lang()
	f := ts.Pub.Final
	var parts []string
	if f.VoteKind == game.VoteStaged && f.Stage > 0 {
		parts = append(parts, l.F("stage %d of 3", f.Stage))
	}
	if f.Day > 0 {
		parts = append(parts, l.F("day %s", words.RomanNum(f.Day)))
	}
	if len(f.Voted) > 0 {
		var s []string
		for _, c := range f.Voted {
			s = append(s, ts.Shell.St.Sym(c))
		}
		parts = append(parts, l.T("voted: ")+strings.Join(s, " "))
	}
	if len(f.MustVote) > 0 {
		var s []string
		for _, c := range f.MustVote {
			s = append(s, ts.Shell.St.Sym(c))
		}
		parts = append(parts, l.T("to vote now: ")+strings.Join(s, " "))
	}
	if len(parts) == 0 {
		return ""
	}
	return st.Dim.Render(" ") + strings.Join(parts, " · ")
}

func (fs *finalScreen) mustVoteNow() bool {
	ts := fs.ts
	if ts.Psy == nil || ts.Pub.Final == nil {
		return false
	}
	for _, c := range ts.Pub.Final.MustVote {
		if ts.Seats.Mine(c) {
			return true
		}
	}
	return false
}

func (fs *finalScreen) finalStatus() string {
	ts := fs.ts
	f := ts.Pub.Final
	p := ts.Pub
	l := ts.Shell.Lang()
	away := ts.Seats.GhostAway()
	switch {
	case ts.Ghost != nil:
		switch {
		case p.Phase == game.PhaseCulprit && !f.CulpritSet:
			return l.T("Choose the culprit's group: ↑↓ then c.")
		case p.Phase == game.PhaseCulprit && !f.SharedGiven:
			return l.F("Select 3 cards for the shared vision (%d selected), then press g.", len(ts.Scr.Ghost.Selection()))
		}
		return l.F("The psychics are voting. %s", fs.waitVotesText())
	case away != "":
		return away
	case ts.Psy != nil:
		if p.Phase == game.PhaseCulprit {
			return l.T("Waiting for the ghost's shared vision.")
		}
		if fs.mustVoteNow() {
			if f.VoteKind == game.VoteStaged {
				return l.F("Vote now: you see %d of 3 cards. ↑↓ a group, then v.", len(ts.Psy.SharedSeen))
			}
			if f.VoteKind == game.VoteDaily {
				// Original: a majority judges a group each day; a wrong one
				// is ruled out and the next day they choose again.
				s := l.F("Day %s: vote for a group (↑↓ then v); a majority judges it.", words.RomanNum(f.Day))
				if out := ruledOut(f); out != "" {
					s += l.F(" Ruled out: %s.", out)
				}
				return s
			}
			if f.VoteKind == game.VoteSingle {
				// One psychic player, one vote: it decides at once.
				return l.T("Vote for a group: ↑↓ then v. Your one vote decides the game.")
			}
			return l.T("Vote for a group: ↑↓ then v. You can change your vote until it is decided.")
		}
		if ts.Psy.MyVote > 0 {
			return l.F("You voted for group %d. %s", ts.Psy.MyVote, fs.waitVotesText())
		}
		return fs.waitVotesText()
	}
	if p.Phase == game.PhaseCulprit {
		// Nobody can vote yet: the ghost chooses the culprit and the shared vision.
		return l.F("Watching the final vote. %s", l.T("Waiting for the ghost's shared vision."))
	}
	return l.F("Watching the final vote. %s", fs.waitVotesText())
}

func (fs *finalScreen) waitVotesText() string {
	ts := fs.ts
	f := ts.Pub.Final
	l := ts.Shell.Lang()
	if len(f.MustVote) == 0 {
		return l.T("Waiting for the vote to be decided.")
	}
	var s []string
	for _, c := range f.MustVote {
		s = append(s, c.Symbol()+" "+words.FirstName(c))
	}
	return l.F("Waiting for %s to vote.", strings.Join(s, ", "))
}

// sharedCards are the shared-vision cards this viewer may see now.
func (fs *finalScreen) SharedCards() []game.CardID {
	ts := fs.ts
	switch {
	case ts.Ghost != nil:
		return ts.Ghost.Shared
	case ts.Psy != nil:
		return ts.Psy.SharedSeen
	case ts.Fin != nil:
		return ts.Fin.Shared
	case ts.Pub != nil && ts.Pub.Final != nil:
		return ts.Pub.Final.SharedVisible
	}
	return nil
}

// keys is the final phase's key map: the ghost chooses the culprit's
// group and the shared vision; psychics vote; spectators look.
func (fs *finalScreen) Keys() keymap.Map {
	ts := fs.ts
	f := ts.Pub.Final
	ghost := ts.Ghost != nil
	g := &ts.Scr.Ghost
	culprit := ghost && ts.Pub.Phase == game.PhaseCulprit && !f.CulpritSet
	sharing := ghost && ts.Pub.Phase == game.PhaseCulprit && f.CulpritSet && !f.SharedGiven
	var hand []game.CardID
	if ghost {
		hand = ts.Ghost.Hand
	}
	km := keymap.Map{
		keymap.Bind([]string{"up", "k"}, "↑↓/1-9", i18n.N("group"), i18n.N("choose a group (or type its number)"), func() tea.Cmd {
			state.Move(&fs.GroupCur, -1, len(f.Groups))
			return nil
		}),
		keymap.Bind([]string{"down", "j"}, "", "", "", func() tea.Cmd {
			state.Move(&fs.GroupCur, 1, len(f.Groups))
			return nil
		}),
		keymap.Bind([]string{"c"}, "c", i18n.N("culprit"), i18n.N("make the chosen group the culprit's"), func() tea.Cmd {
			if fs.GroupCur < len(f.Groups) {
				grp := f.Groups[fs.GroupCur].Number
				return ts.Out.Submit(game.ChooseCulprit{Group: grp}, ts.Shell.Lang().F("Group %d is the culprit.", grp))
			}
			return nil
		}).When(culprit),
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("card"), i18n.N("move in your hand"), func() tea.Cmd {
			state.Move(&g.CardCur, -1, len(hand))
			return nil
		}).When(ghost),
		keymap.Bind([]string{"right", "l"}, "", "", "", func() tea.Cmd {
			state.Move(&g.CardCur, 1, len(hand))
			return nil
		}).When(ghost),
		// Cards are chosen until the shared vision is given (ahead of the
		// culprit too); during the vote a selection would mean nothing.
		keymap.Bind([]string{" "}, "space", i18n.N("select"), i18n.N("select / unselect a card for the shared vision"), func() tea.Cmd {
			g.toggle(g.CardCur)
			return nil
		}).When(ghost && !f.SharedGiven),
		keymap.Bind([]string{"g"}, "g", i18n.N("give the 3 cards"), i18n.N("give the three selected cards as the shared vision"), func() tea.Cmd {
			return ts.Out.Submit(game.GiveSharedVision{Cards: g.Selection()}, ts.Shell.Lang().T("The shared vision is on the table."))
		}).When(sharing),
		keymap.Bind([]string{"x"}, "x", words.DiscardWord(ts.Pub.DiscardKind), words.DiscardHelp(ts.Pub.DiscardKind), g.askDiscard).When(sharing),
		keymap.Bind([]string{"v"}, "v", i18n.N("vote"), i18n.N("vote for the chosen group"), fs.vote).When(ts.Psy != nil),
		keymap.Bind([]string{"left", "h"}, "←→", i18n.N("shared card"), i18n.N("move over the shared vision's cards"), func() tea.Cmd {
			state.Move(&fs.visCur, -1, len(fs.SharedCards()))
			return nil
		}).When(!ghost),
		keymap.Bind([]string{"right", "l"}, "", "", "", func() tea.Cmd {
			state.Move(&fs.visCur, 1, len(fs.SharedCards()))
			return nil
		}).When(!ghost),
		keymap.Bind([]string{"z"}, "z", i18n.N("zoom group"), i18n.N("the chosen group's three cards full screen (←→ between them)"), func() tea.Cmd {
			if fs.GroupCur < len(f.Groups) {
				grp := f.Groups[fs.GroupCur]
				var cards []game.CardID
				for _, cat := range ts.Pub.Order {
					cards = append(cards, grp.Cards[cat])
				}
				ts.Zoom.on(cards[0], cards)
			}
			return nil
		}),
		keymap.Bind([]string{"enter"}, "enter", i18n.N("zoom"), i18n.N("zoom the card under the cursor"), func() tea.Cmd {
			if ghost {
				if g.CardCur < len(hand) {
					ts.Zoom.on(hand[g.CardCur], hand)
				}
			} else if s := fs.SharedCards(); fs.visCur < len(s) {
				ts.Zoom.on(s[fs.visCur], s)
			}
			return nil
		}),
	}
	for d := 1; d <= min(9, len(f.Groups)); d++ {
		km = append(km, keymap.Bind([]string{layout.Itoa(d)}, "", "", "", func() tea.Cmd {
			fs.GroupCur = d - 1
			return nil
		}))
	}
	return km
}

// vote casts this psychic's vote for the chosen group; a group already
// judged wrong (original) is refused here, with the day it was judged.
func (fs *finalScreen) vote() tea.Cmd {
	ts := fs.ts
	f := ts.Pub.Final
	if fs.GroupCur >= len(f.Groups) {
		return nil
	}
	grp := f.Groups[fs.GroupCur]
	if grp.Removed {
		ts.Shell.SetFlash(ts.Shell.Lang().F("Group %d was judged wrong on an earlier day: choose another group.", grp.Number), true)
		return nil
	}
	return ts.Out.Submit(game.Vote{Group: grp.Number}, ts.Shell.Lang().F("You voted for group %d.", grp.Number))
}

func (fs *finalScreen) Title() string {
	switch {
	case fs.ts.Ghost != nil:
		return i18n.N("GHOST · FINAL")
	case fs.ts.Psy != nil:
		return i18n.N("PSYCHIC · FINAL")
	}
	return i18n.N("SPECTATOR · FINAL")
}

// ruledOut lists the groups the daily vote judged wrong ("2, 5").
func ruledOut(f *game.FinalPublic) string {
	var out []string
	for _, g := range f.Groups {
		if g.Removed {
			out = append(out, layout.Itoa(g.Number))
		}
	}
	return strings.Join(out, ", ")
}

// finalSizes are the sizes of the groups' pictures and of the shared
// vision's cards that fit in rows: the largest grid beside the shared
// vision's thumbnails, else the grid and the shared vision as small
// pictures. With six groups on a 120x40 terminal only the small ones fit;
// thumbnails there pushed the votes line and the chat off the screen.
func (fs *finalScreen) finalSizes(w, rows int) (grid, shared layout.TileSize) {
	for _, shared := range []layout.TileSize{layout.SizeThumb, layout.SizeMini} {
		// The shared vision: its title, the cards and their captions.
		if s, ok := fs.gridFits(w, rows-(1+shared.H+1)); ok {
			return s, shared
		}
	}
	return layout.SizeMini, layout.SizeMini
}

// gridFits is the largest size at which the groups' grid fits in rows.
func (fs *finalScreen) gridFits(w, rows int) (layout.TileSize, bool) {
	n := len(fs.ts.Pub.Final.Groups)
	for _, s := range append(layout.BigSizes[:len(layout.BigSizes):len(layout.BigSizes)], layout.SizeMini) {
		blockW := 3*(s.W+1) + 1
		per := max(1, (w-1)/(blockW+1))
		if need := (n + per - 1) / per * (s.H + 1); need <= rows {
			return s, true
		}
	}
	return layout.SizeMini, false
}

// judged announces a group the daily vote (original) has just ruled out:
// a new day begins and the psychics choose again. The first update only
// counts (a player who comes back is not told old news).
func (fs *finalScreen) judged(first bool) {
	ts := fs.ts
	if ts.Pub == nil || ts.Pub.Final == nil {
		return
	}
	f := ts.Pub.Final
	n, last := 0, 0
	for _, g := range f.Groups {
		if g.Removed {
			n++
			last = g.Number
		}
	}
	if n > fs.ruledOut && !first && ts.Pub.Phase == game.PhaseVote {
		ts.Shell.SetFlash(ts.Shell.Lang().F("Group %d was not the culprit's. Day %s: choose again.", last, words.RomanNum(f.Day)), false)
	}
	fs.ruledOut = n
}
