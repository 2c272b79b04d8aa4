package state

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
)

// chatBox is the table's chat as this seat has it: the line being typed,
// whether it has the keyboard, the pace of this session's lines, and t
// pressed where chat is closed (shut: letters typed next are swallowed,
// not taken as commands, until esc or enter).
type chatBox struct {
	ts    *Table
	Limit ChatBucket
	Line  input.Field
	On    bool
	Shut  bool
}

// chatWidth bounds a chat line: one line of the chat pane at 140 columns.
const ChatWidth = 160

// lines is the last lines of the table chat, newest at the bottom. A
// player's line longer than the pane wraps under its text, so nothing said
// is cut short; a line that no longer fits whole above the newer ones is left
// out, and only the newest, when it alone is taller than the pane, is cut.
func (c *chatBox) Lines(w, lines int) string {
	ts := c.ts
	st := ts.Shell.St
	chat := ts.Pub.Chat
	if len(chat) > lines {
		chat = chat[len(chat)-lines:]
	}
	var rows []string // newest message's rows last
	for i := len(chat) - 1; i >= 0 && len(rows) < lines; i-- {
		c := chat[i]
		var msg []string
		if c.Notice.Kind != "" {
			msg = []string{ts.Shell.Cut(st.Status.Render(NoticeMark+" "+noticeText(ts.Shell.Lang(), c.Notice)), w)}
		} else {
			// Chat was sanitised when it was said; again here, defensively.
			// The notices' mark is never shown in a player's line.
			who := strings.ReplaceAll(ts.Shell.Cleaned.Name(c.Name), NoticeMark, noticeMarkStandIn)
			text := strings.ReplaceAll(ts.Shell.Cleaned.Text(c.Text, ChatWidth), NoticeMark, noticeMarkStandIn)
			if col, ok := c.Seat.Colour(); ok {
				who = st.Psychic[col].Render(col.Symbol()+" ") + who
			}
			msg = chatRows(ts.Shell, " "+who+": ", text, w)
		}
		room := lines - len(rows)
		if len(msg) > room {
			if len(rows) > 0 {
				break
			}
			msg = msg[:room]
			msg[room-1] = ts.Shell.Cut(msg[room-1]+" …", w)
		}
		rows = append(msg, rows...)
	}
	if len(rows) == 0 {
		rows = append(rows, st.Dim.Render(ts.Shell.Lang().T(" (nothing said yet)")))
	}
	return strings.Join(rows, "\n")
}

// chatRows is a player's chat line as rows of at most w cells: head, then
// the text wrapped on spaces, its later rows under the text's first word.
// A pane too narrow to wrap under the head cuts the line instead.
func chatRows(m *shell.Shell, head, text string, w int) []string {
	if layout.TextWidth(head)+layout.TextWidth(text) <= w {
		return []string{head + text}
	}
	hw := layout.TextWidth(head)
	if w-hw < 12 {
		return []string{m.Cut(head+text, w)}
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
	NoticeMark        = "⚑"
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
func (c *chatBox) Open() bool {
	ts := c.ts
	switch ts.Role() {
	case RolePsychic:
		f := ts.Pub.Final
		return f == nil || f.VoteKind != game.VoteStaged || f.Stage == 0
	case RoleFinished, RoleSeating:
		return true
	}
	return false
}

func (c *chatBox) ClosedReason() string {
	ts := c.ts
	l := ts.Shell.Lang()
	switch ts.Role() {
	case RoleGhost:
		return l.T("The ghost never speaks: you have no way to write.")
	case RoleSpectator:
		return l.T("Spectators read the chat but cannot write during a game.")
	case RolePsychic:
		return l.T("Chat is closed during the secret vote.")
	}
	return ""
}

// typing reports whether the chat line has the keyboard (or t was pressed
// where chat is closed: what follows is typing, not commands).
func (c *chatBox) Typing() bool { return c.On || c.Shut }

// pane is the chat with its input line (for those who may write).
func (c *chatBox) Pane(w, h int) string {
	ts := c.ts
	st := ts.Shell.St
	l := ts.Shell.Lang()
	title := l.T("─ chat ")
	switch {
	case ts.Role() == RoleGhost:
		title = l.T("─ table chat (you cannot write) ")
	case ts.Role() == RoleSpectator:
		title = l.T("─ chat (spectators read only) ")
	}
	lines := h - 1
	if c.Open() {
		lines--
	}
	var b strings.Builder
	b.WriteString(st.Rule.Render(title + strings.Repeat("─", max(0, w-len([]rune(title))))))
	if lines > 0 {
		b.WriteString("\n" + c.Lines(w, lines))
	}
	if c.Open() {
		if c.On {
			b.WriteString("\n " + c.Line.View(w-3))
		} else {
			b.WriteString("\n " + st.Dim.Render(l.T("press t to write")))
		}
	}
	return b.String()
}
