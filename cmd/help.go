package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"solitaire/controller"
	"solitaire/docs"
)

// newHelp builds `solitaire help [TOPIC]`: the same pages as the in-game help, through the
// pager when the page is taller than the terminal, headings bold when colour is on.
func newHelp(g *globals, io streams) *cobra.Command {
	return namesGame(&cobra.Command{
		Use:   "help [TOPIC]",
		Short: "Show a help page: a command, a game, or one of the topics",
		Args:  usageArgs(cobra.MaximumNArgs(1)),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return docs.Topics(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			topic := ""
			if len(args) == 1 {
				topic = args[0]
			}
			style, err := g.style(io.out)
			if err != nil {
				return err
			}
			page, err := controller.HelpText(topic, style.Color)
			if err != nil {
				if sub, _, ferr := c.Root().Find([]string{topic}); ferr == nil && sub != c.Root() {
					return sub.Help()
				}
				return usageError{err}
			}
			controller.ShowPage(io.out, page)
			return nil
		},
	})
}

// newVersion builds `solitaire version`.
func newVersion(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  usageArgs(cobra.NoArgs),
		RunE: func(*cobra.Command, []string) error {
			fmt.Fprintf(io.out, "solitaire %s\n", versionText())
			return nil
		},
	}
}
