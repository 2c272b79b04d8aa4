package session

import "github.com/mysterium-ssh/mysterium/game"

// cardName is what a card is called on screen: a suspect's title ("The
// Cook"), or "vision V12" for a vision card, which has no title.
func (m *Model) cardName(id game.CardID) string {
	if t := m.cards.title(id, m.lang()); t != "" {
		return t
	}
	return string(id)
}
