package table

import (
	"slices"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
)

// namesMemo is a list's card names as a screen drew them last (a number
// and a title, padded or cut to the list), kept while the cards, their
// order, the width, the language and the titles are the same: after an
// update a list shows the same names, and only the marks beside them
// change. It holds one list (as many names as the game deals), the
// screen's own.
type namesMemo struct {
	ids   []game.CardID
	lang  i18n.Lang
	cards cardface.Source
	w     int
	names []string
}

// get is the names of ids drawn by draw(i, id), remembered for (ids,
// lang, cards, w).
func (n *namesMemo) get(ids []game.CardID, lang i18n.Lang, cards cardface.Source, w int, fresh bool, draw func(i int, id game.CardID) string) []string {
	if !fresh && n.names != nil && n.lang == lang && n.cards == cards && n.w == w && slices.Equal(n.ids, ids) {
		return n.names
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = draw(i, id)
	}
	*n = namesMemo{ids: slices.Clone(ids), lang: lang, cards: cards, w: w, names: names}
	return names
}
