package game

import (
	"math/bits"
	"math/rand/v2"
)

// The engine's randomness. Every draw goes through the table's PCG (the
// State's dice) via draw, which is math/rand/v2's 64-bit algorithm written
// out here: rand/v2 takes another path on 32-bit machines (a small home server may be
// one) and does not promise its Shuffle and IntN forever, while a journal
// must replay the same game on any machine and any Go release. On 64-bit
// machines the results are the same as rand/v2's today (rng_test.go checks).

// dice is the table's PCG: the State's only source of randomness.
type dice struct {
	rng rand.PCG
}

// draw returns a uniform number in [0,n), n > 0 (Lemire's multiply and reject).
func (d *dice) draw(n int) int {
	un := uint64(n)
	if un&(un-1) == 0 { // a power of two: mask
		return int(d.rng.Uint64() & (un - 1))
	}
	hi, lo := bits.Mul64(d.rng.Uint64(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(d.rng.Uint64(), un)
		}
	}
	return int(hi)
}

// shuffle is a Fisher-Yates shuffle drawn from the table's PCG.
func (d *dice) shuffle(ids []CardID) {
	for i := len(ids) - 1; i > 0; i-- {
		j := d.draw(i + 1)
		ids[i], ids[j] = ids[j], ids[i]
	}
}
