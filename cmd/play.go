package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"solitaire/controller"
	"solitaire/controller/store"
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
			return usageError{fmt.Errorf("play needs a game: %s", gameNames())}
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
	var position string
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
	f.StringVar(&position, "position", "", "start from the position in `FILE`: JSON as --format json prints it, every card named")
	f.SetAnnotation("position", cobra.BashCompFilenameExt, []string{"json"})
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
		if c.Flags().Changed("position") {
			if c.Flags().Changed("seed") || c.Flags().Changed("deal") {
				return usageError{fmt.Errorf("--position starts from the file's cards: --seed and --deal do not go with it")}
			}
			return g.startPosition(io, info, position, pairs)
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

// startPosition runs a game that starts from a position file. Options given as flags override
// the file's. A file that cannot be read or holds no valid position of the game is a usage
// error (exit status 2), reported without the usage hint, which would not help.
func (g *globals) startPosition(io streams, info *model.GameInfo, path string, overrides []model.Option) error {
	if g.format != "text" && g.format != "json" {
		return usageError{fmt.Errorf("--format %q: use text or json", g.format)}
	}
	style, err := g.style(io.out)
	if err != nil {
		return err
	}
	if saved, ok := controller.ReadSave(path, info.Name); ok {
		// A file written by save FILE: the game resumes with its history.
		return g.run(io, controller.NewSessionAt(saved, style, clock()))
	}
	game, err := controller.LoadGame(path, controller.LoadOptions{Game: info.Name, Only: true, Overrides: overrides})
	if err != nil {
		if path == "" {
			path = `""`
		}
		fmt.Fprintf(io.err, "solitaire: --position %s: %v\n", path, err)
		return exitError{controller.ExitUsage}
	}
	return g.run(io, controller.NewSessionAt(game, style, clock()))
}

// run plays a new game at the prompt (stdin is a terminal), saved in the state folder, or in
// script mode, which reads statistics at most and writes nothing.
func (g *globals) run(io streams, s *controller.Session) error {
	if !g.prompting(io) {
		s.UseStore(store.Existing(g.dir()))
		code := s.RunScript(io.in, io.out, io.err, controller.ScriptOptions{JSON: g.format == "json", Quiet: g.quiet, KeepGoing: g.keepGoing})
		if code != controller.ExitOK {
			return exitError{code}
		}
		return nil
	}
	d, err := store.Open(g.dir())
	if err != nil {
		fmt.Fprintf(io.err, "solitaire: %v; playing without saving\n", err)
		return g.play(io, s, "")
	}
	s.Persist(d)
	s.Start()
	return g.play(io, s, d.Path)
}

// play runs the prompt; stateDir holds its command history ("" for none).
func (g *globals) play(io streams, s *controller.Session, stateDir string) error {
	code := s.RunPrompt(io.in, io.out, io.err, controller.PromptOptions{StateDir: stateDir, Redraw: isTerminal(io.out)})
	if code != controller.ExitOK {
		return exitError{code}
	}
	return nil
}

// usageError is a mistake on the command line (exit status 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
