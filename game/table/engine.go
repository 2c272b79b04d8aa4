package table

import "github.com/mysterium-ssh/mysterium/game"

// This file is the actor's narrow window onto the engine: which players sit
// where, whether the sand timer runs, whether a game is being played. Keeping
// it in one place keeps the actor honest about what it reads: only public
// information (the spectator's view), never a secret.

// seatedPlayer is one occupied seat.
type seatedPlayer struct {
	id    game.PlayerID
	bot   bool
	level game.BotLevel // the bot seat's level
}

// refresh takes the views of the state anew after a change the others
// may see: one public part (what a spectator sees), built once, that the
// actor reads (pub) and every subscriber's view shares (updateFor). A
// mark or a note changes no public part: only its writer's own part,
// which each view reads from the state when it is made.
func (t *Table) refresh() {
	t.views = t.state.Views()
	t.pub = t.views.Public()
}

// seated lists the occupied seats, ghost first.
func seated(pub *game.TableView) []seatedPlayer {
	var out []seatedPlayer
	for _, s := range pub.Seats {
		if s.Player != "" {
			out = append(out, seatedPlayer{id: s.Player, bot: s.Bot, level: s.BotLevel})
		}
	}
	return out
}

// timerRestarted reports whether the events include a (re)start of the sand timer.
func timerRestarted(evs []game.Event) bool {
	for _, e := range evs {
		if e.Kind == game.EvTimerStarted {
			return true
		}
	}
	return false
}

// gameLive reports whether a game is being played (started, not finished).
func gameLive(pub *game.TableView) bool {
	return pub.Phase != game.PhaseSeating && pub.Phase != game.PhaseFinished
}

// ruleErrorf is the engine's refusal, for the table's own refusals (a
// chat too fast, a pause too long): its sentence has its French in the
// engine's catalog like the engine's own.
func ruleErrorf(code game.ErrorCode, format string, args ...any) *game.RuleError {
	return &game.RuleError{Code: code, Format: format, Args: args}
}
