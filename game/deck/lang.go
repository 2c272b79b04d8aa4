package deck

import "github.com/mysterium-ssh/mysterium/i18n"

// A card's words are kept in English, the catalog's key; a screen asks for
// them in its player's language. Each player of a table may read another
// language, so nothing here is stored already translated: the French of a
// built-in card comes from the catalog (fr_*.go), a custom card's from its
// manifest, at the moment it is drawn.

// TitleIn is the card's title in language l; "" for a vision card.
func (c *Card) TitleIn(l i18n.Lang) string {
	if l == i18n.French && c.titleFR != "" {
		return c.titleFR
	}
	return l.T(c.Title)
}

// AltIn is the card's alt-text in language l.
func (c *Card) AltIn(l i18n.Lang) string {
	if l == i18n.French && c.altFR != "" {
		return c.altFR
	}
	return l.T(c.Alt)
}

// NameIn is the card's title in language l, or its id when it has none.
func (c *Card) NameIn(l i18n.Lang) string {
	if c.Title != "" {
		return c.TitleIn(l)
	}
	return c.ID
}
