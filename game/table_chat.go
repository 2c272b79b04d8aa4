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

// paceChat refuses a chat line that p sends too soon after their others, from
// whichever connection. It spends nothing: chatSaid does, once the line is
// accepted, so a line the rules refuse costs no token.
func (t *Table) paceChat(p PlayerID, c Command) error {
	if _, ok := deref(c).(Chat); !ok {
		return nil
	}
	burst := t.cfg.ChatBurst
	if burst < 0 {
		return nil
	}
	if burst == 0 {
		burst = ChatBurst
	}
	b := t.chat[p]
	if b == nil {
		return nil
	}
	b.refill(t.now)
	if b.used >= burst {
		return ruleErrorf(ErrChat, "Slow down: one chat line every %d s from you, however many connections you have. Your line is kept.", int(ChatEvery/time.Second))
	}
	return nil
}

// chatSaid spends one of p's tokens for a chat line the table accepted, and
// forgets the buckets that are full again, so the map holds only the
// identities that chatted in the last ChatBurst*ChatEvery.
func (t *Table) chatSaid(p PlayerID, c Command) {
	if _, ok := deref(c).(Chat); !ok || t.cfg.ChatBurst < 0 {
		return
	}
	for q, b := range t.chat {
		if b.refill(t.now); b.used == 0 {
			delete(t.chat, q)
		}
	}
	b := t.chat[p]
	if b == nil {
		b = &chatBucket{last: t.now}
		t.chat[p] = b
	}
	b.used++
}
