// Package game is the Mysterium rules engine and the table actor.
//
// The engine is pure and deterministic: a table's seed plus the commands it
// accepted rebuild the identical state, which is how tables are persisted and
// replayed. Nothing here knows about terminals, SSH or SQL.
//
// # The engine
//
// New creates a table in the seating phase; players Sit, the host seats
// bots (SetBot) and Starts; (*State).Apply applies one Command from one
// player and either changes the state completely or returns a *RuleError
// with a sentence for the player and changes nothing (the command runs on a
// copy). All randomness comes from a PCG generator seeded from the table's
// seed; its state is part of State, so Replay rebuilds the exact game.
// (*State).ViewFor computes what one player may see; LegalCommands lists
// what they may do. The edition tables (cards on the table, discards,
// clairvoyance levels) are in rules.go, each in one place.
//
// # Decisions beyond RULES.md
//
// The rules leave a few situations open; the engine settles them so:
//   - In original, a medium has "placed" once their marker is down and they
//     say they are ready, so they can still move it while the mediums talk;
//     the step ends when every unfinished medium is ready, as in modern.
//   - When the deck, the discard pile and the hand are all empty, the ghost
//     may give a vision of no card, so the game can always go on.
//   - A completed modern vision (old cards kept plus new ones) is still at
//     most 7 cards.
//   - The ghost's hand is drawn back to 7 at the start of each round and of
//     the final phase too (it can be short only when every card was out).
//   - An allowance of once per round (easy) is renewed at the final phase
//     and at each new day of the original's votes.
//   - In the classic 2-player game the ghost may choose any of the 4 groups
//     as the culprit, the 2 random ones included (otherwise they would be
//     pointless decoys).
//   - Votes are cast per psychic player (in the 2- and 3-player variants a
//     player with two colours has one vote), under their own seat's colour.
//   - Before Start any seated player may chat, the ghost included: nothing
//     is secret yet. After the game everybody may, spectators included.
package game
