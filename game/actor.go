package game

import (
	"errors"
	"time"
)

// This file holds what the table actor (package game/table) and its users
// share with the engine: what a table is made of (TableConfig, with its
// Journal, Clock and Bots), what it hands each subscriber (Update, with each
// seat's Presence and the psychics' Pointers), and the errors its callers
// compare with. The actor itself, which owns a State and runs it, lives in
// game/table; nothing here runs.

// Journal records each accepted command before its result is announced, so a
// table survives a restart by replaying it (game/table's Restore). The store implements it.
// Append is called from the table's goroutine, one entry at a time, in order;
// when it fails the command is not applied and Submit returns the error.
type Journal interface {
	Append(JournalEntry) error
}

// JournalEntry is one accepted command of one table.
type JournalEntry struct {
	Table   string    // the table's code
	Seq     uint64    // 1 for the table's first accepted command, then +1
	Player  PlayerID  // who sent it (the table itself for the sand timer's EndStep)
	Command []byte    // MarshalCommand
	At      time.Time // when it was accepted, by the table's clock
}

// Bot plays one seat. Act reads the seat's view, exactly what a human in
// that seat would see, and returns the command to send, or nil when it has
// nothing to do. Package game/bot provides implementations; the interface lives
// here so that the actor can drive bots without importing them.
type Bot interface {
	Act(v View) Command
}

// BotFactory makes the bot that plays for player p. seed is derived from the
// table's seed and p, so a table's bots are reproducible. level is the bot
// seat's level, or "" for a bot standing in for an away player (the
// factory's default).
type BotFactory func(p PlayerID, seed uint64, level BotLevel) Bot

// TableConfig describes a table to game/table's New or Restore.
type TableConfig struct {
	Code    string
	Name    string
	Options Options
	Pools   Pools
	Host    PlayerID
	Seed    uint64

	// Journal receives every accepted command; nil keeps the table in memory only.
	Journal Journal
	// Clock is the table's time source; nil means the system clock.
	Clock Clock

	// Bots makes the bots that play bot seats and taken-over seats; nil leaves
	// those seats idle.
	Bots BotFactory
	// BotDelay is the pause before each bot action, so humans can follow what
	// bots do. 0 makes bots act at once (tests, simulations). With a BotDelay,
	// while a person plays at the table, bots also take a person's time over
	// each move (game/table/botpace.go).
	BotDelay time.Duration
	// TakeoverAfter lets a bot play for a seated player who has been away (no
	// subscription) this long during a game; the player takes the seat back by
	// subscribing again. 0 turns takeover off.
	TakeoverAfter time.Duration
	// MaxPause is how long the host may hold the sand timer before it runs
	// again by itself; 0 means DefaultMaxPause.
	MaxPause time.Duration
	// LastSeen, for a table restored after a restart, is the last moment
	// the server that ran it was known to be running (its heartbeat, or
	// the table's last journaled move if later). A sand timer running then
	// resumes with the time it had left at that moment: the time the
	// server was away is nobody's turn. Zero: the deadline is the one the
	// journal gives, as if the server had never stopped.
	LastSeen time.Time
	// ChatBurst is how many chat lines one identity may write at once, from
	// all its connections together, before the table paces it to one every
	// ChatEvery (game/table/chat.go); 0 means the default ChatBurst, negative no
	// pace at all (load tests).
	ChatBurst int
}

// Update is what a subscriber receives: the view of its player plus table
// metadata. Updates are values shared between subscribers: do not modify them.
type Update struct {
	Code    string
	Name    string
	Version uint64 // increases with every change a subscriber can see
	View    View   // ViewFor(the subscription's player)
	// Presence of every seated player, keyed by identity.
	Presence map[PlayerID]Presence
	// Deadline is when the sand timer runs out; zero when no timer runs or
	// while it is paused.
	Deadline time.Time
	// Remaining is the sand timer's time left while it is paused.
	Remaining time.Duration
	// ResumesAt is when a paused sand timer runs again by itself.
	ResumesAt time.Time
	// Pointing lists the cards the psychics point at now, in seat order.
	Pointing []Pointer
	// Unsaved: the server cannot save this table's moves now (its last
	// write failed: a full disk, a data directory gone), so the game waits;
	// the table retries its own moves (a bot's, the sand timer's) and
	// clears it at the first write that works.
	Unsaved bool
}

// Presence is what the table knows about one seated player's connection.
type Presence struct {
	Present   bool      // at least one open subscription (always true for bot seats)
	AwaySince time.Time // zero when present
	Bot       bool      // a bot is playing this seat now: a bot seat, or a takeover
}

// Pointer is one psychic player's cursor as the others see it: the card
// their seat points at, as on a real table. It names only cards everybody
// can see (the table, the visions given, the line-up).
type Pointer struct {
	Seat Seat
	Card CardID
}

// Clock is the table actor's source of time. The actor never sleeps: it keeps
// deadlines (the sand timer, a bot's next move, an away player's takeover) and
// asks the clock for one timer that fires at the earliest of them. Tests pass a
// game/table ManualClock so that they control time without sleeping.
type Clock interface {
	Now() time.Time
	// NewTimer returns a timer whose channel receives once, d after Now.
	NewTimer(d time.Duration) Timer
}

// Timer is the part of *time.Timer the actor uses.
type Timer interface {
	C() <-chan time.Time
	// Stop prevents the timer from firing; it reports whether it was pending.
	Stop() bool
}

// ErrTableStopped is returned by a table's Submit, and by a subscription's
// Next once the last update has been read, after the table was stopped
// (package game/table).
var ErrTableStopped = errors.New("table stopped")

// Chat pacing (the table actor's, per identity): a burst of ChatBurst lines, then
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
