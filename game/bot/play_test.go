package bot

import (
	"encoding/json"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
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

// Random bots rarely reach the final phase on their own: play with tag bots
// until it starts, then hand every seat to a random bot, so that the random
// bot's culprit, shared-vision and vote moves are exercised too. No bot
// command may ever be refused.
func TestRandomBotsPlayTheFinalPhaseLegally(t *testing.T) {
	tags := SyntheticTags(3)
	finals := 0
	for _, e := range game.Editions {
		for n := e.MinPlayers(); n <= e.MaxPlayers(); n++ {
			for seed := uint64(1); seed <= 4; seed++ {
				opts := game.Options{Edition: e, Difficulty: game.Difficulties(e)[0]}
				s, err := game.NewStarted(opts, game.TestPools(), n, seed)
				if err != nil {
					t.Fatal(err)
				}
				var ids []game.PlayerID
				for _, sv := range s.ViewFor("").Public().Seats {
					if sv.Player != "" {
						ids = append(ids, sv.Player)
					}
				}
				smart, random := map[game.PlayerID]game.Bot{}, map[game.PlayerID]game.Bot{}
				for _, p := range ids {
					smart[p], _ = New(KindTags, Seed(seed, p), tags)
					random[p] = NewRandom(Seed(seed, p))
				}
				reached := false
				for steps := 0; s.Phase() != game.PhaseFinished; steps++ {
					if steps > 5000 {
						t.Fatalf("%s/%d seed %d: no end", e, n, seed)
					}
					if s.Phase() == game.PhaseCulprit {
						reached = true
					}
					acted := false
					for _, p := range ids {
						b := smart[p]
						if reached {
							b = random[p]
						}
						c := b.Act(s.ViewFor(p))
						if c == nil {
							continue
						}
						if _, err := s.Apply(p, c); err != nil {
							t.Fatalf("%s/%d seed %d: %s's %T %+v refused in phase %s: %v", e, n, seed, p, c, c, s.Phase(), err)
						}
						acted = true
					}
					if !acted {
						t.Fatalf("%s/%d seed %d: stuck in phase %s", e, n, seed, s.Phase())
					}
				}
				if reached {
					finals++
				}
			}
		}
	}
	if finals < 20 {
		t.Fatalf("only %d games reached the final phase", finals)
	}
}

func TestFactoryAndDeckTags(t *testing.T) {
	if _, err := Factory("clever", nil); err == nil {
		t.Error("Factory accepted an unknown kind")
	}
	f, err := Factory(KindTags, DeckTags(deck.Builtin()))
	if err != nil {
		t.Fatal(err)
	}
	if b := f("bot:ghost", 1, ""); b == nil {
		t.Fatal("Factory made no bot")
	}
	d := deck.Builtin()
	tags := DeckTags(d)
	if len(tags("V01")) == 0 {
		t.Error("the built-in deck's V01 has no tags through DeckTags")
	}
	if tags("nope") != nil {
		t.Error("an unknown card has tags")
	}
}

// Bots are deterministic: the same seed plays the same game.
func TestBotsAreDeterministic(t *testing.T) {
	g := Game{Options: game.Options{Edition: game.Classic, Difficulty: game.Hard}, Pools: game.TestPools(), Players: 6, Seed: 99, Kind: KindTags, Tags: SyntheticTags(1)}
	a, err := Play(g)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Play(g)
	if a.Commands != b.Commands || a.Won != b.Won || a.Rounds != b.Rounds {
		t.Fatalf("two runs differ: %+v / %+v", a, b)
	}
	ja, _ := json.Marshal(a.State.ViewFor(""))
	jb, _ := json.Marshal(b.State.ViewFor(""))
	if string(ja) != string(jb) {
		t.Fatal("two runs end in different states")
	}
}
