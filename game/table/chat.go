package table

import (
	"time"

	"github.com/mysterium-ssh/mysterium/game"
)

// chatBucket is a token bucket on the table's clock. The zero value is full.
type chatBucket struct {
	used int       // tokens spent and not yet refilled
	last time.Time // when used was last brought up to date
}

// refill brings the bucket up to date at now.
func (b *chatBucket) refill(now time.Time) {
	if b.used == 0 {
		b.last = now
		return
	}
	if n := int(now.Sub(b.last) / game.ChatEvery); n > 0 {
		b.used = max(0, b.used-n)
		b.last = b.last.Add(time.Duration(n) * game.ChatEvery)
	}
}

// chatPace is each identity's chat bucket, at a table.
type chatPace map[game.PlayerID]*chatBucket

// pace refuses a chat line that p sends too soon after their others, from
// whichever connection, at a table whose TableConfig.ChatBurst is burst. It
// spends nothing: said does, once the line is accepted, so a line the rules
// refuse costs no token.
func (pace chatPace) pace(p game.PlayerID, c game.Command, burst int, now time.Time) error {
	if _, ok := game.Deref(c).(game.Chat); !ok {
		return nil
	}
	if burst < 0 {
		return nil
	}
	if burst == 0 {
		burst = game.ChatBurst
	}
	b := pace[p]
	if b == nil {
		return nil
	}
	b.refill(now)
	if b.used >= burst {
		return ruleErrorf(game.ErrChat, "Slow down: one chat line every %d s from you, however many connections you have. Your line is kept.", int(game.ChatEvery/time.Second))
	}
	return nil
}

// said spends one of p's tokens for a chat line the table accepted, and
// forgets the buckets that are full again, so the map holds only the
// identities that chatted in the last ChatBurst*ChatEvery.
func (pace chatPace) said(p game.PlayerID, c game.Command, burst int, now time.Time) {
	if _, ok := game.Deref(c).(game.Chat); !ok || burst < 0 {
		return
	}
	for q, b := range pace {
		if b.refill(now); b.used == 0 {
			delete(pace, q)
		}
	}
	b := pace[p]
	if b == nil {
		b = &chatBucket{last: now}
		pace[p] = b
	}
	b.used++
}
