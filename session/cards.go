package session

import (
	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
)

// cardName is what a card is called on screen: a suspect's title ("The
// Cook"), or "vision V12" for a vision card, which has no title.
func (m *Model) cardName(id game.CardID) string {
	if t := m.cards.Title(id, m.lang()); t != "" {
		return t
	}
	return string(id)
}

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

// tiles draws this session's cards as they must look now.
func (m *Model) tiles() cardface.Tiles {
	return cardface.Tiles{Cards: m.cards, R: m.r, St: m.st, L: m.lang(), Plain: m.plain, Images: m.img.Way(wordsOnly(m), m.w, m.h).Images()}
}
