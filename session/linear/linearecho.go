package linear

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/sanitize"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/term"
)

// Typing in the linear mode. The terminal is in raw mode and echoes
// nothing, so what a player types in the chat, a note or a lobby field is
// echoed by the linear mode, the way a line-mode program's terminal would:
// the characters are added to the end of the line being typed
// (term.Typing), which a screen reader reads as they appear and a player
// can review. A line is never erased: a deletion is said in words on a
// line of its own ("Erased: d."), and the next character typed starts a new
// line with the whole text, so the last line typed on always holds all of
// it. Enter ends the line (what follows is said below it). Moving the
// cursor in the line (←→, home, end) says the character it lands on.

// typingLine is the line the player is typing in now, nil when the keys
// are not typing.
func (lm *Mode) typingLine() *input.Field {
	m := lm.m
	if m.Help() {
		return nil
	}
	if m.OnTable() && m.Table() != nil {
		ts := m.Table()
		switch {
		case ts.Chat.On:
			return &ts.Chat.Line
		case ts.Note.On:
			return &ts.Note.Line
		case ts.Scr.Ghost.Note.Typing():
			return &ts.Scr.Ghost.Note.Line
		}
		return nil
	}
	lb := m.Lobby()
	switch {
	case lb.Mode == lobby.LobbyCreate && lb.Form.Field == lobby.FieldName:
		return &lb.Form.Name
	case lb.Mode == lobby.LobbyCode || lb.Mode == lobby.LobbyName:
		return &lb.Input
	}
	return nil
}

// echo is what the terminal shows of the typing between two snapshots:
// the line typed whole (the terminal adds only what is new to its open
// line), or a deletion said in words.
func (lm *Mode) echo(old, cur linearSnap) []string {
	if cur.field == nil {
		return nil
	}
	before := ""
	if old.field == cur.field && old.sets == cur.sets {
		// The same line, edited by keys only (a line sent and cleared, or
		// a note opened with its text, is not a deletion).
		before = old.typed
	}
	if cur.typed == before {
		if old.field == cur.field && old.sets == cur.sets && cur.pos != old.pos {
			return []string{lm.cursorLine(cur)}
		}
		return nil
	}
	if erased, ok := erasedRun(before, cur.typed); ok {
		return []string{lm.erasedLine(erased)}
	}
	if cur.typed == "" {
		return nil
	}
	return []string{term.Typing(cur.typed)}
}

// cursorLine says where the cursor moved to in the line (←→, home, end),
// as a screen reader says it in a text field: the character it is on.
func (lm *Mode) cursorLine(cur linearSnap) string {
	l := lm.m.sh.Lang()
	rs := []rune(cur.field.Value())
	switch {
	case cur.pos >= len(rs):
		return l.T("End of the line.")
	case rs[cur.pos] == ' ':
		return l.T("Space.")
	}
	return echoable(string(rs[cur.pos]))
}

// erasedLine says what a deletion took away.
func (lm *Mode) erasedLine(erased string) string {
	l := lm.m.sh.Lang()
	if strings.TrimSpace(erased) == "" {
		if len(erased) == 1 {
			return l.T("Erased a space.")
		}
		return l.T("Erased spaces.")
	}
	return l.F("Erased: %s.", strings.TrimSpace(erased))
}

// erasedRun reports whether after is before with one run of characters
// taken out (backspace, delete, ctrl+w, ctrl+u), and which.
func erasedRun(before, after string) (string, bool) {
	b, a := []rune(before), []rune(after)
	if len(a) >= len(b) {
		return "", false
	}
	p := 0
	for p < len(a) && a[p] == b[p] {
		p++
	}
	n := len(b) - len(a)
	if string(a[p:]) != string(b[p+n:]) {
		return "", false
	}
	return string(b[p : p+n]), true
}

// echoable is typed text as it may be written back to the terminal: each
// character through the sanitiser (which would also trim and collapse the
// spaces a player is typing, so those are kept as they are).
func echoable(s string) string {
	if s == sanitize.Line(s, 0) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if c := string(r); r == ' ' || sanitize.Line(c, 0) == c {
			b.WriteRune(r)
		}
	}
	return b.String()
}
