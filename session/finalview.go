package session

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// groupText is a group's three cards in the edition's order.
func (ts *tableState) groupText(g game.Group) string {
	m := ts.m
	var parts []string
	for _, cat := range ts.pub.Order {
		parts = append(parts, m.cardName(g.Cards[cat]))
	}
	return strings.Join(parts, " · ")
}

func ownerSymbol(g game.Group) string {
	if g.Extra {
		return "·"
	}
	return g.Owner.Symbol()
}

func (ts *tableState) groupOwner(g game.Group) string {
	if g.Extra {
		return ts.m.st.dim.Render("·")
	}
	return ts.sym(g.Owner)
}

func voteKindText(k game.VoteKind) string {
	switch k {
	case game.VoteStaged:
		return "secret straw poll"
	case game.VoteSingle:
		return "one vote"
	case game.VoteAgreed:
		return "open vote: both must agree"
	case game.VoteMajority:
		return "open vote: strict majority"
	case game.VoteDaily:
		return "daily vote: a majority judges a group"
	}
	return string(k)
}

func shortVoteKind(k game.VoteKind) string {
	switch k {
	case game.VoteStaged:
		return "straw poll"
	case game.VoteAgreed:
		return "open vote, agree"
	case game.VoteMajority:
		return "open vote, majority"
	case game.VoteDaily:
		return "daily vote"
	}
	return voteKindText(k)
}

// finalView is the final phase: the line-up, the shared vision as far as
// this viewer may see it, the votes; for the ghost, the culprit and hand.
func (ts *tableState) finalView() (body, keys, status string) {
	m := ts.m
	st := m.st
	f := ts.pub.Final
	var b strings.Builder
	kind := voteKindText(f.VoteKind)
	if m.w < 120 {
		kind = shortVoteKind(f.VoteKind)
	}
	b.WriteString(m.spread(st.title.Render(" THE REVEALING OF THE MYSTERY"),
		st.dim.Render(fmt.Sprintf("%d psychics · %s ", len(ts.pub.Psychics), kind)), m.w) + "\n")
	large := ts.large()
	pane := ts.pane()
	if !large {
		b.WriteString(ts.tabBar())
		b.WriteByte('\n')
	}
	if large || pane == "final" {
		b.WriteString(ts.groupsBlock())
		b.WriteByte('\n')
		if large && ts.ghost == nil {
			// Psychics match the shared vision against the suspects' pictures.
			b.WriteString(ts.groupsGrid(m.w))
			b.WriteByte('\n')
		}
		b.WriteString(ts.sharedBlock(large))
		b.WriteByte('\n')
		if line := ts.votesLine(); line != "" {
			b.WriteString(line)
			b.WriteByte('\n')
		}
		if ts.psy != nil && f.VoteKind == game.VoteStaged {
			b.WriteString(st.dim.Render(fmt.Sprintf(" You are level %d: you vote after card %d. No chat during the poll.", ts.psy.Level, max(1, ts.psy.Level))))
			b.WriteByte('\n')
		}
		if !large && ts.ghost == nil && m.h-lineCount(b.String())-4 >= miniH+1 {
			b.WriteString(ts.smallFinalPictures())
			b.WriteByte('\n')
		}
	}
	if ts.ghost != nil && (large || pane == "hand") {
		if large {
			b.WriteString(ts.handRow(m.w))
			b.WriteByte('\n')
		} else {
			b.WriteString(ts.handList(m.w))
			b.WriteByte('\n')
		}
	}
	if large || pane == "chat" {
		chatH := ts.rowsLeft(b.String())
		if chatH >= 2 {
			b.WriteString(ts.chatPane(m.w, chatH))
		}
	}
	switch {
	case ts.ghost != nil:
		keys = "↑↓ group · c culprit · ←→ card · space select · g give the 3 cards · x " + discardWord(ts.pub.DiscardKind) + " · enter zoom · ? keys"
	case ts.psy != nil && !ts.canChat():
		keys = "↑↓ or 1-9 group · v vote · ←→ shared card · enter zoom · z zoom group · tab pane · ? keys"
	case ts.psy != nil:
		keys = "↑↓ or 1-9 group · v vote · ←→ shared card · enter zoom · z zoom group · tab pane · t chat · ? keys"
	default:
		keys = "↑↓ group · ←→ shared card · enter zoom · z zoom group · tab pane · q leave · ? keys"
	}
	status = ts.finalStatus()
	if ts.chatOn {
		status = "Type your message and press enter (esc to stop typing)."
	}
	return b.String(), keys, status
}

func (ts *tableState) groupsBlock() string {
	m := ts.m
	st := m.st
	f := ts.pub.Final
	culprit := 0
	if ts.ghost != nil {
		culprit = ts.ghost.Culprit
	}
	votes := map[int][]string{}
	for _, v := range f.OpenVotes {
		votes[v.Group] = append(votes[v.Group], ts.sym(v.Voter))
	}
	var lines []string
	lines = append(lines, st.section.Render(" SUSPECT GROUPS"))
	myVote := 0
	if ts.psy != nil {
		myVote = ts.psy.MyVote
	}
	for i, g := range f.Groups {
		// A mark column first, so that the culprit's ☠ and the player's own
		// vote are never the part a narrow window cuts off.
		mark := "  "
		switch {
		case g.Number == culprit:
			mark = st.bad.Render("☠ ")
		case g.Number == myVote:
			mark = st.ok.Render("✓ ")
		}
		var extra []string
		if g.Number == culprit {
			extra = append(extra, st.bad.Render("the culprit"))
		}
		if vs := votes[g.Number]; len(vs) > 0 {
			extra = append(extra, "votes: "+strings.Join(vs, " "))
		}
		if g.Number == myVote {
			extra = append(extra, st.ok.Render("your vote"))
		}
		suffix := ""
		if len(extra) > 0 {
			suffix = "   " + strings.Join(extra, " · ")
		}
		room := max(12, m.w-8-textWidth(suffix))
		names := cut(ts.groupText(g), room)
		text := fmt.Sprintf("%d %s %s", g.Number, ts.groupOwner(g), names)
		plainText := fmt.Sprintf("%d %s %s", g.Number, ownerSymbol(g), names)
		if g.Removed {
			text = st.dim.Render(fmt.Sprintf("%d ✗ %s", g.Number, cut(ts.groupText(g)+" (judged wrong)", room)))
			plainText = fmt.Sprintf("%d ✗ %s", g.Number, cut(ts.groupText(g)+" (judged wrong)", room))
		}
		if i == ts.groupCur {
			lines = append(lines, st.cursor.Render("▸")+mark+st.sel.Render(plainText)+suffix)
		} else {
			lines = append(lines, " "+mark+text+suffix)
		}
	}
	return strings.Join(lines, "\n")
}

// groupsGrid draws each group's three cards as small pictures.
func (ts *tableState) groupsGrid(w int) string {
	m := ts.m
	st := m.st
	f := ts.pub.Final
	blockW := 3*(miniW+1) + 1
	perRow := max(1, (w-1)/(blockW+1))
	var rows []string
	var blocks []string
	for i, g := range f.Groups {
		head := fmt.Sprintf("%d %s", g.Number, ts.groupOwner(g))
		if g.Removed {
			head = st.dim.Render(fmt.Sprintf("%d ✗ judged wrong", g.Number))
		}
		if i == ts.groupCur {
			head = st.cursor.Render("▸ ") + head
		} else {
			head = "  " + head
		}
		var tiles []string
		for _, cat := range ts.pub.Order {
			tiles = append(tiles, m.tile(g.Cards[cat], miniW, miniH))
		}
		blocks = append(blocks, block(head+"\n"+tileRow(0, 1, miniW, tiles), blockW))
		if len(blocks) == perRow || i == len(f.Groups)-1 {
			rows = append(rows, tileRow(1, 1, blockW, blocks))
			blocks = nil
		}
	}
	return strings.Join(rows, "\n")
}

// smallFinalPictures puts the group under the cursor beside the shared
// vision, as small pictures, for the 80x24 layout.
func (ts *tableState) smallFinalPictures() string {
	m := ts.m
	st := m.st
	f := ts.pub.Final
	var left string
	if ts.groupCur < len(f.Groups) {
		g := f.Groups[ts.groupCur]
		var tiles []string
		for _, cat := range ts.pub.Order {
			tiles = append(tiles, m.tile(g.Cards[cat], miniW, miniH))
		}
		left = fmt.Sprintf("group %d %s", g.Number, ts.groupOwner(g)) + "\n" + tileRow(0, 1, miniW, tiles)
	}
	var tiles []string
	cards := ts.sharedCards()
	for _, c := range cards {
		tiles = append(tiles, m.tile(c, miniW, miniH))
	}
	if f.SharedGiven {
		for i := len(cards); i < 3; i++ {
			tiles = append(tiles, st.box.Render(strings.Repeat(pad("", miniW-2)+"\n", miniH-3)+pad(" ?", miniW-2)))
		}
	}
	right := "shared vision\n" + tileRow(0, 1, miniW, tiles)
	return indent(hjoin(4, left, right), 1)
}

// sharedBlock shows the shared-vision cards this viewer may see; the
// others stay face down.
func (ts *tableState) sharedBlock(large bool) string {
	m := ts.m
	st := m.st
	f := ts.pub.Final
	cards := ts.sharedCards()
	head := st.section.Render(" SHARED VISION")
	if !f.SharedGiven {
		return head + st.dim.Render("  not given yet")
	}
	if !large {
		var ids []string
		for i, c := range cards {
			s := string(c)
			if i == ts.visCur {
				s = st.sel.Render(s)
			}
			ids = append(ids, s)
		}
		for i := len(cards); i < 3; i++ {
			ids = append(ids, st.dim.Render("[hidden]"))
		}
		return head + "  " + strings.Join(ids, "  ")
	}
	var tiles []string
	for i, c := range cards {
		tiles = append(tiles, m.tileWithCaption(c, thumbW, thumbH, fmt.Sprintf("card %d", i+1), "", i == ts.visCur, false))
	}
	for i := len(cards); i < 3; i++ {
		back := st.box.Render(strings.Repeat(pad("", thumbW-2)+"\n", thumbH-3) + pad(" hidden", thumbW-2))
		tiles = append(tiles, back+"\n"+pad(fmt.Sprintf("card %d", i+1), thumbW))
	}
	return head + "\n" + tileRow(1, 2, thumbW, tiles)
}

// votesLine says who has voted (secret poll) or nothing (open votes show
// their votes on the groups).
func (ts *tableState) votesLine() string {
	st := ts.m.st
	f := ts.pub.Final
	var parts []string
	if f.VoteKind == game.VoteStaged && f.Stage > 0 {
		parts = append(parts, fmt.Sprintf("stage %d of 3", f.Stage))
	}
	if f.Day > 0 {
		parts = append(parts, fmt.Sprintf("day %s", romanNum(f.Day)))
	}
	if len(f.Voted) > 0 {
		var s []string
		for _, c := range f.Voted {
			s = append(s, ts.sym(c))
		}
		parts = append(parts, "voted: "+strings.Join(s, " "))
	}
	if len(f.MustVote) > 0 {
		var s []string
		for _, c := range f.MustVote {
			s = append(s, ts.sym(c))
		}
		parts = append(parts, "to vote now: "+strings.Join(s, " "))
	}
	if len(parts) == 0 {
		return ""
	}
	return st.dim.Render(" ") + strings.Join(parts, " · ")
}

func (ts *tableState) mustVoteNow() bool {
	if ts.psy == nil || ts.pub.Final == nil {
		return false
	}
	for _, c := range ts.pub.Final.MustVote {
		if ts.mine(c) {
			return true
		}
	}
	return false
}

func (ts *tableState) finalStatus() string {
	f := ts.pub.Final
	p := ts.pub
	switch {
	case ts.ghost != nil:
		switch {
		case p.Phase == game.PhaseCulprit && !f.CulpritSet:
			return "Choose the culprit's group: ↑↓ then c."
		case p.Phase == game.PhaseCulprit && !f.SharedGiven:
			return fmt.Sprintf("Select 3 cards for the shared vision (%d selected), then press g.", len(ts.selection()))
		}
		return "The psychics are voting. " + ts.waitVotesText()
	case ts.ghostAway() && ts.ghostNeeded():
		return ts.ghostAwayText()
	case ts.psy != nil:
		if p.Phase == game.PhaseCulprit {
			return "Waiting for the ghost's shared vision."
		}
		if ts.mustVoteNow() {
			if f.VoteKind == game.VoteStaged {
				return fmt.Sprintf("Vote now: you see %d of 3 cards. ↑↓ a group, then v.", len(ts.psy.SharedSeen))
			}
			if f.VoteKind == game.VoteSingle {
				// One psychic player, one vote: it decides at once.
				return "Vote for a group: ↑↓ then v. Your one vote decides the game."
			}
			return "Vote for a group: ↑↓ then v. You can change your vote until it is decided."
		}
		if ts.psy.MyVote > 0 {
			return fmt.Sprintf("You voted for group %d. %s", ts.psy.MyVote, ts.waitVotesText())
		}
		return ts.waitVotesText()
	}
	return "Watching the final vote. " + ts.waitVotesText()
}

func (ts *tableState) waitVotesText() string {
	f := ts.pub.Final
	if len(f.MustVote) == 0 {
		return "Waiting for the vote to be decided."
	}
	var s []string
	for _, c := range f.MustVote {
		s = append(s, c.Symbol()+" "+firstName(c))
	}
	return "Waiting for " + strings.Join(s, ", ") + " to vote."
}

// ---- after the game ----

func (ts *tableState) endView() (body, keys, status string) {
	m := ts.m
	st := m.st
	p := ts.pub
	var b strings.Builder
	large := ts.large()
	if !large {
		b.WriteString(ts.tabBar())
		b.WriteByte('\n')
	}
	pane := ts.pane()
	if large || pane == "summary" {
		b.WriteString(ts.outcomeLine())
		b.WriteByte('\n')
		b.WriteString(ts.trailsBlock())
		b.WriteByte('\n')
		if vl := ts.allVotesLine(); vl != "" {
			b.WriteString(vl)
			b.WriteByte('\n')
		}
		if sl := ts.sharedLine(); sl != "" {
			b.WriteString(sl)
			b.WriteByte('\n')
		}
	}
	if large || pane == "replay" {
		b.WriteString(ts.replayBlock(m.w, large))
		b.WriteByte('\n')
	}
	if large || pane == "chat" {
		chatH := ts.rowsLeft(b.String())
		if chatH >= 2 {
			b.WriteString(ts.chatPane(m.w, chatH))
		}
	}
	keys = "←→ replay hour · n new game here · l lobby · t chat · tab pane · ? keys"
	if p.Outcome != nil && p.Outcome.Won {
		status = "The psychics won! n: a new game at this table · l: back to the lobby."
	} else {
		status = "The game is over. n: a new game at this table · l: back to the lobby."
	}
	if code := ts.nextGameCode(); code != "" {
		status = "The next game is at table " + code + ": press n to join it, l for the lobby."
	}
	if ts.chatOn {
		status = "Type your message and press enter (esc to stop typing)."
	}
	_ = st
	return b.String(), keys, status
}

func (ts *tableState) outcomeLine() string {
	st := ts.m.st
	o := ts.pub.Outcome
	if o == nil {
		return st.title.Render(" THE GAME IS OVER")
	}
	if o.Won {
		return st.ok.Render(fmt.Sprintf(" THE PSYCHICS WON — the culprit is unmasked (group %d), %s %s.", o.Chosen, strings.ToLower(ts.clockWord()), romanNum(o.Round)))
	}
	switch o.Cause {
	case game.LossClock:
		return st.bad.Render(" THE PSYCHICS LOST — dawn came before every trail was found.")
	case game.LossWrongCulprit:
		return st.bad.Render(fmt.Sprintf(" THE PSYCHICS LOST — they accused group %d, the wrong one.", o.Chosen))
	}
	return st.bad.Render(" THE PSYCHICS LOST.")
}

func (ts *tableState) finTrails() []game.Trail {
	if ts.fin != nil {
		return ts.fin.Trails
	}
	return nil
}

func (ts *tableState) trailsBlock() string {
	m := ts.m
	st := m.st
	culprit := 0
	if ts.fin != nil {
		culprit = ts.fin.Culprit
	}
	var lines []string
	lines = append(lines, st.section.Render(" TRAILS"))
	for _, t := range ts.finTrails() {
		var parts []string
		for _, cat := range ts.pub.Order {
			s := m.cardName(t.Cards[cat])
			if r := t.FoundRound[cat]; r > 0 {
				s += st.dim.Render(fmt.Sprintf(" (%s)", romanNum(r)))
			} else {
				s += st.bad.Render(" (not found)")
			}
			parts = append(parts, s)
		}
		name := ts.shortLabel(t.Psychic)
		if pn := ts.playerName(t.Psychic); pn != "" {
			name += st.dim.Render(" " + cut(pn, 12))
		}
		line := "  " + pad(name, 22) + strings.Join(parts, " · ")
		if m.w < 120 {
			// Narrow: the cards go on their own line under the name.
			line = "  " + name + "\n    " + strings.Join(parts, " · ")
		}
		if ts.pub.Final != nil {
			for _, g := range ts.pub.Final.Groups {
				if !g.Extra && g.Owner == t.Psychic && g.Number == culprit {
					line += "  " + st.bad.Render("☠ culprit")
				}
			}
		}
		lines = append(lines, line)
	}
	if ts.pub.Final != nil && culprit > 0 {
		for _, g := range ts.pub.Final.Groups {
			if g.Number == culprit && g.Extra {
				lines = append(lines, "  "+st.bad.Render(fmt.Sprintf("☠ culprit: group %d, %s", g.Number, ts.groupText(g))))
			}
		}
	}
	return strings.Join(lines, "\n")
}

// sharedLine names the ghost's shared-vision cards after the game.
func (ts *tableState) sharedLine() string {
	if ts.fin == nil || len(ts.fin.Shared) == 0 {
		return ""
	}
	ids := make([]string, len(ts.fin.Shared))
	for i, c := range ts.fin.Shared {
		ids[i] = string(c)
	}
	return ts.m.st.section.Render(" SHARED VISION ") + " " + strings.Join(ids, " ")
}

func (ts *tableState) allVotesLine() string {
	if ts.fin == nil || len(ts.fin.Votes) == 0 {
		return ""
	}
	votes := append([]game.CastVote{}, ts.fin.Votes...)
	sort.SliceStable(votes, func(i, j int) bool { return votes[i].Voter < votes[j].Voter })
	var parts []string
	for _, v := range votes {
		parts = append(parts, fmt.Sprintf("%s → %d", ts.sym(v.Voter), v.Group))
	}
	return ts.m.st.section.Render(" VOTES ") + " " + strings.Join(parts, "   ")
}

// replayBlock steps through the rounds: visions given, intuitions, results.
func (ts *tableState) replayBlock(w int, large bool) string {
	m := ts.m
	st := m.st
	hist := ts.pub.History
	var lines []string
	if len(hist) == 0 {
		return st.section.Render(" REPLAY") + st.dim.Render("  no completed round")
	}
	i := min(max(ts.replay, 0), len(hist)-1)
	r := hist[i]
	lines = append(lines, st.section.Render(fmt.Sprintf(" REPLAY  ◂ %s %s (%d of %d) ▸", strings.ToLower(ts.clockWord()), romanNum(r.Round), i+1, len(hist))))
	if large {
		lines = append(lines, ts.replayColumns(r, w))
		return strings.Join(lines, "\n")
	}
	for _, v := range r.Visions {
		ids := make([]string, len(v.Cards))
		for k, c := range v.Cards {
			ids[k] = string(c)
		}
		line := "  " + ts.shortLabel(v.To) + " received " + strings.Join(ids, " ")
		if len(v.Dropped) > 0 {
			line += st.dim.Render(fmt.Sprintf(" (%d old dropped)", len(v.Dropped)))
		}
		lines = append(lines, cut(line, w))
	}
	for _, res := range r.Results {
		mark := st.ok.Render("✔")
		if !res.Correct {
			mark = st.bad.Render("✘")
		}
		on := st.dim.Render("no intuition")
		if res.Intuition != "" {
			on = "on " + m.cardName(res.Intuition)
		}
		line := fmt.Sprintf("  %s %s %s", mark, ts.shortLabel(res.Psychic), on)
		if res.Finished {
			line += st.ok.Render(" — trail complete")
		}
		lines = append(lines, cut(line, w))
	}
	if len(r.Tokens) > 0 {
		var toks []string
		for _, t := range r.Tokens {
			toks = append(toks, fmt.Sprintf("%s%s on %s", t.Kind.Symbol(), ts.sym(t.From), ts.sym(t.On)))
		}
		lines = append(lines, cut("  tokens: "+strings.Join(toks, "  "), w))
	}
	return strings.Join(lines, "\n")
}

// replayColumns draws one round as a column per psychic: the vision cards
// received and the intuition with its result, as small pictures.
func (ts *tableState) replayColumns(r game.RoundRecord, w int) string {
	m := ts.m
	st := m.st
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
		return st.dim.Render("  nothing happened this hour")
	}
	colW := min(40, max(miniW*2+4, (w-1)/len(order)-1))
	perRow := max(1, (colW-2)/(miniW+1))
	var cols []string
	for _, c := range order {
		var lines []string
		lines = append(lines, "  "+ts.shortLabel(c))
		var given []game.CardID
		for _, v := range r.Visions {
			if v.To == c {
				given = append(given, v.Cards...)
			}
		}
		lines = append(lines, st.dim.Render(fmt.Sprintf("  received %d card%s", len(given), plural(len(given)))))
		for i := 0; i < len(given); i += perRow {
			var tiles []string
			for _, id := range given[i:min(len(given), i+perRow)] {
				tiles = append(tiles, m.tile(id, miniW, miniH))
			}
			lines = append(lines, tileRow(2, 1, miniW, tiles))
		}
		for _, res := range r.Results {
			if res.Psychic != c {
				continue
			}
			mark := st.ok.Render("✔ right")
			if !res.Correct {
				mark = st.bad.Render("✘ wrong")
			}
			if res.Intuition == "" {
				lines = append(lines, "  "+mark+st.dim.Render(", no intuition"))
				continue
			}
			lines = append(lines, cut("  "+mark+" on "+m.cardName(res.Intuition), colW))
			lines = append(lines, indent(m.tile(res.Intuition, miniW, miniH), 2))
			if res.Finished {
				lines = append(lines, st.ok.Render("  trail complete"))
			}
		}
		cols = append(cols, block(strings.Join(lines, "\n"), colW))
	}
	return tileRow(0, 1, colW, cols)
}
