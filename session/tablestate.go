package session

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/keymap"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// role is which screen family the current view calls for.
type role int

const (
	roleWaiting   role = iota // no update yet
	roleSeating               // before the game: the seat picker
	roleGhost                 // the ghost during the game
	rolePsychic               // a psychic player during the game
	roleSpectator             // a watcher (or an unseated visitor) during the game
	roleFinished              // after the game: everything revealed, replay
)

func (r role) String() string {
	return [...]string{"waiting", "seating", "ghost", "psychic", "spectator", "finished"}[r]
}

// tableState is the session's state at one table: the newest update from
// the actor, the pane shown, a pending y/n question, and what every screen
// of the table shares, each its own type with its own file: the chat
// (chatBox), the zoomed card (zoomState), the command outbox (outbox), a
// psychic's notes (noteBox) and finger on a card (pointing), the sand
// timer (sandTimer), the knock of a result (knock) and who sits where
// (seats). Each seat's own state (cursors, the ghost's selection) lives in
// its screen (screens.go): updates replace the view; they never reset the
// player's selection unless the cards under it are gone. All of it is the
// session's, touched only on its goroutine.
type tableState struct {
	m    *Model
	code string
	t    submitter
	sub  subscription
	gen  int
	// watch is set when the player came to watch, not to sit.
	watch bool

	u    game.Update
	have bool
	// applied counts the updates taken, for the frame memo's key: an
	// update may change anything on screen.
	applied uint64
	// hourLine is the line recalling the hour that ended, as drawn last
	// (tablescreen.go).
	hourLine hourLineMemo

	// The latest view, by type (exactly one is non-nil once an update came).
	ghost *game.GhostView
	psy   *game.PsychicView
	spec  *game.SpectatorView
	fin   *game.FinishedView
	pub   *game.TableView

	// What every screen shares.
	tab     int    // the pane shown at 80x24 (tabs), or focused at large sizes
	confirm string // a pending y/n question ("leave", "discard")
	chat    chatBox
	zoom    zoomState
	out     outbox
	// pending are keys typed before the first update, replayed after it.
	pending []keymap.Key
	// note is the psychic's marks and notes, and the note being typed.
	note noteBox
	// pointing is this psychic's finger on a card (pointing.go).
	pointing pointing

	// The sand timer (sandtimer.go), and the knock of a revealed result
	// (knock.go).
	timer sandTimer
	knock knock

	// keys is the key map built last (tablescreen.go), from the shared
	// and the table's feature keys built last (mapmemo.go); bar is the
	// key bar drawn last.
	keys       keyMapMemo
	sharedMemo mapMemo[sharedKeysIn]
	tableMemo  mapMemo[tableKeysIn]
	bar        barMemo
	// tabs is the tab bar drawn last (tablescreen.go).
	tabs tabBarMemo

	// scr are the screens, one per seat and phase (screens.go).
	scr screens

	// seats is who sits where, and who is there (seats.go).
	seats seats

	// hits are where the body drawn last put what a tap chooses (taps.go).
	hits hits
}

func newTableState(m *Model, code string, t submitter, sub subscription, gen int, watch bool) *tableState {
	ts := &tableState{m: m, code: code, t: t, sub: sub, gen: gen, watch: watch}
	ts.chat = chatBox{ts: ts, line: m.newInput(i18n.N("say something to the table"), 200)}
	ts.chat.line.Blur()
	ts.note.ts = ts
	ts.note.line = m.newInput(i18n.N("a short note on this card, only for you"), noteWidth)
	ts.note.line.Blur()
	ts.zoom = zoomState{ts: ts}
	ts.out = outbox{ts: ts}
	ts.pointing.ts = ts
	ts.timer.ts = ts
	ts.knock.ts = ts
	ts.seats.ts = ts
	if p, ok := t.(pointer); ok {
		ts.pointing.to = p
	}
	ts.scr = newScreens(ts)
	ts.hits.on = m.start.Taps
	// A *table.Table says whether a bot takes over an away seat, and when.
	if c, ok := t.(interface{ Config() game.TableConfig }); ok {
		if cfg := c.Config(); cfg.Bots != nil {
			ts.seats.takeover = cfg.TakeoverAfter
		}
	}
	return ts
}

// apply takes a new update from the pump.
func (ts *tableState) apply(u game.Update) tea.Cmd {
	prevRole := ts.role()
	prevPub := ts.pub
	wasUnsaved := ts.have && ts.u.Unsaved
	ts.u, ts.have = u, true
	ts.applied++
	ts.ghost, ts.psy, ts.spec, ts.fin = nil, nil, nil, nil
	switch v := u.View.(type) {
	case *game.GhostView:
		ts.ghost = v
	case *game.PsychicView:
		ts.psy = v
	case *game.SpectatorView:
		ts.spec = v
	case *game.FinishedView:
		ts.fin = v
	}
	ts.pub = nil
	if u.View != nil {
		ts.pub = u.View.Public()
	}
	if r := ts.role(); r != prevRole {
		// A new screen starts with its first pane and no stale question.
		ts.tab = 0
		ts.confirm = ""
		ts.chat.shut = false
		if prevRole != roleWaiting {
			// A message about the last screen ("You are ready." from the
			// seat picker) would mislead on the new one.
			ts.m.flash, ts.m.flashErr = "", false
		}
		ts.scr.enter(r)
		if prevRole == roleWaiting && r != roleSeating {
			// A guest who came straight to a running table: the seat
			// picker, which shows the reclaim code, was never on screen.
			if line := ts.m.reclaimLine(ts.m.w); line != "" {
				ts.m.setFlash(strings.TrimSpace(line), false)
			}
		}
	}
	ts.scr.final.judged(prevRole == roleWaiting)
	ts.tableNotices(prevPub)
	if wasUnsaved && !u.Unsaved && !ts.m.lin.on {
		ts.m.setFlash(ts.m.lang().T(words.SavedAgainText), false)
	}
	ts.checkAlerts()
	ts.scr.ghost.pruneSelection()
	ts.clampCursors()
	ts.scr.ghost.tryAdvance()
	var cmds []tea.Cmd
	cmds = append(cmds, ts.timer.arm())
	if len(ts.pending) > 0 && ts.role() != roleWaiting {
		keys := ts.pending
		ts.pending = nil
		for _, k := range keys {
			cmds = append(cmds, ts.handleKey(k))
		}
	}
	// A new reveal result knocks (a late comer hears no old knock).
	if cmd := ts.knock.hear(); cmd != nil {
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// role says which screen the current view calls for.
func (ts *tableState) role() role {
	switch {
	case !ts.have || ts.pub == nil:
		return roleWaiting
	case ts.fin != nil || ts.pub.Phase == game.PhaseFinished:
		return roleFinished
	case ts.pub.Phase == game.PhaseSeating:
		return roleSeating
	case ts.ghost != nil:
		return roleGhost
	case ts.psy != nil:
		return rolePsychic
	}
	return roleSpectator
}

// accepted clears what a successful command consumed.
func (ts *tableState) accepted(c game.Command) {
	if _, ok := c.(game.Chat); ok {
		ts.chat.line.SetValue("")
	}
	ts.scr.ghost.accepted(c)
}

// refused is told of a command the table refused.
func (ts *tableState) refused(c game.Command) {
	ts.scr.ghost.note.refused(c)
}

// clampCursors keeps every cursor inside its list after an update or resize.
func (ts *tableState) clampCursors() {
	ts.scr.seat.clamp()
	if ts.pub == nil {
		return
	}
	switch ts.role() {
	case roleGhost:
		ts.scr.ghost.clamp()
	case rolePsychic, roleSpectator:
		ts.scr.psychic.clamp()
	case roleFinished:
		ts.scr.end.clamp()
	}
	ts.scr.final.clamp()
}

// trailCard is the card psychic c must find in category cat (ghost and
// after the game only: the other views have no trails).
func (ts *tableState) trailCard(c game.Colour, cat game.Category) game.CardID {
	var trails []game.Trail
	switch {
	case ts.ghost != nil:
		trails = ts.ghost.Trails
	case ts.fin != nil:
		trails = ts.fin.Trails
	}
	for _, t := range trails {
		if t.Psychic == c {
			return t.Cards[cat]
		}
	}
	return ""
}

// visionOf is the vision of the i-th psychic in the list.
func (ts *tableState) visionOf(i int) []game.CardID {
	if ts.pub == nil || i >= len(ts.pub.Psychics) {
		return nil
	}
	return ts.pub.Psychics[i].Vision
}
