// Package cardface draws a card's face: Source gives a card's words and
// pre-rendered picture (DeckCards, from a deck through cardart's shared
// cache), and Tiles draws cards as tiles with a caption and marks, or as
// words in a box in plain mode, so every card is readable without colour.
package cardface
