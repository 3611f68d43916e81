package cmd

import (
	"github.com/spf13/cobra"

	"solitaire/controller"
)

// newStats builds `solitaire stats [GAME]`: played, won, streaks and best results per variant.
func newStats(g *globals, io streams) *cobra.Command {
	return namesGame(&cobra.Command{
		Use:               "stats [GAME]",
		Short:             "Show statistics: games played and won, streaks, best time and fewest moves",
		Args:              usageArgs(cobra.MaximumNArgs(1)),
		ValidArgsFunction: gameNamesCompletion,
		RunE: func(c *cobra.Command, args []string) error {
			game := ""
			if len(args) == 1 {
				info, err := g.lookupGame(c, args[0])
				if err != nil {
					return err
				}
				game = info.Name
			}
			return exitStatus(controller.ShowStats(io.std(), g.stateDir, game))
		},
	})
}
