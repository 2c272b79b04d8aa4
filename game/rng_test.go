package game

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// The engine's own draws must equal math/rand/v2's on 64-bit machines, so
// that tables dealt before draw existed replay the same.
func TestDrawMatchesRandV2(t *testing.T) {
	if bits.UintSize != 64 {
		t.Skip("rand/v2 draws differently on 32-bit machines; the engine does not")
	}
	for seed := uint64(0); seed < 50; seed++ {
		s := &State{}
		s.rng.Seed(seed, seed^7)
		ref := rand.New(rand.NewPCG(seed, seed^7))
		for _, n := range []int{1, 2, 3, 7, 8, 20, 84, 1 << 40, 1<<62 + 3} {
			if got, want := s.draw(n), ref.IntN(n); got != want {
				t.Fatalf("seed %d n %d: draw %d, rand/v2 %d", seed, n, got, want)
			}
		}
		ids := TestPools().Visions
		mine := slices.Clone(ids)
		s.shuffle(mine)
		theirs := slices.Clone(ids)
		ref.Shuffle(len(theirs), func(i, j int) { theirs[i], theirs[j] = theirs[j], theirs[i] })
		if !slices.Equal(mine, theirs) {
			t.Fatalf("seed %d: shuffles differ", seed)
		}
	}
}

// A fixed deal: if this changes, every stored journal would replay a
// different game. Change it only with a migration.
func TestDealIsStable(t *testing.T) {
	s, err := NewStarted(classic(Medium), TestPools(), 4, 2024)
	if err != nil {
		t.Fatal(err)
	}
	got := []CardID{s.hand[0], s.hand[6], s.table[Character][0], s.table[Object][5], s.psychics[2].trail[Location]}
	want := []CardID{"V18", "V01", "C14", "O13", "L14"}
	if !slices.Equal(got, want) {
		t.Errorf("the deal for seed 2024 changed: got %q, want %q", got, want)
	}
	m, _ := NewStarted(modern(), TestPools(), 5, 3)
	toFinal(t, m)
	if m.final.culprit != 1 {
		t.Errorf("the modern culprit for seed 3 changed: %d", m.final.culprit)
	}
}
