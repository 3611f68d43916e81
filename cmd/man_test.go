package cmd

import (
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"solitaire/docs"
)

// TestManCoversEverything checks that `solitaire man` prints a roff page with a subsection for
// every command a player can run, every global flag, and every help topic.
func TestManCoversEverything(t *testing.T) {
	code, out, errOut := runCmd(t, "", "man")
	if code != 0 || errOut != "" {
		t.Fatalf("solitaire man: exit %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, ".nh\n.TH \"SOLITAIRE\" \"6\"") {
		t.Errorf("the page does not start with a .TH header for section 6: %.60q", out)
	}
	plain := strings.ReplaceAll(out, `\-`, "-") // go-md2man escapes hyphens in text, not in code
	root := newRoot(streams{in: io.NopCloser(strings.NewReader("")), out: io.Discard, err: io.Discard})
	var walk func(c *cobra.Command)
	count := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if !sub.IsAvailableCommand() && sub.Name() != "help" {
				continue
			}
			count++
			// The subsection's title is cobra's use line: "solitaire play klondike [flags]".
			if !strings.Contains(plain, "\n.SS "+sub.CommandPath()) {
				t.Errorf("the man page has no subsection for %q", sub.CommandPath())
			}
			sub.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) {
				if !f.Hidden && !strings.Contains(plain, "--"+f.Name) {
					t.Errorf("the man page does not list %s's flag --%s", sub.CommandPath(), f.Name)
				}
			})
			walk(sub)
		}
	}
	walk(root)
	if count < 15 {
		t.Errorf("only %d commands were checked: the walk is broken", count)
	}
	root.PersistentFlags().VisitAll(func(f *pflag.Flag) {
		if !strings.Contains(plain, "--"+f.Name) {
			t.Errorf("the man page does not list the global flag --%s", f.Name)
		}
	})
	for _, topic := range docs.Topics() {
		page, _ := docs.Page(topic)
		title, _, _ := strings.Cut(strings.TrimPrefix(page, "# "), "\n")
		if !strings.Contains(plain, "\n.SS "+strings.ReplaceAll(title, `\`, `\\`)+"\n") {
			t.Errorf("the man page has no subsection for the help topic %s (%q)", topic, title)
		}
	}
	// Lines of text that roff would read as requests: a help page's line starting with "." or "'".
	for i, line := range strings.Split(out, "\n") {
		if regexp.MustCompile(`^['.][a-z]`).MatchString(line) && !regexp.MustCompile(`^\.(nh|TH|SH|SS|PP|EX|EE|RS|RE|TP|IP|B|I|BR|sp|br|nf|fi|LP|ad|na)\b`).MatchString(line) {
			t.Errorf("man page line %d is an unknown roff request: %q", i+1, line)
		}
	}
}
