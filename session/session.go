package session

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	gametable "github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/linear"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/pictures"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/ui/invite"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term"
)

// Identity is who is behind one SSH session, as the server established it
// after authentication (shell.Identity).
type Identity = shell.Identity

// Start is what the SSH command line asked for (shell.Start).
type Start = shell.Start

// TableSpec is what the lobby's "new table" form asks the hub to create
// (lobby.TableSpec).
type TableSpec = lobby.TableSpec

// TableInfo is one row of the lobby's table list (lobby.TableInfo).
type TableInfo = lobby.TableInfo

// Invitation is the hub's invitation to a table: its text and its browser
// link (invite.Invitation).
type Invitation = invite.Invitation

// Hub is the server's registry of tables as the session sees it. The server
// implements it; the session never imports the server (imports point one way).
type Hub interface {
	// Tables lists the public tables plus any the viewer sits at.
	Tables(viewer Identity) []TableInfo
	// CreateTable creates a table owned (hosted) by owner.
	CreateTable(owner Identity, spec TableSpec) (TableInfo, error)
	// Table finds a table by its code (public or private).
	Table(code string) (*gametable.Table, bool)
	// FindByCode finds a table by a code the player typed. Wrong codes are
	// limited; the error is a sentence for the player (no such table, or
	// too many wrong codes).
	FindByCode(who Identity, code string) (*gametable.Table, error)
	// Invite returns the invitation to a table: its text, ready to paste
	// in a group chat, and the table's browser link the invitation screen
	// shows as a QR code.
	Invite(who Identity, code string) (lobby.Invitation, error)
	// PlayAgain starts the next game at a finished table in place (same
	// code, bots and seats of those still there); the table's subscribers
	// see it back at seating.
	PlayAgain(who Identity, code string) error
	// SetName changes a display name and returns the sanitised name kept.
	SetName(id game.PlayerID, name string) (string, error)
	// SetLang remembers the language a player chose: in their profile for
	// a player with a key, for the rest of the connection for a guest. The
	// session keeps showing l either way; an error only means the choice
	// was not saved.
	SetLang(id game.PlayerID, l i18n.Lang) error
}

// New returns the Bubble Tea model of one SSH session. ctx is the SSH
// session's context: when it ends, the subscription pump stops. r is the
// session's own renderer (term.NewRenderer) so that colour
// is detected per client; the global renderer is never used.
//
// The server must build the program with tea.WithoutSignalHandler() and
// show the frames in the alternate screen (it draws them through its own
// screen, with Bubble Tea's renderer off); width and height are the pty's
// size at start.
func New(ctx context.Context, hub Hub, who Identity, start Start, r *term.Renderer, width, height int) term.Model {
	if r == nil {
		r = term.PlainRenderer(colorprofile.ASCII)
	}
	m := &Model{hub: hub}
	m.sh = shell.Shell{Ctx: ctx, Who: who, Start: start, R: r, W: width, H: height}
	m.sh.Host = modelHost{m}
	// --plain is the linear mode for screen readers (package linear).
	m.lin = linear.NewMode(&m.sh, modelHost{m})
	m.lin.Set(start.Plain)
	m.sh.St = style.For(r)
	m.sh.Cards = defaultCards(hub)
	m.lobby = lobby.New(&m.sh, m.hub, modelHost{m})
	m.sh.Alerts = shell.NewAlerts(hub, who)
	m.sh.Img = pictures.New(hub, who.ID, who.Guest, start.ImagesOff)
	return m
}

type screen int

const (
	screenLobby screen = iota
	screenTable
)

// Model is the root model of one session: the shell its pages share
// (sh: who plays, the window, the styles, the flash line, what drawing a
// frame remembers), the page shown (the lobby, lobbyState, or a table,
// table.TableState), the help and the linear mode for screen readers
// (linearMode). It is used through a pointer: the Bubble Tea loop is the
// only goroutine that touches it and its parts.
type Model struct {
	// sh is what the session's pages share (package shell).
	sh  shell.Shell
	hub Hub

	screen screen
	help   bool

	lobby lobby.State
	table *table.TableState
	// gen numbers subscriptions and lobby polls, so that a message from a
	// table the session already left is recognised and dropped.
	gen int
	// memo is the last frame drawn and what it was drawn from (memo.go).
	memo frameMemo
	// lin is the linear mode for screen readers (package linear).
	lin linear.Mode
}

// Init implements term.Model.
func (m *Model) Init() tea.Cmd {
	if m.table != nil && m.table.Sub != nil {
		// Already attached (tests attach before the program starts).
		return state.Pump(m.sh.Ctx, m.table.Sub, m.table.Gen)
	}
	if m.sh.Start.TableCode != "" {
		code := strings.ToUpper(strings.TrimSpace(m.sh.Start.TableCode))
		if cmd := m.openTable(code, false); cmd != nil {
			return cmd
		}
	}
	return m.enterLobby()
}

// Update implements term.Model.
func (m *Model) Update(msg tea.Msg) (term.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if m.lin.On {
			m.lin.Resize(msg.Width, msg.Height)
			return m, nil
		}
		m.sh.W, m.sh.H = msg.Width, msg.Height
		if m.table != nil {
			m.table.ClampCursors()
		}
		return m, nil
	case term.CapsMsg: // what the terminal draws: the next frame follows it
		m.sh.Img.Told(msg.Caps)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.handleKey(keymap.Pressed(msg))
	case tea.PasteMsg:
		return m, m.handleKey(keymap.Pasted(msg))
	case tea.MouseClickMsg:
		if m.lin.On {
			return m, nil // no frame to tap on (package linear)
		}
		return m, m.handleTap(msg)
	case lobbyPollMsg:
		if msg.gen != m.gen || m.screen != screenLobby {
			return m, nil
		}
		m.lobby.Refresh()
		return m, m.lobbyPoll()
	case state.UpdateMsg, state.SubEndMsg, state.TickMsg, state.KnockDoneMsg, state.SubmitMsg, state.PointDoneMsg:
		if m.table == nil {
			return m, nil
		}
		return m, m.table.HandleMsg(msg)
	}
	return m, nil
}

// handleKey routes a key: the keys that work everywhere first, then the
// current screen's.
func (m *Model) handleKey(k keymap.Key) tea.Cmd {
	key := k.String()
	if key == "ctrl+c" {
		return m.quit()
	}
	if m.sh.TooSmall() {
		cmd, _ := screenKeys{m}.tooSmall().Run(key)
		return cmd
	}
	m.sh.Flash = ""
	if m.help {
		// Any key closes the help overlay.
		m.help = false
		return nil
	}
	typing := m.typing()
	if !typing {
		switch key {
		case "?":
			m.help = true
			return nil
		case "P":
			m.lin.Toggle()
			return nil
		case "R":
			if m.lin.On {
				m.lin.Repeat = true
				return nil
			}
		case "T":
			if m.sh.R.ColorProfile() == colorprofile.TrueColor {
				m.sh.R.SetColorProfile(colorprofile.ANSI256)
				m.sh.SetFlash(m.sh.Lang().T("256 colours. T switches to truecolor."), false)
			} else {
				m.sh.R.SetColorProfile(colorprofile.TrueColor)
				m.sh.SetFlash(m.sh.Lang().T("Truecolor on. T switches back to 256 colours."), false)
			}
			m.sh.St = style.For(m.sh.R)
			return nil
		case "A":
			m.sh.SetFlash(m.sh.Alerts.Toggle(m.sh.Lang()), false)
			return nil
		case "I":
			m.sh.SetFlash(m.sh.Img.Toggle(m.sh.Lang(), m.sh.WordsOnly(), m.sh.W, m.sh.H), false)
			return nil
		case "L":
			m.switchLang()
			return nil
		}
	}
	if m.screen == screenTable && m.table != nil {
		return m.table.HandleKey(k)
	}
	return m.lobby.HandleKey(k)
}

// typing reports whether a text field has the keyboard, so that letters
// go into it instead of triggering commands.
func (m *Model) typing() bool {
	if m.screen == screenTable && m.table != nil {
		return table.TableTyping(m.table)
	}
	return m.lobby.Typing()
}

// Close releases what the session holds at a table (its subscription, so
// the player shows as away at once). The server calls it after the program
// has ended, however it ended: the player quit, the connection dropped, or
// the server shut down; the model is not used afterwards.
func (m *Model) Close() { m.closeTable() }

func (m *Model) quit() tea.Cmd {
	m.closeTable()
	return tea.Quit
}

// render draws the frame from scratch; View returns it, remembered.
func (m *Model) render() string {
	if m.sh.W == 0 || m.sh.H == 0 {
		return ""
	}
	if m.sh.TooSmall() {
		return m.tooSmallView()
	}
	if m.help {
		return m.helpView()
	}
	if m.screen == screenTable && m.table != nil {
		return m.table.View()
	}
	return m.lobby.View()
}

func (m *Model) tooSmallView() string {
	l := m.sh.Lang()
	lines := []string{
		m.sh.St.Title.Render(l.T("Window too small")),
		"",
		l.F("This window is %dx%d.", m.sh.W, m.sh.H),
	}
	for _, s := range portrait.Advice(m.sh.W, m.sh.H) {
		lines = append(lines, l.T(s))
	}
	top := max(0, (m.sh.H-len(lines))/2)
	var b strings.Builder
	b.WriteString(strings.Repeat("\n", top))
	for i, l := range lines {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(strings.Repeat(" ", max(0, (m.sh.W-lipgloss.Width(l))/2)) + l)
	}
	return layout.Fit(b.String(), m.sh.W, m.sh.H)
}
