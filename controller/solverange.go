package controller

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"solitaire/model"
	"solitaire/model/solve"
	"solitaire/view"
)

// listed is how many deal numbers the text summary lists for each outcome before "and N more".
const listed = 20

// DealRange is solve GAME --deals A-B: the deals, how many are solved at once, the limits and
// how to print.
type DealRange struct {
	Info        *model.GameInfo
	Options     model.Options
	Numbered    bool // Microsoft deal numbers, not seeds
	First, Last uint64
	Jobs        int
	Limits      SolveLimits
	JSON        bool // a JSON line per deal and a summary object
	Verbose     bool // a text line per deal
	ASCII       bool // the progress bar in ASCII
}

// rangeRun is a range being solved: the range, the solver's options and whether a progress bar
// is drawn.
type rangeRun struct {
	DealRange
	limits solve.Options
	bar    bool  // a progress bar on stderr
	asked  int   // the jobs asked for; Jobs is fewer when the memory does not give each its floor
	memory int64 // the bytes the whole range's tables may take (--max-memory), shared by the jobs
}

// minJobMemory is the least memory a job of a range is given: below it, fewer jobs run at once,
// since a search with less gives up on most deals.
const minJobMemory = 4 << 20

// newRangeRun shares the range's memory out among its jobs (help solve, "A range of deals"):
// --max-memory, or the solver's default, bounds the whole range, each job gets an even share of
// it, and where a share would be under minJobMemory fewer jobs run. A gauge adds up what the
// jobs' tables take at once, for the summary.
func newRangeRun(r DealRange, limits solve.Options, bar bool) *rangeRun {
	run := &rangeRun{DealRange: r, limits: limits, bar: bar, asked: r.Jobs, memory: limits.MaxMemory}
	if run.memory <= 0 {
		run.memory = solve.DefaultMaxMemory
	}
	run.Jobs = max(1, min(r.Jobs, int(run.memory/minJobMemory)))
	run.limits.MaxMemory = run.memory / int64(run.Jobs)
	run.limits.Gauge = &solve.Gauge{}
	return run
}

// kind is what the numbers of the range are: "deal" or "seed".
func (r *rangeRun) kind() string {
	if r.Numbered {
		return "deal"
	}
	return "seed"
}

// SolveRange solves the range on r.Jobs workers and prints each deal's result in deal order
// (JSON, or text with Verbose), then the summary, with a progress bar on errOut when it is a
// terminal. Ctrl-C stops handing out deals; the deals under way stop at their solver's next
// check, and a second Ctrl-C ends the program. It returns the exit status.
func SolveRange(ctx context.Context, st Streams, r DealRange) (int, error) {
	limits, ctx, stop, err := r.Limits.start(ctx)
	defer stop()
	if err != nil {
		return ExitUsage, err
	}
	return runRange(ctx, st, newRangeRun(r, limits, terminalFd(st.Err) >= 0)), nil
}

// dealResult is one deal of a range, solved.
type dealResult struct {
	n       uint64
	game    *model.Game
	res     solve.Result
	err     error // the deal could not be dealt, or the solver failed
	skipped bool  // Ctrl-C came before the deal was started
}

// runRange is SolveRange once the limits are read: ctx is cancelled by Ctrl-C.
func runRange(ctx context.Context, io Streams, r *rangeRun) int {
	// The range uses as many threads as it has jobs: with more, the runtime spreads one
	// search's goroutine, its garbage collection and the printer over several cores, which
	// costs a fifth more time than it saves (one job: 5.4 s for FreeCell deals 1-32000
	// against 6.5 s), and --jobs 1 is a one-thread measure, as fc-solve's is.
	if r.Jobs < runtime.GOMAXPROCS(0) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(r.Jobs))
	}
	start := time.Now()
	todo := make(chan uint64, 64)
	done := make(chan dealResult, 64)
	go func() {
		defer close(todo)
		for n := r.First; ctx.Err() == nil; n++ {
			select {
			case todo <- n:
			case <-ctx.Done():
				return
			}
			if n == r.Last {
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range r.Jobs {
		wg.Go(func() {
			for n := range todo {
				done <- r.solveOne(ctx, n)
			}
		})
	}
	go func() {
		wg.Wait()
		close(done)
	}()

	out := &rangeOutput{io: io, r: r, t: &tally{limits: map[solve.Limit]int{}}}
	if r.bar {
		out.bar = newBar(io.Err, r)
	}
	// Results come in any order; they are printed in deal order. The deals handed out are
	// always first..k, and each of them comes back, so nothing is left waiting at the end.
	pending := map[uint64]dealResult{}
	next := r.First
	interrupt := ctx.Done()
	var tick <-chan time.Time // redraws the bar: its clock, and after lines printed above it
	if out.bar != nil {
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-tick:
			out.bar.draw()
			continue
		case <-interrupt:
			interrupt = nil
			out.above(func() {
				// The deals under way share ctx: their searches stop at their next check, so
				// only the summary is left to print (help solve).
				fmt.Fprintln(io.Err, "solitaire: interrupted: stopping the deals under way; the summary follows (Ctrl-C again ends at once)")
			})
			continue
		case d, ok := <-done:
			if !ok {
				break
			}
			if out.bar != nil && !d.skipped {
				out.bar.add()
			}
			pending[d.n] = d
			for p, ok := pending[next]; ok; p, ok = pending[next] {
				delete(pending, next)
				out.deal(p)
				next++
			}
			continue
		}
		break
	}
	if out.bar != nil {
		out.bar.clear()
	}
	interrupted := ctx.Err() != nil
	out.summary(time.Since(start), interrupted)
	t := out.t
	switch {
	case interrupted:
		return ExitInterrupted
	case t.errors > 0:
		return ExitError
	case t.gaveUp > 0:
		return ExitGaveUp
	case t.unsolvable > 0:
		return ExitUnsolvable
	}
	return ExitOK
}

// solveOne deals and solves one deal of the range.
func (r *rangeRun) solveOne(ctx context.Context, n uint64) dealResult {
	d := dealResult{n: n}
	if ctx.Err() != nil {
		d.skipped = true
		return d
	}
	cfg := model.Config{Game: r.Info.Name, Options: r.Options}
	if r.Numbered {
		cfg.Deal = int64(n)
	} else {
		cfg.Seed = n
	}
	if d.game, d.err = model.NewGame(cfg); d.err == nil {
		d.res, d.err = solver(ctx, d.game, r.limits)
	}
	return d
}

// barThrottle is the shortest time between two drawings of the bar; tests draw every change.
var barThrottle = 100 * time.Millisecond

// rangeBar is a range's progress bar on a terminal (view.ProgressBar), on one line that each
// drawing replaces (ProgressLine: no escape code on a dumb terminal). It has no colour.
type rangeBar struct {
	show        func(line string) // "" clears the line
	what        string            // "freecell deals"
	done, total int64
	ascii       bool
	start, last time.Time // when the range began, and when the bar was last drawn
}

// newBar makes the progress bar of a range, on w, and draws it.
func newBar(w io.Writer, r *rangeRun) *rangeBar {
	b := &rangeBar{show: ProgressLine(w, dumbTerminal()), what: fmt.Sprintf("%s %ss", r.Info.Name, r.kind()),
		total: int64(r.Last - r.First + 1), ascii: r.ASCII, start: time.Now()}
	b.draw()
	return b
}

// draw shows the bar as it stands.
func (b *rangeBar) draw() {
	b.last = time.Now()
	b.show(view.ProgressBar(b.what, b.done, b.total, time.Since(b.start), b.ascii))
}

// add counts a deal done, and draws the bar unless it was drawn less than barThrottle ago.
func (b *rangeBar) add() {
	b.done++
	if time.Since(b.last) >= barThrottle {
		b.draw()
	}
}

// clear takes the bar off its line.
func (b *rangeBar) clear() { b.show("") }

// rangeOutput prints a range's results as they come and adds them up.
type rangeOutput struct {
	io  Streams
	r   *rangeRun
	t   *tally
	bar *rangeBar // nil: none
}

// above prints something with the progress bar out of the way, then shows the bar again.
func (o *rangeOutput) above(print func()) {
	if o.bar == nil {
		print()
		return
	}
	o.bar.clear()
	print()
	o.bar.draw()
}

// deal counts one deal's result and prints its line, if lines are wanted.
func (o *rangeOutput) deal(d dealResult) {
	if d.skipped {
		return
	}
	label := fmt.Sprintf("%s %s %d", o.r.Info.Name, o.r.kind(), d.n)
	if d.err != nil {
		o.t.errors++
		o.t.errorList = append(o.t.errorList, d.n)
		o.above(func() { fmt.Fprintf(o.io.Err, "solitaire: %s: %v\n", label, d.err) })
		return
	}
	o.t.add(d)
	switch {
	case o.r.JSON:
		o.above(func() { writeJSON(o.io.Out, dealLine(d.game, d.res)) })
	case o.r.Verbose:
		o.above(func() { fmt.Fprintf(o.io.Out, "%s: %s\n", label, d.res) })
	}
}

// tally adds up the results of a range.
type tally struct {
	solved, unsolvable, gaveUp, errors int
	limits                             map[solve.Limit]int
	unsolvableList, gaveUpList         []uint64
	errorList                          []uint64
	secs                               []float64 // each deal's time
	cpu                                time.Duration
	solvedMoves                        int
}

func (t *tally) add(d dealResult) {
	t.secs = append(t.secs, d.res.Elapsed.Seconds())
	t.cpu += d.res.Elapsed
	switch d.res.Status {
	case solve.Solved:
		t.solved++
		t.solvedMoves += len(d.res.Moves)
	case solve.Unsolvable:
		t.unsolvable++
		t.unsolvableList = append(t.unsolvableList, d.n)
	default:
		t.gaveUp++
		t.limits[d.res.Limit]++
		t.gaveUpList = append(t.gaveUpList, d.n)
	}
}

// finished is the number of deals with a result.
func (t *tally) finished() int { return t.solved + t.unsolvable + t.gaveUp }

// meanMoves is the mean solution length of the solved deals.
func (t *tally) meanMoves() float64 {
	if t.solved == 0 {
		return 0
	}
	return float64(t.solvedMoves) / float64(t.solved)
}

// percentiles returns the median and the 99th percentile (nearest rank) of the deals' times.
func (t *tally) percentiles() (median, p99 float64) {
	s := slices.Clone(t.secs)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0, 0
	}
	median = s[n/2]
	if n%2 == 0 {
		median = (s[n/2-1] + s[n/2]) / 2
	}
	return median, s[int(math.Ceil(0.99*float64(n)))-1]
}

// limitCounts lists the limits deals gave up at: "max-states 2, time-limit 1".
func (t *tally) limitCounts() string {
	var parts []string
	for l := solve.LimitStates; l <= solve.LimitCancel; l++ {
		if n := t.limits[l]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", l, n))
		}
	}
	for l, n := range t.limits {
		if l < solve.LimitStates || l > solve.LimitCancel {
			parts = append(parts, fmt.Sprintf("%s %d", l, n))
		}
	}
	return strings.Join(parts, ", ")
}

// tablesPeak is the most the jobs' tables took at once, in MiB.
func (r *rangeRun) tablesPeak() float64 { return float64(r.limits.Gauge.Peak()) / (1 << 20) }

// mib rounds MiB to a tenth, for JSON.
func mib(x float64) float64 { return math.Round(x*10) / 10 }

// mibText writes MiB for the text summary: "64 MiB", "12.5 MiB".
func mibText(x float64) string { return strconv.FormatFloat(mib(x), 'f', -1, 64) + " MiB" }

// peakMemory is the most memory the process has held (its peak resident set), in MiB.
func peakMemory() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Maxrss) / 1024 // Linux counts KiB
}

// numberList writes deal numbers for the text summary: "deal 7", "deals 5, 9", and after
// the first twenty, "and 13 more".
func numberList(kind string, ns []uint64) string {
	if len(ns) == 0 {
		return ""
	}
	if len(ns) > 1 {
		kind += "s"
	}
	var parts []string
	for _, n := range ns[:min(len(ns), listed)] {
		parts = append(parts, strconv.FormatUint(n, 10))
	}
	s := kind + " " + strings.Join(parts, ", ")
	if len(ns) > listed {
		s += fmt.Sprintf(" and %d more", len(ns)-listed)
	}
	return s
}

// summaryJSON is the last line of a range with --format json.
type summaryJSON struct {
	Summary     bool              `json:"summary"`
	Game        string            `json:"game"`
	Options     map[string]string `json:"options,omitempty"`
	Kind        string            `json:"kind"` // deal or seed
	From        uint64            `json:"from"`
	To          uint64            `json:"to"`
	Finished    int               `json:"finished"`
	Solved      int               `json:"solved"`
	Unsolvable  int               `json:"unsolvable"`
	GaveUp      int               `json:"gave_up"`
	Limits      map[string]int    `json:"limits,omitempty"`
	Errors      int               `json:"errors"`
	Interrupted bool              `json:"interrupted"`
	UnsolvableN []uint64          `json:"unsolvable_numbers"`
	GaveUpN     []uint64          `json:"gave_up_numbers"`
	MeanMoves   float64           `json:"mean_moves"`
	Seconds     float64           `json:"seconds"`
	Wall        float64           `json:"wall_seconds"`
	Median      float64           `json:"median_seconds"`
	P99         float64           `json:"p99_seconds"`
	PeakMemory  float64           `json:"peak_memory_mib"` // the process's peak resident set
	TablesPeak  float64           `json:"tables_peak_mib"` // the most the jobs' tables took at once
	MaxMemory   float64           `json:"max_memory_mib"`  // what the range's tables may take
	JobMemory   float64           `json:"job_memory_mib"`  // each job's share of it
	Jobs        int               `json:"jobs"`            // jobs run at once
	JobsAsked   int               `json:"jobs_asked"`      // --jobs
}

// summary prints the summary of the range: a JSON object, or a few lines of text.
func (o *rangeOutput) summary(wall time.Duration, interrupted bool) {
	r, t := o.r, o.t
	median, p99 := t.percentiles()
	round := func(x float64) float64 { return math.Round(x*1000) / 1000 }
	if r.JSON {
		s := summaryJSON{
			Summary: true, Game: r.Info.Name, Options: optionsJSON(r.Info, r.Options), Kind: r.kind(), From: r.First, To: r.Last,
			Finished: t.finished(), Solved: t.solved, Unsolvable: t.unsolvable, GaveUp: t.gaveUp,
			Errors: t.errors, Interrupted: interrupted,
			UnsolvableN: nonNil(t.unsolvableList), GaveUpN: nonNil(t.gaveUpList),
			MeanMoves: round(t.meanMoves()), Seconds: roundSeconds(t.cpu), Wall: roundSeconds(wall),
			Median: round(median), P99: round(p99), PeakMemory: mib(peakMemory()), Jobs: r.Jobs,
			TablesPeak: mib(r.tablesPeak()), MaxMemory: mib(float64(r.memory) / (1 << 20)), JobMemory: mib(float64(r.limits.MaxMemory) / (1 << 20)),
			JobsAsked: r.asked,
		}
		if len(t.limits) > 0 {
			s.Limits = map[string]int{}
			for l, n := range t.limits {
				s.Limits[l.String()] = n
			}
		}
		writeJSON(o.io.Out, s)
		return
	}
	var b strings.Builder
	span := fmt.Sprintf("%ss %d-%d", r.kind(), r.First, r.Last)
	if r.First == r.Last {
		span = fmt.Sprintf("%s %d", r.kind(), r.First)
	}
	fmt.Fprintf(&b, "%s %s", r.Info.Name, span)
	for _, k := range ChangedOptions(r.Info, r.Options) {
		fmt.Fprintf(&b, " %s=%s", k, r.Options[k])
	}
	if interrupted {
		fmt.Fprintf(&b, ": interrupted after %d of %s\n", t.finished(), model.Plural(int(r.Last-r.First+1), "deal"))
	} else {
		fmt.Fprintf(&b, ": %s\n", model.Plural(t.finished(), "deal"))
	}
	line := func(name, value string) { fmt.Fprintf(&b, "  %-12s %s\n", name, value) }
	count := func(n int, more string) string {
		if more == "" {
			return strconv.Itoa(n)
		}
		return fmt.Sprintf("%d  %s", n, more)
	}
	mean := ""
	if t.solved > 0 {
		mean = fmt.Sprintf("mean %.1f commands", t.meanMoves())
	}
	line("solved", count(t.solved, mean))
	line("unsolvable", count(t.unsolvable, numberList(r.kind(), t.unsolvableList)))
	gave := ""
	if t.gaveUp > 0 {
		gave = "(" + t.limitCounts() + "): " + numberList(r.kind(), t.gaveUpList)
	}
	line("gave up", count(t.gaveUp, gave))
	if t.errors > 0 {
		line("errors", count(t.errors, numberList(r.kind(), t.errorList)))
	}
	line("time", fmt.Sprintf("%s solving, %s wall clock, %s", secondsText(t.cpu.Seconds()), secondsText(wall.Seconds()), model.Plural(r.Jobs, "job")))
	if t.finished() > 0 {
		line("per deal", fmt.Sprintf("median %s, 99th percentile %s", secondsText(median), secondsText(p99)))
	}
	if r.Jobs < r.asked {
		line("jobs", fmt.Sprintf("%d of %d asked: %s gives each at least %s", r.Jobs, r.asked, mibText(float64(r.memory)/(1<<20)), mibText(minJobMemory>>20)))
	}
	line("peak memory", fmt.Sprintf("%.1f MiB", peakMemory()))
	line("tables", fmt.Sprintf("at most %s at once, of %s (%s a job)",
		mibText(r.tablesPeak()), mibText(float64(r.memory)/(1<<20)), mibText(float64(r.limits.MaxMemory)/(1<<20))))
	fmt.Fprint(o.io.Out, b.String())
}

// secondsText writes a time in seconds: "0.952 s", "12.4 s".
func secondsText(s float64) string {
	if s < 10 {
		return fmt.Sprintf("%.3f s", s)
	}
	return fmt.Sprintf("%.1f s", s)
}

// nonNil makes an empty list print as [] rather than null.
func nonNil(ns []uint64) []uint64 {
	if ns == nil {
		return []uint64{}
	}
	return ns
}
