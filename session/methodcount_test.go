package session

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// maxMethods is how many methods a type of this package may have: a type
// with more holds more than one concept and is hard to read or to test alone.
const maxMethods = 40

// overMethods are the types still over maxMethods, at the count they have
// now: they may lose methods, never gain one. Lower a count as methods
// move to their own types, and delete the entry at 40.
var overMethods = map[string]int{}

// TestNoTypeGrowsTooManyMethods counts the methods declared on each type in
// the package's source (tests excluded).
func TestNoTypeGrowsTooManyMethods(t *testing.T) {
	files, err := filepath.Glob("*.go")
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
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				count[id.Name]++
			}
		}
	}
	for name, n := range count {
		limit := maxMethods
		if l, ok := overMethods[name]; ok {
			limit = l
		}
		if n > limit {
			t.Errorf("%s has %d methods, more than %d: give a concept of it its own type", name, n, limit)
		}
	}
	for name, l := range overMethods {
		if count[name] < l {
			t.Errorf("%s has %d methods now: lower its entry in overMethods from %d", name, count[name], l)
		}
	}
}
