package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// A ghost bot gives every vision with a note naming the suspect it meant
// and the features it chose the cards for; the notes are kept as tags, fit
// the engine's limit in English and in French, and are everybody's once the
// game is over.
func TestGhostBotNotesEveryVision(t *testing.T) {
	d := deck.Builtin()
	names := map[i18n.Lang]func(game.CardID) string{}
	for _, l := range i18n.All {
		names[l] = func(id game.CardID) string {
			c, _ := d.Card(string(id))
			return c.NameIn(l)
		}
	}
	for _, e := range game.Editions {
		for _, lv := range game.BotLevels {
			res, err := Play(Game{Options: game.Options{Edition: e, Difficulty: game.Difficulties(e)[0]}, Pools: game.PoolsOf(d),
				Players: 4, Seed: 5, Kind: KindTags, Level: lv, Tags: DeckTags(d)})
			if err != nil || res.Rejected > 0 {
				t.Fatalf("%s/%s: %v %v", e, lv, err, res.FirstRejection)
			}
			fv := res.State.ViewFor("spectator:zed").(*game.FinishedView)
			visions := 0
			for _, h := range fv.History {
				visions += len(h.Visions)
			}
			if visions == 0 || len(fv.GhostNotes) != visions {
				t.Fatalf("%s/%s: %d notes for %d visions", e, lv, len(fv.GhostNotes), visions)
			}
			for _, n := range fv.GhostNotes {
				if n.Bot == nil || n.Text != "" {
					t.Fatalf("%s/%s: note %+v is not kept as tags", e, lv, n)
				}
				for _, l := range i18n.All {
					text := n.Say(l, names[l])
					named := false
					for _, tr := range fv.Trails {
						if tr.Psychic == n.To {
							for _, id := range tr.Cards {
								named = named || strings.HasSuffix(text, names[l](id))
							}
						}
					}
					if !named || len([]rune(text)) > game.MaxGhostNoteLen {
						t.Fatalf("%s/%s: note %q for %s in %s does not name a card of its trail", e, lv, text, n.To, l)
					}
				}
				if en := n.Say(i18n.English, names[i18n.English]); !strings.HasPrefix(en, "the ") && !strings.HasPrefix(en, "a long shot") {
					t.Fatalf("%s/%s: note %q", e, lv, en)
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
	b := &Tagged{tags: tags}
	name := func(id game.CardID) string { return map[game.CardID]string{"L1": "The Chapel"}[id] }
	for _, tc := range []struct {
		given  []game.CardID
		rivals []game.CardID
		want   string
	}{
		{[]game.CardID{"V1"}, []game.CardID{"L2"}, "the red tones and the eerie mood, like The Chapel"},
		{[]game.CardID{"V1", "V2"}, nil, "the candle and the red tones, like The Chapel"},
		{[]game.CardID{"V2"}, []game.CardID{"L2"}, "a long shot, for The Chapel"},
	} {
		if got := b.note(tc.given, "L1", tc.rivals).Say(i18n.English, name); got != tc.want {
			t.Errorf("note(%v, rivals %v) = %q, want %q", tc.given, tc.rivals, got, tc.want)
		}
	}
	// In French the same note reads with the deck's words in their places.
	fr := b.note([]game.CardID{"V1"}, "L1", []game.CardID{"L2"}).Say(i18n.French, func(game.CardID) string { return "La Chapelle" })
	if want := "ton rouge et air " + i18n.French.T("eerie") + ", comme La Chapelle"; fr != want {
		t.Errorf("in French: %q, want %q", fr, want)
	}
}

// oldNote is the note as the bot wrote it when notes were English text
// (before notes were kept as tags), to check the English is unchanged.
func oldNote(t *Tagged, names func(game.CardID) string, given []game.CardID, goal game.CardID, rivals []game.CardID) string {
	phrase := func(tag string) string {
		switch {
		case slices.Contains(colourTags, tag):
			return "the " + tag + " tones"
		case slices.Contains(moodTags, tag):
			return "the " + tag + " mood"
		}
		return "the " + tag
	}
	clip := func(s string) string {
		if r := []rune(s); len(r) > game.MaxGhostNoteLen {
			return string(r[:game.MaxGhostNoteLen])
		}
		return s
	}
	s := t.set(given...)
	rival := t.set(rivals...)
	var apart, shared []string
	for _, tag := range t.tags(goal) {
		b, ok := t.bit[tag]
		if !ok || !s.has(b) || slices.Contains(apart, tag) || slices.Contains(shared, tag) {
			continue
		}
		if !rival.has(b) {
			apart = append(apart, tag)
		} else {
			shared = append(shared, tag)
		}
	}
	name := names(goal)
	tags := append(apart, shared...)
	if len(tags) == 0 {
		return clip("a long shot, for " + name)
	}
	if len(tags) > 2 {
		tags = tags[:2]
	}
	parts := make([]string, len(tags))
	for i, tag := range tags {
		parts[i] = phrase(tag)
	}
	n := strings.Join(parts, " and ") + ", like " + name
	if len([]rune(n)) > game.MaxGhostNoteLen {
		n = parts[0] + ", like " + name
	}
	return clip(n)
}

// TestNoteEnglishUnchanged draws visions, goals and rivals from the built-in
// deck: the note kept as tags says in English exactly what the bot wrote
// before.
func TestNoteEnglishUnchanged(t *testing.T) {
	d := deck.Builtin()
	names := DeckNames(d)
	b := &Tagged{tags: DeckTags(d)}
	visions := d.IDs(deck.Vision)
	var suspects []string
	for _, k := range []deck.Kind{deck.Character, deck.Location, deck.Object} {
		suspects = append(suspects, d.IDs(k)...)
	}
	rng := rand.New(rand.NewPCG(16, 1))
	pick := func(ids []string, n int) []game.CardID {
		out := make([]game.CardID, n)
		for i := range out {
			out[i] = game.CardID(ids[rng.IntN(len(ids))])
		}
		return out
	}
	kinds := map[game.FeatureKind]int{}
	for range 3000 {
		given, goal, rivals := pick(visions, 1+rng.IntN(4)), pick(suspects, 1)[0], pick(suspects, rng.IntN(4))
		n := b.note(given, goal, rivals)
		want := oldNote(b, names, given, goal, rivals)
		if got := n.Say(i18n.English, names); got != want {
			t.Fatalf("note(%v, %s, %v) = %q, want %q", given, goal, rivals, got, want)
		}
		for _, f := range n.Features {
			kinds[f.Kind]++
		}
	}
	if len(kinds) != 3 {
		t.Errorf("the draws named features of kinds %v; want things, colours and moods", kinds)
	}
}
