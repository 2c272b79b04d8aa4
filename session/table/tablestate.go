package table

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// TableState is the page of one table: what the session keeps there
// (Table: the newest update, the chat, the outbox, the notes, the sand
// timer, the knock, the seats) and what its screens add to it: the pane
// shown, a pending y/n question, the zoomed card (zoomState), the keys
// typed before the first update, the screens, one per seat and phase
// (screens.go), and what drawing them remembers. Each seat's own state
// (cursors, the ghost's selection) lives in its screen: updates replace the
// view; they never reset the player's selection unless the cards under it
// are gone. All of it is the session's, touched only on its goroutine.
type TableState struct {
	*state.Table

	tab     int    // the pane shown at 80x24 (tabs), or focused at large sizes
	Confirm string // a pending y/n question ("leave", "discard")
	Zoom    zoomState
	// pending are keys typed before the first update, replayed after it.
	pending []keymap.Key

	// keys is the key map built last (tablescreen.go), from the shared
	// and the table's feature keys built last (mapmemo.go); bar is the
	// key bar drawn last.
	keys       keyMapMemo
	sharedMemo state.MapMemo[sharedKeysIn]
	tableMemo  state.MapMemo[tableKeysIn]
	bar        state.BarMemo
	// tabs is the tab bar drawn last (tablescreen.go).
	tabs tabBarMemo

	// scr are the screens, one per seat and phase (screens.go).
	Scr screens

	// bodyAt is the key of the body this table put in the shell's
	// bodyMemo last (tablescreen.go).
	bodyAt bodyKey
}

// NewTableState is the page of the table code, reached through t and
// sub; watch is set when the player came to watch, not to sit.
func NewTableState(m *shell.Shell, code string, t state.Submitter, sub state.Subscription, gen int, watch bool) *TableState {
	ts := &TableState{Table: state.NewTable(m, code, t, sub, gen, watch)}
	ts.Zoom = zoomState{ts: ts}
	ts.Scr = newScreens(ts)
	ts.Hits.On = m.Start.Taps
	return ts
}

// apply takes a new update from the pump.
func (ts *TableState) Apply(u game.Update) tea.Cmd {
	prevRole := ts.Role()
	prevPub := ts.Pub
	wasUnsaved := ts.Have && ts.U.Unsaved
	ts.U, ts.Have = u, true
	ts.Applied++
	ts.Ghost, ts.Psy, ts.Spec, ts.Fin = nil, nil, nil, nil
	switch v := u.View.(type) {
	case *game.GhostView:
		ts.Ghost = v
	case *game.PsychicView:
		ts.Psy = v
	case *game.SpectatorView:
		ts.Spec = v
	case *game.FinishedView:
		ts.Fin = v
	}
	ts.Pub = nil
	if u.View != nil {
		ts.Pub = u.View.Public()
	}
	if r := ts.Role(); r != prevRole {
		// A new screen starts with its first pane and no stale question.
		ts.tab = 0
		ts.Confirm = ""
		ts.Chat.Shut = false
		if prevRole != state.RoleWaiting {
			// A message about the last screen ("You are ready." from the
			// seat picker) would mislead on the new one.
			ts.Shell.Flash, ts.Shell.FlashErr = "", false
		}
		ts.Scr.enter(r)
		if prevRole == state.RoleWaiting && r != state.RoleSeating {
			// A guest who came straight to a running table: the seat
			// picker, which shows the reclaim code, was never on screen.
			if line := ts.Shell.Host.ReclaimLine(ts.Shell.W); line != "" {
				ts.Shell.SetFlash(strings.TrimSpace(line), false)
			}
		}
	}
	ts.Scr.Final.judged(prevRole == state.RoleWaiting)
	ts.tableNotices(prevPub)
	if wasUnsaved && !u.Unsaved && !ts.Shell.Host.Linear() {
		ts.Shell.SetFlash(ts.Shell.Lang().T(words.SavedAgainText), false)
	}
	ts.CheckAlerts()
	ts.Scr.Ghost.pruneSelection()
	ts.ClampCursors()
	ts.Scr.Ghost.tryAdvance()
	var cmds []tea.Cmd
	cmds = append(cmds, ts.Timer.Arm())
	if len(ts.pending) > 0 && ts.Role() != state.RoleWaiting {
		keys := ts.pending
		ts.pending = nil
		for _, k := range keys {
			cmds = append(cmds, ts.HandleKey(k))
		}
	}
	// A new reveal result knocks (a late comer hears no old knock).
	if cmd := ts.Knock.Hear(); cmd != nil {
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// accepted clears what a successful command consumed.
func (ts *TableState) accepted(c game.Command) {
	if _, ok := c.(game.Chat); ok {
		ts.Chat.Line.SetValue("")
	}
	ts.Scr.Ghost.accepted(c)
}

// refused is told of a command the table refused.
func (ts *TableState) refused(c game.Command) {
	ts.Scr.Ghost.Note.refused(c)
}

// clampCursors keeps every cursor inside its list after an update or resize.
func (ts *TableState) ClampCursors() {
	ts.Scr.Seat.Clamp()
	if ts.Pub == nil {
		return
	}
	switch ts.Role() {
	case state.RoleGhost:
		ts.Scr.Ghost.clamp()
	case state.RolePsychic, state.RoleSpectator:
		ts.Scr.Psychic.clamp()
	case state.RoleFinished:
		ts.Scr.End.Clamp()
	}
	ts.Scr.Final.clamp()
}
