package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"solitaire/model"
)

// values completes a flag or argument from a fixed list, never from file names.
func values(vals ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return vals, cobra.ShellCompDirectiveNoFileComp
	}
}

// gameNamesCompletion completes a game name (stats GAME).
func gameNamesCompletion(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var names []string
	for _, info := range model.Games() {
		names = append(names, info.Name)
	}
	return names, cobra.ShellCompDirectiveNoFileComp
}

// completeFlags offers the values of the global flags that take a word.
func completeFlags(root *cobra.Command) {
	root.RegisterFlagCompletionFunc("color", values("auto", "always", "never"))
	root.RegisterFlagCompletionFunc("format", values("text", "json"))
	root.RegisterFlagCompletionFunc("hint-time", values("250ms", "1s", "5s"))
	root.RegisterFlagCompletionFunc("state-dir", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	})
}

// strictCompletion makes "solitaire completion SHELL" refuse a shell it does not know, as a
// usage error, instead of printing its help and succeeding.
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Args = noArgs
		c.RunE = func(c *cobra.Command, args []string) error {
			return usageError{fmt.Errorf("completion needs a shell: %s", shells(c))}
		}
	}
}

func shells(c *cobra.Command) string {
	s := ""
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			if s != "" {
				s += ", "
			}
			s += sub.Name()
		}
	}
	return s
}
