package cmd

import (
	"github.com/spf13/cobra"

	"solitaire/docs"
)

// newMan builds `solitaire man`: the manual page, in roff, on standard output.
func newMan(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the manual page (roff): solitaire man | man -l -",
		Long: `Print the manual page of solitaire in roff, the format of man(1), on standard
output. It holds every command with its flags and every help page. To read it:

    solitaire man | man -l -

To install it: solitaire man > ~/.local/share/man/man6/solitaire.6`,
		Args: usageArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			_, err := io.out.Write(docs.ManPage(versionText()))
			return err
		},
	}
}
