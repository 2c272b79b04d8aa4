package cardface

import (
	"image"

	"github.com/charmbracelet/colorprofile"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/cardart"
)

// Source is where the session gets a card's words and picture. The
// pictures come pre-rendered from a cache: drawing a frame never renders art.
type Source interface {
	// Title and alt are the card's words in the reader's language l: a
	// built-in card's from the catalog, a custom card's from its manifest.
	Title(id game.CardID, l i18n.Lang) string
	Alt(id game.CardID, l i18n.Lang) string
	// Art returns the picture at exactly w x h cells, or "" when there is none.
	Art(id game.CardID, w, h int, p colorprofile.Profile) string
}

// DeckCards draws cards of a deck through cardart's cache (rendered once
// per card, size and colour profile, shared by every session).
type DeckCards struct{ Deck *deck.Deck }

func (c DeckCards) card(id game.CardID) *deck.Card {
	card, ok := c.Deck.Card(string(id))
	if !ok {
		return nil
	}
	return card
}

func (c DeckCards) Title(id game.CardID, l i18n.Lang) string {
	if card := c.card(id); card != nil {
		return card.TitleIn(l)
	}
	return ""
}

func (c DeckCards) Alt(id game.CardID, l i18n.Lang) string {
	if card := c.card(id); card != nil {
		return card.AltIn(l)
	}
	return ""
}

func (c DeckCards) Art(id game.CardID, w, h int, p colorprofile.Profile) string {
	card := c.card(id)
	if card == nil || p == colorprofile.ASCII {
		// No colours: the session draws the card as words in a box.
		return ""
	}
	return cardart.Render(card, cardart.Size{W: w, H: h}, p)
}

// Picture is a deck card's picture, which a terminal that draws images is
// sent (package pictures); nil for a card the deck does not know.
func (c DeckCards) Picture(id game.CardID) *image.RGBA {
	if card := c.card(id); card != nil {
		return card.Image
	}
	return nil
}
