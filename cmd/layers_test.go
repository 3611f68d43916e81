package cmd

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLayers holds the packages to the way through that docs/architecture.md describes: cmd
// reads flags and calls into the controller, so it imports neither the solver nor the state
// folder (its tests included); the store keeps commands as text, and the controller passes it
// the reader (store.OpReader), so the store's code does not import the parser (its tests use
// the parser as the controller does).
func TestLayers(t *testing.T) {
	for _, tt := range []struct {
		glob      string
		tests     bool // the package's tests are held to it too
		forbidden []string
	}{
		{"*.go", true, []string{"solitaire/model/solve", "solitaire/controller/store"}},
		{"solitaire/*.go", true, []string{"solitaire/model/solve", "solitaire/controller/store"}},
		{"../controller/store/*.go", false, []string{"solitaire/parser", "solitaire/parser/notation", "solitaire/lexer"}},
		{"../model/*.go", false, []string{"solitaire/controller", "solitaire/controller/store", "solitaire/view", "solitaire/parser"}},
	} {
		files, err := filepath.Glob(tt.glob)
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no source: %v", tt.glob, err)
		}
		for _, f := range files {
			if !tt.tests && strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range file.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				for _, no := range tt.forbidden {
					if path == no {
						t.Errorf("%s imports %s", f, path)
					}
				}
			}
		}
	}
}
