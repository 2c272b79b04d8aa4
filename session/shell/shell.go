package shell

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/pictures"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
	"github.com/mysterium-ssh/mysterium/session/ui/input"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term"
)

// now is the session's clock; tests fix it so that goldens are stable.
func (m *Shell) Now() time.Time {
	if m.Clock != nil {
		return m.Clock()
	}
	return time.Now()
}

// portrait reports whether the window is laid out for a phone held
// upright (ui/portrait).
func (m *Shell) Portrait() bool { return portrait.Is(m.W, m.H) }

// cardName is what a card is called on screen: a suspect's title ("The
// Cook"), or "vision V12" for a vision card, which has no title.
func (m *Shell) CardName(id game.CardID) string {
	if t := m.Cards.Title(id, m.Lang()); t != "" {
		return t
	}
	return string(id)
}

// tiles draws this session's cards as they must look now.
func (m *Shell) Tiles() cardface.Tiles {
	return cardface.Tiles{Cards: m.Cards, R: m.R, St: m.St, L: m.Lang(), Plain: m.Plain, Images: m.Img.Way(m.WordsOnly(), m.W, m.H).Images()}
}

// lang is the language the player reads: every sentence of this session's
// screens and lines is in it.
func (m *Shell) Lang() i18n.Lang { return m.Who.Lang }

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

func (m *Shell) SetFlash(s string, isErr bool) {
	m.Flash = s
	m.FlashErr = isErr
}

// tooSmall reports whether the window is under 80x24 and under the
// upright layout's 40x36 (ui/portrait).
func (m *Shell) TooSmall() bool { return portrait.TooSmall(m.W, m.H) }

// newInput is a text field in the session's language and styles, which it
// follows when L or T changes them.
func (m *Shell) NewInput(placeholder string, limit int) input.Field {
	return input.New(placeholder, limit, &m.Who.Lang, &m.St)
}

// bodyMemo is the table screen's body, key hints and status line (what
// tableState.draw returns) and the key they were drawn for: the frame's
// key without the two inputs only the rest of the frame shows, the sand
// timer's second (in the header) and the knock's pulse (in the banner
// above the body). It is per model like frameMemo; noMemo (tests) turns
// both off.
type BodyMemo struct {
	Body, Keys, Status string
	Hits               []Hit // where the body put what a tap chooses
	OK                 bool
}

// shell is what every page of one session shares: who plays, the window,
// the styles, the flash line, the clock, the turn alerts, the pictures and
// what drawing a frame remembers; and host, the session holding it.
type Shell struct {
	// ctx is the connection's: when it ends, the table's pump stops.
	Ctx   context.Context
	Who   Identity
	Start Start
	R     *term.Renderer
	St    *style.Styles
	Cards cardface.Source

	W, H  int
	Plain bool
	// flash is a one-line message (a refused command, a bad code) shown
	// above the status line until the next key.
	Flash    string
	FlashErr bool

	// clock is the time source of the countdown; nil means time.Now.
	Clock func() time.Time
	// body is the table screen's body drawn last (memo.go).
	Body BodyMemo
	// cuts remembers the lines cut to a width (layout.go).
	cuts map[cutKey]string
	// cleaned remembers sanitised names and chat lines (cleaned.go).
	Cleaned cleaned
	// spreads remembers lines spread to the width (layout.go).
	spreads map[spreadKey]string
	// fitted is the last body fitted to the screen (fitmemo.go).
	Fitted fitMemo
	// noMemo makes every drawing fresh (tests compare the two).
	NoMemo bool
	// keysMemo is the last key-hint line fitted to the width (frame.go),
	// statusMemo the last status line, ruleMemo the header's rule.
	keysMemo   keysMemo
	statusMemo statusMemo
	ruleMemo   ruleMemo
	// alerts are the turn alerts (alerts.go).
	Alerts alerts
	Img    pictures.State // cards drawn as images (package pictures)
	// bodyTop and bodyRows are the window's rows the table screen's body
	// was drawn in last (frameWithBanner), where its taps land.
	BodyTop, BodyRows int

	Host Host
}

// Host is what a page asks of the session holding it.
type Host interface {
	// View draws the frame the player sees (or returns it, remembered).
	View() string
	// leaveTable goes back to the lobby.
	LeaveTable() tea.Cmd
	// linear reports whether the linear mode for screen readers is on.
	Linear() bool
	// onTable reports whether the table is the page shown.
	OnTable() bool
	// reclaimLine is a guest's line saying how to take the seat back.
	ReclaimLine(w int) string
	// frameHint is a size to reserve for a new frame's body.
	FrameHint() int
	// playAgain asks the hub for the next game at the table code.
	PlayAgain(code string) error
}

// wordsOnly: cards are words now (plain or linear mode, no colours).
func (m *Shell) WordsOnly() bool {
	return m.Plain || m.Host.Linear() || m.R.ColorProfile() == colorprofile.ASCII
}

// ShellKey is what a frame drawn by a page depends on in the shell.
type ShellKey struct {
	w, h     int
	profile  colorprofile.Profile
	dark     bool
	plain    bool
	flash    string
	flashErr bool
	who      Identity
	Img      pictures.Way // half blocks, or images at a cell size
}

func (m *Shell) Key() ShellKey {
	return ShellKey{
		w: m.W, h: m.H,
		profile: m.R.ColorProfile(), dark: m.R.HasDarkBackground(),
		plain: m.Plain, flash: m.Flash, flashErr: m.FlashErr, who: m.Who,
		Img: m.Img.Way(m.WordsOnly(), m.W, m.H),
	}
}
