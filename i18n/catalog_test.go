package i18n_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/mysterium-ssh/mysterium/i18n"

	// Every package with player-facing sentences, for their French (their
	// fr.go files register it from init). server and web import the rest.
	_ "github.com/mysterium-ssh/mysterium/server"
	_ "github.com/mysterium-ssh/mysterium/web"
)

// TestEverySentenceHasFrench reads the module's source (tests excluded) and
// fails for every literal given to X.T, X.F, X.G or i18n.N that has no
// French text: an English sentence must not reach a French player
// untranslated. A sentence given to G needs its feminine form too.
func TestEverySentenceHasFrench(t *testing.T) {
	var missing []string
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "static") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			keys, ok := translated(n)
			for _, key := range keys {
				if ok && !i18n.Has(key) {
					missing = append(missing, fset.Position(n.Pos()).String()+": "+strconv.Quote(key))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("no French text: %s", m)
	}
}

// translated reports the catalog keys a call to X.T("..."), X.F("...", ...),
// i18n.N("...") or X.G(g, "...", ...) needs: its literal, and for G the
// literal's feminine form as well.
func translated(n ast.Node) ([]string, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	arg := 0
	switch sel.Sel.Name {
	case "T", "F":
	case "G":
		arg = 1
	case "N":
		if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "i18n" {
			return nil, false
		}
	default:
		return nil, false
	}
	if len(call.Args) <= arg {
		return nil, false
	}
	lit, ok := call.Args[arg].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return nil, false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return nil, false
	}
	if arg == 1 {
		return []string{s, i18n.FeminineKey(s)}, true
	}
	return []string{s}, true
}

// guessedGender is French that agrees with a player, whose gender nobody
// knows: an adjective or participle after "vous" ("vous êtes prêt",
// "vous seul", "vous vous êtes levé", "vous a déconnecté", "Déconnecté
// après"), or inclusive writing ("prêt·e") instead of a phrasing where
// nothing agrees.
var guessedGender = regexp.MustCompile(`·e\b|\b[Vv]ous (?:n'|ne )?(?:êtes|étiez|serez) (?:(?:pas|plus|déjà|encore|maintenant) )*(?:prêt|assis|seul|sûr|connecté|déconnecté|invité|parti|revenu|levé)|\b[Vv]ous seul|\b[Vv]ous vous êtes \p{L}+é\b|\bvous a \p{L}+é\b|^Déconnecté`)

// TestFrenchGuessesNoPlayersGender fails for a French text that makes a
// word agree with a player: those sentences are phrased so that nothing
// agrees ("Signal « prêt » donné.", "Vous avez quitté votre place.").
func TestFrenchGuessesNoPlayersGender(t *testing.T) {
	for _, k := range i18n.Keys() {
		if f := i18n.French.T(k); guessedGender.MatchString(f) {
			t.Errorf("%q: French %q agrees with a player (%q)", k, f, guessedGender.FindString(f))
		}
	}
}

func TestTheScanSeesAnUntranslatedSentence(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", `package x
func f() { _ = l.T("a"); _ = l.F("b %d", 1); _ = i18n.N("c"); _ = other.N("d"); _ = l.T(v); _ = l.G(g, "e %s", x) }`, 0)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	ast.Inspect(f, func(n ast.Node) bool {
		if k, ok := translated(n); ok {
			keys = append(keys, k...)
		}
		return true
	})
	if got, want := strings.Join(keys, ","), "a,b %d,c,e %s,e %s|f"; got != want {
		t.Errorf("the scan found %q, want %q", got, want)
	}
}
