package table

import (
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/table/end"
	"github.com/mysterium-ssh/mysterium/session/table/seat"
	"github.com/mysterium-ssh/mysterium/session/table/state"
)

// tableScreen is one screen of a table: the seat picker, the ghost's, the
// psychic's (spectators share it), the final phase, the end and replay.
// Each keeps its own state (cursors, selection) in its own file, draws
// from the table's latest view of the matching game view type, and has
// its own key map (keymap.go).
type tableScreen interface {
	// keys is the screen's key map now (bindings enabled by phase,
	// edition and seat): what each key does, the key bar, the ? help.
	// The table's shared keys (sharedKeys) follow it.
	Keys() keymap.Map
	// draw is the screen's body and status line.
	Draw() (body, status string)
	// panes are the tabs of the 80x24 layout, in order.
	Panes() []string
	// title heads the screen's keys in the ? help.
	Title() string
}

// screens are a table's screens. Each lives as long as the table's
// subscription, so a cursor survives a phase's update.
type screens struct {
	Seat    seat.SeatScreen
	Ghost   ghostScreen
	Psychic psychicScreen
	Final   finalScreen
	End     end.Screen
}

func newScreens(ts *TableState) screens {
	return screens{
		Seat:    seat.NewSeatScreen(ts.Table),
		Ghost:   ghostScreen{ts: ts, Selected: map[game.CardID]bool{}, Drop: dropMarks{ts: ts, Cards: map[game.CardID]bool{}}, Note: ghostNote{ts: ts}},
		Psychic: psychicScreen{ts: ts},
		Final:   finalScreen{ts: ts},
		End:     end.New(ts.Table, ts),
	}
}

// screen is the screen the current view calls for; nil while the table's
// first update has not come.
func (ts *TableState) Screen() tableScreen {
	final := ts.Pub != nil && ts.Pub.Final != nil
	switch ts.Role() {
	case state.RoleSeating:
		return &ts.Scr.Seat
	case state.RoleGhost:
		if final {
			return &ts.Scr.Final
		}
		return &ts.Scr.Ghost
	case state.RolePsychic, state.RoleSpectator:
		if final {
			return &ts.Scr.Final
		}
		return &ts.Scr.Psychic
	case state.RoleFinished:
		return &ts.Scr.End
	}
	return nil
}

// enter starts the screen of a new role.
func (s *screens) enter(r state.Role) {
	s.Ghost.Drop.On = false
	switch r {
	case state.RoleFinished:
		s.End.Replay = 0
	case state.RolePsychic:
		s.Psychic.enter()
	}
}

// screensKey is what the screens draw from besides the table's view, for
// the frame memo's key: every screen's cursors, by value.
type screensKey struct {
	seat              seat.SeatCursor
	ghost             ghostCursor
	psychic           psychicCursor
	final             finalCursor
	end               end.Cursor
	drop              dropCursor   // the ghost's marking of old cards (dropmarks.go)
	selected, dropped uint64       // the ghost's selection, see selectionMask
	note              ghostNoteKey // the ghost's note (ghostnote.go)
}

func (s *screens) key() screensKey {
	k := screensKey{seat: s.Seat.SeatCursor, ghost: s.Ghost.ghostCursor, psychic: s.Psychic.psychicCursor,
		final: s.Final.finalCursor, end: s.End.Cursor, drop: s.Ghost.Drop.dropCursor}
	k.selected, k.dropped = s.Ghost.selectionMask()
	k.note = s.Ghost.Note.key()
	return k
}
