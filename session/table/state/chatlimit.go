package state

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// Chat pacing: a burst of chatBurst lines, then one line every chatEvery,
// the table's numbers. The table paces each identity over all its
// connections (game.ChatBurst); a session paces itself too, so that its
// player is told at once, the line kept.
const (
	ChatBurst = game.ChatBurst
	ChatEvery = game.ChatEvery
)

// chatSlowDown is the refusal of a line sent too soon (English; the flash
// shows it in the player's language).
var ChatSlowDown = i18n.N("Slow down: one chat line every 2 s. Your line is kept; press enter soon.")

// chatBucket is a token bucket on the session's clock (so tests control time).
// The zero value is a full bucket.
type ChatBucket struct {
	used int       // tokens spent and not yet refilled
	last time.Time // when used was last brought up to date
}

// allow reports whether a line may be sent at now, and spends a token if so.
func (b *ChatBucket) Allow(now time.Time) bool {
	if !b.last.IsZero() && b.used > 0 {
		refill := int(now.Sub(b.last) / ChatEvery)
		if refill > 0 {
			b.used = max(0, b.used-refill)
			b.last = b.last.Add(time.Duration(refill) * ChatEvery)
		}
	}
	if b.used == 0 {
		b.last = now
	}
	if b.used >= ChatBurst {
		return false
	}
	b.used++
	return true
}
