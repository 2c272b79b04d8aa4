package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestBotNoteSaysInBothLanguages: a bot's note is said in each reader's
// language, its tag words and its card's name included, and fits the
// note's limit in both.
func TestBotNoteSaysInBothLanguages(t *testing.T) {
	names := map[i18n.Lang]func(CardID) string{
		i18n.English: func(id CardID) string {
			return map[CardID]string{"L1": "The Chapel", "L2": "The Conservatory Under the Winter Sky", "L3": strings.Repeat("Long ", 20)}[id]
		},
		i18n.French: func(id CardID) string {
			return map[CardID]string{"L1": "La Chapelle", "L2": "Le Jardin d'hiver sous la lune d'argent", "L3": strings.Repeat("Longue ", 20)}[id]
		},
	}
	eerie := i18n.French.T("eerie") // game/deck's word; English until it has one
	long := strings.Repeat("x", maxTagLen)
	for _, tc := range []struct {
		name   string
		note   BotNote
		en, fr string
	}{
		{"two", BotNote{Features: []Feature{{FeatureThing, "ghost"}, {FeatureColour, "red"}}, Like: "L1"},
			"the ghost and the red tones, like The Chapel", "fantôme et ton rouge, comme La Chapelle"},
		{"mood", BotNote{Features: []Feature{{FeatureColour, "green"}, {FeatureMood, "eerie"}}, Like: "L1"},
			"the green tones and the eerie mood, like The Chapel", "ton vert et air " + eerie + ", comme La Chapelle"},
		{"one", BotNote{Features: []Feature{{FeatureThing, "object"}}, Like: "L1"},
			"the object, like The Chapel", "objet, comme La Chapelle"},
		{"none", BotNote{Like: "L1"}, "a long shot, for The Chapel", "au petit bonheur, pour La Chapelle"},
		{"too long for two", BotNote{Features: []Feature{{FeatureThing, long}, {FeatureColour, "white"}}, Like: "L2"},
			"the " + long + ", like The Conservatory Under the Winter Sky", long + ", comme Le Jardin d'hiver sous la lune d'argent"},
		{"clipped", BotNote{Like: "L3"}, ("a long shot, for " + strings.Repeat("Long ", 20))[:MaxGhostNoteLen],
			string([]rune("au petit bonheur, pour " + strings.Repeat("Longue ", 20))[:MaxGhostNoteLen])},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := GhostNote{Round: 1, To: Red, Bot: &tc.note}
			for _, c := range []struct {
				l    i18n.Lang
				want string
			}{{i18n.English, tc.en}, {i18n.French, tc.fr}} {
				got := n.Say(c.l, names[c.l])
				if got != c.want {
					t.Errorf("Say(%s) = %q, want %q", c.l, got, c.want)
				}
				if len([]rune(got)) > MaxGhostNoteLen {
					t.Errorf("Say(%s) = %q: longer than %d", c.l, got, MaxGhostNoteLen)
				}
			}
		})
	}
	// Without names a card is named by its id; a person's note is the same
	// text in every language.
	if got := (GhostNote{Bot: &BotNote{Like: "L1"}}).Say(i18n.French, nil); got != "au petit bonheur, pour L1" {
		t.Errorf("without names: %q", got)
	}
	if got := (GhostNote{Text: "red curtains = theatre"}).Say(i18n.French, nil); got != "red curtains = theatre" {
		t.Errorf("a person's note in French: %q", got)
	}
}

// seatedForNotes is a classic table's journal up to the start: the host
// is the ghost, two psychics.
func seatedForNotes() []Entry {
	return []Entry{
		{"host", Sit{Seat: GhostSeat}}, {"ann", Sit{Seat: Seat(Purple)}}, {"bob", Sit{Seat: Seat(Yellow)}},
		{"ann", SetReady{Psychic: Purple, Ready: true}},
		{"host", Start{}},
	}
}

// TestOldJournalBotNoteReadsAsWritten: a journal written before bot notes
// were kept as tags holds a bot's note as English text; replayed, it is
// still there and reads as written, in French too. A new journal's bot note
// comes back as tags and reads in French.
func TestOldJournalBotNoteReadsAsWritten(t *testing.T) {
	o := classic(Medium)
	entries := seatedForNotes()
	s, err := Replay(o, TestPools(), "host", 3, entries)
	if err != nil {
		t.Fatal(err)
	}
	card := s.hand[0]
	const old = "the candle and the red tones, like The Chapel"
	for _, tc := range []struct {
		name, line string
		fr         string
		bot        bool
	}{
		{"old", fmt.Sprintf(`{"type":"give-vision","args":{"to":"purple","cards":[%q],"note":%q}}`, card, old), old, false},
		{"new", fmt.Sprintf(`{"type":"give-vision","args":{"to":"purple","cards":[%q],"bot":{"features":[{"kind":"colour","tag":"red"}],"like":"L05"}}}`, card),
			"ton rouge, comme L05", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd, err := UnmarshalCommand([]byte(tc.line))
			if err != nil {
				t.Fatal(err)
			}
			s, err := Replay(o, TestPools(), "host", 3, append(entries[:len(entries):len(entries)], Entry{"host", cmd}, Entry{SystemPlayer, DeliverVision{}}))
			if err != nil {
				t.Fatal(err)
			}
			gv, ok := s.ViewFor("host").(*GhostView)
			if !ok || len(gv.GhostNotes) != 1 {
				t.Fatalf("the ghost's notes after the replay: %+v", gv)
			}
			n := GhostNoteFor(gv.GhostNotes, 1, Purple)
			if (n.Bot != nil) != tc.bot {
				t.Errorf("note %+v: bot note %v, want %v", n, n.Bot != nil, tc.bot)
			}
			if got := n.Say(i18n.French, nil); got != tc.fr {
				t.Errorf("Say(French) = %q, want %q", got, tc.fr)
			}
			if !tc.bot && n.Say(i18n.English, nil) != old {
				t.Errorf("Say(English) = %q, want %q", n.Say(i18n.English, nil), old)
			}
			b, err := MarshalCommand(cmd)
			if err != nil || string(b) != tc.line {
				t.Errorf("the command journals as %s (%v), want %s", b, err, tc.line)
			}
		})
	}
}

// A bot note the engine could not say is refused, and the give with it.
func TestGiveVisionRefusesABadBotNote(t *testing.T) {
	for _, tc := range []struct {
		name string
		give func(card CardID) GiveVision
	}{
		{"three features", func(c CardID) GiveVision {
			return GiveVision{To: Purple, Cards: []CardID{c}, Bot: &BotNote{Like: "L1", Features: []Feature{{FeatureThing, "a"}, {FeatureThing, "b"}, {FeatureThing, "c"}}}}
		}},
		{"unknown kind", func(c CardID) GiveVision {
			return GiveVision{To: Purple, Cards: []CardID{c}, Bot: &BotNote{Like: "L1", Features: []Feature{{"smell", "a"}}}}
		}},
		{"control character", func(c CardID) GiveVision {
			return GiveVision{To: Purple, Cards: []CardID{c}, Bot: &BotNote{Like: "L1", Features: []Feature{{FeatureThing, "a\x1b[2J"}}}}
		}},
		{"long tag", func(c CardID) GiveVision {
			return GiveVision{To: Purple, Cards: []CardID{c}, Bot: &BotNote{Like: "L1", Features: []Feature{{FeatureThing, strings.Repeat("a", maxTagLen+1)}}}}
		}},
		{"no card", func(c CardID) GiveVision { return GiveVision{To: Purple, Cards: []CardID{c}, Bot: &BotNote{}} }},
		{"text and tags", func(c CardID) GiveVision {
			return GiveVision{To: Purple, Cards: []CardID{c}, Note: "hi", Bot: &BotNote{Like: "L1"}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := started(t, classic(Medium), 4)
			mustRefuse(t, s, ghostOf(s), tc.give(s.hand[0]), ErrNote)
		})
	}
}
