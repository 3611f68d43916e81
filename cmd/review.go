package cmd

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"solitaire/controller"
	"solitaire/parser/notation"
)

// reviewFlags are the flags of solitaire review FILE.
type reviewFlags struct {
	timeLimit string // seconds for the whole review, as given; "": the default
	maxStates int    // positions a search; 0: the solver's default
	notation  string // commands or standard (FreeCell)
}

// newReview builds `solitaire review FILE`: the move that lost a saved game (help review).
func newReview(g *globals, io streams) *cobra.Command {
	rf := &reviewFlags{}
	c := &cobra.Command{
		Use:   "review FILE",
		Short: "Find the move that lost a saved game",
		Long: fmt.Sprintf(`Replay the game saved in FILE (by save FILE at the prompt) with the solver and
say which move lost it: the first after which it could no longer be won, with
the board before it and a move that wins from there. The whole review takes at
most --time-limit seconds (default %g s, or three times solve's time when
--hint-time is longer).
Exit status: 0 no move lost the game (it is won, or can still be won), 4 it is
lost and the review says how, 5 not every position could be decided in time,
130 Ctrl-C; 2 for a file that is no save.
More: solitaire help review`, controller.DefaultReviewTime.Seconds()),
		Args: usageArgs(func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return errors.New("review needs one save file, e.g. solitaire review game.json (save game.json at the prompt writes one)")
			}
			return nil
		}),
		RunE: func(c *cobra.Command, args []string) error {
			return g.review(c, io, args[0], rf)
		},
	}
	f := c.Flags()
	f.StringVar(&rf.timeLimit, "time-limit", "", "review for at most `SECONDS` in all, such as 60 or 0.5")
	f.IntVar(&rf.maxStates, "max-states", 0, "give up on a position after storing `N` positions (0: no limit but the time)")
	f.StringVar(&rf.notation, "notation", "commands", "FreeCell: how moves are written: commands, or standard FreeCell notation (38 3a a8 3h)")
	c.RegisterFlagCompletionFunc("notation", values(notation.Names...))
	return c
}

// review checks the flags and reviews the file.
func (g *globals) review(c *cobra.Command, io streams, path string, rf *reviewFlags) error {
	if g.format != "text" && g.format != "json" {
		return usageError{fmt.Errorf("--format %q: use text or json", g.format)}
	}
	limit, err := timeLimit(rf.timeLimit)
	if err != nil {
		return err
	}
	if rf.timeLimit != "" && limit <= 0 {
		return usageError{fmt.Errorf("--time-limit %s: a review needs time to search: give more than 0 seconds, such as 60", rf.timeLimit)}
	}
	states, err := maxStates(rf.maxStates)
	if err != nil {
		return err
	}
	if !slices.Contains(notation.Names, rf.notation) {
		return usageError{fmt.Errorf("--notation %q: use %s", rf.notation, strings.Join(notation.Names, " or "))}
	}
	style, err := g.style(io.out)
	if err != nil {
		return err
	}
	o := controller.ReviewOptions{Assist: g.assist(), Time: limit, Style: style, JSON: g.format == "json"}
	o.Assist.MaxStates = states
	if rf.notation == notation.Standard {
		o.Notation = notation.Standard
	}
	return exitStatus(controller.ReviewFile(c.Context(), io.std(), path, o))
}
