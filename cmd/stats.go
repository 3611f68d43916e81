package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"solitaire/controller"
	"solitaire/controller/store"
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
				info, err := lookupGame(c, args[0])
				if err != nil {
					return err
				}
				game = info.Name
			}
			st := store.Stats{}
			d, err := store.Existing(g.dir())
			if err != nil {
				fmt.Fprintf(io.err, "solitaire: %s\n", controller.Printable(err.Error()))
				return exitError{controller.ExitError}
			}
			if d != nil {
				if st, err = d.ReadStats(); err != nil {
					fmt.Fprintf(io.err, "solitaire: %s\n", controller.Printable(err.Error()))
				}
			}
			fmt.Fprint(io.out, controller.StatsTable(st, game))
			return nil
		},
	})
}
