package table

import (
	"context"
	"errors"
	"sync"

	"github.com/mysterium-ssh/mysterium/game"
)

// ErrSubscriptionClosed is returned by Next after Close.
var ErrSubscriptionClosed = errors.New("subscription closed")

// Subscription is one viewer's mailbox of table updates. It holds at most one
// update: a newer one replaces an older unread one, so a reader that stalls
// (a client that stopped reading its SSH channel) costs the actor nothing and
// simply sees the newest state when it comes back. Next and Close may be called
// from any goroutine; one reader per subscription.
type Subscription struct {
	table  *Table
	player game.PlayerID

	mu       sync.Mutex
	latest   game.Update
	fresh    bool // latest has not been returned by Next yet
	closed   bool
	lastSeen uint64

	wake      chan struct{} // capacity 1: "something changed"
	closeOnce sync.Once
}

func newSubscription(t *Table, p game.PlayerID) *Subscription {
	return &Subscription{table: t, player: p, wake: make(chan struct{}, 1)}
}

// Player is the identity this subscription views the table as.
func (s *Subscription) Player() game.PlayerID { return s.player }

// put stores u as the newest update. Called by the actor; never blocks.
func (s *Subscription) put(u game.Update) {
	s.mu.Lock()
	if s.closed || u.Version < s.latest.Version {
		s.mu.Unlock()
		return
	}
	s.latest = u
	s.fresh = true
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // a wake-up is already pending; the reader will find the newest update
	}
}

// Next blocks until there is an update newer than the last one it returned,
// ctx is done, the subscription is closed, or the table has stopped (after
// the final update has been read).
func (s *Subscription) Next(ctx context.Context) (game.Update, error) {
	for {
		s.mu.Lock()
		switch {
		case s.closed:
			s.mu.Unlock()
			return game.Update{}, ErrSubscriptionClosed
		case s.fresh:
			u := s.latest
			s.fresh = false
			s.lastSeen = u.Version
			s.mu.Unlock()
			return u, nil
		}
		s.mu.Unlock()
		select {
		case <-s.wake:
		case <-ctx.Done():
			return game.Update{}, ctx.Err()
		case <-s.table.done:
			// The actor has exited: no more puts. Deliver what is left once.
			s.mu.Lock()
			if s.fresh && !s.closed {
				u := s.latest
				s.fresh = false
				s.mu.Unlock()
				return u, nil
			}
			s.mu.Unlock()
			return game.Update{}, game.ErrTableStopped
		}
	}
}

// Close unsubscribes. When it was the player's last subscription, the player
// is marked away. Close is idempotent and never blocks on a stopped table.
func (s *Subscription) Close() {
	s.closeOnce.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		select {
		case s.wake <- struct{}{}:
		default:
		}
		s.table.send(request{kind: reqUnsubscribe, sub: s})
	})
}
