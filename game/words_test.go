package game_test

import (
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/i18n"
)

// namer is any of the engine's typed words.
type namer interface{ Name(i18n.Lang) string }

func TestWordsInBothLanguages(t *testing.T) {
	for _, tc := range []struct {
		v      namer
		en, fr string
	}{
		{game.Purple, "purple", "violet"},
		{game.Green, "green", "vert"},
		{game.Location, "location", "lieu"},
		{game.Object, "object", "objet"},
		{game.GhostSeat, "ghost", "fantôme"},
		{game.Seat(game.Red), "red", "rouge"},
		{game.NoSeat, "none", "aucune"},
		{game.Original, "original", "originale"},
		{game.VeryHard, "very-hard", "très difficile"},
		{game.NoDifficulty, "", ""},
		{game.Edition("chess"), "chess", "chess"}, // a client's word stays as it came
		{game.PhaseCulprit, "choosing the culprit", "choix du coupable"},
		{game.BotSeasoned, "seasoned", "confirmé"},
	} {
		if got := tc.v.Name(i18n.English); got != tc.en {
			t.Errorf("%#v.Name(English) = %q, want %q", tc.v, got, tc.en)
		}
		if got := tc.v.Name(i18n.French); got != tc.fr {
			t.Errorf("%#v.Name(French) = %q, want %q", tc.v, got, tc.fr)
		}
	}
}

// TestEveryWordHasFrench covers the words whose keys are not literals the
// catalog test can read (edition and difficulty constants).
func TestEveryWordHasFrench(t *testing.T) {
	var all []namer
	for _, c := range game.Colours {
		all = append(all, c)
	}
	for _, c := range game.Categories {
		all = append(all, c)
	}
	for _, s := range game.Seats {
		all = append(all, s)
	}
	all = append(all, game.NoSeat)
	for _, e := range game.Editions {
		all = append(all, e)
		for _, d := range game.Difficulties(e) {
			if d != game.NoDifficulty {
				all = append(all, d)
			}
		}
	}
	for _, p := range []game.Phase{game.PhaseSeating, game.PhaseVision, game.PhaseReveal, game.PhaseCulprit, game.PhaseVote, game.PhaseFinished} {
		all = append(all, p)
	}
	for _, b := range game.BotLevels {
		all = append(all, b)
	}
	for _, v := range all {
		en, fr := v.Name(i18n.English), v.Name(i18n.French)
		if en == "" || !i18n.Has(en) {
			t.Errorf("%#v: no French for %q (got %q)", v, en, fr)
		}
	}
}
