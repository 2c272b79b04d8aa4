package session

import (
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/keymap"
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
	keys() keymap.Map
	// draw is the screen's body and status line.
	draw() (body, status string)
	// panes are the tabs of the 80x24 layout, in order.
	panes() []string
	// title heads the screen's keys in the ? help.
	title() string
}

// screens are a table's screens. Each lives as long as the table's
// subscription, so a cursor survives a phase's update.
type screens struct {
	seat    seatScreen
	ghost   ghostScreen
	psychic psychicScreen
	final   finalScreen
	end     endScreen
}

func newScreens(ts *tableState) screens {
	return screens{
		seat:    seatScreen{ts: ts},
		ghost:   ghostScreen{ts: ts, selected: map[game.CardID]bool{}, drop: dropMarks{ts: ts, cards: map[game.CardID]bool{}}, note: ghostNote{ts: ts}},
		psychic: psychicScreen{ts: ts},
		final:   finalScreen{ts: ts},
		end:     endScreen{ts: ts},
	}
}

// screen is the screen the current view calls for; nil while the table's
// first update has not come.
func (ts *tableState) screen() tableScreen {
	final := ts.pub != nil && ts.pub.Final != nil
	switch ts.role() {
	case roleSeating:
		return &ts.scr.seat
	case roleGhost:
		if final {
			return &ts.scr.final
		}
		return &ts.scr.ghost
	case rolePsychic, roleSpectator:
		if final {
			return &ts.scr.final
		}
		return &ts.scr.psychic
	case roleFinished:
		return &ts.scr.end
	}
	return nil
}

// enter starts the screen of a new role.
func (s *screens) enter(r role) {
	s.ghost.drop.on = false
	switch r {
	case roleFinished:
		s.end.replay = 0
	case rolePsychic:
		s.psychic.enter()
	}
}

// screensKey is what the screens draw from besides the table's view, for
// the frame memo's key: every screen's cursors, by value.
type screensKey struct {
	seat              seatCursor
	ghost             ghostCursor
	psychic           psychicCursor
	final             finalCursor
	end               endCursor
	drop              dropCursor   // the ghost's marking of old cards (dropmarks.go)
	selected, dropped uint64       // the ghost's selection, see selectionMask
	note              ghostNoteKey // the ghost's note (ghostnote.go)
}

func (s *screens) key() screensKey {
	k := screensKey{seat: s.seat.seatCursor, ghost: s.ghost.ghostCursor, psychic: s.psychic.psychicCursor,
		final: s.final.finalCursor, end: s.end.endCursor, drop: s.ghost.drop.dropCursor}
	k.selected, k.dropped = s.ghost.selectionMask()
	k.note = s.ghost.note.key()
	return k
}
