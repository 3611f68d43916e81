package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"solitaire/controller"
)

// gamesHow ends the list printed by `solitaire games`.
const gamesHow = "Start one with solitaire play GAME; read its rules with solitaire help GAME."

// newGames builds `solitaire games`: the games of the collection, one summary each.
func newGames(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "games",
		Short: "List the games with a one-line summary each",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprint(io.out, controller.GamesList(gamesHow))
			return nil
		},
	}
}
