package game

import "time"

// Chat pacing (the actor's, per identity): a burst of ChatBurst lines, then
// one line every ChatEvery, for each player identity (a key's fingerprint, a
// guest, a browser) at this table however many connections it has open: a
// session's own pace alone let one key with six sessions write six times as
// much. Generous for a conversation, tight enough that nobody can scroll the
// table's chat away from everybody else. The sessions pace themselves with
// the same numbers, so one connection hears it before asking the table.
const (
	ChatBurst = 5
	ChatEvery = 2 * time.Second
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
	if n := int(now.Sub(b.last) / ChatEvery); n > 0 {
		b.used = max(0, b.used-n)
		b.last = b.last.Add(time.Duration(n) * ChatEvery)
	}
}

// chatPace is each identity's chat bucket, at a table.
type chatPace map[PlayerID]*chatBucket

// pace refuses a chat line that p sends too soon after their others, from
// whichever connection, at a table whose TableConfig.ChatBurst is burst. It
// spends nothing: said does, once the line is accepted, so a line the rules
// refuse costs no token.
func (pace chatPace) pace(p PlayerID, c Command, burst int, now time.Time) error {
	if _, ok := deref(c).(Chat); !ok {
		return nil
	}
	if burst < 0 {
		return nil
	}
	if burst == 0 {
		burst = ChatBurst
	}
	b := pace[p]
	if b == nil {
		return nil
	}
	b.refill(now)
	if b.used >= burst {
		return ruleErrorf(ErrChat, "Slow down: one chat line every %d s from you, however many connections you have. Your line is kept.", int(ChatEvery/time.Second))
	}
	return nil
}

// said spends one of p's tokens for a chat line the table accepted, and
// forgets the buckets that are full again, so the map holds only the
// identities that chatted in the last ChatBurst*ChatEvery.
func (pace chatPace) said(p PlayerID, c Command, burst int, now time.Time) {
	if _, ok := deref(c).(Chat); !ok || burst < 0 {
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
