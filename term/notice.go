package term

import (
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Frame wraps a session's model so that the server can put a one-line
// notice over its screen (an admin's message, "slow down" when keys come too
// fast) without the session package knowing about it. Everything else passes
// straight through.
type Frame struct {
	inner Model
	r     *Renderer
	w     int

	notice string
	gen    int
	said   string // the notice last said as a line (linear mode)
	// noticeRow is the row the notice was drawn on by the last View; -1
	// when none was.
	noticeRow int
}

// NoticeMsg shows text over one line of the screen for noticeShow: the
// rule under the header when the screen has one (it says nothing), else the
// top line. The header must stay visible: it shows the table's code, which
// the host reads out to the others.
type NoticeMsg struct{ Text string }

type noticeEndMsg struct{ gen int }

// RedrawMsg only makes the program draw the screen again (after the
// renderer learnt the terminal's background).
type RedrawMsg struct{}

// noticeShow is how long a notice stays on screen: long enough to read a
// line twice.
const noticeShow = 8 * time.Second

func NewFrame(inner Model, r *Renderer, width int) *Frame {
	return &Frame{
		inner: inner,
		r:     r,
		w:     width,

		noticeRow: -1,
	}
}

// noticeStyle is a notice's: bold, reversed.
var noticeStyle = Style{Bold: true, Reverse: true}

func (f *Frame) profile() colorprofile.Profile {
	if f.r == nil {
		return colorprofile.ASCII
	}
	return f.r.ColorProfile()
}

func (f *Frame) Init() tea.Cmd { return f.inner.Init() }

func (f *Frame) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch m := msg.(type) {
	case NoticeMsg:
		f.notice = m.Text
		f.gen++
		gen := f.gen
		return f, tea.Tick(noticeShow, func(time.Time) tea.Msg { return noticeEndMsg{gen} })
	case noticeEndMsg:
		if m.gen == f.gen {
			f.notice = ""
		}
		return f, nil
	case RedrawMsg:
		return f, nil
	case tea.WindowSizeMsg:
		f.w = m.Width
	}
	var cmd tea.Cmd
	f.inner, cmd = f.inner.Update(msg)
	return f, cmd
}

// TakePictures forwards the wrapped model's pictures, less any the
// notice's line crosses: the notice is read over them.
func (f *Frame) TakePictures() Pictures {
	p, ok := f.inner.(Picturer)
	if !ok {
		return Pictures{}
	}
	pics := p.TakePictures()
	if f.noticeRow < 0 || len(pics.List) == 0 {
		return pics
	}
	list := make([]Picture, 0, len(pics.List))
	for _, c := range pics.List {
		if f.noticeRow < c.Row || f.noticeRow >= c.Row+c.Cells.H {
			list = append(list, c)
		}
	}
	pics.List = list
	return pics
}

func (f *Frame) View() string {
	v := f.inner.View()
	f.noticeRow = -1
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
	line = noticeStyle.Render(f.profile(), line)
	// The lines are v[start:end]; the notice replaces the rule if one of
	// the first three lines is one, else the first.
	start, end := 0, strings.IndexByte(v, '\n')
	f.noticeRow = 0
	if end < 0 {
		return line
	}
	for i, s := 1, end+1; i < 3 && s < len(v); i++ {
		e := strings.IndexByte(v[s:], '\n')
		if e < 0 {
			e = len(v)
		} else {
			e += s
		}
		if isRule(v[s:e]) {
			start, end = s, e
			f.noticeRow = i
			break
		}
		s = e + 1
	}
	return v[:start] + line + v[end:]
}

// isRule reports whether a screen line is a horizontal rule: box-drawing
// horizontals only (with styling and spaces around them).
func isRule(l string) bool {
	l = strings.TrimSpace(ansi.Strip(l))
	if l == "" {
		return false
	}
	for _, r := range l {
		if r != '─' && r != '━' && r != '═' {
			return false
		}
	}
	return true
}

// Close lets the wrapped model release its table (see runProgram).
func (f *Frame) Close() {
	if c, ok := f.inner.(interface{ Close() }); ok {
		c.Close()
	}
}
