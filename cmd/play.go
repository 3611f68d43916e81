package cmd

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"solitaire/controller"
	"solitaire/model"
)

// newPlay builds `solitaire play GAME`, one subcommand per game with that game's options as flags.
func newPlay(g *globals, io streams, later lazyCommands) *cobra.Command {
	play := &cobra.Command{
		Use:   "play GAME",
		Short: "Start a new game of GAME",
		Long:  "Start a new game. Each game has its own options: see 'solitaire play GAME --help'.",
		Args:  noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageError{fmt.Errorf("play needs a game: %s", gameNames())}
		},
	}
	gameParent(play)
	return later.later(play, func(*cobra.Command) {
		for _, info := range model.Games() {
			play.AddCommand(later.add(playGameEntry(info), func(c *cobra.Command) { playGameBody(g, io, info, c) }))
		}
	})
}

func gameNames() string {
	var names []string
	for _, info := range model.Games() {
		names = append(names, info.Name)
	}
	return strings.Join(names, ", ")
}

// playGameEntry is the light part of play GAME: what play's list and the game's name need.
func playGameEntry(info *model.GameInfo) *cobra.Command {
	return &cobra.Command{
		Use:     info.Name,
		Aliases: info.Aliases,
		Short:   fmt.Sprintf("%s: %s", info.Title, info.Summary),
		Args:    usageArgs(cobra.NoArgs),
	}
}

// playGameBody gives play GAME its page, flags and work.
func playGameBody(g *globals, io streams, info *model.GameInfo, c *cobra.Command) {
	c.Long = fmt.Sprintf("Start a game of %s: %s.\nRules: solitaire help %s\n"+
		"--winnable deals only a deal the solver has won, trying one number after\n"+
		"another: exit status 5 if none of %d is, 130 if Ctrl-C stops the search.",
		info.Title, info.Summary, info.Name, controller.WinnableMaxTries)
	df := addDealFlags(c, info)
	// --winnable is play's alone: solve already answers whether a deal is winnable.
	flag, number := "seed", "seed"
	if info.Numbered {
		flag, number = "deal", "deal number"
	}
	winnable := c.Flags().Bool("winnable", false, fmt.Sprintf(
		"only a deal the solver wins: from --%s on (default random), the first it proves winnable; its %s is shown (help deals)",
		flag, number))
	ix := addInterop(c, info, "read, and written by hint, solve and history")
	c.RunE = func(c *cobra.Command, _ []string) error {
		pairs, opts, err := df.options()
		if err != nil {
			return err
		}
		if err := ix.check(df, "winnable"); err != nil {
			return err
		}
		g.notation = ix.name()
		if df.changed("board") {
			return g.startFrom(io, ix.board, func() (*model.Game, error) { return ix.boardGame(io, pairs) })
		}
		if df.changed("position") {
			if df.changed("seed") || df.changed("deal") {
				return usageError{fmt.Errorf("--position starts from the file's cards: --seed and --deal do not go with it")}
			}
			if *winnable {
				return usageError{fmt.Errorf("--position starts from the file's cards: --winnable picks a deal, so it does not go with it")}
			}
			return g.startPosition(io, info, df.position, pairs)
		}
		cfg, err := df.config(opts)
		if err != nil {
			return err
		}
		if *winnable {
			return g.startWinnable(c.Context(), io, cfg)
		}
		return g.start(io, cfg)
	}
}

// interrupts returns a context that Ctrl-C cancels (controller.Interrupts); tests put a context
// they cancel themselves in its place.
var interrupts = controller.Interrupts

// winnableBudget is --winnable's search budget: the defaults; tests make it small.
var winnableBudget controller.WinnableOptions

// startWinnable deals the first deal from cfg's seed or deal number on that the solver proves
// winnable, says which (at the prompt below the first board, in scripts on standard error, so
// that the states on standard output stay as a plain deal of that number prints them), and plays
// it. Ctrl-C stops the search (exit status 130); no winnable deal within the tries is exit
// status 5, as solve's "gave up".
func (g *globals) startWinnable(ctx context.Context, io streams, cfg model.Config) error {
	if err := g.checkFormat(io); err != nil {
		return err
	}
	style, err := g.style(io.out)
	if err != nil {
		return err
	}
	ctx, stop := interrupts(ctx)
	s, w, err := controller.NewWinnableSession(ctx, cfg, winnableBudget, style, controller.SystemClock())
	stop() // from here on Ctrl-C is the prompt's again
	switch {
	case errors.Is(err, controller.ErrWinnableStopped):
		fmt.Fprintf(io.err, "solitaire: --winnable: %v\n", err)
		return exitError{controller.ExitInterrupted}
	case err != nil:
		fmt.Fprintf(io.err, "solitaire: --winnable: %v\n", err)
		return exitError{controller.ExitGaveUp}
	}
	if g.prompting(io) {
		s.Notify(w.Note())
	} else {
		fmt.Fprintf(io.err, "solitaire: %s\n", w.Note())
	}
	return g.run(io, s)
}

// dealFlags are the flags that pick a game's deal and set its options: --seed, --deal (games
// with numbered deals), --position and one flag per option. play GAME and solve GAME share them.
type dealFlags struct {
	info     *model.GameInfo
	flags    *pflag.FlagSet
	seed     uint64
	deal     int64
	position string
}

// addDealFlags gives c the deal and option flags of a game.
func addDealFlags(c *cobra.Command, info *model.GameInfo) *dealFlags {
	df := &dealFlags{info: info, flags: c.Flags()}
	f := df.flags
	seedUsage := "deal number: the same seed gives the same deal everywhere (default random)"
	if info.Numbered {
		seedUsage = "the Microsoft deal number, as --deal (default random, 1 to 32000)"
	}
	f.Uint64Var(&df.seed, "seed", 0, seedUsage)
	if info.Numbered {
		f.Int64Var(&df.deal, "deal", 0, fmt.Sprintf("Microsoft FreeCell deal number, 1 to %d", model.MaxMSDeal))
	}
	f.StringVar(&df.position, "position", "", "start from the position in `FILE`: JSON as --format json prints it, every card named")
	f.SetAnnotation("position", cobra.BashCompFilenameExt, []string{"json"})
	for _, s := range info.Specs {
		usage := fmt.Sprintf("%s (%s)", s.Help, s.ValueHint())
		if s.Kind == model.OptBool {
			// The game's default shows in the help (Baker's Game keeps its cards home: true);
			// only a flag given is read (options).
			f.Bool(s.Key, s.Default == "true", s.Help)
		} else {
			f.String(s.Key, s.Default, usage)
		}
		c.RegisterFlagCompletionFunc(s.Key, values(s.Choices()...))
	}
	return df
}

// changed reports whether the flag was given.
func (df *dealFlags) changed(name string) bool { return df.flags.Changed(name) }

// options reads the option flags given: the pairs as given (they override a position file's
// options) and the game's whole set of options, checked. A bad value is a usage error.
func (df *dealFlags) options() ([]model.Option, model.Options, error) {
	var pairs []model.Option
	df.flags.Visit(func(fl *pflag.Flag) {
		if df.info.Spec(fl.Name) != nil {
			pairs = append(pairs, model.Option{Key: fl.Name, Value: fl.Value.String()})
		}
	})
	opts, err := df.info.Options(pairs)
	var oe *model.OptionError
	if errors.As(err, &oe) {
		// The values came from flags: the example must be one too (--draw 3, not draw=3).
		err = errors.New(oe.FlagMessage())
	}
	if err != nil {
		return nil, nil, usageError{err}
	}
	return pairs, opts, nil
}

// config checks --seed and --deal and returns the deal they pick, with the options. With
// neither, Seed and Deal are zero: a random deal. A bad number is a usage error.
func (df *dealFlags) config(opts model.Options) (model.Config, error) {
	if df.changed("deal") && (df.deal < 1 || df.deal > model.MaxMSDeal) {
		return model.Config{}, usageError{fmt.Errorf("--deal %d: deal numbers run from 1 to %d", df.deal, model.MaxMSDeal)}
	}
	if df.changed("seed") && df.seed == 0 {
		return model.Config{}, usageError{fmt.Errorf("--seed 0: seeds start at 1")}
	}
	if df.seed != 0 && df.deal != 0 {
		return model.Config{}, usageError{fmt.Errorf("give --seed or --deal, not both")}
	}
	seed, deal, err := df.info.Numbering(df.seed, df.deal)
	if err != nil {
		return model.Config{}, usageError{err}
	}
	return model.Config{Game: df.info.Name, Options: opts, Seed: seed, Deal: deal}, nil
}

// startPosition runs a game that starts from a position file. Options given as flags override
// the file's. A file that cannot be read or holds no valid position of the game is a usage
// error (exit status 2), reported without the usage hint, which would not help.
func (g *globals) startPosition(io streams, info *model.GameInfo, path string, overrides []model.Option) error {
	// A file written by save FILE resumes with its history; a position file starts fresh.
	return g.startFrom(io, "", func() (*model.Game, error) { return loadPosition(io, info, path, overrides) })
}

// startFrom runs a game that load reads from a file (--position, --board). board is the
// --board file, which the game's history names as the way to deal it again ("" for none).
func (g *globals) startFrom(io streams, board string, load func() (*model.Game, error)) error {
	if err := g.checkFormat(io); err != nil {
		return err
	}
	style, err := g.style(io.out)
	if err != nil {
		return err
	}
	game, err := load()
	if err != nil {
		return err
	}
	s := controller.NewSessionAt(game, style, controller.SystemClock())
	if board != "" {
		s.DealtFromBoard(board)
	}
	return g.run(io, s)
}

// loadPosition reads --position FILE, for play and solve: a save, else a position file. A file that
// cannot be used is a usage error, reported without the usage hint.
func loadPosition(io streams, info *model.GameInfo, path string, overrides []model.Option) (*model.Game, error) {
	if saved, ok := controller.ReadSave(path, info.Name); ok {
		return saved, nil
	}
	game, err := controller.LoadGame(path, controller.LoadOptions{Game: info.Name, Only: true, Overrides: overrides})
	if err != nil {
		if path == "" {
			path = `""`
		}
		fmt.Fprintf(io.err, "solitaire: --position %s: %s\n", controller.Printable(path), controller.Printable(err.Error()))
		return nil, exitError{controller.ExitUsage}
	}
	return game, nil
}

// usageError is a mistake on the command line (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
