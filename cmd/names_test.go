package cmd

import (
	"reflect"
	"strings"
	"testing"
)

// TestGameArgs holds the command line to the spellings of a game that the prompt takes (issue
// 25 item 4): play, solve, stats and help take "La Peau", "la_peau" and the two words la peau,
// and the words are the game only when they name one.
func TestGameArgs(t *testing.T) {
	for _, tt := range []struct{ args, want string }{
		{"play la peau --seed 3", "play lapeau --seed 3"},
		{"play La|Peau --seed 3", "play lapeau --seed 3"},
		{"play La_Peau", "play lapeau"},
		{"play LA-PEAU", "play lapeau"},
		{"--ascii --state-dir d play la peau", "--ascii --state-dir d play lapeau"},
		{"--state-dir play play la peau", "--state-dir play play lapeau"},
		{"play fifteen puzzle --relaxed", "play fifteen --relaxed"},
		{"play free cell --deal 3", "play freecell --deal 3"},
		{"solve la peau --seed 1", "solve lapeau --seed 1"},
		{"stats La|Peau", "stats lapeau"},
		{"help la peau", "help lapeau"},
		{"help Free|Cell", "help freecell"},
		// Left as they are: what names no game, and commands that take none.
		{"play la pea --seed 3", "play la pea --seed 3"},
		{"play klondike foo", "play klondike foo"},
		{"help move", "help move"},
		{"games", "games"},
		{"version la peau", "version la peau"},
	} {
		args := strings.Fields(tt.args)
		for i := range args {
			args[i] = strings.ReplaceAll(args[i], "|", " ") // one argument with a blank in it
		}
		want := strings.Fields(tt.want)
		if got := gameArgs(newRoot(streams{}), args); !reflect.DeepEqual(got, want) {
			t.Errorf("gameArgs(%q) = %q, want %q", args, got, want)
		}
	}
}

// TestGameNamesRun runs the commands with a game written as a player may write it: each must
// take the game, not refuse the words.
func TestGameNamesRun(t *testing.T) {
	state := t.TempDir()
	for _, args := range [][]string{
		{"play", "La Peau", "--seed", "1", "--quiet"},
		{"play", "la", "peau", "--seed", "1", "--quiet"},
		{"--state-dir", state, "stats", "la", "peau"},
		{"help", "La", "Peau"},
	} {
		code, out, errOut := runCmd(t, "", args...)
		if code != 0 || !strings.Contains(out, "La Peau") && !strings.Contains(out, "lapeau") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want La Peau", args, code, out, errOut)
		}
	}
}
