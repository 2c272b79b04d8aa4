package game

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"
)

// TestRuleErrorTextInBothLanguages refuses one command per error code on a
// real table and reads the refusal in English and in French: Error is the
// English, Text(French) the French with its typed words (colours,
// categories, editions, seats) in French too, and Say says the same.
func TestRuleErrorTextInBothLanguages(t *testing.T) {
	psychicOf := func(s *State, c Colour) PlayerID { return ownerOf(s, c) }
	for _, tc := range []struct {
		code   ErrorCode
		refuse func(t *testing.T) error
		en, fr string
	}{
		{ErrBadOptions, func(*testing.T) error { return Options{Edition: Classic, Difficulty: "nightmare"}.Validate() },
			`The classic edition has no "nightmare" difficulty.`, `L'édition classique n'a pas de difficulté "nightmare".`},
		{ErrBadOptions, func(*testing.T) error { return Options{Edition: "chess"}.Validate() },
			`There is no edition called "chess" (choose classic, modern or original).`, `Il n'y a pas d'édition "chess" (classique, moderne ou originale).`},
		{ErrBadCommand, func(t *testing.T) error {
			s := started(t, classic(Medium), 3)
			_, err := s.Apply(psychicOf(s, Purple), PlaceIntuition{Psychic: Green, Card: "C01"})
			return err
		}, "No psychic plays green at this table.", "Aucun médium ne joue la couleur vert à cette table."},
		{ErrWrongPhase, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply("host", Sit{Seat: Seat(Blue)})
			return err
		}, "The seats are fixed once the game has started.", "Les places ne changent plus une fois la partie commencée."},
		{ErrNotYourSeat, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply(psychicOf(s, Purple), PlaceIntuition{Psychic: Yellow, Card: "L01"})
			return err
		}, "You do not play ▲ Alma Salvador.", "Vous ne jouez pas ▲ Alma Salvador."},
		{ErrCard, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			giveAll(t, s)
			_, err := s.Apply(psychicOf(s, Purple), PlaceIntuition{Psychic: Purple, Card: "V01"})
			return err
		}, "Put your intuition on a character on the table.", "Posez votre pion intuition sur un personnage de la table."},
		{ErrTooMany, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply(ghostOf(s), GiveVision{To: Purple})
			return err
		}, "Give at least one card.", "Donnez au moins une carte."},
		{ErrVision, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			mustApply(t, s, ghostOf(s), GiveVision{To: Red, Cards: []CardID{s.hand[0]}})
			_, err := s.Apply(ghostOf(s), GiveVision{To: Red, Cards: []CardID{s.hand[0]}})
			return err
		}, "◆ Madam Wang has already had a vision this round.", "◆ Madam Wang a déjà reçu une vision ce tour-ci."},
		{ErrIntuition, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply(psychicOf(s, Purple), PlaceIntuition{Psychic: Purple, Card: s.table[Character][0]})
			return err
		}, "Wait for your vision before placing your intuition.", "Attendez votre vision avant de poser votre pion intuition."},
		{ErrToken, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			giveAll(t, s)
			_, err := s.Apply(psychicOf(s, Purple), PlaceToken{From: Purple, On: Yellow, Kind: TokenYes})
			return err
		}, "▲ Alma Salvador has no intuition to put a token on.", "▲ Alma Salvador n'a pas de pion intuition sur lequel poser un jeton."},
		{ErrDiscard, func(t *testing.T) error {
			s := started(t, original(VeryHard), 4)
			_, err := s.Apply(ghostOf(s), Discard{})
			return err
		}, "At this difficulty the ghost cannot discard.", "À cette difficulté, le fantôme ne peut pas défausser."},
		{ErrBadCommand, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			toFinal(t, s)
			_, err := s.Apply(ghostOf(s), ChooseCulprit{Group: 99})
			return err
		}, "There is no group 99.", "Il n'y a pas de groupe 99."},
		{ErrVote, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			toFinal(t, s)
			mustApply(t, s, ghostOf(s), ChooseCulprit{Group: 1})
			_, err := s.Apply(ghostOf(s), ChooseCulprit{Group: 1})
			return err
		}, "You have already chosen the culprit.", "Vous avez déjà choisi le coupable."},
		{ErrChat, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply(ghostOf(s), Chat{Text: "boo"})
			return err
		}, "The ghost never speaks.", "Le fantôme ne parle jamais."},
		{ErrNotSupported, func(t *testing.T) error {
			s := started(t, modern(), 4)
			toFinal(t, s)
			_, err := s.Apply(ghostOf(s), ChooseCulprit{Group: 1})
			return err
		}, "In the modern edition the culprit is drawn at random.", "Dans l'édition moderne, le coupable est tiré au hasard."},
		{ErrTakeBack, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply(ghostOf(s), TakeBack{})
			return err
		}, "There is no vision to take back.", "Il n'y a pas de vision à reprendre."},
		{ErrTimer, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply("host", ResumeTimer{})
			return err
		}, "The sand timer is not running.", "Le sablier ne s'écoule pas."},
		{ErrNote, func(t *testing.T) error {
			s := started(t, classic(Medium), 4)
			_, err := s.Apply(ghostOf(s), GiveVision{To: Purple, Cards: []CardID{s.hand[0]}, Note: strings.Repeat("x", 81)})
			return err
		}, "A note holds at most 80 characters (this one has 81).", "Une note tient en 80 caractères au plus (celle-ci en a 81)."},
		{ErrSeats, func(*testing.T) error { _, err := NewStarted(classic(Medium), TestPools(), 9, 1); return err },
			"A table has 2 to 7 players, not 9.", "Une table réunit de 2 à 7 joueurs, pas 9."},
		{ErrSeats, func(*testing.T) error {
			s := newState(Options{Edition: Modern}, TestPools(), "host", 1)
			for _, sit := range []struct {
				p    PlayerID
				seat Seat
			}{{"host", GhostSeat}, {"ann", Seat(Purple)}} {
				if _, err := s.Apply(sit.p, Sit{Seat: sit.seat}); err != nil {
					return err
				}
			}
			_, err := s.Apply("host", Start{})
			return err
		}, "The modern edition needs at least 3 players (ghost included); 2 are seated.",
			"L'édition moderne demande au moins 3 joueurs, fantôme compris (assis : 2)."},
		{ErrSeatTaken, func(*testing.T) error {
			s := newState(classic(Medium), TestPools(), "host", 1)
			if _, err := s.Apply("ann", Sit{Seat: Seat(Red)}); err != nil {
				return err
			}
			_, err := s.Apply("bob", Sit{Seat: Seat(Red)})
			return err
		}, "Somebody already sits in the red seat.", "Quelqu'un occupe déjà la place rouge."},
		{ErrNotSeated, func(*testing.T) error {
			s := newState(classic(Medium), TestPools(), "host", 1)
			_, err := s.Apply("ann", Stand{})
			return err
		}, "You are not sitting at this table.", "Vous n'avez pas de place à cette table."},
		{ErrNotHost, func(*testing.T) error {
			s := newState(classic(Medium), TestPools(), "host", 1)
			_, err := s.Apply("ann", Start{})
			return err
		}, "Only the host can start the game.", "Seul l'hôte peut lancer la partie."},
		{ErrGameOver, func(t *testing.T) error {
			s := started(t, classic(Medium), 2)
			for range LastRound {
				round(t, s, none)
			}
			_, err := s.Apply(ghostOf(s), TakeBack{})
			return err
		}, "The game is over.", "La partie est finie."},
		{ErrNotStarted, func(*testing.T) error {
			s := newState(classic(Medium), TestPools(), "host", 1)
			_, err := s.Apply("host", TakeBack{})
			return err
		}, "The game has not started yet.", "La partie n'a pas encore commencé."},
	} {
		t.Run(string(tc.code), func(t *testing.T) {
			err := tc.refuse(t)
			re, ok := AsRuleError(err)
			if !ok {
				t.Fatalf("error %v is not a *RuleError", err)
			}
			if re.Code != tc.code {
				t.Errorf("code %s, want %s", re.Code, tc.code)
			}
			if got := re.Error(); got != tc.en {
				t.Errorf("Error() = %q, want %q", got, tc.en)
			}
			for _, c := range []struct {
				l    i18n.Lang
				want string
			}{{i18n.English, tc.en}, {i18n.French, tc.fr}} {
				if got := re.Text(c.l); got != c.want {
					t.Errorf("Text(%s) = %q, want %q", c.l, got, c.want)
				}
				if got := Say(fmt.Errorf("wrapped: %w", err), c.l); got != c.want {
					t.Errorf("Say(wrapped, %s) = %q, want %q", c.l, got, c.want)
				}
			}
		})
	}
}

// newState is a table being seated, or nil when New refuses the options.
func newState(o Options, p Pools, host PlayerID, seed uint64) *State {
	s, err := New(o, p, host, seed)
	if err != nil {
		panic(err)
	}
	return s
}

// TestSayOtherErrors: an unsaved move and a stopped table are said as
// themselves, anything else as one plain sentence, never as a Go error.
func TestSayOtherErrors(t *testing.T) {
	secret := errors.New("open /var/lib/mysterium/tables/K7QX.journal: no space left on device")
	for _, tc := range []struct {
		name   string
		err    error
		en, fr string
	}{
		{"save", &SaveError{Table: "K7QX", Err: secret},
			"Your move was not saved (the server could not write it down), so nothing changed. Try again in a moment.",
			"Votre coup n'a pas été enregistré (le serveur n'a pas pu l'écrire) : rien n'a changé. Réessayez dans un instant."},
		{"stopped", fmt.Errorf("submit: %w", ErrTableStopped), "The table has stopped.", "La table s'est arrêtée."},
		{"a refusal that says In(l)", fmt.Errorf("hub: %w", inRefusal{}), "Not at this table.", "Pas à cette table."},
		{"other", secret, "That could not be done; nothing changed. Try again in a moment.",
			"Cela n'a pas pu se faire ; rien n'a changé. Réessayez dans un instant."},
		{"nil", nil, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Say(tc.err, i18n.English); got != tc.en {
				t.Errorf("Say(English) = %q, want %q", got, tc.en)
			}
			if got := Say(tc.err, i18n.French); got != tc.fr {
				t.Errorf("Say(French) = %q, want %q", got, tc.fr)
			}
		})
	}
}

// inRefusal is an error that says itself through In, as the server's do.
type inRefusal struct{}

func (inRefusal) Error() string { return "Not at this table." }
func (inRefusal) In(l i18n.Lang) string {
	if l == i18n.French {
		return "Pas à cette table."
	}
	return "Not at this table."
}

// TestEveryRuleErrorHasFrench reads the package's source and the table
// actor's (game/table): every sentence given to ruleErrorf or put in a
// RuleError's Format has a French text with the same verbs in the same
// order, so no refusal reaches a French player in English or with a
// misplaced argument.
func TestEveryRuleErrorHasFrench(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	actor, err := filepath.Glob(filepath.Join("table", "*.go"))
	if err != nil || len(actor) == 0 {
		t.Fatalf("no table actor's source in game/table: %v", err)
	}
	files = append(files, actor...)
	fset := token.NewFileSet()
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var lit *ast.BasicLit
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "ruleErrorf" && len(n.Args) > 1 {
					lit, _ = n.Args[1].(*ast.BasicLit)
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Format" {
					lit, _ = n.Value.(*ast.BasicLit)
				}
			}
			if lit == nil || lit.Kind != token.STRING {
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			seen++
			where := fset.Position(lit.Pos()).String()
			if !i18n.Has(format) {
				t.Errorf("%s: no French for %q", where, format)
				return true
			}
			fr := i18n.French.T(format)
			if a, b := verbs(format), verbs(fr); a != b {
				t.Errorf("%s: %q has verbs %q, its French %q has %q", where, format, a, fr, b)
			}
			return true
		})
	}
	if seen < 100 {
		t.Errorf("the scan read only %d refusals; is it still reading ruleErrorf?", seen)
	}
	for _, s := range []string{saveErrorText} {
		if !i18n.Has(s) {
			t.Errorf("no French for %q", s)
		}
	}
}

// verbs lists a format's verbs in order ("%s %d").
func verbs(format string) string {
	var out []string
	for i := 0; i < len(format)-1; i++ {
		if format[i] == '%' {
			out = append(out, format[i:i+2])
			i++
		}
	}
	return strings.Join(out, " ")
}
