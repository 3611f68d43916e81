package cmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"solitaire/controller"
	"solitaire/model"
	"solitaire/model/solve"
)

// solver is the search that solve runs; tests put a fake in its place.
var solver = solve.Solve

// interrupts returns a context that Ctrl-C cancels, and the function that stops listening;
// tests put a context they cancel themselves in its place.
var interrupts = func(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, os.Interrupt)
}

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
func newSolve(g *globals, io streams) *cobra.Command {
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
	for _, info := range model.Games() {
		s.AddCommand(newSolveGame(g, io, info))
	}
	gameParent(s)
	return s
}

func newSolveGame(g *globals, io streams, info *model.GameInfo) *cobra.Command {
	c := &cobra.Command{
		Use:     info.Name,
		Aliases: info.Aliases,
		Short:   fmt.Sprintf("Solve a deal of %s", info.Title),
		Long: fmt.Sprintf(`Solve a deal of %s and print the winning moves as a script that
solitaire play replays, or solve a range of deals and print a summary.
Exit status: 0 solved, 4 unsolvable, 5 gave up at a limit, 130 Ctrl-C.
More: solitaire help solve`, info.Title),
		Args: usageArgs(cobra.NoArgs),
	}
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
	f.IntVar(&sf.maxStates, "max-states", 0, fmt.Sprintf("give up on a deal after storing `N` positions (0: no limit with --time-limit, else %d)", solve.DefaultMaxStates))
	f.Int64Var(&sf.maxMemory, "max-memory", 0, fmt.Sprintf("give up on a deal when its tables reach `MIB` MiB (0: %d)", solve.DefaultMaxMemory>>20))
	f.StringVar(&sf.shorten, "shorten", solve.ShortenFull.String(), "how the winning line is made shorter, `LEVEL`: full (searches for a shorter line, then edits it), edits (edits only: quicker) or off (the line as the search found it)")
	f.StringVar(&sf.preset, "preset", solve.Presets()[0], fmt.Sprintf("how to search, `NAME`: %s (a measuring tool; the default is tuned)", strings.Join(solve.Presets(), ", ")))
	sf.ix = addInterop(c, info, "written")
	c.RunE = func(c *cobra.Command, _ []string) error {
		return g.solveGame(c.Context(), io, df, sf)
	}
	return c
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
	var r *rangeRun
	if ranged {
		if r, err = sf.parseRange(df); err != nil {
			return err
		}
		r.opts, r.limits, r.json, r.verbose = opts, limits, g.format == "json", sf.verbose
		r.bar, r.ascii = isTerminal(io.err), g.ascii
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
	} else if !ranged {
		cfg, err := df.config(opts)
		if err != nil {
			return err
		}
		if game, err = model.NewGame(cfg); err != nil {
			return usageError{err}
		}
	}

	ctx, stop := interrupts(ctx)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // from the first Ctrl-C on, a second one ends the program at once
	}()
	if ranged {
		return exitStatus(runRange(ctx, io, r))
	}
	label := dealLabel(game, df.position, sf.ix.board)
	res, err := solver(ctx, game, limits)
	if err != nil {
		return fmt.Errorf("%s: %v", label, err)
	}
	if g.format == "json" {
		line := dealLine(game, res)
		if df.position != "" || sf.ix.board != "" {
			// A save keeps the seed of its deal, but the moves start from the saved position.
			line.Deal, line.Seed, line.Position, line.Board = 0, 0, df.position, sf.ix.board
		}
		sol := controller.NotateLine(game, sf.ix.name(), res.Moves)
		line.Solution = &sol
		if err := writeJSON(io, line); err != nil {
			return err
		}
	} else {
		if res.Status == solve.Solved {
			var b strings.Builder
			b.WriteString("# " + sf.ix.playHeader(game, df.position) + "\n")
			for _, m := range controller.NotateLine(game, sf.ix.name(), res.Moves) {
				b.WriteString(m + "\n")
			}
			if _, err := fmt.Fprint(io.out, b.String()); err != nil {
				return err
			}
		}
		fmt.Fprintf(io.err, "%s: %s\n", label, res)
	}
	return exitStatus(resultStatus(res))
}

// resultStatus is the exit status of one deal's result. A search that ends solved or
// unsolvable as Ctrl-C comes keeps its answer.
func resultStatus(r solve.Result) int {
	switch {
	case r.Status == solve.GaveUp && r.Limit == solve.LimitCancel:
		return controller.ExitInterrupted
	case r.Status == solve.Solved:
		return controller.ExitOK
	case r.Status == solve.Unsolvable:
		return controller.ExitUnsolvable
	}
	return controller.ExitGaveUp
}

// exitStatus turns a status into what a cobra command returns.
func exitStatus(code int) error {
	if code == controller.ExitOK {
		return nil
	}
	return exitError{code}
}

// limits checks the limit flags and returns the solver's options.
func (sf *solveFlags) limits(df *dealFlags) (solve.Options, error) {
	var o solve.Options
	var err error
	if o.TimeLimit, err = timeLimit(sf.timeLimit); err != nil {
		return o, err
	}
	if o.MaxStates, err = maxStates(sf.maxStates); err != nil {
		return o, err
	}
	switch {
	case sf.maxMemory < 0:
		return o, usageError{fmt.Errorf("--max-memory %d: give a number of MiB, 0 or more", sf.maxMemory)}
	case sf.maxMemory > maxMemoryMiB:
		return o, usageError{fmt.Errorf("--max-memory %d: at most %d MiB (1 TiB)", sf.maxMemory, maxMemoryMiB)}
	}
	o.MaxMemory = sf.maxMemory << 20
	var ok bool
	if o.Shorten, ok = solve.ParseShorten(sf.shorten); !ok {
		return o, usageError{fmt.Errorf("--shorten %q: use full, edits or off", sf.shorten)}
	}
	if !slices.Contains(solve.Presets(), sf.preset) {
		return o, usageError{fmt.Errorf("--preset %q: use %s", sf.preset, strings.Join(solve.Presets(), ", "))}
	}
	if sf.preset != solve.Presets()[0] {
		o.Preset = sf.preset
	}
	if df.changed("jobs") && sf.jobs < 1 {
		return o, usageError{fmt.Errorf("--jobs %d: give 1 or more", sf.jobs)}
	}
	if sf.jobs > maxJobs {
		return o, usageError{fmt.Errorf("--jobs %d: at most %d", sf.jobs, maxJobs)}
	}
	return o, nil
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

// dealLabel names a deal in messages: "freecell deal 1", "klondike seed 7", "freecell position
// p.json", "freecell board 617.board" (a game from a file has no seed: it is named by the file).
func dealLabel(game *model.Game, position, board string) string {
	c := game.Config
	switch {
	case position != "":
		return fmt.Sprintf("%s position %s", game.Info.Name, controller.Printable(position))
	case board != "":
		return fmt.Sprintf("%s board %s", game.Info.Name, controller.Printable(board))
	case c.Deal != 0:
		return fmt.Sprintf("%s deal %d", game.Info.Name, c.Deal)
	}
	return fmt.Sprintf("%s seed %d", game.Info.Name, c.Seed)
}

// optionsJSON are the options that differ from the game's defaults, for JSON; nil if none.
func optionsJSON(info *model.GameInfo, opts model.Options) map[string]string {
	var m map[string]string
	for _, k := range controller.ChangedOptions(info, opts) {
		if m == nil {
			m = map[string]string{}
		}
		m[k] = opts[k]
	}
	return m
}

// dealJSON is one deal's result as --format json prints it.
type dealJSON struct {
	Game     string            `json:"game"`
	Deal     int64             `json:"deal,omitempty"`
	Seed     uint64            `json:"seed,omitempty"`
	Position string            `json:"position,omitempty"`
	Board    string            `json:"board,omitempty"`   // the --board file the deal came from
	Options  map[string]string `json:"options,omitempty"` // those that are not the default
	Result   string            `json:"result"`            // solved, unsolvable or gave-up
	Limit    string            `json:"limit,omitempty"`   // what made it give up
	Moves    int               `json:"moves"`             // commands in the solution
	Seconds  float64           `json:"seconds"`
	States   int               `json:"states"`
	Solution *[]string         `json:"solution,omitempty"` // one deal only: the commands
}

// dealLine is the JSON of one deal's result, without the solution.
func dealLine(game *model.Game, r solve.Result) dealJSON {
	line := dealJSON{
		Game: game.Info.Name, Deal: game.Config.Deal, Seed: game.Config.Seed, Options: optionsJSON(game.Info, game.Config.Options),
		Result: r.Status.String(), Moves: len(r.Moves), Seconds: seconds(r.Elapsed), States: r.States,
	}
	if r.Status == solve.GaveUp {
		line.Limit = r.Limit.String()
	}
	return line
}

// seconds rounds a duration to milliseconds, in seconds.
func seconds(d time.Duration) float64 { return math.Round(d.Seconds()*1000) / 1000 }

// writeJSON prints one JSON object on a line of its own.
func writeJSON(io streams, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = io.out.Write(append(b, '\n'))
	return err
}
