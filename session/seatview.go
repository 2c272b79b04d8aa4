package session

import (
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
)

// view draws the table screen the current view calls for.
func (ts *tableState) view() string {
	m := ts.m
	if ts.zoom != "" {
		return ts.zoomView()
	}
	body, keys, status := ts.content()
	banner := ""
	if ts.knockText != "" {
		// The knock: a short banner that pulses while it lasts.
		st := m.st.ok
		if strings.HasPrefix(ts.knockText, "✘") {
			st = m.st.bad
		}
		text := ts.knockText
		if ts.knockFrame%2 == 1 {
			text = "  " + text
		}
		banner = st.Render(" " + text)
	}
	if ts.confirm == "leave" {
		status = "Leave the game? Press y to leave, any other key to stay."
	} else if ts.confirm == "discard" {
		status = "Confirm the discard: y to discard, any other key to cancel."
	} else if ts.chatShut {
		status = "No chat here now: what you type is ignored. esc or enter goes back."
	}
	return m.frameWithBanner(ts.header(), banner, body, keys, status)
}

// content is the table screen's body, key hints and status line, as
// remembered in the model's bodyMemo: frames that differ only in the sand
// timer's second (the header) or the knock banner's pulse redraw neither.
func (ts *tableState) content() (body, keys, status string) {
	m := ts.m
	k := m.bodyKey()
	if !m.noMemo && m.body.ok && m.body.key == k {
		return m.body.body, m.body.keys, m.body.status
	}
	body, keys, status = ts.draw()
	m.body = bodyMemo{key: k, body: body, keys: keys, status: status, ok: true}
	return body, keys, status
}

// draw draws the body, key hints and status of the screen the role calls for.
func (ts *tableState) draw() (body, keys, status string) {
	m := ts.m
	switch ts.role() {
	case roleWaiting:
		body = "\n  " + m.st.dim.Render("Joining the table…")
		keys = "q leave"
		status = "Joining table " + ts.code + "…"
	case roleSeating:
		body, keys, status = ts.seatingView()
	case roleGhost:
		if ts.pub.Final != nil {
			body, keys, status = ts.finalView()
		} else {
			body, keys, status = ts.ghostView()
		}
	case rolePsychic, roleSpectator:
		if ts.pub.Final != nil {
			body, keys, status = ts.finalView()
		} else {
			body, keys, status = ts.psychicView()
		}
	case roleFinished:
		body, keys, status = ts.endView()
	}
	return body, keys, status
}

// tabBar shows the panes at small sizes, the current one highlighted.
func (ts *tableState) tabBar() string {
	st := ts.m.st
	var parts []string
	for i, n := range ts.paneNames() {
		label := " " + strings.ToUpper(n[:1]) + n[1:] + " "
		if i == ts.tab%len(ts.paneNames()) {
			parts = append(parts, st.sel.Render(label))
		} else {
			parts = append(parts, st.dim.Render(label))
		}
	}
	return " " + strings.Join(parts, " ") + st.dim.Render("   tab: next pane")
}

// seatingView is the seat picker: the ghost's seat and the six colours,
// each with its symbol and character, who sits there, and the host's tools.
func (ts *tableState) seatingView() (body, keys, status string) {
	m := ts.m
	st := m.st
	p := ts.pub
	me := m.who.ID
	mySeat := p.SeatOf(me)
	host := p.Host == me
	var b strings.Builder
	b.WriteString(st.section.Render(" CHOOSE YOUR SEAT") + st.dim.Render("   "+editionBlurb(p.Edition)) + "\n\n")
	taken := 0
	var notReady []string // seated humans, host aside, not ready yet
	for i, seat := range game.Seats {
		var sv game.SeatView
		for _, s := range p.Seats {
			if s.Seat == seat {
				sv = s
			}
		}
		if sv.Player != "" {
			taken++
			if !sv.Bot && !sv.Host && !sv.Ready {
				notReady = append(notReady, m.cleanName(sv.Name))
			}
		}
		var label string
		if c, ok := seat.Colour(); ok {
			label = st.psychic[c].Render(pad(c.Symbol()+" "+c.Character(), 22)) + st.dim.Render(pad(c.String(), 8))
		} else {
			label = st.ghost.Render(pad("☾ The ghost", 22)) + st.dim.Render(pad("no colour", 8))
		}
		who := st.dim.Render("free")
		if sv.Player != "" {
			who = m.cleanName(sv.Name)
			var tags []string
			if sv.Bot {
				who = "a bot"
			}
			if sv.Host {
				tags = append(tags, "host")
			}
			if sv.Ready && !sv.Bot {
				tags = append(tags, "ready ✔")
			}
			if sv.Player == me {
				tags = append(tags, "you")
			}
			if pr, ok := ts.u.Presence[sv.Player]; ok && !pr.Present && !sv.Bot {
				tags = append(tags, "away")
			}
			if len(tags) > 0 {
				who += st.dim.Render(" (" + strings.Join(tags, ", ") + ")")
			}
		}
		cur := "  "
		line := label + "  " + who
		if i == ts.seatCur {
			cur = st.cursor.Render("▸ ")
			line = st.sel.Render(pad(label, 30)) + "  " + who
		}
		b.WriteString(" " + cur + line)
		b.WriteByte('\n')
	}
	b.WriteString("\n")
	ghostTaken := false
	for _, s := range p.Seats {
		if s.Seat == game.GhostSeat && s.Player != "" {
			ghostTaken = true
		}
	}
	legal := ghostTaken && taken >= p.Edition.MinPlayers()
	b.WriteString(st.dim.Render("  " + ts.tableRules()))
	b.WriteByte('\n')
	b.WriteString(st.dim.Render(fmt.Sprintf("  %d of 7 seats taken. A game needs the ghost and %d to %d players (bots count).",
		taken, p.Edition.MinPlayers(), p.Edition.MaxPlayers())) + "\n")
	if line := m.reclaimLine(m.w - 2); line != "" {
		b.WriteString(st.note.Render(line) + "\n")
	}
	if len(p.Chat) > 0 {
		b.WriteString("\n" + ts.chatBlock(m.w-2, 4))
	}
	keys = "↑↓ seat · enter sit here · r ready · u stand up · t chat · q leave · ? keys"
	if host {
		keys = "↑↓ seat · enter sit · u stand · b bot on/off · s start · t chat · q leave · ? keys"
	}
	myReady := false
	for _, s := range p.Seats {
		if s.Player == me && s.Ready {
			myReady = true
		}
	}
	switch {
	case host && legal && len(notReady) > 0:
		status = fmt.Sprintf("Press s to start the game: %d players seated. Not ready yet: %s.", taken, strings.Join(notReady, ", "))
	case host && legal:
		status = fmt.Sprintf("Press s to start the game: %d players seated, everyone ready.", taken)
	case host && !ghostTaken:
		status = "Seat the ghost (sit there, or press b for a bot), then press s to start."
	case host:
		status = fmt.Sprintf("Waiting for players: %d seated, at least %d needed. b adds a bot.", taken, p.Edition.MinPlayers())
	case mySeat == game.NoSeat:
		status = "Choose a seat: ↑↓ then enter."
	case myReady:
		status = "You sit as " + seatName(mySeat) + ", ready. Waiting for the host to start."
	default:
		status = "You sit as " + seatName(mySeat) + ". Press r when you are ready."
	}
	if ts.chatOn {
		b.WriteString("\n " + ts.chat.View(m.w-4))
		status = "Type your message and press enter (esc to stop typing)."
	}
	return b.String(), keys, status
}

// chatBlock is the last lines of the table chat, newest at the bottom.
func (ts *tableState) chatBlock(w, lines int) string {
	st := ts.m.st
	chat := ts.pub.Chat
	if len(chat) > lines {
		chat = chat[len(chat)-lines:]
	}
	var out []string
	for _, c := range chat {
		// Chat was sanitised when it was said; again here, defensively.
		who := ts.m.cleanName(c.Name)
		text := ts.m.cleanText(c.Text, w)
		if col, ok := c.Seat.Colour(); ok {
			who = st.psychic[col].Render(col.Symbol()+" ") + who
		}
		out = append(out, ts.m.cut(" "+who+": "+text, w))
	}
	if len(out) == 0 {
		out = append(out, st.dim.Render(" (nothing said yet)"))
	}
	return strings.Join(out, "\n")
}

// tableRules sums up the table's options in one line for the seat picker.
func (ts *tableState) tableRules() string {
	p := ts.pub
	var parts []string
	if p.Timer > 0 {
		parts = append(parts, "sand timer "+timerText(p.Timer))
	} else {
		parts = append(parts, "no sand timer")
	}
	word := discardWord(p.DiscardKind) + "s"
	switch {
	case p.DiscardsRound:
		parts = append(parts, word+": one per round")
	case p.DiscardsLeft == 0:
		parts = append(parts, "no "+word)
	case p.DiscardsLeft > 0:
		parts = append(parts, fmt.Sprintf("%s: %d per game", word, p.DiscardsLeft))
	}
	switch p.Edition {
	case game.Classic:
		parts = append(parts, "clairvoyance from 4 players")
	case game.Original:
		parts = append(parts, "objects first")
	}
	return "This table: " + strings.Join(parts, " · ") + "."
}
