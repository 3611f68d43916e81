//go:build unix

package controller

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"solitaire/controller/store"
	"solitaire/parser"
)

// When the save made on leaving fails (the game's files replaced by named pipes, which the
// program never writes), quit and Ctrl-D do not say "Saved": they say the game is not saved and
// why, and print its moves with the command that takes them up again, and that script does.
func TestLeavingSaysWhenNotSaved(t *testing.T) {
	for _, tc := range []struct{ name, input string }{
		{"quit", "draw\nquit\n"},
		{"Ctrl-D", "draw\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state")
			d, err := store.Open(dir, parser.ParseOp)
			if err != nil {
				t.Fatal(err)
			}
			s := newTestSession(t, klondike1)
			s.Persist(d)
			s.Start()
			exec(t, s, "draw")
			s.afterCommand()
			for _, name := range []string{"klondike.json", "klondike.journal"} {
				p := filepath.Join(dir, name)
				os.Remove(p)
				if err := syscall.Mkfifo(p, 0o600); err != nil {
					t.Skip(err)
				}
			}
			var out bytes.Buffer
			within(t, func() {
				if code := s.RunPrompt(io.NopCloser(strings.NewReader(tc.input)), &out, &out, PromptOptions{}); code != ExitOK {
					t.Errorf("exit %d", code)
				}
			})
			text := out.String()
			at := strings.LastIndex(text, "NOT SAVED: Klondike seed 1, 2 moves.\n")
			if strings.Contains(text, "Saved:") || at < 0 {
				t.Fatalf("leaving claimed a save, or did not say it failed:\n%s", text[max(0, len(text)-600):])
			}
			bye := text[at:]
			for _, want := range []string{
				"the game could not be saved: ", "named pipe",
				"game: solitaire play klondike --seed 1 --interactive < FILE\n",
				"# solitaire play klondike --seed 1 < this-file\ndraw\ndraw\n",
			} {
				if !strings.Contains(bye, want) {
					t.Errorf("the farewell lacks %q:\n%s", want, bye)
				}
			}
			if w := s.TakeWarning(); w != "" {
				t.Errorf("the failure is left to be said again: %q", w)
			}
			// The script printed takes the game up where it was left.
			script := bye[strings.Index(bye, "# solitaire play"):]
			replayed, _, errOut, code := runScript(t, klondike1, script, ScriptOptions{})
			if code != ExitOK || replayed.Game.Moves() != 2 || !replayed.Game.State.Equal(&s.Game.State) {
				t.Errorf("the script printed does not take the game up (exit %d, %d moves): %s", code, replayed.Game.Moves(), errOut)
			}
		})
	}
}
