package cmd

import (
	"fmt"

	"github.com/spf13/cobra"
)

// lazyCommands are the commands of the tree still to be completed, each with what completes
// it (fill). play and solve are made without their games, and each game's command under them
// is made light: a name, aliases, the line that lists it under its parent and a placeholder
// for its work. The games' pages, flags and work (each game's dozen flags, their completions)
// cost more to build than the rest of the command tree, and one run uses at most one of them,
// so a command is completed only when the command line names it (buildFor), when something
// reads it (build: stats reads play's games for its suggestions), or when the whole tree is
// wanted (buildAll: the manual page and the tests that walk every command).
type lazyCommands map[*cobra.Command]func(*cobra.Command)

// later has fill complete c when c is first used.
func (l lazyCommands) later(c *cobra.Command, fill func(*cobra.Command)) *cobra.Command {
	l[c] = fill
	return c
}

// add makes the light command of a game, to be completed by fill.
func (l lazyCommands) add(c *cobra.Command, fill func(*cobra.Command)) *cobra.Command {
	c.RunE = func(c *cobra.Command, _ []string) error {
		return fmt.Errorf("%s ran before it was built", c.CommandPath()) // buildFor misses no command
	}
	return l.later(c, fill)
}

// build completes c if it is still to be completed, and reports whether it was.
func (l lazyCommands) build(c *cobra.Command) bool {
	fill, ok := l[c]
	if ok {
		delete(l, c)
		fill(c)
	}
	return ok
}

// buildFor completes the commands that args name, as cobra finds them to run one, to complete
// a word of it (__complete, whose command line follows it) or to show its help (help, or
// --help anywhere): play, then the game under it.
func (l lazyCommands) buildFor(root *cobra.Command, args []string) {
	for at := 0; at < len(args) && at < 2; at++ {
		for {
			c, _, err := root.Find(args[at:])
			if err != nil || !l.build(c) {
				break
			}
		}
	}
}

// buildAll completes every command.
func (l lazyCommands) buildAll() {
	for len(l) > 0 {
		for c := range l {
			l.build(c)
		}
	}
}
