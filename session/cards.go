package session

import (
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
)

// DeckHub is an optional interface of the Hub: a server that plays a
// custom deck (--deck DIR) returns it here, and the session draws its cards.
type DeckHub interface {
	Deck() *deck.Deck
}

// defaultCards picks the card source: the hub's deck when it offers one
// (a custom --deck), else the built-in deck.
func defaultCards(hub Hub) cardface.Source {
	if dh, ok := hub.(DeckHub); ok {
		if d := dh.Deck(); d != nil {
			return cardface.DeckCards{Deck: d}
		}
	}
	return cardface.DeckCards{Deck: deck.Builtin()}
}
