package parser

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goFile is a Go file name as comments cite one ("the conversion (parser.go)").
var goFile = regexp.MustCompile(`\b[a-z][a-z0-9_]*\.go\b`)

// TestCommentsCiteWhatExists keeps the package's comments and test messages true to its
// code: a file they cite must be in the package, and the hand-written token walker, which the
// participle grammar replaced (with diagnose.go), must not be spoken of as if it still ran.
func TestCommentsCiteWhatExists(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files found: %v", err)
	}
	for _, f := range files {
		if f == "comments_test.go" {
			continue // this file names what must not be cited
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			for _, name := range goFile.FindAllString(line, -1) {
				if _, err := os.Stat(name); err != nil {
					t.Errorf("%s:%d cites %s, which is not in the package", f, i+1, name)
				}
			}
			if strings.Contains(strings.ToLower(line), "walker") {
				t.Errorf("%s:%d speaks of the token walker, which is gone: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
