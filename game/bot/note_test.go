package bot

import (
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
)

// A ghost bot gives every vision with a note naming the suspect it meant
// and the features it chose the cards for; the notes fit the engine's limit
// and are everybody's once the game is over.
func TestGhostBotNotesEveryVision(t *testing.T) {
	d := deck.Builtin()
	names := DeckNames(d)
	for _, e := range game.Editions {
		for _, l := range game.BotLevels {
			res, err := Play(Game{Options: game.Options{Edition: e, Difficulty: game.Difficulties(e)[0]}, Pools: game.PoolsOf(d),
				Players: 4, Seed: 5, Kind: KindTags, Level: l, Tags: DeckTags(d), Names: names})
			if err != nil || res.Rejected > 0 {
				t.Fatalf("%s/%s: %v %v", e, l, err, res.FirstRejection)
			}
			fv := res.State.ViewFor("spectator:zed").(*game.FinishedView)
			visions := 0
			for _, h := range fv.History {
				visions += len(h.Visions)
			}
			if visions == 0 || len(fv.GhostNotes) != visions {
				t.Fatalf("%s/%s: %d notes for %d visions", e, l, len(fv.GhostNotes), visions)
			}
			for _, n := range fv.GhostNotes {
				named := false
				for _, tr := range fv.Trails {
					if tr.Psychic == n.To {
						for _, id := range tr.Cards {
							named = named || strings.HasSuffix(n.Text, names(id))
						}
					}
				}
				if !named || len([]rune(n.Text)) > game.MaxGhostNoteLen || !strings.HasPrefix(n.Text, "the ") && !strings.HasPrefix(n.Text, "a long shot") {
					t.Fatalf("%s/%s: note %q for %s does not name a card of its trail", e, l, n.Text, n.To)
				}
			}
		}
	}
}

func TestNotePhrases(t *testing.T) {
	tags := func(id game.CardID) []string {
		return map[game.CardID][]string{
			"V1": {"candle", "red", "eerie"}, "V2": {"moon"},
			"L1": {"candle", "red", "eerie", "church"}, "L2": {"candle"},
		}[id]
	}
	b := &Tagged{tags: tags, names: func(id game.CardID) string { return map[game.CardID]string{"L1": "The Chapel"}[id] }}
	for _, tc := range []struct {
		given  []game.CardID
		rivals []game.CardID
		want   string
	}{
		{[]game.CardID{"V1"}, []game.CardID{"L2"}, "the red tones and the eerie mood, like The Chapel"},
		{[]game.CardID{"V1", "V2"}, nil, "the candle and the red tones, like The Chapel"},
		{[]game.CardID{"V2"}, []game.CardID{"L2"}, "a long shot, for The Chapel"},
	} {
		if got := b.note(tc.given, "L1", tc.rivals); got != tc.want {
			t.Errorf("note(%v, rivals %v) = %q, want %q", tc.given, tc.rivals, got, tc.want)
		}
	}
}
