package game

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxMethods is how many methods a type of the engine may declare: a type
// with more holds more than one concept and is hard to read or to test
// alone. The State's parts and phases are types of their own for this
// reason (state.go).
const maxMethods = 40

// overMethods are the types still over maxMethods, at the count they have
// now: they may lose methods, never gain one. Lower a count as methods
// move to their own types, and delete the entry at 40.
var overMethods = map[string]int{}

// TestNoTypeGrowsTooManyMethods counts the methods declared on each type of
// game and of every package under it (tests excluded).
func TestNoTypeGrowsTooManyMethods(t *testing.T) {
	dirs := map[string]bool{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			dirs[filepath.Dir(path)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !dirs["."] || !dirs["bot"] || !dirs["deck"] {
		t.Fatalf("the walk found only %v", dirs)
	}
	for dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		count := map[string]int{}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil {
					count[receiver(fd.Recv.List[0].Type)]++
				}
			}
		}
		for name, n := range count {
			limit := maxMethods
			if l, ok := overMethods[name]; ok && dir == "." {
				limit = l
			}
			if n > limit {
				t.Errorf("%s: %s has %d methods, more than %d: give a concept of it its own type", dir, name, n, limit)
			}
		}
		if dir == "." {
			for name, l := range overMethods {
				if count[name] < l {
					t.Errorf("%s has %d methods now: lower its entry in overMethods from %d", name, count[name], l)
				}
			}
		}
	}
}

// receiver names a method's receiver type: T for T, *T, T[P] and *T[P].
func receiver(e ast.Expr) string {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
