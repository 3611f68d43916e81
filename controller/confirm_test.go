package controller

import (
	"errors"
	"os"
	"strings"
	"testing"

	"solitaire/parser"
	"solitaire/view"
)

// TestCheckedBeforeAsking: new and load are checked before they ask whether to abandon the
// game in progress (once, "load FILE" asked first, and after a yes said only "no such
// file", under the y): a file that cannot be loaded, or a new deal that cannot be dealt, is
// refused at once, naming the file or the option, and nothing is asked.
func TestCheckedBeforeAsking(t *testing.T) {
	t.Chdir(writeFiles(t, map[string]string{"bad.json": `{"game": "freecell", "piles": [{"name": "C9"}]}`}))
	for _, tt := range []struct{ line, want string }{
		{"load missing.json", "1:1: load missing.json: no such file"},
		{"load bad.json", "1:1: load bad.json: the cards must be a whole deck of 52 cards"},
		{`load "no such/dir/p.json"`, `1:1: load "no such/dir/p.json": no such file`},
		{"new klondike draw=2", `1:1: new klondike draw=2: option draw: "2" is not one of 1, 3`},
		{"new chess", `1:1: new chess: unknown game "chess"`},
		{"new seed=0", "1:1: new seed=0: seed=0: a seed is a whole number"},
	} {
		s := newTestSession(t, klondike1)
		s.ConfirmAbandon(true)
		exec(t, s, "draw")
		_, err := s.runLine(1, tt.line, func(parser.Command, Outcome) {})
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.line, err, tt.want)
		}
		if q := s.Question(); q != "" {
			t.Errorf("%s: asked %q before the command was known to fail", tt.line, q)
		}
	}
}

// TestAnswerErrorNamesTheCommand: an error met after a yes says which command it is of.
func TestAnswerErrorNamesTheCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	s := newTestSession(t, klondike1)
	for _, line := range []string{"save g.json", "save g.json"} {
		if _, err := s.runLine(1, line, func(parser.Command, Outcome) {}); err != nil {
			t.Fatal(err)
		}
	}
	if s.Question() != "replace it? [y/N]" {
		t.Fatalf("the second save asks %q", s.Question())
	}
	if err := os.WriteFile("g.json.bak", []byte("mine\n"), 0o600); err != nil { // in the meantime
		t.Fatal(err)
	}
	_, err := s.runLine(2, "y", func(parser.Command, Outcome) {})
	var le *lineError
	if !errors.As(err, &le) || !strings.HasPrefix(le.Msg, "save g.json: g.json.bak: it is not a solitaire save") {
		t.Errorf("the yes: %v, want it to name save g.json", err)
	}
}

// TestDescribeAPosition: a game from a file has no seed, and the question (and quit) name it
// as its status line does, "FreeCell position", not "FreeCell seed 0".
func TestDescribeAPosition(t *testing.T) {
	dir := writeFiles(t, map[string]string{"near.json": nearWon})
	g, err := LoadGame(dir+"/near.json", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSessionAt(g, view.Style{ASCII: true}, frozen)
	s.ConfirmAbandon(true)
	exec(t, s, "r1 f")
	exec(t, s, "restart")
	if q := s.Question(); q != "abandon FreeCell position, 1 move? [y/N]" {
		t.Errorf("asked %q", q)
	}
	if got := s.farewell(); strings.Contains(got, "seed 0") || !strings.Contains(got, "FreeCell position, 1 move") {
		t.Errorf("quit says %q", got)
	}
}
