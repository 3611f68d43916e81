package controller

import (
	"bytes"
	"strings"
	"testing"

	"solitaire/model"
)

// TestStandardLines: with --notation standard a line of moves is read whole before any move
// runs, so a word that is no move leaves the game as it was, as a command line that does not
// parse does; a move refused by the rules stops the line there, after the moves before it.
func TestStandardLines(t *testing.T) {
	for _, tc := range []struct {
		input, stderr string
		moves         int
	}{
		{input: "7a 7b\n", moves: 2},
		{input: "7a draw\n7b\n", moves: 1, stderr: "1:4: \"draw\" is not a move in standard notation; a line that begins with moves holds only moves (38 3a a8 3h ah 38v3)\n"},
		{input: "7a 7av0\n", stderr: "1:4: \"7av0\" moves no cards: the count after v is 1 or more\n"},
		{input: "7a 7b 7c\nc4 7d\n", moves: 3, stderr: "2:1: c4 (move R3 C4): 4D cannot go to C4, which needs a black 3\n"},
		{input: "7a; 7b\n", moves: 2}, // "7a;" is no move: a command line, where 7a is notation too
	} {
		s := newTestSession(t, model.Config{Game: "freecell", Deal: 617})
		if err := s.SetNotation("standard"); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		s.RunScript(strings.NewReader(tc.input), &out, &errOut, ScriptOptions{Quiet: true, KeepGoing: true})
		if errOut.String() != tc.stderr {
			t.Errorf("%q: stderr %q, want %q", tc.input, errOut.String(), tc.stderr)
		}
		if got := s.Game.MoveCount(); got != tc.moves {
			t.Errorf("%q: %d moves made, want %d", tc.input, got, tc.moves)
		}
	}
}
