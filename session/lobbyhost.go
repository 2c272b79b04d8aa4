package session

import (
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/ui/portrait"
)

// lobbyPollInterval is how often the lobby re-reads the table list. Reading
// is cheap and an unchanged list repaints nothing (the renderer skips
// identical frames), so other players' new tables simply appear.
const lobbyPollInterval = 2 * time.Second

type lobbyPollMsg struct{ gen int }

// enterLobby shows the lobby and starts its slow poll of the table list.
func (m *Model) enterLobby() tea.Cmd {
	m.screen = screenLobby
	m.lobby.Mode = lobby.LobbyList
	m.lobby.Refresh()
	m.gen++
	return m.lobbyPoll()
}

func (m *Model) lobbyPoll() tea.Cmd {
	gen := m.gen
	return tea.Tick(lobbyPollInterval, func(time.Time) tea.Msg { return lobbyPollMsg{gen: gen} })
}

// handleTap is a click or tap at cell (x, y) of the window.
// Only a press of the left button is a tap (Bubble Tea v2 sends presses
// as tea.MouseClickMsg; releases, motion and the wheel have messages of
// their own, which the screens ignore).
func (m *Model) handleTap(click tea.MouseClickMsg) tea.Cmd {
	msg := click.Mouse()
	if !m.sh.Start.Taps || msg.Button != tea.MouseLeft {
		return nil
	}
	// The report's numbers are the client's: anything outside the
	// window is dropped.
	if msg.X < 0 || msg.Y < 0 || msg.X >= m.sh.W || msg.Y >= m.sh.H || m.sh.TooSmall() {
		return nil
	}
	if m.help {
		// As any key does, a tap closes the help.
		m.help = false
		return nil
	}
	if m.screen == screenLobby {
		return m.lobby.Tap(msg.X, msg.Y)
	}
	if m.table == nil {
		return nil
	}
	return m.table.Tap(msg.X, msg.Y)
}

// Fits are the window sizes the screens are laid out for, by which a
// browser chooses its font (ui/portrait).
func Fits() [][2]int { return portrait.Fits() }
