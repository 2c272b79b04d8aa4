package table

import (
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/shell"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// tableKey is the table screen's part of the key (zero in the lobby).
type TableKey struct {
	// ts is the table being shown (a new one on every attach); the key
	// keeps it alive, so its address is never reused while remembered.
	ts *TableState
	// applied counts the updates taken from the pump: the view, the
	// table's name, presence and sand-timer deadline all come with one.
	applied          uint64
	tab              int
	screens          screensKey // every screen's cursors and the ghost's selection
	chat             uint64     // the chat line's revision
	chatOn, chatShut bool
	note             uint64 // the note line's revision
	noteOn           bool
	confirm          string
	zoom             game.CardID
	zoomDesc         bool
	knockFrame       int
	knockText        string
	countdown        int // whole seconds shown, -1 without a timer
}

func (ts *TableState) Key() TableKey {
	k := TableKey{
		ts: ts, applied: ts.Applied, tab: ts.tab, screens: ts.Scr.key(),
		chat: ts.Chat.Line.Rev, chatOn: ts.Chat.On, chatShut: ts.Chat.Shut, note: ts.Note.Line.Rev, noteOn: ts.Note.On, confirm: ts.Confirm, zoom: ts.Zoom.ID, zoomDesc: ts.Zoom.desc,
		knockFrame: ts.Knock.Frame, knockText: ts.Knock.Text,
		countdown: -1,
	}
	if d := ts.Timer.Deadline(); !d.IsZero() {
		k.countdown = state.CountdownSecs(d.Sub(ts.Shell.Now()))
	}
	return k
}

// bodyKey is the key of a table screen's body, keys and status (the
// shell's bodyMemo): the frame's, without the countdown and the knock's
// frame.
type bodyKey struct {
	shell shell.ShellKey
	table TableKey
}
