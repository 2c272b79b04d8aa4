package session

import (
	"slices"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/game"
	"github.com/mysterium-ssh/mysterium/game/deck"
	"github.com/mysterium-ssh/mysterium/i18n"
	"github.com/mysterium-ssh/mysterium/session/linear"
	"github.com/mysterium-ssh/mysterium/session/ui/cardface"
)

// base is a classic table in hour 1 with two psychics: alice (purple,
// the viewer) and a bot (yellow); the ghost is gwen.
func linearBase() *game.TableView {
	return &game.TableView{
		Me:      "alice",
		Edition: game.Classic,
		Phase:   game.PhaseVision,
		Round:   1,
		Seats: []game.SeatView{
			{Seat: game.GhostSeat, Player: "gwen", Name: "gwen"},
			{Seat: 0, Player: "alice", Name: "alice"},
			{Seat: 1, Player: "bot1", Name: "bot", Bot: true},
		},
		Psychics: []game.PsychicPublic{
			{Colour: game.Purple, Owner: 0, Category: game.Character},
			{Colour: game.Yellow, Owner: 1, Category: game.Character},
		},
		TableCards: [3][]game.CardID{{"C01", "C02", "C03"}},
	}
}

// change returns a copy of base changed by f (views are values: the diff
// must not see the old one change under it).
func change(base *game.TableView, f func(v *game.TableView)) *game.TableView {
	v := *base
	v.Seats = slices.Clone(base.Seats)
	v.Psychics = slices.Clone(base.Psychics)
	for i := range v.Psychics {
		v.Psychics[i].Vision = slices.Clone(v.Psychics[i].Vision)
		v.Psychics[i].TokensOn = slices.Clone(v.Psychics[i].TokensOn)
	}
	v.Chat = slices.Clone(base.Chat)
	v.History = slices.Clone(base.History)
	f(&v)
	return &v
}

func psyUpdate(v *game.TableView) game.Update {
	return game.Update{View: &game.PsychicView{TableView: *v, Seat: 0, Colours: []game.Colour{game.Purple}}}
}

func TestViewLines(t *testing.T) {
	w := linear.Words{L: i18n.English, Cards: fakeCards{}}
	base := linearBase()
	withVision := change(base, func(v *game.TableView) {
		v.Psychics[0].Vision = []game.CardID{"V12", "V40"}
		v.Psychics[0].ReceivedThisRound = true
	})
	seating := change(base, func(v *game.TableView) {
		v.Phase, v.Round, v.Psychics = game.PhaseSeating, 0, nil
		v.Seats = v.Seats[:2]
		for _, s := range []game.Seat{1, 2, 3, 4, 5} {
			v.Seats = append(v.Seats, game.SeatView{Seat: s})
		}
	})
	tests := []struct {
		name     string
		old, cur game.Update
		want     []string
	}{
		{"the first view says nothing (the summary does)", game.Update{}, psyUpdate(base), nil},
		{"nothing changed", psyUpdate(base), psyUpdate(base), nil},
		{"my vision", psyUpdate(base), psyUpdate(withVision),
			[]string{"You received a vision of 2 cards: V12, a raven on a teacup, card V12; V40, a raven on a teacup, card V40."}},
		{"another's vision of one card", psyUpdate(base), psyUpdate(change(base, func(v *game.TableView) {
			v.Psychics[1].Vision = []game.CardID{"V07"}
		})), []string{"The yellow bot received a vision of 1 card: V07, a raven on a teacup, card V07."}},
		{"an intuition, then ready, in one jump", psyUpdate(withVision), psyUpdate(change(withVision, func(v *game.TableView) {
			v.Psychics[1].Intuition = "C02"
			v.Psychics[1].Ready = true
		})), []string{"The yellow bot placed an intuition on The C02.", "The yellow bot is ready."}},
		{"a token", psyUpdate(base), psyUpdate(change(base, func(v *game.TableView) {
			v.Psychics[0].TokensOn = []game.TokenPlacement{{From: game.Yellow, Kind: game.TokenNo}}
		})), []string{"The yellow bot put a no token on the intuition of alice (purple)."}},
		{"a sit and a bot before the game", psyUpdate(seating), psyUpdate(change(seating, func(v *game.TableView) {
			v.Seats[2] = game.SeatView{Seat: 1, Player: "bot1", Bot: true}
			v.Seats[1].Ready = true
		})), []string{"alice is ready.", "A bot sits in the yellow seat."}},
		{"the game begins", psyUpdate(seating), psyUpdate(base),
			[]string{"A bot sits in the yellow seat.", "The game begins.", "alice (purple) looks for a character.", "The yellow bot looks for a character."}},
		{"results, then the next hour's vision, in one jump", psyUpdate(change(withVision, func(v *game.TableView) {
			v.Psychics[0].Intuition = "C01"
		})), psyUpdate(change(base, func(v *game.TableView) {
			v.Round = 2
			v.RevealCount = 2
			v.History = []game.RoundRecord{{Round: 1, Results: []game.RevealResult{
				{Psychic: game.Purple, Intuition: "C01", Correct: true},
				{Psychic: game.Yellow},
			}, Visions: []game.VisionRecord{{To: game.Purple, Cards: []game.CardID{"V12", "V40"}}, {To: game.Yellow, Cards: []game.CardID{"V50"}}}}}
			v.Psychics[0].Category = game.Location
			v.Psychics[1].Vision = []game.CardID{"V50", "V51"}
		})), []string{
			"Knock: alice (purple) is right about The C01.",
			"Knock knock: the yellow bot had no intuition.",
			"Hour 2 of 7 begins.",
			"The yellow bot received a vision of 1 card: V50, a raven on a teacup, card V50.",
			"The yellow bot received a vision of 1 card: V51, a raven on a teacup, card V51.",
		}},
		{"chat: only the new lines, even when old ones scrolled away", psyUpdate(change(base, func(v *game.TableView) {
			v.Chat = []game.ChatLine{{Name: "gwen", Text: "one"}, {Name: "alice", Text: "two"}}
		})), psyUpdate(change(base, func(v *game.TableView) {
			v.Chat = []game.ChatLine{{Name: "alice", Text: "two"}, {Name: "bob", Text: "three\x1b[2J"}}
		})), []string{"bob says: three"}},
		{"presence", game.Update{View: psyUpdate(base).View, Presence: map[game.PlayerID]game.Presence{"gwen": {Present: true}}},
			game.Update{View: psyUpdate(base).View, Presence: map[game.PlayerID]game.Presence{"gwen": {}}},
			[]string{"gwen is away."}},
		{"the final phase and a vote", psyUpdate(base), psyUpdate(change(base, func(v *game.TableView) {
			v.Phase = game.PhaseVote
			v.Final = &game.FinalPublic{Groups: []game.Group{{Number: 1, Owner: game.Purple, Cards: [3]game.CardID{"C01", "L01", "O01"}}},
				SharedVisible: []game.CardID{"V09"}, OpenVotes: []game.CastVote{{Voter: game.Yellow, Group: 1}}}
		})), []string{
			"The final phase begins. The groups of suspects:",
			"Group 1, the trail of alice (purple): The C01, The L01, The O01.",
			"Shared vision, card 1: V09, a raven on a teacup, card V09.",
			"The yellow bot votes for group 1.",
		}},
		{"the end", psyUpdate(base), psyUpdate(change(base, func(v *game.TableView) {
			v.Phase = game.PhaseFinished
			v.Outcome = &game.Outcome{Cause: game.LossClock}
		})), []string{"THE PSYCHICS LOST: the clock ran out."}},
		{"moves cannot be saved", psyUpdate(base), game.Update{View: psyUpdate(base).View, Unsaved: true},
			[]string{"The server cannot save moves: the game waits."}},
		{"moves are saved again", game.Update{View: psyUpdate(base).View, Unsaved: true}, psyUpdate(base),
			[]string{"The server saves moves again: the game goes on."}},
		{"the ghost draws", game.Update{View: &game.GhostView{TableView: *base, Hand: []game.CardID{"V01", "V02"}}},
			game.Update{View: &game.GhostView{TableView: *base, Hand: []game.CardID{"V02", "V03"}}},
			[]string{"You drew 1 card: V03, a raven on a teacup, card V03."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := linear.ViewLines(w, tc.old, tc.cur)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.want, "\n  "))
			}
		})
	}
}

// French lines come out in French, plural forms included.
func TestViewLinesInFrench(t *testing.T) {
	w := linear.Words{L: i18n.French, Cards: fakeCards{}}
	base := linearBase()
	got := linear.ViewLines(w, psyUpdate(base), psyUpdate(change(base, func(v *game.TableView) {
		v.Psychics[0].Vision = []game.CardID{"V12"}
		v.Psychics[1].Intuition = "C02"
		v.Psychics[0].TokensOn = []game.TokenPlacement{{From: game.Yellow, Kind: game.TokenNo}}
		v.Psychics[1].TokensOn = []game.TokenPlacement{{From: game.Purple, Kind: game.TokenYes}}
	})))
	want := []string{
		"Vous avez reçu une vision de 1 carte : V12, a raven on a teacup, card V12.",
		"Le robot jaune a posé un jeton clairvoyance ✘ sur l'intuition de alice (violet).",
		"Le robot jaune a posé son pion intuition sur The C02.",
		"alice (violet) a posé un jeton clairvoyance ✔ sur l'intuition du robot jaune.",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// The built-in deck's cards are said in the player's language: a suspect's
// French title, a vision card's French description (the deck's own, not
// the catalog's).
func TestLinearCardWordsInFrench(t *testing.T) {
	d := deck.Builtin()
	fr := linear.Words{L: i18n.French, Cards: cardface.DeckCards{Deck: d}}
	en := linear.Words{L: i18n.English, Cards: cardface.DeckCards{Deck: d}}
	for _, id := range []game.CardID{"C01", "L05", "O03", "V12", "V40"} {
		c, _ := d.Card(string(id))
		if fr.Card(id) == en.Card(id) {
			t.Errorf("%s reads the same in French: %q", id, fr.Card(id))
		}
		want := c.TitleIn(i18n.French)
		if want == "" {
			want = string(id) + ", " + strings.TrimSuffix(c.AltIn(i18n.French), ".")
		}
		if got := fr.Card(id); got != want {
			t.Errorf("%s in French: %q, want %q", id, got, want)
		}
	}
}
