package docs

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestTestingPage checks docs/testing.md, which is no help topic, by the rules of the help
// pages (plain ASCII, at most 80 columns, no trailing blanks), and that it names the fuzz
// targets .ci/run runs, and no others.
func TestTestingPage(t *testing.T) {
	page, err := os.ReadFile("testing.md")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(page), "\n"), "\n") {
		if len(line) > 80 {
			t.Errorf("testing.md:%d: %d columns, over 80", i+1, len(line))
		}
		if strings.TrimRight(line, " ") != line {
			t.Errorf("testing.md:%d: trailing spaces", i+1)
		}
		for _, r := range line {
			if r > 126 || r < 32 {
				t.Errorf("testing.md:%d: character %q is not plain ASCII", i+1, r)
				break
			}
		}
	}
	ci, err := os.ReadFile("../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	run := map[string]bool{}
	for _, m := range regexp.MustCompile(`[a-z]+:(Fuzz[A-Za-z]+)`).FindAllStringSubmatch(string(ci), -1) {
		run[m[1]] = true
	}
	named := map[string]bool{}
	for _, name := range regexp.MustCompile(`\bFuzz[A-Z][A-Za-z]+`).FindAllString(string(page), -1) {
		named[name] = true
	}
	for name := range named {
		if !run[name] {
			t.Errorf("testing.md names %s, which .ci/run does not run", name)
		}
	}
	for name := range run {
		if !named[name] {
			t.Errorf(".ci/run runs %s, which testing.md does not describe", name)
		}
	}
	if len(run) == 0 {
		t.Error(".ci/run runs no fuzz target")
	}
}
