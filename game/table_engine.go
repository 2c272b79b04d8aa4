package game

// This file is the actor's narrow window onto the engine: which players sit
// where, whether the sand timer runs, whether a game is being played. Keeping
// it in one place keeps the actor honest about what it reads: only public
// information (the spectator's view), never a secret.

// seatedPlayer is one occupied seat.
type seatedPlayer struct {
	id    PlayerID
	bot   bool
	level BotLevel // the bot seat's level
}

// publicOf returns the public table (what a spectator sees).
func publicOf(st *State) *TableView { return st.ViewFor("").Public() }

// seated lists the occupied seats, ghost first.
func seated(pub *TableView) []seatedPlayer {
	var out []seatedPlayer
	for _, s := range pub.Seats {
		if s.Player != "" {
			out = append(out, seatedPlayer{id: s.Player, bot: s.Bot, level: s.BotLevel})
		}
	}
	return out
}

// timerRestarted reports whether the events include a (re)start of the sand timer.
func timerRestarted(evs []Event) bool {
	for _, e := range evs {
		if e.Kind == EvTimerStarted {
			return true
		}
	}
	return false
}

// gameLive reports whether a game is being played (started, not finished).
func gameLive(pub *TableView) bool {
	return pub.Phase != PhaseSeating && pub.Phase != PhaseFinished
}
