package session

import (
	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/cardart"
)

// cardSource is where the session gets a card's words and picture. The
// pictures come pre-rendered from a cache: drawing a frame never renders art.
type cardSource interface {
	// title and alt are the card's words in the reader's language l: a
	// built-in card's from the catalog, a custom card's from its manifest.
	title(id game.CardID, l i18n.Lang) string
	alt(id game.CardID, l i18n.Lang) string
	// art returns the picture at exactly w x h cells, or "" when there is none.
	art(id game.CardID, w, h int, p colorprofile.Profile) string
}

// DeckHub is an optional interface of the Hub: a server that plays a
// custom deck (--deck DIR) returns it here, and the session draws its cards.
type DeckHub interface {
	Deck() *deck.Deck
}

// defaultCards picks the card source: the hub's deck when it offers one
// (a custom --deck), else the built-in deck.
func defaultCards(hub Hub) cardSource {
	if dh, ok := hub.(DeckHub); ok {
		if d := dh.Deck(); d != nil {
			return deckCards{d}
		}
	}
	return deckCards{deck.Builtin()}
}

// deckCards draws cards of a deck through cardart's cache (rendered once
// per card, size and colour profile, shared by every session).
type deckCards struct{ d *deck.Deck }

func (c deckCards) card(id game.CardID) *deck.Card {
	card, ok := c.d.Card(string(id))
	if !ok {
		return nil
	}
	return card
}

func (c deckCards) title(id game.CardID, l i18n.Lang) string {
	if card := c.card(id); card != nil {
		return card.TitleIn(l)
	}
	return ""
}

func (c deckCards) alt(id game.CardID, l i18n.Lang) string {
	if card := c.card(id); card != nil {
		return card.AltIn(l)
	}
	return ""
}

func (c deckCards) art(id game.CardID, w, h int, p colorprofile.Profile) string {
	card := c.card(id)
	if card == nil || p == colorprofile.ASCII {
		// No colours: the session draws the card as words in a box.
		return ""
	}
	return cardart.Render(card, cardart.Size{W: w, H: h}, p)
}
