package lobby

import (
	"fmt"
	"strings"

	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// portraitListView is the lobby's tables for a narrow window: each table
// on two lines, its code and name, then what it is, under a blank one.
func (l *State) portraitListView() string {
	m := l.m
	st := m.St
	lang := m.Lang()
	var b strings.Builder
	b.WriteString(st.Section.Render(lang.T(" TABLES")) + "\n")
	if len(l.Tables) == 0 {
		for _, s := range layout.Wrap(strings.TrimSpace(lang.T("  No table is open. Press n to start one and invite your friends.")), m.W-3) {
			b.WriteString(st.Dim.Render("  "+s) + "\n")
		}
		return b.String()
	}
	row := 1
	for i, t := range l.Tables {
		l.Hits.Add(shell.HitLobbyTable, i, layout.Rect{Y: row, W: m.W, H: portrait.TapRows}) // a finger's height
		row += portrait.TapRows
		b.WriteByte('\n')
		name := m.Cleaned.Line(t.Name, m.W-9)
		if t.Private {
			name += lang.T(" (private)")
		}
		first := m.Cut(t.Code+strings.Repeat(" ", max(0, 6-len(t.Code)))+" "+name, m.W-2)
		what := []string{words.EditionWord(lang, t.Options.Edition)}
		if d := words.DifficultyWord(lang, t.Options.Difficulty); d != "" {
			what = append(what, d)
		}
		if tt := words.TimerText(lang, t.Options.Timer); tt != "" && tt != "—" {
			what = append(what, tt)
		}
		what = append(what, fmt.Sprintf("%d/%d", t.SeatsTaken, t.SeatsTaken+t.SeatsOpen), lang.T(t.Status))
		second := m.Cut("       "+strings.Join(what, " · "), m.W-2)
		if i == l.Cursor {
			b.WriteString(st.Cursor.Render("▸ ") + st.Sel.Render(layout.Pad(first, m.W-2)) + "\n")
		} else {
			b.WriteString("  " + first + "\n")
		}
		b.WriteString("  " + st.Dim.Render(second) + "\n")
	}
	return b.String()
}

// portraitAbout is the lobby's "how it goes", wrapped to the window.
func (l *State) portraitAbout() []string {
	m := l.m
	out := []string{m.St.Dim.Render(m.Lang().T(AboutLines[0]))}
	for _, s := range portrait.Wrapped(m.Lang(), AboutLines[1:], m.W) {
		out = append(out, m.St.Dim.Render(s))
	}
	return out
}
