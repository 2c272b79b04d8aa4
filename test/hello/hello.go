// Package hello is the Wish hello app: the smallest program with the
// server's shape, written the way Wish's own examples write one, for the
// load tool to measure beside the server on the same machine in the same
// run. What the server's figures are worth is told by how far they are from
// this one's: a tail the hello app has too is the machine's and the
// libraries', not the server's.
//
// It is Wish v2 and Bubble Tea v2 as they come, nothing of the server's:
// every key is let in, every session runs a Bubble Tea program through
// Wish's bubbletea middleware (the program's own input reader, its
// renderer at its default frame rate, Lip Gloss styles drawn at every
// frame), with Wish's activeterm middleware in front (a session without a
// terminal is turned away). Nothing is written to disk and nothing is
// logged per connection.
//
// The sessions started with the same command (`ssh -t HOST room-7`) share a
// room, as the seats of a table share the table: a key pressed in one
// session counts in the room, and every session of the room is sent the
// new count (a message to each program, as the server's hub sends each
// seat an update). A session's screen shows its room, the room's count and
// who pressed last (the rows the load tool watches), and lines that stay
// the same, so that a frame is about the size of a small table screen; q
// or ctrl+c leaves. `mysterium-load --hello` drives pairs of sessions (see
// docs/performance.md).
package hello

import (
	"context"
	"strconv"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/activeterm"
	"charm.land/wish/v2/bubbletea"
)

// New returns the hello app's SSH server, with its host key at keyPath
// (made there if there is none). Serve it on a listener of the caller's.
func New(keyPath string) (*ssh.Server, error) {
	a := &app{rooms: map[string]*room{}}
	return wish.NewServer(
		wish.WithHostKeyPath(keyPath),
		wish.WithMiddleware(
			bubbletea.MiddlewareWithProgramHandler(a.program),
			activeterm.Middleware(),
		),
	)
}

// app is the rooms of the sessions.
type app struct {
	mu    sync.Mutex
	rooms map[string]*room
}

// room is the sessions started with one command, and the keys pressed in
// them.
type room struct {
	keys    int
	members map[*tea.Program]struct{}
}

// program makes a session's Bubble Tea program (Wish's middleware runs it)
// and puts it in its room until the connection ends.
func (a *app) program(sess ssh.Session) *tea.Program {
	name := strings.Join(sess.Command(), " ")
	m := &model{app: a, room: name, who: sess.User()}
	p := tea.NewProgram(m, bubbletea.MakeOptions(sess)...)
	a.mu.Lock()
	r := a.rooms[name]
	if r == nil {
		r = &room{members: map[*tea.Program]struct{}{}}
		a.rooms[name] = r
	}
	r.members[p] = struct{}{}
	m.keys = r.keys
	a.mu.Unlock()
	context.AfterFunc(sess.Context(), func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		delete(r.members, p)
		if len(r.members) == 0 {
			delete(a.rooms, name)
		}
	})
	return p
}

// press counts a key pressed in the room and sends every session of the
// room the new count.
func (a *app) press(name, who string) {
	a.mu.Lock()
	r := a.rooms[name]
	if r == nil {
		a.mu.Unlock()
		return
	}
	r.keys++
	msg := pressedMsg{keys: r.keys, who: who}
	ps := make([]*tea.Program, 0, len(r.members))
	for p := range r.members {
		ps = append(ps, p)
	}
	a.mu.Unlock()
	for _, p := range ps {
		// Send waits for the program's event loop, which may be this
		// one's: each in a goroutine, as Bubble Tea's examples do.
		go p.Send(msg)
	}
}

// pressedMsg is a room's new count of keys, and who pressed the last.
type pressedMsg struct {
	keys int
	who  string
}

// model is one session's screen.
type model struct {
	app        *app
	room, who  string
	keys       int
	last       string
	width, hgt int
}

var (
	header = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#f5f5f5")).Background(lipgloss.Color("#5a3e8a"))
	count  = lipgloss.NewStyle().Foreground(lipgloss.Color("#e0b050"))
)

func (m *model) Init() tea.Cmd { return nil }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.hgt = msg.Width, msg.Height
	case tea.KeyPressMsg:
		switch msg.String() {
		case "q", "ctrl+c":
			return m, tea.Quit
		}
		m.app.press(m.room, m.who)
	case pressedMsg:
		m.keys, m.last = msg.keys, msg.who
	}
	return m, nil
}

func (m *model) View() tea.View {
	h := m.hgt
	if h <= 0 {
		h = 24
	}
	var b strings.Builder
	b.WriteString(header.Render(" hello " + m.room + " "))
	for i := 1; i < h; i++ {
		b.WriteByte('\n')
		switch {
		case i == 2:
			b.WriteString("  keys pressed in this room: " + count.Render(strconv.Itoa(m.keys)))
		case i == 3 && m.last != "":
			b.WriteString("  the last by " + m.last)
		case i == h-1:
			b.WriteString(header.Render(" any key counts · q quits "))
		case i%3 == 0:
			b.WriteString("  a line of the screen that stays the same " + strconv.Itoa(i))
		}
	}
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}
