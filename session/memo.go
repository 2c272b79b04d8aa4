package session

import (
	"github.com/mysterium-ssh/mysterium/session/lobby"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table"
	"github.com/mysterium-ssh/mysterium/session/ui/style"
	"github.com/mysterium-ssh/mysterium/term"
)

// frameMemo is the last frame View() drew and the inputs it was drawn
// from. Bubble Tea calls View() after every message — each key, each
// timer tick, each table update — and most of those change nothing on
// screen; at 1,000 sessions redrawing them from scratch was the largest
// share of the server's CPU (docs/performance.md). View() returns the
// remembered frame while its key is unchanged.
//
// What invalidates it: any change of a frameKey field, which holds every
// input the drawing code reads (see frameKey). It is per model, so it is
// touched only by the session's Bubble Tea loop: no lock, no sharing, and
// freed with the session. TestFrameMemoNeverStale checks, screen by screen
// and key by key, that the remembered frame always equals a fresh drawing.
type frameMemo struct {
	key   frameKey
	frame string
	pics  term.Pictures // the cards of frame drawn as images
	ok    bool
}

// frameKey is everything a frame is drawn from. Values and revision
// numbers only, so that comparing two keys is cheap and allocation-free.
// Anything the drawing code reads must be here, or a frame goes stale.
// Not here because they never change once the model is built: the card
// source (m.cards), the hub, the identity's ID, the table's code and its
// bot takeover delay (seats.takeover).
type frameKey struct {
	// shell is the window, the colour profile (the T key switches it),
	// the background the adaptive colours, the flash line, who (drawn in
	// the lobby's header and the form's default name; e changes the
	// name) and the way cards are drawn (shellKey).
	shell  shell.ShellKey
	help   bool
	screen screen
	lobby  lobbyKey
	table  table.TableKey
}

// lobbyKey is the lobby's part of the key (zero on a table screen).
type lobbyKey struct {
	// tables is the list's revision: lobbyState.refresh bumps it only when the
	// hub returned a different list.
	tables                      uint64
	cursor                      int
	mode                        lobby.LobbyMode
	field, edition, diff, timer int
	private                     bool
	// Revisions of the form's name field and of the code/name input.
	name, input uint64
	invite      lobby.Invitation
	qrAlone     bool
}

// frameKey collects the current inputs of the frame.
func (m *Model) frameKey() frameKey {
	k := frameKey{shell: m.sh.Key(), help: m.help, screen: m.screen}
	if m.screen == screenTable && m.table != nil {
		k.table = m.table.Key()
	} else {
		l := &m.lobby
		k.lobby = lobbyKey{
			tables: l.Rev, cursor: l.Cursor, mode: l.Mode,
			field: l.Form.Field, edition: l.Form.Edition, diff: l.Form.Diff, timer: l.Form.Timer,
			private: l.Form.Private, name: l.Form.Name.Rev, input: l.Input.Rev, invite: l.Invite, qrAlone: l.QRAlone,
		}
	}
	return k
}

// frameHint is a size to reserve for a new frame's body: the last
// frame's, which the next one is usually close to.
func (m *Model) frameHint() int { return len(m.memo.frame) }

// View implements tea.Model: the remembered frame when nothing it was
// drawn from has changed, else a new drawing (see frameMemo).
func (m *Model) View() string {
	k := m.frameKey()
	if !m.sh.NoMemo && m.memo.ok && m.memo.key == k {
		m.sh.Img.Last = m.memo.pics
		return m.memo.frame
	}
	if m.sh.St.Profile != m.sh.R.ColorProfile() {
		// The renderer's profile changed under the model (the T key sets
		// it too): the styles follow.
		m.sh.St = style.For(m.sh.R)
	}
	f, pics := m.sh.Img.Frame(m.render(), k.shell.Img, m.sh.Cards)
	m.memo = frameMemo{key: k, frame: f, pics: pics, ok: true}
	return f
}
