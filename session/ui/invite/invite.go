// Package invite draws the lobby's invitation screen: the text `ssh HOST
// invite CODE` prints, and the table's browser link as a QR code
// (term/qr) beside or below it where the window has room, or alone, so a
// phone held up to the host's terminal opens the table.
package invite

import (
	"strings"

	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term/qr"
)

// Invitation is the hub's invitation to a table: its text, and the table's
// browser link apart from it, which the screen draws as a QR code without
// reading it back out of the text.
type Invitation struct {
	Text string // ready to paste in a group chat
	Link string // the table's browser link; "" when the web way in is off
}

// Place is where the QR code goes.
type Place int

const (
	None   Place = iota // no link, or a link too long for a code
	Beside              // to the right of the text
	Below               // under the text
	Apart               // on a screen of its own (the lobby's c)
)

// Screen is the invitation screen of a window w x h: the styles, the
// language and the line cleaner (a line made safe for the terminal, cut to
// a width) are the session's.
type Screen struct {
	St    *style.Styles
	L     i18n.Lang
	W, H  int
	Clean func(s string, w int) string
}

// Code is the link's QR code, nil when there is none.
func Code(inv Invitation) []string {
	if inv.Link == "" {
		return nil
	}
	code, err := qr.Lines(inv.Link)
	if err != nil || len(code) == 0 {
		return nil
	}
	return code
}

// text is the invitation's lines as the screen shows them.
func (s Screen) text(inv Invitation) []string {
	out := []string{s.St.Section.Render(s.L.T(" INVITE YOUR FRIENDS")), "",
		s.St.Dim.Render(s.L.T(" Copy this into your group chat (ssh HOST invite CODE prints it too):")), ""}
	for _, line := range strings.Split(strings.TrimRight(inv.Text, "\n"), "\n") {
		out = append(out, " "+s.Clean(line, s.W-2))
	}
	return out
}

// Where is where the QR code fits: beside the text, below it, or only on a
// screen of its own.
func (s Screen) Where(inv Invitation) Place {
	code := Code(inv)
	if code == nil {
		return None
	}
	text := s.text(inv)
	qw, qh := layout.TextWidth(code[0]), len(code)
	room := s.H - 4 // the frame's header, rule, keys and status
	switch {
	case width(text)+2+qw <= s.W-1 && qh <= room:
		return Beside
	case qw <= s.W-1 && len(text)+qh <= room:
		return Below
	}
	return Apart
}

func width(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, layout.TextWidth(l))
	}
	return w
}

// Body writes the screen's body to b and returns its status line: the code
// alone (alone), or the text with the code beside or below it where the
// window has room, else with a line saying c shows it.
func (s Screen) Body(b *strings.Builder, inv Invitation, alone bool) (status string) {
	st, l := s.St, s.L
	code := Code(inv)
	if alone && code != nil {
		// The title and the link around the code when there is room: the
		// code itself first.
		room, qh := s.H-4, len(code)
		switch {
		case layout.TextWidth(code[0]) > s.W || qh > room:
			b.WriteString(st.Section.Render(l.T(" POINT A PHONE'S CAMERA AT THIS CODE")) + "\n\n")
			b.WriteString(l.F(" The code needs a window of %dx%d: make this one larger.", layout.TextWidth(code[0]), qh+4) + "\n")
		case qh+4 <= room:
			b.WriteString(st.Section.Render(l.T(" POINT A PHONE'S CAMERA AT THIS CODE")) + "\n\n")
			b.WriteString(layout.Center(strings.Join(code, "\n"), s.W) + "\n")
			b.WriteString("\n " + s.Clean(inv.Link, s.W-2) + "\n")
		default:
			b.WriteString(layout.Center(strings.Join(code, "\n"), s.W) + "\n")
		}
		return l.T("c goes back to the invitation, any other key to the tables.")
	}
	text := s.text(inv)
	switch s.Where(inv) {
	case Beside:
		b.WriteString(layout.Hjoin(2, layout.Block(strings.Join(text, "\n"), width(text)), strings.Join(code, "\n")))
		return l.T("Send the invitation or show the code to a phone, then press any key.")
	case Below:
		b.WriteString(strings.Join(text, "\n") + "\n")
		b.WriteString(strings.Join(code, "\n"))
		return l.T("Send the invitation or show the code to a phone, then press any key.")
	case Apart:
		b.WriteString(strings.Join(text, "\n") + "\n\n")
		b.WriteString(st.Dim.Render(l.T(" c shows the link as a QR code, for a phone's camera.")))
	default:
		b.WriteString(strings.Join(text, "\n"))
	}
	return l.T("Send the invitation, then press any key.")
}
