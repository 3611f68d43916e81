package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"solitaire/controller"
)

// TestStateFolderThatCannotBeOpened: with piped input (--interactive) a state folder that
// cannot even be made means nothing was saved, and help saves promises exit status 3 for it,
// as for a save that fails later; before, the program said "playing without saving" and
// exited 0. Both ways of starting a game at the prompt are checked: play GAME and resuming.
func TestStateFolderThatCannotBeOpened(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(file, "state") // under a regular file: it cannot be made
	tests := []struct {
		name string
		args []string
	}{
		{"play", []string{"--state-dir", dir, "--interactive", "play", "freecell", "--deal", "1"}},
		{"resume", []string{"--state-dir", dir, "--interactive"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := runCmd(t, "c1 r\nquit\n", tt.args...)
			if code != controller.ExitError || !strings.Contains(errOut, "; playing without saving\n") {
				t.Errorf("exit %d, stderr %q; want exit %d and playing without saving", code, errOut, controller.ExitError)
			}
		})
	}
}
