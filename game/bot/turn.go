package bot

import "github.com/mysterium-ssh/mysterium/game"

// strategy is what tells one kind of bot from another: its choices. When a
// choice is due is the same for every kind and is decided once, by act.
type strategy interface {
	// vision gives a vision (or discards first) while psychics wait for one.
	vision(v *game.GhostView) game.Command
	// reveal reveals some of the results left, the psychics in left.
	reveal(left []game.Colour) game.Command
	// culprit is the group the ghost makes the culprit's (not in modern,
	// where the engine draws it).
	culprit(v *game.GhostView) int
	// shared gives the shared vision (or discards first).
	shared(v *game.GhostView) game.Command
	// intuitions places the viewer's intuitions, tokens and ready marks.
	intuitions(v *game.PsychicView) game.Command
	// vote is the group the viewer votes for when asked to.
	vote(v *game.PsychicView) int
}

// act returns what strategy b does now for the seat whose view v is, or nil.
func act(b strategy, v game.View) game.Command {
	switch v := v.(type) {
	case *game.GhostView:
		return ghostTurn(b, v)
	case *game.PsychicView:
		return psychicTurn(b, v)
	}
	return nil // spectators, seating, finished games: nothing to do
}

// ghostTurn is the ghost's part: visions while psychics wait for them, the
// results once the visions are read, then the culprit and the shared vision.
func ghostTurn(b strategy, v *game.GhostView) game.Command {
	tv := &v.TableView
	switch tv.Phase {
	case game.PhaseVision:
		// A bot playing for an away person waits for the vision on its
		// way to arrive before it gives the next (a bot seat's visions
		// arrive at once).
		if len(tv.WaitingVisions) > 0 && tv.Sending == nil {
			return b.vision(v)
		}
	case game.PhaseReveal:
		if left := toReveal(tv); len(left) > 0 {
			return b.reveal(left)
		}
	case game.PhaseCulprit:
		switch f := tv.Final; {
		case f == nil:
		case !f.CulpritSet:
			if tv.Edition != game.Modern {
				return game.ChooseCulprit{Group: b.culprit(v)}
			}
		case !f.SharedGiven && len(v.Hand) >= 3:
			return b.shared(v)
		}
	}
	return nil
}

// psychicTurn is a psychic player's part: intuitions and tokens while the
// visions are read; in the final vote, joining the group that leads an open
// vote, or voting when asked to.
func psychicTurn(b strategy, v *game.PsychicView) game.Command {
	switch v.Phase {
	case game.PhaseVision:
		return b.intuitions(v)
	case game.PhaseVote:
		if c := rally(v); c != nil {
			return c
		}
		if mustVote(v) {
			return game.Vote{Group: b.vote(v)}
		}
	}
	return nil
}
