package cmd

import (
	"context"
	"strings"
	"testing"

	"solitaire/controller"
	"solitaire/docs"
	"solitaire/model"
)

func TestPlayWinnable(t *testing.T) {
	for _, tt := range []struct {
		name   string
		args   []string
		budget controller.WinnableOptions
		cancel bool // Ctrl-C before the search
		code   int
		stdout string // a line of stdout
		stderr string // the start of stderr
	}{
		{name: "a skipped seed", args: []string{"--ascii", "--quiet", "play", "klondike", "--seed", "6", "--winnable"},
			budget: controller.WinnableOptions{ShortenStates: 20_000}, code: controller.ExitOK, stdout: " Klondike seed 7  moves 0  score 0  0:00",
			stderr: "solitaire: winnable: seed 7; seed 6 skipped (no win within 200,000 positions)\n"},
		{name: "no winnable deal within the tries", args: []string{"play", "klondike", "--seed", "6", "--winnable"},
			budget: controller.WinnableOptions{MaxStates: 1, MaxTries: 2}, code: controller.ExitGaveUp,
			stderr: "solitaire: --winnable: none of the 2 deals from seed 6 on was proved winnable within 1 position each; " +
				"wins may be rare with these options: try other options or another starting number, or deal without winnable\n"},
		{name: "Ctrl-C", args: []string{"play", "klondike", "--seed", "6", "--winnable"}, cancel: true,
			code: controller.ExitInterrupted, stderr: "solitaire: --winnable: the search for a winnable deal was stopped\n"},
		{name: "not with --position", args: []string{"play", "klondike", "--position", "p.json", "--winnable"},
			code: controller.ExitUsage, stderr: "solitaire: --position starts from the file's cards: --winnable picks a deal"},
		{name: "not a flag of solve", args: []string{"solve", "klondike", "--seed", "6", "--winnable"},
			code: controller.ExitUsage, stderr: "solitaire: unknown flag: --winnable"},
		{name: "a bad --format before any search", args: []string{"--format", "xml", "play", "klondike", "--winnable"},
			code: controller.ExitUsage, stderr: `solitaire: --format "xml": use text or json`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			old := winnableBudget
			winnableBudget = tt.budget
			t.Cleanup(func() { winnableBudget = old })
			if tt.cancel { // Ctrl-C has come before the search begins
				old := interrupts
				interrupts = func(ctx context.Context) (context.Context, context.CancelFunc) {
					ctx, stop := context.WithCancel(ctx)
					stop()
					return ctx, stop
				}
				t.Cleanup(func() { interrupts = old })
			}
			code, out, errOut := runCmd(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit status %d, want %d; stderr %q", code, tt.code, errOut)
			}
			if !strings.HasPrefix(errOut, tt.stderr) {
				t.Errorf("stderr %q, want it to begin %q", errOut, tt.stderr)
			}
			if tt.stdout != "" && !strings.Contains("\n"+out+"\n", "\n"+tt.stdout+"\n") {
				t.Errorf("stdout has no line %q:\n%s", tt.stdout, out)
			}
			if tt.code != controller.ExitOK && out != "" {
				t.Errorf("a failed search printed a board:\n%s", out)
			}
		})
	}
}

// TestWinnableFlagEveryGame: every game's play takes --winnable and its page lists it; solve,
// which shares play's deal flags, does not take it.
func TestWinnableFlagEveryGame(t *testing.T) {
	root := newRoot(streams{})
	for _, info := range model.Games() {
		play, _, err := root.Find([]string{"play", info.Name})
		if err != nil || play.Flags().Lookup("winnable") == nil {
			t.Errorf("play %s has no --winnable (%v)", info.Name, err)
		}
		solve, _, err := root.Find([]string{"solve", info.Name})
		if err != nil || solve.Flags().Lookup("winnable") != nil {
			t.Errorf("solve %s takes --winnable (%v)", info.Name, err)
		}
		page, err := docs.Page(info.Name)
		if err != nil || !strings.Contains(page, "--winnable") || !strings.Contains(page, "winnable=true") {
			t.Errorf("help %s does not list --winnable and winnable=true (%v)", info.Name, err)
		}
	}
}
