package server

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The house's size limits, for server and the packages under it: no type
// over maxMethods methods, no file over maxFileLines lines (tests included),
// no package over maxPackageLines lines of code (tests excluded). A part that
// outgrows them gets a type, a file or a package of its own, as the
// moderator, the players, sweep.go and the packages guests, metrics, relay
// and weblink did.

// maxFileLines is the longest a file may be.
const maxFileLines = 800

// maxPackageLines is the most lines of code (tests excluded) a package may
// have.
const maxPackageLines = 6000

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

// TestNoFileOrPackageOutgrowsItsRoom counts the lines of every Go file of
// server and of the packages under it, and of each package's code.
func TestNoFileOrPackageOutgrowsItsRoom(t *testing.T) {
	code := map[string]int{} // package directory: lines of code
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n := bytes.Count(b, []byte("\n"))
		if n > maxFileLines {
			t.Errorf("server/%s has %d lines, more than %d: split it along its seams", filepath.ToSlash(path), n, maxFileLines)
		}
		if !strings.HasSuffix(path, "_test.go") {
			code[filepath.ToSlash(filepath.Join("server", filepath.Dir(path)))] += n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if code["server"] == 0 {
		t.Fatal("counted no line of server")
	}
	for pkg, n := range code {
		if n > maxPackageLines {
			t.Errorf("%s has %d lines of code, more than %d: give a cohesive part of it a package of its own", pkg, n, maxPackageLines)
		}
	}
}
