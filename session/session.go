package session

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/table"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/pictures"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/layout"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term"
)

// Identity is who is behind one SSH session, as the server established it
// after authentication. ID is the only thing authority is checked against;
// Name is only for display.
type Identity struct {
	ID          game.PlayerID
	Name        string
	Fingerprint string
	Guest       bool
	Admin       bool
	// Claim is a guest's reclaim code: `ssh -t HOST CODE claim K7QX-M2PD` takes
	// the guest's seat back after a dropped connection. Shown on the guest's
	// screen; empty for players with a key.
	Claim string
	// Addr is the address the session comes from: wrong table codes are
	// counted against it (Hub.FindByCode). Never shown to anyone.
	Addr string
	// Lang is the language the player reads: the one they chose (kept in
	// their profile, or for a guest by their connection), else the one
	// their client asked for (LANG and LC_* over SSH, the browser's
	// language on the web), else English.
	Lang i18n.Lang
}

// TableSpec is what the lobby's "new table" form asks the hub to create.
type TableSpec struct {
	Name    string
	Options game.Options
	Private bool
}

// TableInfo is one row of the lobby's table list.
type TableInfo struct {
	Code       string
	Name       string
	Options    game.Options
	Private    bool
	Host       string
	SeatsTaken int
	SeatsOpen  int
	Status     string
}

// Hub is the server's registry of tables as the session sees it. The server
// implements it; the session never imports the server (imports point one way).
type Hub interface {
	// Tables lists the public tables plus any the viewer sits at.
	Tables(viewer Identity) []TableInfo
	// CreateTable creates a table owned (hosted) by owner.
	CreateTable(owner Identity, spec TableSpec) (TableInfo, error)
	// Table finds a table by its code (public or private).
	Table(code string) (*table.Table, bool)
	// FindByCode finds a table by a code the player typed. Wrong codes are
	// limited; the error is a sentence for the player (no such table, or
	// too many wrong codes).
	FindByCode(who Identity, code string) (*table.Table, error)
	// Invite returns the invitation to a table: its text, ready to paste
	// in a group chat, and the table's browser link the invitation screen
	// shows as a QR code.
	Invite(who Identity, code string) (Invitation, error)
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

// Start is what the SSH command line asked for: `ssh -t host K7QX`,
// `ssh -t host K7QX claim K7QX-M2PD`, `--plain`.
type Start struct {
	TableCode string
	Claim     string
	Plain     bool
	// Taps: the client's terminal reports clicks and taps (a browser's
	// does, an SSH client's is never asked to), and a tap on a card
	// selects it (taps.go).
	Taps      bool
	ImagesOff bool // the host's --images off: half blocks for everyone
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
	m := &Model{
		ctx:   ctx,
		hub:   hub,
		who:   who,
		start: start,
		r:     r,
		w:     width,
		h:     height,
	}
	// --plain is the linear mode for screen readers (linearmode.go).
	m.lin = linearMode{m: m}
	m.lin.set(start.Plain)
	m.st = style.For(r)
	m.cards = defaultCards(hub)
	m.lobby = newLobby(m)
	m.alerts = newAlerts(hub, who)
	m.img = pictures.New(hub, who.ID, who.Guest, start.ImagesOff)
	return m
}

type screen int

const (
	screenLobby screen = iota
	screenTable
)

// Model is the root model of one session: who plays, the window, the
// screen shown (the lobby, lobbyState, or a table, tableState), the help
// and the flash line, and what drawing a frame remembers. What is not about
// the whole session is its own type with its own file: the linear mode for
// screen readers (linearMode), the turn alerts (alerts), the card tiles
// (cardface.Tiles, made when asked), the fitted body (fitMemo). It is used
// through a pointer: the Bubble Tea loop is the only goroutine that touches
// it and its parts.
type Model struct {
	ctx   context.Context
	hub   Hub
	who   Identity
	start Start
	r     *term.Renderer
	st    *style.Styles
	cards cardface.Source

	w, h   int
	plain  bool
	screen screen
	help   bool
	// flash is a one-line message (a refused command, a bad code) shown
	// above the status line until the next key.
	flash    string
	flashErr bool

	lobby lobbyState
	table *tableState
	// clock is the time source of the countdown; nil means time.Now.
	clock func() time.Time
	// gen numbers subscriptions and lobby polls, so that a message from a
	// table the session already left is recognised and dropped.
	gen int
	// memo is the last frame drawn and what it was drawn from (memo.go).
	memo frameMemo
	// body is the table screen's body drawn last (memo.go).
	body bodyMemo
	// cuts remembers the lines cut to a width (layout.go).
	cuts map[cutKey]string
	// cleaned remembers sanitised names and chat lines (cleaned.go).
	cleaned cleaned
	// spreads remembers lines spread to the width (layout.go).
	spreads map[spreadKey]string
	// fitted is the last body fitted to the screen (fitmemo.go).
	fitted fitMemo
	// noMemo makes every drawing fresh (tests compare the two).
	noMemo bool
	// keysMemo is the last key-hint line fitted to the width (layout.go).
	keysMemo keysMemo
	// alerts are the turn alerts (alerts.go).
	alerts alerts
	img    pictures.State // cards drawn as images (package pictures)
	// bodyTop and bodyRows are the window's rows the table screen's body
	// was drawn in last (frameWithBanner), where its taps land.
	bodyTop, bodyRows int
	// lin is the linear mode for screen readers (linearmode.go).
	lin linearMode
}

// Init implements term.Model.
func (m *Model) Init() tea.Cmd {
	if m.table != nil && m.table.sub != nil {
		// Already attached (tests attach before the program starts).
		return pump(m.ctx, m.table.sub, m.table.gen)
	}
	if m.start.TableCode != "" {
		code := strings.ToUpper(strings.TrimSpace(m.start.TableCode))
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
		if m.lin.on {
			m.lin.resize(msg.Width, msg.Height)
			return m, nil
		}
		m.w, m.h = msg.Width, msg.Height
		if m.table != nil {
			m.table.clampCursors()
		}
		return m, nil
	case term.CapsMsg: // what the terminal draws: the next frame follows it
		m.img.Told(msg.Caps)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.handleKey(keymap.Pressed(msg))
	case tea.PasteMsg:
		return m, m.handleKey(keymap.Pasted(msg))
	case tea.MouseClickMsg:
		if m.lin.on {
			return m, nil // no frame to tap on (linearmode.go)
		}
		return m, m.handleTap(msg)
	case lobbyPollMsg:
		if msg.gen != m.gen || m.screen != screenLobby {
			return m, nil
		}
		m.lobby.refresh()
		return m, m.lobbyPoll()
	case updateMsg, subEndMsg, tickMsg, knockDoneMsg, submitMsg, pointDoneMsg:
		if m.table == nil {
			return m, nil
		}
		return m, m.table.handleMsg(msg)
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
	if m.tooSmall() {
		cmd, _ := screenKeys{m}.tooSmall().Run(key)
		return cmd
	}
	m.flash = ""
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
			m.lin.toggle()
			return nil
		case "R":
			if m.lin.on {
				m.lin.repeat = true
				return nil
			}
		case "T":
			if m.r.ColorProfile() == colorprofile.TrueColor {
				m.r.SetColorProfile(colorprofile.ANSI256)
				m.setFlash(m.lang().T("256 colours. T switches to truecolor."), false)
			} else {
				m.r.SetColorProfile(colorprofile.TrueColor)
				m.setFlash(m.lang().T("Truecolor on. T switches back to 256 colours."), false)
			}
			m.st = style.For(m.r)
			return nil
		case "A":
			m.setFlash(m.alerts.toggle(m.lang()), false)
			return nil
		case "I":
			m.setFlash(m.img.Toggle(m.lang(), wordsOnly(m), m.w, m.h), false)
			return nil
		case "L":
			m.switchLang()
			return nil
		}
	}
	if m.screen == screenTable && m.table != nil {
		return m.table.handleKey(k)
	}
	return m.lobby.handleKey(k)
}

// typing reports whether a text field has the keyboard, so that letters
// go into it instead of triggering commands.
func (m *Model) typing() bool {
	if m.screen == screenTable && m.table != nil {
		return m.table.chat.typing() || m.table.note.on || m.table.scr.ghost.note.typing()
	}
	return m.lobby.typing()
}

func (m *Model) setFlash(s string, isErr bool) {
	m.flash = s
	m.flashErr = isErr
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

// tooSmall reports whether the window is under 80x24 and under the
// upright layout's 40x36 (ui/portrait).
func (m *Model) tooSmall() bool { return portrait.TooSmall(m.w, m.h) }

// render draws the frame from scratch; View returns it, remembered.
func (m *Model) render() string {
	if m.w == 0 || m.h == 0 {
		return ""
	}
	if m.tooSmall() {
		return m.tooSmallView()
	}
	if m.help {
		return m.helpView()
	}
	if m.screen == screenTable && m.table != nil {
		return m.table.view()
	}
	return m.lobby.view()
}

func (m *Model) tooSmallView() string {
	l := m.lang()
	lines := []string{
		m.st.Title.Render(l.T("Window too small")),
		"",
		l.F("This window is %dx%d.", m.w, m.h),
	}
	for _, s := range portrait.Advice(m.w, m.h) {
		lines = append(lines, l.T(s))
	}
	top := max(0, (m.h-len(lines))/2)
	var b strings.Builder
	b.WriteString(strings.Repeat("\n", top))
	for i, l := range lines {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(strings.Repeat(" ", max(0, (m.w-lipgloss.Width(l))/2)) + l)
	}
	return layout.Fit(b.String(), m.w, m.h)
}

// newInput is a text field in the session's language and styles, which it
// follows when L or T changes them.
func (m *Model) newInput(placeholder string, limit int) input.Field {
	return input.New(placeholder, limit, &m.who.Lang, &m.st)
}
