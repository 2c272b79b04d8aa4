package bot

import (
	"hash/fnv"

	"github.com/mysterium-ssh/mysterium/game"
)

// syntheticVocabulary is the tag vocabulary of SyntheticTags.
var syntheticVocabulary = []string{
	"red", "green", "blue", "gold", "black", "white", "moon", "key", "bird", "water",
	"fire", "glass", "rope", "book", "clock", "flower", "mask", "stairs", "window", "bone",
}

// SyntheticTags gives every card id three tags drawn from a small vocabulary
// by hashing the id with seed. It stands in for a deck's real tags in tests
// and simulations on generated card ids.
func SyntheticTags(seed uint64) Tags {
	return func(id game.CardID) []string {
		h := fnv.New64a()
		h.Write([]byte(id))
		x := h.Sum64() ^ seed*0x9e3779b97f4a7c15
		out := make([]string, 0, 3)
		for len(out) < 3 {
			tag := syntheticVocabulary[x%uint64(len(syntheticVocabulary))]
			x = x/uint64(len(syntheticVocabulary)) + x*0x2545f4914f6cdd1d
			dup := false
			for _, t := range out {
				dup = dup || t == tag
			}
			if !dup {
				out = append(out, tag)
			}
		}
		return out
	}
}
