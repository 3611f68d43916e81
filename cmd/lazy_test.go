package cmd

import (
	"testing"

	"solitaire/model"
)

// TestLazyCommandsAsWhole: a game's command that a command line names, to run it, complete a
// word of it or show its help, is built as the whole tree builds it (the same page, usage and
// flags); a command line that names no game builds none.
func TestLazyCommandsAsWhole(t *testing.T) {
	whole := newRoot(streams{})
	for _, info := range model.Games() {
		for _, parent := range []string{"play", "solve"} {
			path := []string{parent, info.Name}
			want, _, err := whole.Find(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{path, append([]string{"__complete"}, append(path, "--")...), append(path, "--help")} {
				root, later := newTree(streams{})
				later.buildFor(root, args)
				got, _, err := root.Find(path)
				if err != nil || got == root {
					t.Fatalf("%v: %s not found (%v)", args, path, err)
				}
				if got.Long != want.Long || got.UsageString() != want.UsageString() || got.Flags().FlagUsages() != want.Flags().FlagUsages() {
					t.Errorf("%v: %s is not built as the whole tree builds it", args, got.CommandPath())
				}
			}
		}
	}
	root, later := newTree(streams{})
	later.buildFor(root, []string{"--version"})
	if len(later) != 2 {
		t.Errorf("--version built some of play's and solve's games: %d commands left to build, want 2", len(later))
	}
}
