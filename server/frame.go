package server

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// frame wraps a session's model so that the server can put a one-line
// notice over its screen (an admin's message, "slow down" when keys come too
// fast) without the session package knowing about it. Everything else passes
// straight through.
type frame struct {
	inner tea.Model
	style lipgloss.Style
	w     int

	notice string
	gen    int
}

// noticeMsg shows text on the top line of the screen for noticeShow.
type noticeMsg struct{ text string }

type noticeEndMsg struct{ gen int }

// redrawMsg only makes the program draw the screen again (after the
// renderer learnt the terminal's background).
type redrawMsg struct{}

// noticeShow is how long a notice stays on screen.
const noticeShow = 15 * time.Second

func newFrame(inner tea.Model, r *lipgloss.Renderer, width int) *frame {
	return &frame{
		inner: inner,
		style: r.NewStyle().Bold(true).Reverse(true),
		w:     width,
	}
}

func (f *frame) Init() tea.Cmd { return f.inner.Init() }

func (f *frame) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case noticeMsg:
		f.notice = m.text
		f.gen++
		gen := f.gen
		return f, tea.Tick(noticeShow, func(time.Time) tea.Msg { return noticeEndMsg{gen} })
	case noticeEndMsg:
		if m.gen == f.gen {
			f.notice = ""
		}
		return f, nil
	case redrawMsg:
		return f, nil
	case tea.WindowSizeMsg:
		f.w = m.Width
	}
	var cmd tea.Cmd
	f.inner, cmd = f.inner.Update(msg)
	return f, cmd
}

func (f *frame) View() string {
	v := f.inner.View()
	if f.notice == "" {
		return v
	}
	line := " ⚑ " + f.notice
	if f.w > 0 {
		line = ansi.Truncate(line, f.w, "…")
		if pad := f.w - ansi.StringWidth(line); pad > 0 {
			line += strings.Repeat(" ", pad)
		}
	}
	line = f.style.Render(line)
	if i := strings.IndexByte(v, '\n'); i >= 0 {
		return line + v[i:]
	}
	return line
}

// Close lets the wrapped model release its table (see runProgram).
func (f *frame) Close() {
	if c, ok := f.inner.(interface{ Close() }); ok {
		c.Close()
	}
}
