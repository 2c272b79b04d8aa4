package bot

import (
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
)

func TestRandomBotsFinishEveryGameWithoutRejection(t *testing.T) {
	for _, e := range game.Editions {
		for _, d := range game.Difficulties(e) {
			for n := e.MinPlayers(); n <= e.MaxPlayers(); n++ {
				for _, kind := range Kinds {
					for seed := uint64(1); seed <= 3; seed++ {
						res, err := Play(Game{Options: game.Options{Edition: e, Difficulty: d}, Pools: game.TestPools(), Players: n, Seed: seed, Kind: kind, Tags: SyntheticTags(7)})
						if err != nil {
							t.Fatalf("%s/%s/%d/%s seed %d: %v", e, d, n, kind, seed, err)
						}
						if res.Rejected > 0 {
							t.Fatalf("%s/%s/%d/%s seed %d: %d rejected, first: %v", e, d, n, kind, seed, res.Rejected, res.FirstRejection)
						}
					}
				}
			}
		}
	}
}
