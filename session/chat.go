package session

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// chatBox is the table's chat as this seat has it: the line being typed,
// whether it has the keyboard, the pace of this session's lines, and t
// pressed where chat is closed (shut: letters typed next are swallowed,
// not taken as commands, until esc or enter).
type chatBox struct {
	ts    *tableState
	limit chatBucket
	line  input.Field
	on    bool
	shut  bool
}

// chatWidth bounds a chat line: one line of the chat pane at 140 columns.
const chatWidth = 160

// lines is the last lines of the table chat, newest at the bottom. A
// player's line longer than the pane wraps under its text, so nothing said
// is cut short; a line that no longer fits whole above the newer ones is left
// out, and only the newest, when it alone is taller than the pane, is cut.
func (c *chatBox) lines(w, lines int) string {
	ts := c.ts
	st := ts.m.st
	chat := ts.pub.Chat
	if len(chat) > lines {
		chat = chat[len(chat)-lines:]
	}
	var rows []string // newest message's rows last
	for i := len(chat) - 1; i >= 0 && len(rows) < lines; i-- {
		c := chat[i]
		var msg []string
		if c.Notice.Kind != "" {
			msg = []string{ts.m.cut(st.Status.Render(noticeMark+" "+noticeText(ts.m.lang(), c.Notice)), w)}
		} else {
			// Chat was sanitised when it was said; again here, defensively.
			// The notices' mark is never shown in a player's line.
			who := strings.ReplaceAll(ts.m.cleaned.name(c.Name), noticeMark, noticeMarkStandIn)
			text := strings.ReplaceAll(ts.m.cleaned.text(c.Text, chatWidth), noticeMark, noticeMarkStandIn)
			if col, ok := c.Seat.Colour(); ok {
				who = st.Psychic[col].Render(col.Symbol()+" ") + who
			}
			msg = chatRows(ts.m, " "+who+": ", text, w)
		}
		room := lines - len(rows)
		if len(msg) > room {
			if len(rows) > 0 {
				break
			}
			msg = msg[:room]
			msg[room-1] = ts.m.cut(msg[room-1]+" …", w)
		}
		rows = append(msg, rows...)
	}
	if len(rows) == 0 {
		rows = append(rows, st.Dim.Render(ts.m.lang().T(" (nothing said yet)")))
	}
	return strings.Join(rows, "\n")
}

// chatRows is a player's chat line as rows of at most w cells: head, then
// the text wrapped on spaces, its later rows under the text's first word.
// A pane too narrow to wrap under the head cuts the line instead.
func chatRows(m *Model, head, text string, w int) []string {
	if layout.TextWidth(head)+layout.TextWidth(text) <= w {
		return []string{head + text}
	}
	hw := layout.TextWidth(head)
	if w-hw < 12 {
		return []string{m.cut(head+text, w)}
	}
	wrapped := layout.Wrap(text, w-hw)
	out := make([]string, len(wrapped))
	for i, r := range wrapped {
		if i == 0 {
			out[i] = head + r
		} else {
			out[i] = strings.Repeat(" ", hw) + r
		}
	}
	return out
}

// A notice of the table starts at the line's first column with noticeMark,
// in the status bar's colours; a player's line starts with a space, then
// their seat and name, and never shows noticeMark (it is drawn as
// noticeMarkStandIn). So no line a player writes can look like a notice,
// with or without colours.
const (
	noticeMark        = "⚑"
	noticeMarkStandIn = "⚐"
)

// noticeText is what a notice of the table says.
func noticeText(l i18n.Lang, n game.Notice) string {
	switch n.Kind {
	case game.NoticeNextGame:
		return l.F("New game at table %s: press n to follow, or join it from the lobby.", n.Table)
	}
	return l.T("The table says something this version cannot show.")
}

// open: psychics (and everyone after the game) may write; the ghost
// never, spectators not during a game, nobody during the secret straw poll.
func (c *chatBox) open() bool {
	ts := c.ts
	switch ts.role() {
	case rolePsychic:
		f := ts.pub.Final
		return f == nil || f.VoteKind != game.VoteStaged || f.Stage == 0
	case roleFinished, roleSeating:
		return true
	}
	return false
}

func (c *chatBox) closedReason() string {
	ts := c.ts
	l := ts.m.lang()
	switch ts.role() {
	case roleGhost:
		return l.T("The ghost never speaks: you have no way to write.")
	case roleSpectator:
		return l.T("Spectators read the chat but cannot write during a game.")
	case rolePsychic:
		return l.T("Chat is closed during the secret vote.")
	}
	return ""
}

// typing reports whether the chat line has the keyboard (or t was pressed
// where chat is closed: what follows is typing, not commands).
func (c *chatBox) typing() bool { return c.on || c.shut }

// pane is the chat with its input line (for those who may write).
func (c *chatBox) pane(w, h int) string {
	ts := c.ts
	st := ts.m.st
	l := ts.m.lang()
	title := l.T("─ chat ")
	switch {
	case ts.role() == roleGhost:
		title = l.T("─ table chat (you cannot write) ")
	case ts.role() == roleSpectator:
		title = l.T("─ chat (spectators read only) ")
	}
	lines := h - 1
	if c.open() {
		lines--
	}
	var b strings.Builder
	b.WriteString(st.Rule.Render(title + strings.Repeat("─", max(0, w-len([]rune(title))))))
	if lines > 0 {
		b.WriteString("\n" + c.lines(w, lines))
	}
	if c.open() {
		if c.on {
			b.WriteString("\n " + c.line.View(w-3))
		} else {
			b.WriteString("\n " + st.Dim.Render(l.T("press t to write")))
		}
	}
	return b.String()
}
