// Package words says the game's things in a player's language: a
// category's word and article, an edition's and a difficulty's name, a
// seat's name, discards and votes, an hour's Roman number, durations, and
// the sentences that say what the table waits for (PhaseSentence,
// WaitingReady). Each is a function of the public view and the language
// alone, so every screen and the linear mode say a thing the same way.
// The French for them is registered here too.
package words
