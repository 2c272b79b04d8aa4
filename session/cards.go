package session

import "github.com/mysterium-ssh/mysterium/game"

// Card sizes in terminal cells. The art is 32x48 pixels drawn with
// half-block cells (two pixels a cell), so a full card is 32x24 cells and a
// thumbnail half of that.
const (
	thumbW, thumbH = 16, 12
	cardW, cardH   = 32, 24
	miniW, miniH   = 8, 6
)

// cardName is what a card is called on screen: a suspect's title ("The
// Cook"), or "vision V12" for a vision card, which has no title.
func (m *Model) cardName(id game.CardID) string {
	if t := m.cards.title(id, m.lang()); t != "" {
		return t
	}
	return string(id)
}
