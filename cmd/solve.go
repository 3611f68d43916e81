package cmd

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"solitaire/controller"
	"solitaire/model"
)

// solveFlags are the flags of solve GAME besides the deal and option flags it shares with play.
type solveFlags struct {
	deals, seeds string // a range of deals or seeds, A-B
	jobs         int    // deals solved at once in a range
	timeLimit    string // seconds per deal, as given; 0: none
	maxStates    int    // positions per deal; 0: the solver's default
	ix           *interopFlags
	maxMemory    int64  // MiB per deal; 0: the solver's default
	verbose      bool   // a line for each deal of a range
	shorten      string // how the line found is made shorter: full, edits or off
	preset       string // how to search: one of solve.Presets()
}

// newSolve builds `solitaire solve GAME`, one subcommand per game, with the game's flags as play has them.
func newSolve(g *globals, io streams, later lazyCommands) *cobra.Command {
	s := &cobra.Command{
		Use:   "solve GAME",
		Short: "Solve a deal: print a winning script, or prove there is none",
		Long: `Solve a deal of GAME and print the winning moves as a script for solitaire
play, or solve a range of deals and print a summary. Each game has its own
flags: see 'solitaire solve GAME --help', and 'solitaire help solve'.`,
		Args: noArgs,
		RunE: func(c *cobra.Command, args []string) error {
			return usageError{fmt.Errorf("solve needs a game: %s", gameNames())}
		},
	}
	gameParent(s)
	return later.later(s, func(*cobra.Command) {
		for _, info := range model.Games() {
			s.AddCommand(later.add(solveGameEntry(info), func(c *cobra.Command) { solveGameBody(g, io, info, c) }))
		}
	})
}

// newSolveGame builds `solitaire solve GAME` for one game.
func newSolveGame(g *globals, io streams, info *model.GameInfo) *cobra.Command {
	c := solveGameEntry(info)
	solveGameBody(g, io, info, c)
	return c
}

// solveGameEntry is the light part of solve GAME: what solve's list and the game's name need.
func solveGameEntry(info *model.GameInfo) *cobra.Command {
	return &cobra.Command{
		Use:     info.Name,
		Aliases: info.Aliases,
		Short:   fmt.Sprintf("Solve a deal of %s", info.Title),
		Args:    usageArgs(cobra.NoArgs),
	}
}

// solveGameBody gives solve GAME its page, flags and work.
func solveGameBody(g *globals, io streams, info *model.GameInfo, c *cobra.Command) {
	c.Long = fmt.Sprintf(`Solve a deal of %s and print the winning moves as a script that
solitaire play replays, or solve a range of deals and print a summary.
Exit status: 0 solved, 4 unsolvable, 5 gave up at a limit, 130 Ctrl-C.
More: solitaire help solve`, info.Title)
	df := addDealFlags(c, info)
	f := c.Flags()
	f.Lookup("seed").Usage = "solve the deal with this seed"
	f.Lookup("position").Usage = "solve the position in `FILE` (JSON as --format json prints it, or a save)"
	sf := &solveFlags{}
	if info.Numbered {
		f.StringVar(&sf.deals, "deals", "", "solve each Microsoft deal in the range `A-B`, such as 1-1000")
		f.StringVar(&sf.seeds, "seeds", "", "solve each seed in the range `A-B`, such as 1-1000")
	} else {
		f.StringVar(&sf.deals, "deals", "", "solve each seed in the range `A-B`, the same as --seeds")
		f.StringVar(&sf.seeds, "seeds", "", "solve each seed in the range `A-B`, such as 1-1000")
	}
	f.IntVarP(&sf.jobs, "jobs", "j", runtime.NumCPU(), "with --deals: deals solved at once")
	f.BoolVarP(&sf.verbose, "verbose", "v", false, "with --deals: print a line for each deal, not only the summary")
	f.StringVar(&sf.timeLimit, "time-limit", "", "give up on a deal after `SECONDS`, such as 10 or 0.5 (0: no time limit)")
	f.IntVar(&sf.maxStates, "max-states", 0, fmt.Sprintf("give up on a deal after storing `N` positions (0: no limit with --time-limit, else %d)", controller.DefaultMaxStates))
	f.Int64Var(&sf.maxMemory, "max-memory", 0, fmt.Sprintf("give up on a deal when its tables reach `MIB` MiB; a range's jobs share it (0: %d)", controller.DefaultMaxMemoryMiB))
	f.StringVar(&sf.shorten, "shorten", controller.DefaultShorten, "how the winning line is made shorter, `LEVEL`: full (searches for a shorter line, then edits it), edits (edits only: quicker) or off (the line as the search found it)")
	f.StringVar(&sf.preset, "preset", controller.SolvePresets()[0], fmt.Sprintf("how to search, `NAME`: %s (a measuring tool; the default is tuned)", strings.Join(controller.SolvePresets(), ", ")))
	sf.ix = addInterop(c, info, "written")
	c.RunE = func(c *cobra.Command, _ []string) error {
		return g.solveGame(c.Context(), io, df, sf)
	}
}

// solveGame checks the flags and solves one deal or a range.
func (g *globals) solveGame(ctx context.Context, io streams, df *dealFlags, sf *solveFlags) error {
	if err := g.knownFormat(); err != nil {
		return err
	}
	limits, err := sf.limits(df)
	if err != nil {
		return err
	}
	pairs, opts, err := df.options()
	if err != nil {
		return err
	}
	ranged := df.changed("deals") || df.changed("seeds")
	if err := sf.ix.check(df, "deals", "seeds"); err != nil {
		return err
	}
	switch {
	case df.changed("position") && (ranged || df.changed("seed") || df.changed("deal")):
		return usageError{fmt.Errorf("--position solves the file's cards: --seed, --deal, --deals and --seeds do not go with it")}
	case df.changed("deals") && df.changed("seeds"):
		return usageError{fmt.Errorf("give --deals or --seeds, not both")}
	case ranged && (df.changed("seed") || df.changed("deal")):
		return usageError{fmt.Errorf("%s solves a range: --seed and --deal do not go with it", rangeFlag(df))}
	case !ranged && df.changed("jobs"):
		return usageError{fmt.Errorf("--jobs goes with --deals or --seeds")}
	case !ranged && !df.changed("position") && !df.changed("seed") && !df.changed("deal") && !df.changed("board"):
		how := "--seed N"
		if df.info.Numbered {
			how += ", --deal N"
		}
		return usageError{fmt.Errorf("solve needs a deal: give %s, --position FILE, or a range with --deals A-B", how)}
	}
	var r *controller.DealRange
	if ranged {
		if r, err = sf.parseRange(df); err != nil {
			return err
		}
		r.Options, r.Limits, r.JSON, r.Verbose, r.ASCII = opts, limits, g.format == "json", sf.verbose, g.ascii
		code, err := controller.SolveRange(ctx, io.std(), *r)
		return commandStatus(code, err)
	}
	var game *model.Game
	if df.changed("board") {
		if game, err = sf.ix.boardGame(io, pairs); err != nil {
			return err
		}
	} else if df.changed("position") {
		if game, err = loadPosition(io, df.info, df.position, pairs); err != nil {
			return err
		}
	} else {
		cfg, err := df.config(opts)
		if err != nil {
			return err
		}
		if game, err = model.NewGame(cfg); err != nil {
			return usageError{err}
		}
	}
	code, err := controller.SolveOne(ctx, io.std(), controller.OneDeal{
		Game: game, Position: df.position, Board: sf.ix.board, Notation: sf.ix.name(), Limits: limits, JSON: g.format == "json"})
	return commandStatus(code, err)
}

// commandStatus turns what a controller command returns into what a cobra command returns: a
// refused flag is a usage error, any other error is printed with exit status 3.
func commandStatus(code int, err error) error {
	switch {
	case err != nil && code == controller.ExitUsage:
		return usageError{err}
	case err != nil:
		return err
	}
	return exitStatus(code)
}

// exitStatus turns a status into what a cobra command returns.
func exitStatus(code int) error {
	if code == controller.ExitOK {
		return nil
	}
	return exitError{code}
}

// limits checks the limit flags and returns the search's limits.
func (sf *solveFlags) limits(df *dealFlags) (controller.SolveLimits, error) {
	var l controller.SolveLimits
	var err error
	if l.TimeLimit, err = timeLimit(sf.timeLimit); err != nil {
		return l, err
	}
	if l.MaxStates, err = maxStates(sf.maxStates); err != nil {
		return l, err
	}
	switch {
	case sf.maxMemory < 0:
		return l, usageError{fmt.Errorf("--max-memory %d: give a number of MiB, 0 or more", sf.maxMemory)}
	case sf.maxMemory > maxMemoryMiB:
		return l, usageError{fmt.Errorf("--max-memory %d: at most %d MiB (1 TiB)", sf.maxMemory, maxMemoryMiB)}
	}
	l.MaxMemory, l.Shorten, l.Preset = sf.maxMemory, sf.shorten, sf.preset
	if err := l.Check(); err != nil {
		return l, usageError{err}
	}
	if df.changed("jobs") && sf.jobs < 1 {
		return l, usageError{fmt.Errorf("--jobs %d: give 1 or more", sf.jobs)}
	}
	if sf.jobs > maxJobs {
		return l, usageError{fmt.Errorf("--jobs %d: at most %d", sf.jobs, maxJobs)}
	}
	return l, nil
}

// The bounds of solve's numeric flags (issue 27: a value the flag took could make the solver's
// table sizing spin for ever, or mean no limit at all).
const (
	maxMemoryMiB = 1 << 20 // --max-memory: 1 TiB
	maxJobs      = 1024    // --jobs
	minTimeLimit = 0.001   // --time-limit: 1 ms, or 0 for none
	maxTimeLimit = 1e7     // --time-limit: about 115 days
)

// timeLimit reads --time-limit SECONDS (solve, review): "" is 0.
func timeLimit(value string) (time.Duration, error) {
	t, err := 0.0, error(nil)
	if value != "" {
		t, err = strconv.ParseFloat(strings.TrimSpace(value), 64)
	}
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange):
		return 0, usageError{fmt.Errorf("--time-limit %s is out of range", value)}
	case err != nil || math.IsNaN(t) || math.IsInf(t, 0):
		return 0, usageError{fmt.Errorf("--time-limit %q: give a number of seconds, such as 10 or 0.5", value)}
	case t < 0:
		return 0, usageError{fmt.Errorf("--time-limit %s: give a number of seconds, 0 or more", value)}
	case t > 0 && t < minTimeLimit:
		return 0, usageError{fmt.Errorf("--time-limit %s is too short: give at least %g seconds (1 ms), or 0 for no limit", value, minTimeLimit)}
	case t > maxTimeLimit:
		return 0, usageError{fmt.Errorf("--time-limit %s is too long: at most %.0f seconds (about 115 days), or 0 for no limit", value, maxTimeLimit)}
	}
	return time.Duration(t * float64(time.Second)), nil
}

// maxStates checks --max-states N (solve, review).
func maxStates(n int) (int, error) {
	if n < 0 {
		return 0, usageError{fmt.Errorf("--max-states %d: give a number of positions, 0 or more", n)}
	}
	return n, nil
}
