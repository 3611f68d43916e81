package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"solitaire/controller"
	"solitaire/docs"
)

func TestHelpCommand(t *testing.T) {
	summary, _ := controller.HelpText("", false)
	move, _ := controller.HelpText("move", false)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"help"}, summary},
		{[]string{"help", "M"}, move},
		{[]string{"help", "move", "--color", "always"}, "\x1b[1mmove: move cards"},
	} {
		code, out, errOut := runCmd(t, "", tt.args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, tt.want) {
			t.Errorf("%v: exit %d, stderr %q, stdout %.80q, want %.80q", tt.args, code, errOut, out, tt.want)
		}
		if strings.Contains(out, "\n#") || strings.HasPrefix(out, "#") {
			t.Errorf("%v prints a raw Markdown heading", tt.args)
		}
	}
}

// TestPositionTakesASave checks what help load says --position takes: a saved game is taken up
// with its history, a position file starts fresh.
func TestPositionTakesASave(t *testing.T) {
	page, _ := docs.Page("load")
	if !strings.Contains(strings.Join(strings.Fields(page), " "), "--position FILE takes the same two things as load: a saved game") {
		t.Fatal("help load no longer says that --position takes a saved game: update this test with it")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "g.json")
	if code, _, errOut := runCmd(t, "draw\nsave "+file+"\n", "play", "klondike", "--seed", "3", "--state-dir", dir); code != 0 {
		t.Fatalf("save: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "undo\n", "play", "klondike", "--position", file, "--state-dir", dir, "--ascii")
	if code != 0 || !strings.Contains(out, "Klondike seed 3  moves 1") || !strings.Contains(out, "undid: draw") {
		t.Errorf("--position with a save: exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
}
