package docs

import (
	"os"
	"regexp"
	"testing"
)

// TestReadmeGoVersion holds the Go version README.md asks for to go.mod's go line, the version
// the Go tool requires: a reader who installs what README names must be able to build (issue 13
// item 20). Every "Go 1.x" the README names must be that version.
func TestReadmeGoVersion(t *testing.T) {
	mod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+(?:\.\d+)?)\s*$`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("go.mod has no go line")
	}
	want := string(m[1])
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile(`\bGo (\d+\.\d+(?:\.\d+)?)\b`).FindAllSubmatch(readme, -1)
	if len(named) == 0 {
		t.Fatal("README.md names no Go version")
	}
	for _, n := range named {
		if string(n[1]) != want {
			t.Errorf("README.md asks for Go %s, go.mod's go line says %s", n[1], want)
		}
	}
}
