package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxMethods is how many methods a type of this package, or of a package
// under it, may have: a type with more holds more than one concept and is
// hard to read or to test alone. Give a concept of such a type a type of its
// own (as the moderator, the key lists, the records and the players are).
const maxMethods = 40

// TestNoTypeGrowsTooManyMethods counts the methods declared on each type in
// the source of server and of the packages under it (tests excluded).
func TestNoTypeGrowsTooManyMethods(t *testing.T) {
	fset := token.NewFileSet()
	count := map[string]int{} // "server/store.Store"
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv == nil {
				continue
			}
			typ := fd.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				count[filepath.ToSlash(filepath.Join("server", filepath.Dir(path)))+"."+id.Name]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if count["server.Server"] == 0 || count["server.Hub"] == 0 {
		t.Fatalf("counted no method of Server or Hub: %v", count)
	}
	for name, n := range count {
		if n > maxMethods {
			t.Errorf("%s has %d methods, more than %d: give a concept of it its own type", name, n, maxMethods)
		}
	}
}
