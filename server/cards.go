package server

import (
	"fmt"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/bot"
	"github.com/mysterium-ssh/mysterium/game/deck"
)

// loadCards returns the deck (built-in, or the custom one in dir, refused at
// start with the file and the reason when it is bad), the card pools new
// tables draw from, and the tags the bots read.
func loadCards(dir string) (*deck.Deck, game.Pools, bot.Tags, error) {
	d := deck.Builtin()
	if dir != "" {
		var err error
		if d, err = deck.Load(dir); err != nil {
			return nil, game.Pools{}, nil, fmt.Errorf("server: deck: %w", err)
		}
	}
	ids := func(k deck.Kind) []game.CardID {
		var out []game.CardID
		for _, id := range d.IDs(k) {
			out = append(out, game.CardID(id))
		}
		return out
	}
	pools := game.Pools{
		Visions:    ids(deck.Vision),
		Characters: ids(deck.Character),
		Locations:  ids(deck.Location),
		Objects:    ids(deck.Object),
	}
	tags := func(id game.CardID) []string {
		if c, ok := d.Card(string(id)); ok {
			return c.Tags
		}
		return nil
	}
	return d, pools, tags, nil
}
