// Package table is the table actor: one goroutine per table owns its
// game.State, and everybody else talks to it by message (Submit, Point,
// Subscribe, Again, Stop).
//
// The actor journals each accepted command before anyone sees its result
// (game.Journal; Restore replays a journal after a restart), keeps the
// table's time as deadlines on one timer of its game.Clock (the sand timer
// and its pauses, a vision on its way, a bot's next move, an away player's
// takeover, the pointers' and the notes' throttles; ManualClock lets tests
// move time without sleeping), drives the bots (game.BotFactory) at a
// person's pace, paces chat per identity, and tells each subscriber what
// changed: a Subscription is a mailbox of one game.Update, the view of its
// own player only (game.State.ViewFor), so no secret leaves the actor for
// a seat that may not see it.
//
// The rules themselves are package game's; this package reads only the
// public view of the state (engine.go) and the engine's exported methods.
package table
