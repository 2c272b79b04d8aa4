// Package deck holds the built-in vision and suspect cards, their original
// procedural art, and the loader for custom decks.
package deck
