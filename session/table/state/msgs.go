package state

import (
	"context"
	"errors"

	tea "charm.land/bubbletea/v2"
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// The pump's messages. gen ties each to the subscription it came from, so
// that an update arriving after the player left that table is dropped.
type (
	UpdateMsg struct {
		Gen int
		U   game.Update
	}
	SubEndMsg struct {
		Gen int
		Err error
	}
	SubmitMsg struct {
		Gen  int
		Cmd  game.Command
		Err  error
		Done string // what to say when it was accepted
	}
)

// submitter and subscription are what the session needs of a *table.Table
// and its *table.Subscription (game/table).
type (
	Submitter interface {
		Submit(p game.PlayerID, c game.Command) error
		// Announce puts a notice of the table itself in its chat.
		Announce(n game.Notice) error
	}
	Subscription interface {
		Next(ctx context.Context) (game.Update, error)
		Close()
	}
)

// pump waits for the table's next update and hands it to the program as a
// message. The update loop re-arms it after each one, so there is exactly
// one goroutine per session waiting on the table, the actor never calls
// Program.Send, and a session that stops reading only delays itself.
func Pump(ctx context.Context, sub Subscription, gen int) tea.Cmd {
	return func() tea.Msg {
		u, err := sub.Next(ctx)
		if err != nil {
			return SubEndMsg{Gen: gen, Err: err}
		}
		return UpdateMsg{Gen: gen, U: u}
	}
}

// hubText is an error from the hub as this player reads it: the server's
// refusals say themselves in l (In); the Hub's errors are sentences for
// the player by its contract, so any other is shown as written.
func HubText(l i18n.Lang, err error) string {
	var in interface{ In(i18n.Lang) string }
	if errors.As(err, &in) {
		return in.In(l)
	}
	return err.Error()
}
