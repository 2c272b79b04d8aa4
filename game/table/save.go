package table

import "time"

// When the journal cannot write (a full disk, a data directory deleted
// under the server), a person's move is refused with a SaveError and the
// table's own moves (a bot's, the sand timer's end, a pause that runs out)
// wait and are retried, each retry later than the last (retryDelay). Every
// subscriber is told at once, not only the player whose move failed:
// Update.Unsaved is set from the first failed write until the first write
// that works, and the table broadcasts each change of it, so spectators and
// psychics waiting for a bot's vision read why nothing happens, and when
// the game goes on.

// saving is whether the table's moves are saved: whether the last write
// failed, whether the subscribers were told the current state of it, how
// many of the table's own retries failed in a row (their backoff), and the
// next try of a sand timer's EndStep that could not be saved.
type saving struct {
	unsaved, unsavedShown bool
	retries               int
	endAt                 time.Time
}

// retryAfter is how soon the actor first retries a command of its own that
// the journal failed to record; each failure in a row doubles it, up to
// retryMax.
const (
	retryAfter = time.Second
	retryMax   = 30 * time.Second
)

// retryDelay is the wait before the table's next retry of its own command,
// and counts the failure it follows.
func (t *saving) retryDelay() time.Duration {
	d := retryAfter << min(t.retries, 5)
	t.retries++
	return min(d, retryMax)
}

// saved notes a write that worked: the game goes on.
func (t *saving) saved() {
	t.unsaved = false
	t.retries = 0
	t.endAt = time.Time{}
}

// endDue is when the sand timer's EndStep is tried: at the deadline, or at
// its retry after a failed write.
func (t *saving) endDue(deadline time.Time) time.Time {
	if !t.endAt.IsZero() && !deadline.IsZero() {
		return t.endAt
	}
	return deadline
}

// tellSaving broadcasts a change of Unsaved that no update carried yet.
func (t *Table) tellSaving() {
	if t.unsaved != t.unsavedShown {
		t.version++
		t.broadcast()
	}
}

// Unsaved tells the table that its moves cannot be saved from now on
// (the server found its database gone): every subscriber is told at once,
// and the table says so until a write works again.
func (t *Table) Unsaved() {
	reply := make(chan error, 1)
	if t.send(request{kind: reqUnsaved, reply: reply}) {
		<-reply
	}
}
