package game

import "github.com/mysterium-ssh/mysterium/game/deck"

// PoolsOf returns a deck's card ids as the engine's pools. The engine only
// ever sees ids, so it does not depend on the art or on which deck it is.
func PoolsOf(d *deck.Deck) Pools {
	ids := func(k deck.Kind) []CardID {
		raw := d.IDs(k)
		out := make([]CardID, len(raw))
		for i, id := range raw {
			out[i] = CardID(id)
		}
		return out
	}
	return Pools{
		Visions:    ids(deck.Vision),
		Characters: ids(deck.Character),
		Locations:  ids(deck.Location),
		Objects:    ids(deck.Object),
	}
}

// BuiltinPools returns the built-in deck's ids (84 visions, 20 of each
// suspect category).
func BuiltinPools() Pools { return PoolsOf(deck.Builtin()) }
