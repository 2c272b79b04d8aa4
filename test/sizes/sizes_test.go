// Package sizes_test holds the module to three sizes that keep its rooms
// readable: no type over 40 methods, no Go file over 800 lines (tests
// included) and no package over 6,000 lines of non-test code. A type with
// more methods holds more than one concept; a longer file or package is one
// a reader cannot hold in mind. Generated files (a "Code generated ... DO
// NOT EDIT." line) and testdata are left out.
//
// To see the figures yourself: go test ./test/sizes -run TestSizes -v
package sizes_test

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const (
	maxMethods      = 40   // methods declared on one type (test files excluded)
	maxFileLines    = 800  // lines of one .go file, tests included
	maxPackageLines = 6000 // lines of a package's non-test .go files
)

// over are today's offenders, each at the size it has now: it may shrink,
// never grow. Delete an entry when its thing is within the limit again
// (the test says so). Keys: "TYPE in DIR" for methods, a file's path for
// lines, "DIR/" for a package's lines (paths from the module's root).
var over = map[string]int{
	// Being shrunk by other work as this guard arrives: remove each entry
	// when its change lands.
}

// sizes are what the limits bound, keyed as over is.
type sizes struct {
	methods  map[string]int // "TYPE in DIR"
	files    map[string]int // "DIR/FILE.go"
	packages map[string]int // "DIR/"
}

var generated = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// measure walks the module at root and returns every size the limits bound.
func measure(root string) (sizes, error) {
	s := sizes{methods: map[string]int{}, files: map[string]int{}, packages: map[string]int{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if generated.Match(src) {
			return nil
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		dir := filepath.ToSlash(filepath.Dir(rel))
		lines := bytes.Count(src, []byte("\n"))
		s.files[rel] = lines
		if strings.HasSuffix(name, "_test.go") {
			return nil
		}
		s.packages[dir+"/"] += lines
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || len(fd.Recv.List) == 0 {
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			switch g := typ.(type) {
			case *ast.IndexExpr:
				typ = g.X
			case *ast.IndexListExpr:
				typ = g.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				s.methods[id.Name+" in "+dir]++
			}
		}
		return nil
	})
	return s, err
}

// check returns one sentence for each size over its limit (or its entry in
// allowed), and stale, one for each entry of allowed that is no longer
// needed. Stale entries do not fail the test: others shrink these offenders
// in parallel, and a shrunk one must not turn the test red; the test logs
// them so that their entries are deleted.
func check(s sizes, allowed map[string]int) (bad, stale []string) {
	seen := map[string]bool{}
	over := func(kind string, got map[string]int, limit int, advice string) {
		for k, n := range got {
			l := limit
			if a, ok := allowed[k]; ok {
				seen[k] = true
				l = a
				if n <= limit {
					stale = append(stale, fmt.Sprintf("%s is within the limit now (%d %s, at most %d): delete its entry in over", k, n, kind, limit))
					continue
				}
			}
			if n > l {
				bad = append(bad, fmt.Sprintf("%s has %d %s, more than %d: %s", k, n, kind, l, advice))
			}
		}
	}
	over("methods", s.methods, maxMethods, "give a concept of it its own type")
	over("lines", s.files, maxFileLines, "split the file along its seams")
	over("lines of non-test code", s.packages, maxPackageLines, "give a part of it a package of its own")
	for k := range allowed {
		if !seen[k] {
			stale = append(stale, fmt.Sprintf("%s is gone: delete its entry in over", k))
		}
	}
	sort.Strings(bad)
	sort.Strings(stale)
	return bad, stale
}

// TestSizes holds the module to the limits.
func TestSizes(t *testing.T) {
	s, err := measure(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.packages) < 10 || s.packages["session/"] == 0 {
		t.Fatalf("measured %d packages, not the module: run from test/sizes", len(s.packages))
	}
	bad, stale := check(s, over)
	for _, msg := range bad {
		t.Error(msg)
	}
	for _, msg := range stale {
		t.Log(msg)
	}
	if testing.Verbose() {
		var ps []string
		for p, n := range s.packages {
			ps = append(ps, fmt.Sprintf("%6d %s", n, p))
		}
		sort.Strings(ps)
		t.Logf("non-test lines by package:\n%s", strings.Join(ps, "\n"))
	}
}

// TestSizesCatchGrowth shows the guard at work on a module of its own: a
// 41st method, an 801-line file and a package of 6,001 lines are each
// caught, and an entry may not grow nor outlive its offender.
func TestSizesCatchGrowth(t *testing.T) {
	root := t.TempDir()
	write := func(rel, src string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	methods := func(n int) string {
		var b strings.Builder
		b.WriteString("package big\n\ntype T struct{}\n\n")
		for i := range n {
			fmt.Fprintf(&b, "func (*T) M%d() {}\n", i)
		}
		return b.String()
	}
	lines := func(pkg string, n int) string {
		return "package " + pkg + "\n" + strings.Repeat("\n", n-1)
	}
	write("big/t.go", methods(41))
	write("long/long.go", lines("long", 801))
	write("long/long_test.go", lines("long", 801))
	for i := range 8 {
		write(fmt.Sprintf("wide/w%d.go", i), lines("wide", 750))
	}
	write("wide/w8.go", lines("wide", 1))
	write("gen/gen.go", "// Code generated by hand. DO NOT EDIT.\n"+lines("gen", 900))
	write("ok/t.go", methods(40))
	write("ok/testdata/x.go", lines("x", 900))

	s, err := measure(root)
	if err != nil {
		t.Fatal(err)
	}
	bad, _ := check(s, nil)
	got := strings.Join(bad, "\n")
	for _, want := range []string{
		"T in big has 41 methods, more than 40",
		"long/long.go has 801 lines, more than 800",
		"long/long_test.go has 801 lines, more than 800",
		"wide/ has 6001 lines of non-test code, more than 6000",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the guard missed %q; it said:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 4 {
		t.Errorf("the guard said %d things, want 4 (a generated file, testdata and a type of 40 methods are fine):\n%s", n, got)
	}

	allowed := map[string]int{"T in big": 41, "long/long.go": 801, "long/long_test.go": 900, "wide/": 6001, "gone.go": 900, "ok/t.go": 900}
	_, stale := check(s, allowed)
	got = strings.Join(stale, "\n")
	for _, want := range []string{"gone.go is gone", "ok/t.go is within the limit now"} {
		if !strings.Contains(got, want) {
			t.Errorf("the guard missed %q; it said:\n%s", want, got)
		}
	}
	allowed = map[string]int{"T in big": 40, "long/long.go": 801, "long/long_test.go": 801, "wide/": 6001}
	if got, _ := check(s, allowed); len(got) != 1 || !strings.Contains(got[0], "T in big has 41 methods, more than 40") {
		t.Errorf("an entry let its offender grow: %q", got)
	}
}
