package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"solitaire/model"
)

// newPlay builds `solitaire play GAME`, one subcommand per game with that game's options as flags.
func newPlay(g *globals, io streams) *cobra.Command {
	play := &cobra.Command{
		Use:   "play GAME",
		Short: "Start a new game of GAME",
		Long:  "Start a new game. Each game has its own options: see 'solitaire play GAME --help'.",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return fmt.Errorf("play needs a game: %s", gameNames())
		},
	}
	for _, info := range model.Games() {
		play.AddCommand(newPlayGame(g, io, info))
	}
	return play
}

func gameNames() string {
	var names []string
	for _, info := range model.Games() {
		names = append(names, info.Name)
	}
	return strings.Join(names, ", ")
}

func newPlayGame(g *globals, io streams, info *model.GameInfo) *cobra.Command {
	var seed uint64
	var deal int64
	c := &cobra.Command{
		Use:     info.Name,
		Aliases: info.Aliases,
		Short:   fmt.Sprintf("%s: %s", info.Title, info.Summary),
		Long:    fmt.Sprintf("Start a game of %s: %s.\nRules: solitaire help %s", info.Title, info.Summary, info.Name),
		Args:    cobra.NoArgs,
	}
	f := c.Flags()
	f.Uint64Var(&seed, "seed", 0, "deal number: the same seed gives the same deal everywhere (default random)")
	if info.Numbered {
		f.Int64Var(&deal, "deal", 0, fmt.Sprintf("Microsoft FreeCell deal number, 1 to %d", model.MaxMSDeal))
	}
	for _, s := range info.Specs {
		usage := fmt.Sprintf("%s (%s)", s.Help, s.ValueHint())
		if s.Kind == model.OptBool {
			f.Bool(s.Key, false, s.Help)
		} else {
			f.String(s.Key, s.Default, usage)
		}
	}
	c.RunE = func(c *cobra.Command, _ []string) error {
		var pairs []model.Option
		c.Flags().Visit(func(fl *pflag.Flag) {
			if info.Spec(fl.Name) != nil {
				pairs = append(pairs, model.Option{Key: fl.Name, Value: fl.Value.String()})
			}
		})
		opts, err := info.Options(pairs)
		if err != nil {
			return usageError{err}
		}
		if c.Flags().Changed("deal") && (deal < 1 || deal > model.MaxMSDeal) {
			return usageError{fmt.Errorf("--deal %d: deal numbers run from 1 to %d", deal, model.MaxMSDeal)}
		}
		if c.Flags().Changed("seed") && seed == 0 {
			return usageError{fmt.Errorf("--seed 0: seeds start at 1")}
		}
		if seed != 0 && deal != 0 {
			return usageError{fmt.Errorf("give --seed or --deal, not both")}
		}
		return g.start(io, model.Config{Game: info.Name, Options: opts, Seed: seed, Deal: deal})
	}
	return c
}

// usageError is a mistake on the command line (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
