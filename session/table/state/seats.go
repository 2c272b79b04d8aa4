package state

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/session/words"
)

// seats is who sits where at the table, as the latest update tells it,
// and who is there: each seat's player with their presence ("(away)",
// "(bot playing)"), which psychics are this player's, and whether the game
// waits on a ghost whose connection is gone. It is the session's, touched
// only on its goroutine.
type seats struct {
	ts *Table
	// takeover is how long the ghost (or a psychic) may be away before a
	// bot plays for them, from the table's configuration (0: never). Fixed
	// for the table's life, so not part of the frame memo's key.
	takeover time.Duration
}

// of is the seat's entry in the view, if someone sits there.
func (s *seats) Of(seat game.Seat) (game.SeatView, bool) {
	pub := s.ts.Pub
	if pub == nil {
		return game.SeatView{}, false
	}
	for _, sv := range pub.Seats {
		if sv.Seat == seat && sv.Player != "" {
			return sv, true
		}
	}
	return game.SeatView{}, false
}

// player is a seated player's name with their presence: "bot" for a
// bot seat, "(bot playing)" during a takeover, "(away)" while their
// connection is gone (the table's update carries every seat's presence).
func (s *seats) player(sv game.SeatView) string {
	l := s.ts.Shell.Lang()
	if sv.Bot {
		return l.T("bot")
	}
	name := sv.Name
	if pr, ok := s.ts.U.Presence[sv.Player]; ok {
		switch {
		case pr.Bot:
			name += l.T(" (bot playing)")
		case !pr.Present:
			name += l.T(" (away)")
		}
	}
	return name
}

// name is the display name of whoever controls psychic c, with their
// presence.
func (s *seats) Name(c game.Colour) string {
	pub := s.ts.Pub
	if pub == nil {
		return ""
	}
	owner := game.SeatOf(c)
	if p := pub.Psychic(c); p != nil {
		owner = p.Owner
	}
	if sv, ok := s.Of(owner); ok {
		return s.player(sv)
	}
	return ""
}

// nameOnly is the display name of whoever controls psychic c, without
// their presence: after the game, who is connected no longer matters (and
// a finished game brought back for its replay has nobody at it).
func (s *seats) NameOnly(c game.Colour) string {
	pub := s.ts.Pub
	if pub == nil {
		return ""
	}
	owner := game.SeatOf(c)
	if p := pub.Psychic(c); p != nil {
		owner = p.Owner
	}
	if sv, ok := s.Of(owner); ok {
		if sv.Bot {
			return s.ts.Shell.Lang().T("bot")
		}
		return sv.Name
	}
	return ""
}

// ghost is the ghost's player as the psychics' screens show it, with
// their presence; "" before anyone sits there.
func (s *seats) Ghost() string {
	if sv, ok := s.Of(game.GhostSeat); ok {
		return s.player(sv)
	}
	return ""
}

// mine reports whether colour c is one of this player's psychics.
func (s *seats) Mine(c game.Colour) bool {
	psy := s.ts.Psy
	if psy == nil {
		return false
	}
	for _, x := range psy.Colours {
		if x == c {
			return true
		}
	}
	return false
}

// ghostAway is the status line while the game waits on the ghost (visions
// to give, results to reveal, the culprit and shared vision to choose)
// and the ghost's human player has no connection and no bot plays for
// them; "" otherwise.
func (s *seats) GhostAway() string {
	sv, ok := s.Of(game.GhostSeat)
	if !ok || sv.Bot || !ghostNeeded(s.ts.Pub) {
		return ""
	}
	if pr, ok := s.ts.U.Presence[sv.Player]; !ok || pr.Present || pr.Bot {
		return ""
	}
	l := s.ts.Shell.Lang()
	if s.takeover > 0 {
		return l.F("The ghost is away; a bot takes over after %s if they stay away.", words.DurationWords(l, s.takeover))
	}
	return l.T("The ghost is away; the game goes on when they come back.")
}

// ghostNeeded reports whether the game waits on the ghost now: visions to
// give, results to reveal, the culprit and shared vision to choose.
func ghostNeeded(p *game.TableView) bool {
	if p == nil {
		return false
	}
	switch p.Phase {
	case game.PhaseVision:
		return len(p.WaitingVisions) > 0
	case game.PhaseReveal, game.PhaseCulprit:
		return true
	}
	return false
}
