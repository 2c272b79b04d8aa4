package state

import (
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/shell"
)

// role is which screen family the current view calls for.
type Role int

func (r Role) String() string {
	return [...]string{"waiting", "seating", "ghost", "psychic", "spectator", "finished"}[r]
}

// role says which screen the current view calls for.
func (ts *Table) Role() Role {
	switch {
	case !ts.Have || ts.Pub == nil:
		return RoleWaiting
	case ts.Fin != nil || ts.Pub.Phase == game.PhaseFinished:
		return RoleFinished
	case ts.Pub.Phase == game.PhaseSeating:
		return RoleSeating
	case ts.Ghost != nil:
		return RoleGhost
	case ts.Psy != nil:
		return RolePsychic
	}
	return RoleSpectator
}

// trailCard is the card psychic c must find in category cat (ghost and
// after the game only: the other views have no trails).
func (ts *Table) TrailCard(c game.Colour, cat game.Category) game.CardID {
	var trails []game.Trail
	switch {
	case ts.Ghost != nil:
		trails = ts.Ghost.Trails
	case ts.Fin != nil:
		trails = ts.Fin.Trails
	}
	for _, t := range trails {
		if t.Psychic == c {
			return t.Cards[cat]
		}
	}
	return ""
}

// visionOf is the vision of the i-th psychic in the list.
func (ts *Table) VisionOf(i int) []game.CardID {
	if ts.Pub == nil || i >= len(ts.Pub.Psychics) {
		return nil
	}
	return ts.Pub.Psychics[i].Vision
}

const (
	RoleWaiting   Role = iota // no update yet
	RoleSeating               // before the game: the seat picker
	RoleGhost                 // the ghost during the game
	RolePsychic               // a psychic player during the game
	RoleSpectator             // a watcher (or an unseated visitor) during the game
	RoleFinished              // after the game: everything revealed, replay
)

// Table is what a session keeps at one table, below the screens that
// draw it: the newest update from the actor and its view by type, and
// what every screen shares, each its own type with its own file: the chat
// (chatBox), the command outbox (outbox), a psychic's notes (noteBox) and
// finger on a card (pointing), the sand timer (sandTimer), the knock of a
// result (knock) and who sits where (seats).
type Table struct {
	Shell     *shell.Shell
	Code      string
	Submitter Submitter
	Sub       Subscription
	Gen       int
	// watch is set when the player came to watch, not to sit.
	Watch bool

	U    game.Update
	Have bool
	// applied counts the updates taken, for the frame memo's key: an
	// update may change anything on screen.
	Applied uint64
	// hourLine is the line recalling the hour that ended, as drawn last
	// (header.go).
	hourLine hourLineMemo
	// header is the header as drawn last (Header).
	header headerMemo

	// The latest view, by type (exactly one is non-nil once an update came).
	Ghost *game.GhostView
	Psy   *game.PsychicView
	Spec  *game.SpectatorView
	Fin   *game.FinishedView
	Pub   *game.TableView

	Chat chatBox
	Out  outbox
	// note is the psychic's marks and notes, and the note being typed.
	Note noteBox
	// pointing is this psychic's finger on a card (pointing.go).
	Pointing pointing

	// The sand timer (sandtimer.go), and the knock of a revealed result
	// (knock.go).
	Timer sandTimer
	Knock knock

	// seats is who sits where, and who is there (seats.go).
	Seats seats

	// Hits are where the body drawn last put what a tap chooses.
	Hits shell.Hits
}

// NewTable is the state at the table code, reached through t and sub.
func NewTable(m *shell.Shell, code string, t Submitter, sub Subscription, gen int, watch bool) *Table {
	ts := &Table{Shell: m, Code: code, Submitter: t, Sub: sub, Gen: gen, Watch: watch}
	ts.Chat = chatBox{ts: ts, Line: m.NewInput(i18n.N("say something to the table"), 200)}
	ts.Chat.Line.Blur()
	ts.Note.ts = ts
	ts.Note.Line = m.NewInput(i18n.N("a short note on this card, only for you"), NoteWidth)
	ts.Note.Line.Blur()
	ts.Out = outbox{ts: ts}
	ts.Pointing.ts = ts
	ts.Timer.ts = ts
	ts.Knock.ts = ts
	ts.Seats.ts = ts
	if p, ok := t.(pointer); ok {
		ts.Pointing.to = p
	}
	// A *table.Table (game/table) says whether a bot takes over an away seat, and when.
	if c, ok := t.(interface{ Config() game.TableConfig }); ok {
		if cfg := c.Config(); cfg.Bots != nil {
			ts.Seats.takeover = cfg.TakeoverAfter
		}
	}
	return ts
}
