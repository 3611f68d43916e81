package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

// lazyCommands are the games' commands under play and solve while they are light: a name,
// aliases, the line that lists the command under its parent and a placeholder for its work.
// Their pages, flags and work (each game's dozen flags, their completions) cost more to build
// than the rest of the command tree, and one run uses at most one of them, so each is given
// the rest (fill) only when the command line names it (buildFor), or when the whole tree is
// wanted (buildAll: the manual page and the tests that walk every command).
type lazyCommands map[*cobra.Command]func(*cobra.Command)

// add makes the light command of a game, to be completed by fill.
func (l lazyCommands) add(c *cobra.Command, fill func(*cobra.Command)) *cobra.Command {
	c.RunE = func(c *cobra.Command, _ []string) error {
		return fmt.Errorf("%s ran before it was built", c.CommandPath()) // buildFor misses no command
	}
	l[c] = fill
	return c
}

// build completes c if it is light.
func (l lazyCommands) build(c *cobra.Command) {
	if fill, ok := l[c]; ok {
		delete(l, c)
		fill(c)
	}
}

// buildFor completes the command that args name, as cobra finds it to run it, to complete a
// word of it (__complete, whose command line follows it) or to show its help (help, or
// --help anywhere).
func (l lazyCommands) buildFor(root *cobra.Command, args []string) {
	for at := 0; at < len(args) && at < 2; at++ {
		if c, _, err := root.Find(args[at:]); err == nil {
			l.build(c)
		}
	}
}

// buildAll completes every command.
func (l lazyCommands) buildAll() {
	for c := range l {
		l.build(c)
	}
}
