package table

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// attendance is who is at the table: each player's open subscriptions, the
// seated humans who are away and since when, and those a bot plays for.
type attendance struct {
	conns    map[game.PlayerID]int       // open subscriptions per player
	away     map[game.PlayerID]time.Time // seated humans without a subscription, since when
	takeover map[game.PlayerID]bool      // seated humans a bot plays for
}

// syncAway brings the away list in line with the seats and subscriptions: a
// seated human without a subscription is away from now on; anyone else is
// not, and a player who came back takes their seat back from the bot. It
// reports whether anything changed.
func (t *Table) syncAway() bool {
	changed := false
	humans := map[game.PlayerID]bool{}
	for _, sp := range seated(t.pub) {
		if sp.bot {
			continue
		}
		humans[sp.id] = true
		if _, away := t.away[sp.id]; !away && t.conns[sp.id] == 0 {
			t.away[sp.id] = t.now
			changed = true
		}
	}
	for p := range t.away {
		if !humans[p] || t.conns[p] > 0 {
			delete(t.away, p)
			changed = true
		}
	}
	for p := range t.takeover {
		if _, away := t.away[p]; !away {
			delete(t.takeover, p)
			delete(t.bots, p)
			changed = true
		}
	}
	return changed
}

// presence is what the table knows of each seated player's connection.
func (t *attendance) presence(pub *game.TableView) map[game.PlayerID]game.Presence {
	out := map[game.PlayerID]game.Presence{}
	for _, sp := range seated(pub) {
		if sp.bot {
			out[sp.id] = game.Presence{Present: true, Bot: true}
			continue
		}
		since := t.away[sp.id]
		out[sp.id] = game.Presence{Present: t.conns[sp.id] > 0, AwaySince: since, Bot: t.takeover[sp.id]}
	}
	return out
}

// personPlays reports whether a person plays seat s now: a seated human
// with a connection whom no bot stands in for.
func (t *attendance) personPlays(s game.SeatView) bool {
	return s.Player != "" && !s.Bot && t.conns[s.Player] > 0 && !t.takeover[s.Player]
}

// anyPerson reports whether a person plays at the table now (personPlays).
func (t *attendance) anyPerson(pub *game.TableView) bool {
	for _, s := range pub.Seats {
		if t.personPlays(s) {
			return true
		}
	}
	return false
}
