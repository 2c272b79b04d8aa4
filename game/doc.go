// Package game is the Mysterium rules engine and the table actor.
//
// The engine is pure and deterministic: a table's seed plus the commands it
// accepted rebuild the identical state, which is how tables are persisted and
// replayed. Nothing here knows about terminals, SSH or SQL.
package game
