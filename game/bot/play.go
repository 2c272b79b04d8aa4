package bot

import (
	"fmt"

	"github.com/mysterium-ssh/mysterium/game"
)

// Game describes a headless game played by bots in every seat.
type Game struct {
	Options game.Options
	Pools   game.Pools
	Players int // total players, ghost included
	Seed    uint64
	Kind    string        // KindRandom or KindTags
	Level   game.BotLevel // every seat's level; "" is game.DefaultBotLevel
	Tags    Tags
}

// Result is how a headless game went.
type Result struct {
	Won      bool
	Cause    game.LossCause
	Rounds   int // the round (day) the game ended on
	Commands int // commands accepted, EndStep included
	Rejected int // bot commands the engine refused
	// FirstRejection is the first refusal, for diagnosis.
	FirstRejection error
	State          *game.State
}

// maxCommands bounds a game: far more than any game takes, so that a bot
// loop shows up as an error rather than a hang.
const maxCommands = 20000

// Play plays one whole game with bots in every seat, on the pure engine (no
// table actor, no goroutines): each bot in turn reads its own seat's view and
// acts until none has anything to do; then, if the sand timer runs, it runs
// out. It is deterministic: the same Game gives the same Result.
func Play(g Game) (Result, error) {
	st, err := game.NewStarted(g.Options, g.Pools, g.Players, g.Seed)
	if err != nil {
		return Result{}, fmt.Errorf("bot: set up a %d-player %s game: %w", g.Players, g.Options.Edition, err)
	}
	var ids []game.PlayerID
	for _, s := range st.ViewFor("").Public().Seats {
		if s.Player != "" {
			ids = append(ids, s.Player)
		}
	}
	bots := make([]game.Bot, len(ids))
	for i, p := range ids {
		if bots[i], err = (Config{Kind: g.Kind, Level: g.Level, Tags: g.Tags}).New(Seed(g.Seed, p)); err != nil {
			return Result{}, err
		}
	}
	res := Result{State: st}
	for res.Commands < maxCommands {
		if st.Phase() == game.PhaseFinished {
			break
		}
		acted := false
		for i, p := range ids {
			// Let this seat act until it waits for somebody else.
			for res.Commands < maxCommands {
				cmd := bots[i].Act(st.ViewFor(p))
				if cmd == nil {
					break
				}
				if _, err := st.Apply(p, cmd); err != nil {
					res.Rejected++
					if res.FirstRejection == nil {
						res.FirstRejection = fmt.Errorf("%s sent %s %+v: %w", p, cmd.Type(), cmd, err)
					}
					break
				}
				res.Commands++
				acted = true
			}
		}
		if acted {
			continue
		}
		if !st.ViewFor("").Public().TimerRunning {
			return res, fmt.Errorf("bot: game stuck in phase %s, round %d: no bot has anything to do", st.Phase(), st.Round())
		}
		if _, err := st.Apply(game.SystemPlayer, game.EndStep{}); err != nil {
			return res, fmt.Errorf("bot: the sand timer could not end the step: %w", err)
		}
		res.Commands++
	}
	pub := st.ViewFor("").Public()
	if pub.Outcome == nil {
		return res, fmt.Errorf("bot: game not over after %d commands (phase %s)", res.Commands, pub.Phase)
	}
	res.Won, res.Cause, res.Rounds = pub.Outcome.Won, pub.Outcome.Cause, pub.Outcome.Round
	return res, nil
}
