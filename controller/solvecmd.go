package controller

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"solitaire/model"
	"solitaire/model/solve"
)

// Streams are the program's standard files, as the commands give them to the controller.
type Streams struct {
	In       io.ReadCloser
	Out, Err io.Writer
}

// solver is the search that solve runs; tests put a fake in its place.
var solver = solve.Solve

// interrupts returns a context that Ctrl-C cancels, and the function that stops listening;
// tests put a context they cancel themselves in its place.
var interrupts = func(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, os.Interrupt)
}

// Interrupts returns a context that Ctrl-C cancels, and the function that stops listening.
func Interrupts(ctx context.Context) (context.Context, context.CancelFunc) { return interrupts(ctx) }

// untilSecondInterrupt is Interrupts for a search: from the first Ctrl-C on, a second one ends
// the program at once (help solve).
func untilSecondInterrupt(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := interrupts(ctx)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// The solver's defaults and choices, for solve's flags and help.
const (
	DefaultMaxStates    = solve.DefaultMaxStates
	DefaultMaxMemoryMiB = solve.DefaultMaxMemory >> 20
)

// SolvePresets are the names solve --preset takes, the default first.
func SolvePresets() []string { return solve.Presets() }

// DefaultShorten is solve --shorten's default level.
var DefaultShorten = solve.ShortenFull.String()

// SolveLimits are a search's limits as solve's flags give them.
type SolveLimits struct {
	TimeLimit time.Duration // 0: none
	MaxStates int           // 0: the solver's default
	MaxMemory int64         // MiB; 0: the solver's default
	Shorten   string        // full, edits or off
	Preset    string        // one of SolvePresets()
}

// Check refuses a shortening level or a preset the solver does not know.
func (l SolveLimits) Check() error {
	_, err := l.options()
	return err
}

// options are the solver's options for the limits.
func (l SolveLimits) options() (solve.Options, error) {
	o := solve.Options{TimeLimit: l.TimeLimit, MaxStates: l.MaxStates, MaxMemory: l.MaxMemory << 20}
	var ok bool
	if o.Shorten, ok = solve.ParseShorten(l.Shorten); !ok {
		return o, fmt.Errorf("--shorten %q: use full, edits or off", l.Shorten)
	}
	if !slices.Contains(solve.Presets(), l.Preset) {
		return o, fmt.Errorf("--preset %q: use %s", l.Preset, strings.Join(solve.Presets(), ", "))
	}
	if l.Preset != solve.Presets()[0] {
		o.Preset = l.Preset
	}
	return o, nil
}

// start reads the limits and listens for Ctrl-C for a search: ctx is cancelled by the first,
// and a second ends the program; stop stops listening.
func (l SolveLimits) start(ctx context.Context) (solve.Options, context.Context, context.CancelFunc, error) {
	o, err := l.options()
	if err != nil {
		return o, ctx, func() {}, err
	}
	ctx, stop := untilSecondInterrupt(ctx)
	tables := o.MaxMemory
	if tables <= 0 {
		tables = solve.DefaultMaxMemory
	}
	restore := softMemoryLimit(tables)
	return o, ctx, func() { stop(); restore() }, nil
}

// softMemoryLimit asks the collector to keep the heap near what a search's tables may take
// (bytes), with room for the rest: without a limit the tables a search lets go wait for the
// next collection, and a range took twice their bound (Spiderette's, 2 GiB for 1 GiB of
// tables). Where GOMEMLIMIT has set a limit it is left alone. The func returned restores the
// limit there was.
func softMemoryLimit(tables int64) func() {
	old := debug.SetMemoryLimit(-1)
	if old != math.MaxInt64 {
		return func() {}
	}
	debug.SetMemoryLimit(tables + tables/2 + 64<<20)
	return func() { debug.SetMemoryLimit(old) }
}

// OneDeal is solve GAME for one deal: the game, the files it came from and how to print.
type OneDeal struct {
	Game     *model.Game
	Position string // the --position file it came from, or ""
	Board    string // the --board file it came from, or ""
	Notation string // the notation the line is written in: "" for the command language
	Limits   SolveLimits
	JSON     bool
}

// SolveOne solves one deal and prints the winning script on out and the verdict on errOut (or
// a JSON line), and returns the exit status: 0 solved, 4 unsolvable, 5 gave up, 130 Ctrl-C.
// Ctrl-C stops the search; a second one ends the program. A solver failure is an error.
func SolveOne(ctx context.Context, st Streams, d OneDeal) (int, error) {
	limits, ctx, stop, err := d.Limits.start(ctx)
	defer stop()
	if err != nil {
		return ExitUsage, err
	}
	game := d.Game
	label := dealLabel(game, d.Position, d.Board)
	limits.NoAuto = d.Notation != "" // FreeCell's standard notation has no auto
	res, err := solver(ctx, game, limits)
	if err != nil {
		return ExitError, fmt.Errorf("%s: %v", label, err)
	}
	if d.JSON {
		line := dealLine(game, res)
		if d.Position != "" || d.Board != "" {
			// A save keeps the seed of its deal, but the moves start from the saved position.
			line.Deal, line.Seed, line.Position, line.Board = 0, 0, d.Position, d.Board
		}
		sol := NotateLine(game, d.Notation, res.Moves)
		line.Solution = &sol
		if err := writeJSON(st.Out, line); err != nil {
			return ExitError, err
		}
		return resultStatus(res), nil
	}
	if res.Status == solve.Solved {
		var b strings.Builder
		b.WriteString("# " + ReplayCommand(game, d.Position, d.Board, d.Notation) + "\n")
		for _, m := range NotateLine(game, d.Notation, res.Moves) {
			b.WriteString(m + "\n")
		}
		if _, err := fmt.Fprint(st.Out, b.String()); err != nil {
			return ExitError, err
		}
	}
	fmt.Fprintf(st.Err, "%s: %s\n", label, res)
	return resultStatus(res), nil
}

// resultStatus is the exit status of one deal's result. A search that ends solved or
// unsolvable as Ctrl-C comes keeps its answer.
func resultStatus(r solve.Result) int {
	switch {
	case r.Status == solve.GaveUp && r.Limit == solve.LimitCancel:
		return ExitInterrupted
	case r.Status == solve.Solved:
		return ExitOK
	case r.Status == solve.Unsolvable:
		return ExitUnsolvable
	}
	return ExitGaveUp
}

// dealLabel names a deal in messages: "freecell deal 1", "klondike seed 7", "freecell position
// p.json", "freecell board 617.board" (a game from a file has no seed: it is named by the file).
func dealLabel(game *model.Game, position, board string) string {
	c := game.Config
	switch {
	case position != "":
		return fmt.Sprintf("%s position %s", game.Info.Name, Printable(position))
	case board != "":
		return fmt.Sprintf("%s board %s", game.Info.Name, Printable(board))
	case c.Deal != 0:
		return fmt.Sprintf("%s deal %d", game.Info.Name, c.Deal)
	}
	return fmt.Sprintf("%s seed %d", game.Info.Name, c.Seed)
}

// optionsJSON are the options that differ from the game's defaults, for JSON; nil if none.
func optionsJSON(info *model.GameInfo, opts model.Options) map[string]string {
	var m map[string]string
	for _, k := range ChangedOptions(info, opts) {
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
		Result: r.Status.String(), Moves: len(r.Moves), Seconds: roundSeconds(r.Elapsed), States: r.States,
	}
	if r.Status == solve.GaveUp {
		line.Limit = r.Limit.String()
	}
	return line
}

// roundSeconds rounds a duration to milliseconds, in seconds.
func roundSeconds(d time.Duration) float64 { return math.Round(d.Seconds()*1000) / 1000 }

// writeJSON prints one JSON object on a line of its own, as json.Marshal writes it (unlike
// writeJSONLine, "<" is escaped: solve's lines have always been written so).
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
