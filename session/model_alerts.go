package session

import (
	tea "charm.land/bubbletea/v2"
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/term"
)

// TakePictures implements term.Picturer: the cards drawn as images.
func (m *Model) TakePictures() term.Pictures { return m.sh.Img.Take(m.lin.On) }

// TakeSignals implements term.Signaller: the alert sequences not yet written.
func (m *Model) TakeSignals() string { return m.sh.Alerts.Take() }

// modelHost is the session as its pages see it (shell.Host).
type modelHost struct{ m *Model }

func (h modelHost) View() string                              { return h.m.View() }
func (h modelHost) LeaveTable() tea.Cmd                       { return h.m.leaveTable() }
func (h modelHost) Linear() bool                              { return h.m.lin.On }
func (h modelHost) OnTable() bool                             { return h.m.screen == screenTable }
func (h modelHost) ReclaimLine(w int) string                  { return h.m.reclaimLine(w) }
func (h modelHost) FrameHint() int                            { return h.m.frameHint() }
func (h modelHost) PlayAgain(code string) error               { return h.m.hub.PlayAgain(h.m.sh.Who, code) }
func (h modelHost) OpenTable(code string, watch bool) tea.Cmd { return h.m.openTable(code, watch) }
func (h modelHost) JoinByCode(code string) tea.Cmd            { return h.m.joinByCode(code) }
func (h modelHost) Quit() tea.Cmd                             { return h.m.quit() }

// TakeLines implements term.Liner: the lines to say since the last call.
func (m *Model) TakeLines() ([]string, bool) { return m.lin.Take() }

func (h modelHost) Table() *table.TableState { return h.m.table }
func (h modelHost) Lobby() *lobby.State      { return &h.m.lobby }
func (h modelHost) Help() bool               { return h.m.help }
