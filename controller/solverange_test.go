package controller

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"solitaire/model"
	"solitaire/model/solve"
)

// rangeOf is a range as solve GAME --deals FIRST-LAST (numbered) or --seeds FIRST-LAST makes
// it, with jobs at once and the options given, and the default limits.
func rangeOf(t *testing.T, game string, numbered bool, first, last uint64, jobs int, pairs ...model.Option) DealRange {
	t.Helper()
	info, err := model.LookupGame(game)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := info.Options(pairs)
	if err != nil {
		t.Fatal(err)
	}
	return DealRange{Info: info, Options: opts, Numbered: numbered, First: first, Last: last, Jobs: jobs,
		Limits: SolveLimits{Shorten: DefaultShorten, Preset: SolvePresets()[0]}}
}

// solveRange runs SolveRange and returns its exit status and what it printed.
func solveRange(t *testing.T, r DealRange) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code, err := SolveRange(context.Background(), Streams{Out: &out, Err: &errOut}, r)
	if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// solveDeal runs SolveOne on the deal of cfg, printing JSON or text, and returns its exit
// status and what it printed; a solver's failure is printed as the program prints it.
func solveDeal(t *testing.T, cfg model.Config, json bool) (code int, stdout, stderr string) {
	t.Helper()
	g, err := model.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code, err = SolveOne(context.Background(), Streams{Out: &out, Err: &errOut}, OneDeal{
		Game: g, Limits: SolveLimits{Shorten: DefaultShorten, Preset: SolvePresets()[0]}, JSON: json})
	if err != nil {
		fmt.Fprintf(&errOut, "solitaire: %v\n", err)
	}
	return code, out.String(), errOut.String()
}

// solveCall is one call of the fake solver: the deal it was given and the limits.
type solveCall struct {
	cfg model.Config
	opt solve.Options
}

// fakeSolver puts f in the place of the solver for the test and records its calls.
func fakeSolver(t *testing.T, f func(ctx context.Context, n uint64) (solve.Result, error)) func() []solveCall {
	t.Helper()
	var mu sync.Mutex
	var calls []solveCall
	old := solver
	solver = func(ctx context.Context, g *model.Game, opt solve.Options) (solve.Result, error) {
		mu.Lock()
		calls = append(calls, solveCall{g.Config, opt})
		mu.Unlock()
		n := uint64(g.Config.Deal)
		if n == 0 {
			n = g.Config.Seed
		}
		return f(ctx, n)
	}
	t.Cleanup(func() { solver = old })
	return func() []solveCall {
		mu.Lock()
		defer mu.Unlock()
		return append([]solveCall(nil), calls...)
	}
}

// fakeInterrupt makes the returned cancel function act as Ctrl-C for the test.
func fakeInterrupt(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	old := interrupts
	interrupts = func(context.Context) (context.Context, context.CancelFunc) { return context.WithCancel(ctx) }
	t.Cleanup(func() { interrupts = old; cancel() })
	return ctx, cancel
}

// drawOps is a fake solution of n commands.
func drawOps(n int) []model.Op {
	ops := make([]model.Op, n)
	for i := range ops {
		ops[i] = model.Draw{}
	}
	return ops
}

// byThree is a fake search: deal n takes n ms; n%3 == 1 is solved in n commands, n%3 == 2
// gives up at max-states, n%3 == 0 is unsolvable. Later deals finish first, so that the
// output's order is not the order the results come in.
func byThree(ctx context.Context, n uint64) (solve.Result, error) {
	time.Sleep(time.Duration(20-n%20) * time.Millisecond)
	r := solve.Result{States: int(n) * 10, Elapsed: time.Duration(n) * time.Millisecond}
	switch n % 3 {
	case 1:
		r.Status, r.Moves = solve.Solved, drawOps(int(n))
	case 2:
		r.Status, r.Limit = solve.GaveUp, solve.LimitStates
	default:
		r.Status = solve.Unsolvable
	}
	return r, nil
}

// jsonLines decodes each line of out as a JSON object.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %q: %v", line, err)
		}
		objs = append(objs, m)
	}
	return objs
}

func TestSolveRangeJSON(t *testing.T) {
	calls := fakeSolver(t, byThree)
	r := rangeOf(t, "freecell", true, 1, 9, 4, model.Option{Key: "cells", Value: "3"})
	r.JSON, r.Limits.TimeLimit, r.Limits.MaxStates, r.Limits.MaxMemory = true, 500*time.Millisecond, 7, 256
	code, out, errOut := solveRange(t, r)
	if code != ExitGaveUp || errOut != "" {
		t.Fatalf("exit %d, want %d (a deal gave up); stderr %q", code, ExitGaveUp, errOut)
	}
	lines := jsonLines(t, out)
	if len(lines) != 10 {
		t.Fatalf("%d lines, want 9 deals and a summary:\n%s", len(lines), out)
	}
	want := map[uint64]string{0: "unsolvable", 1: "solved", 2: "gave-up"}
	for i, l := range lines[:9] {
		n := uint64(i + 1)
		if l["deal"] != float64(n) || l["game"] != "freecell" || l["result"] != want[n%3] {
			t.Errorf("line %d: %v, want deal %d %s", i+1, l, n, want[n%3])
		}
		if l["seconds"] != float64(n)/1000 || l["states"] != float64(n*10) {
			t.Errorf("deal %d: seconds %v states %v", n, l["seconds"], l["states"])
		}
		if !reflect.DeepEqual(l["options"], map[string]any{"cells": "3"}) {
			t.Errorf("deal %d: options %v, want cells 3", n, l["options"])
		}
		moves, limit := 0.0, any(nil)
		if n%3 == 1 {
			moves = float64(n)
		}
		if n%3 == 2 {
			limit = "max-states"
		}
		if l["moves"] != moves || l["limit"] != limit {
			t.Errorf("deal %d: moves %v limit %v, want %v %v", n, l["moves"], l["limit"], moves, limit)
		}
		if _, ok := l["solution"]; ok {
			t.Errorf("deal %d: a range prints no solutions", n)
		}
	}
	s := lines[9]
	for k, v := range map[string]any{
		"summary": true, "game": "freecell", "kind": "deal", "from": 1.0, "to": 9.0,
		"finished": 9.0, "solved": 3.0, "unsolvable": 3.0, "gave_up": 3.0, "errors": 0.0, "interrupted": false,
		"unsolvable_numbers": []any{3.0, 6.0, 9.0}, "gave_up_numbers": []any{2.0, 5.0, 8.0},
		"limits": map[string]any{"max-states": 3.0}, "mean_moves": 4.0, // (1 + 4 + 7) / 3
		"seconds": 0.045, "median_seconds": 0.005, "p99_seconds": 0.009, "jobs": 4.0, "jobs_asked": 4.0,
		"max_memory_mib": 256.0, "job_memory_mib": 64.0, "tables_peak_mib": 0.0,
		"options": map[string]any{"cells": "3"},
	} {
		if !reflect.DeepEqual(s[k], v) {
			t.Errorf("summary %s: %v, want %v", k, s[k], v)
		}
	}
	if m, ok := s["peak_memory_mib"].(float64); !ok || m <= 0 {
		t.Errorf("summary peak_memory_mib: %v", s["peak_memory_mib"])
	}
	if w, ok := s["wall_seconds"].(float64); !ok || w <= 0 {
		t.Errorf("summary wall_seconds: %v", s["wall_seconds"])
	}
	cs := calls()
	if len(cs) != 9 {
		t.Fatalf("%d searches, want 9", len(cs))
	}
	seen := map[int64]bool{}
	for _, c := range cs {
		seen[c.cfg.Deal] = true
		if c.cfg.Seed != 0 || c.cfg.Options["cells"] != "3" {
			t.Errorf("searched %+v, want a numbered deal with cells 3", c.cfg)
		}
		// The range's 256 MiB shared by its 4 jobs.
		if c.opt.Gauge == nil {
			t.Error("the range's jobs share no gauge")
		}
		c.opt.Gauge = nil
		if want := (solve.Options{MaxStates: 7, MaxMemory: 64 << 20, TimeLimit: 500 * time.Millisecond}); c.opt != want {
			t.Errorf("limits %+v, want %+v", c.opt, want)
		}
	}
	if len(seen) != 9 {
		t.Errorf("deals searched: %v", seen)
	}
}

func TestSolveRangeText(t *testing.T) {
	fakeSolver(t, byThree)
	// Not verbose: the summary alone.
	code, out, _ := solveRange(t, rangeOf(t, "klondike", false, 1, 6, 3))
	if code != ExitGaveUp {
		t.Errorf("exit %d, want %d", code, ExitGaveUp)
	}
	for _, want := range []string{
		"klondike seeds 1-6: 6 deals\n",
		"\n  solved       2  mean 2.5 commands\n",
		"\n  unsolvable   2  seeds 3, 6\n",
		"\n  gave up      2  (max-states 2): seeds 2, 5\n",
		" s wall clock, 3 jobs\n",
		"\n  per deal     median 0.004 s, 99th percentile 0.006 s\n", // 3.5 ms rounds to 4
		"\n  peak memory  ",
		"\n  tables       at most 0 MiB at once, of 1024 MiB (341.3 MiB a job)\n", // the fake stores none
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "klondike seed 1:") {
		t.Errorf("lines for each deal without --verbose:\n%s", out)
	}

	// Verbose: a line for each deal, in order, then the summary.
	r := rangeOf(t, "klondike", false, 1, 6, 6, model.Option{Key: "draw", Value: "3"})
	r.Verbose = true
	code, out, _ = solveRange(t, r)
	if code != ExitGaveUp {
		t.Errorf("exit %d, want %d", code, ExitGaveUp)
	}
	lines := strings.Split(out, "\n")
	for i := range 6 {
		n := i + 1
		if !strings.HasPrefix(lines[i], fmt.Sprintf("klondike seed %d: ", n)) {
			t.Errorf("line %d: %q", n, lines[i])
		}
	}
	if !strings.HasPrefix(lines[0], "klondike seed 1: solved in 1 commands") ||
		!strings.HasPrefix(lines[1], "klondike seed 2: gave up: the max-states limit was reached (") ||
		!strings.HasPrefix(lines[2], "klondike seed 3: unsolvable:") {
		t.Errorf("lines do not say how each deal went:\n%s", out)
	}
	if lines[6] != "klondike seeds 1-6 draw=3: 6 deals" {
		t.Errorf("summary starts %q", lines[6])
	}
}

func TestSolveRangeListsTwentyNumbers(t *testing.T) {
	fakeSolver(t, func(context.Context, uint64) (solve.Result, error) {
		return solve.Result{Status: solve.Unsolvable}, nil
	})
	code, out, _ := solveRange(t, rangeOf(t, "fifteen", false, 101, 145, 2))
	if code != ExitUnsolvable {
		t.Errorf("exit %d, want %d", code, ExitUnsolvable)
	}
	want := "\n  unsolvable   45  seeds 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120 and 25 more\n"
	if !strings.Contains(out, want) || !strings.Contains(out, "\n  solved       0\n") {
		t.Errorf("summary:\n%s", out)
	}
}

func TestSolveRangeExitStatus(t *testing.T) {
	for _, tt := range []struct {
		name string
		f    func(context.Context, uint64) (solve.Result, error)
		code int
	}{
		{"all solved", func(context.Context, uint64) (solve.Result, error) {
			return solve.Result{Status: solve.Solved, Moves: drawOps(2)}, nil
		}, ExitOK},
		{"one unsolvable", func(_ context.Context, n uint64) (solve.Result, error) {
			if n == 2 {
				return solve.Result{Status: solve.Unsolvable}, nil
			}
			return solve.Result{Status: solve.Solved}, nil
		}, ExitUnsolvable},
		{"one gave up, one unsolvable", func(_ context.Context, n uint64) (solve.Result, error) {
			return solve.Result{Status: solve.Status(n % 3), Limit: solve.LimitTime}, nil
		}, ExitGaveUp},
		{"a solver error", func(_ context.Context, n uint64) (solve.Result, error) {
			if n == 3 {
				return solve.Result{}, errors.New("the engine refused the line")
			}
			return solve.Result{Status: solve.Solved}, nil
		}, ExitError},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fakeSolver(t, tt.f)
			code, out, errOut := solveRange(t, rangeOf(t, "freecell", true, 1, 4, 2))
			if code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", code, tt.code, out, errOut)
			}
			if tt.code == ExitError {
				if errOut != "solitaire: freecell deal 3: the engine refused the line\n" || !strings.Contains(out, "\n  errors       1  deal 3\n") {
					t.Errorf("stderr %q, summary:\n%s", errOut, out)
				}
				return
			}
			if errOut != "" {
				t.Errorf("stderr %q", errOut)
			}
		})
	}
}

func TestSolveRangeCtrlC(t *testing.T) {
	// One job: deals 1 and 2 are solved, Ctrl-C comes during deal 3, and no deal after it starts.
	_, cancel := fakeInterrupt(t)
	calls := fakeSolver(t, func(ctx context.Context, n uint64) (solve.Result, error) {
		if n < 3 {
			return solve.Result{Status: solve.Solved, Moves: drawOps(5), Elapsed: time.Millisecond}, nil
		}
		cancel()
		<-ctx.Done()
		return solve.Result{Status: solve.GaveUp, Limit: solve.LimitCancel, States: 99}, nil
	})
	r := rangeOf(t, "freecell", true, 1, 50, 1)
	r.JSON = true
	code, out, errOut := solveRange(t, r)
	if code != ExitInterrupted {
		t.Errorf("exit %d, want %d", code, ExitInterrupted)
	}
	if n := len(calls()); n != 3 {
		t.Errorf("%d searches after Ctrl-C during the third, want 3", n)
	}
	// The deals under way stop at once (they share the context): the notice must not promise
	// to finish them, as it once did.
	if want := "solitaire: interrupted: stopping the deals under way; the summary follows (Ctrl-C again ends at once)\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	lines := jsonLines(t, out)
	if len(lines) != 4 {
		t.Fatalf("want 3 deals and the summary:\n%s", out)
	}
	if lines[2]["result"] != "gave-up" || lines[2]["limit"] != "interrupted" || lines[2]["deal"] != 3.0 {
		t.Errorf("deal 3: %v", lines[2])
	}
	s := lines[3]
	for k, v := range map[string]any{
		"summary": true, "interrupted": true, "finished": 3.0, "solved": 2.0, "gave_up": 1.0,
		"gave_up_numbers": []any{3.0}, "limits": map[string]any{"interrupted": 1.0}, "mean_moves": 5.0, "to": 50.0,
	} {
		if !reflect.DeepEqual(s[k], v) {
			t.Errorf("summary %s: %v, want %v", k, s[k], v)
		}
	}
}

func TestSolveRangeCtrlCManyJobs(t *testing.T) {
	// Four jobs, a thousand deals: Ctrl-C during deal 10 stops the deals under way and hands
	// out no more; the summary of the deals done so far is printed, in order.
	_, cancel := fakeInterrupt(t)
	calls := fakeSolver(t, func(ctx context.Context, n uint64) (solve.Result, error) {
		if n == 10 {
			cancel()
		}
		select {
		case <-ctx.Done():
			return solve.Result{Status: solve.GaveUp, Limit: solve.LimitCancel}, nil
		case <-time.After(time.Millisecond):
			return solve.Result{Status: solve.Solved, Moves: drawOps(1)}, nil
		}
	})
	r := rangeOf(t, "freecell", true, 1, 1000, 4)
	r.Verbose = true
	code, out, errOut := solveRange(t, r)
	if code != ExitInterrupted {
		t.Errorf("exit %d, want %d", code, ExitInterrupted)
	}
	n := len(calls())
	if n < 10 || n > 20 {
		t.Errorf("%d searches, want 10 and the few under way", n)
	}
	re := regexp.MustCompile(`(?m)^freecell deal (\d+): `)
	var last int
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		var d int
		fmt.Sscan(m[1], &d)
		if d <= last {
			t.Errorf("deal %d printed after deal %d", d, last)
		}
		last = d
	}
	done := len(re.FindAllString(out, -1))
	if done > n || done < 10 {
		t.Errorf("%d deals printed, %d searched", done, n)
	}
	if want := fmt.Sprintf("freecell deals 1-1000: interrupted after %d of 1000 deals\n", done); !strings.Contains(out, want) {
		t.Errorf("summary lacks %q:\n%s", want, out)
	}
	if !strings.Contains(errOut, "Ctrl-C again") {
		t.Errorf("stderr %q", errOut)
	}
}

func TestSolveOneDeal(t *testing.T) {
	for _, tt := range []struct {
		res    solve.Result
		err    error
		code   int
		stderr string
	}{
		{solve.Result{Status: solve.Solved, Moves: drawOps(3), States: 12, Elapsed: 20 * time.Millisecond}, nil,
			ExitOK, "freecell deal 5: solved in 3 commands (12 positions, 0.02 s)\n"},
		{solve.Result{Status: solve.Unsolvable, States: 40}, nil,
			ExitUnsolvable, "freecell deal 5: unsolvable: no win is possible (40 positions searched, 0.00 s)\n"},
		{solve.Result{Status: solve.GaveUp, Limit: solve.LimitTime, States: 7}, nil,
			ExitGaveUp, "freecell deal 5: gave up: the time limit was reached (7 positions, 0.00 s)\n"},
		{solve.Result{Status: solve.GaveUp, Limit: solve.LimitCancel}, nil,
			ExitInterrupted, "freecell deal 5: gave up: interrupted (0 positions, 0.00 s)\n"},
		{solve.Result{}, errors.New("the engine refused the line"),
			ExitError, "solitaire: freecell deal 5: the engine refused the line\n"},
	} {
		fakeSolver(t, func(context.Context, uint64) (solve.Result, error) { return tt.res, tt.err })
		code, out, errOut := solveDeal(t, model.Config{Game: "freecell", Deal: 5, Options: model.Options{"cells": "2"}}, false)
		if code != tt.code || errOut != tt.stderr {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tt.res.Status, code, errOut, tt.code, tt.stderr)
		}
		wantOut := ""
		if tt.code == ExitOK {
			wantOut = "# solitaire play freecell --deal 5 --cells 2\ndraw\ndraw\ndraw\n"
		}
		if out != wantOut {
			t.Errorf("%v: stdout %q, want %q", tt.res.Status, out, wantOut)
		}
		if tt.err != nil {
			continue
		}
		code, out, errOut = solveDeal(t, model.Config{Game: "freecell", Deal: 5}, true)
		if code != tt.code || errOut != "" {
			t.Errorf("%v json: exit %d, stderr %q", tt.res.Status, code, errOut)
		}
		line := jsonLines(t, out)[0]
		var sol []any
		for range tt.res.Moves {
			sol = append(sol, "draw")
		}
		if sol == nil {
			sol = []any{}
		}
		if line["result"] != tt.res.Status.String() || !reflect.DeepEqual(line["solution"], sol) || line["moves"] != float64(len(sol)) {
			t.Errorf("%v json: %v", tt.res.Status, line)
		}
		if _, ok := line["limit"]; ok != (tt.res.Status == solve.GaveUp) {
			t.Errorf("%v json: limit %v", tt.res.Status, line["limit"])
		}
	}
}

func TestSolveOneDealCtrlC(t *testing.T) {
	_, cancel := fakeInterrupt(t)
	fakeSolver(t, func(ctx context.Context, _ uint64) (solve.Result, error) {
		cancel()
		<-ctx.Done()
		return solve.Result{Status: solve.GaveUp, Limit: solve.LimitCancel}, nil
	})
	code, out, _ := solveDeal(t, model.Config{Game: "klondike", Seed: 3}, false)
	if code != ExitInterrupted || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
}

func TestPercentiles(t *testing.T) {
	for _, tt := range []struct {
		n           int
		median, p99 float64
	}{{1, 1, 1}, {2, 1.5, 2}, {3, 2, 3}, {100, 50.5, 99}, {101, 51, 100}, {200, 100.5, 198}} {
		tl := &tally{}
		for i := tt.n; i >= 1; i-- {
			tl.secs = append(tl.secs, float64(i))
		}
		if m, p := tl.percentiles(); m != tt.median || p != tt.p99 {
			t.Errorf("1..%d: median %v, p99 %v; want %v, %v", tt.n, m, p, tt.median, tt.p99)
		}
	}
}

// TestSolveProgressBar draws the bar into a buffer, as it would on a terminal.
func TestSolveProgressBar(t *testing.T) {
	fakeSolver(t, byThree)
	defer func(d time.Duration) { barThrottle = d }(barThrottle)
	barThrottle = 0 // every change drawn, however fast the deals come
	info, _ := model.LookupGame("freecell")
	var out, errOut bytes.Buffer
	r := newRangeRun(DealRange{Info: info, Numbered: true, First: 1, Last: 3, Jobs: 1, Verbose: true}, solve.Options{}, true)
	code := runRange(context.Background(), Streams{In: io.NopCloser(strings.NewReader("")), Out: &out, Err: &errOut}, r)
	if code != ExitGaveUp {
		t.Errorf("exit %d", code)
	}
	bar := errOut.String()
	for _, want := range []string{"freecell deals", "(0/3)", "(1/3)", "(2/3)"} {
		if !strings.Contains(bar, want) {
			t.Errorf("the bar on stderr lacks %q: %q", want, bar)
		}
	}
	if !strings.HasSuffix(bar, "\r\x1b[K") {
		t.Errorf("the bar is not cleared at the end: %q", bar)
	}
	if !strings.HasPrefix(out.String(), "freecell deal 1: solved in 1 commands") || !strings.Contains(out.String(), "freecell deals 1-3: 3 deals\n") {
		t.Errorf("stdout:\n%s", out.String())
	}
}

// TestRangeSharesMemory: --max-memory bounds a whole range. Its jobs share it evenly, fewer of
// them run where a share would be under minJobMemory, and the summary says so.
func TestRangeSharesMemory(t *testing.T) {
	for _, tt := range []struct {
		maxMiB, jobs       int64
		wantJobs, shareMiB int64
	}{
		{16, 8, 4, 4},   // 2 MiB a job is under the floor: 4 jobs of 4 MiB
		{256, 8, 8, 32}, // 8 jobs of 32 MiB
		{1, 8, 1, 1},    // under the floor for one: one job with it all
		{0, 2, 2, 512},  // the solver's default, 1 GiB, for the range
		{100, 3, 3, 33}, // what does not divide evenly is left over
	} {
		var mu sync.Mutex
		var most int64
		fakeSolver(t, func(context.Context, uint64) (solve.Result, error) {
			return solve.Result{Status: solve.Solved}, nil
		})
		old := solver
		solver = func(ctx context.Context, g *model.Game, opt solve.Options) (solve.Result, error) {
			mu.Lock()
			most = max(most, opt.MaxMemory)
			mu.Unlock()
			return old(ctx, g, opt)
		}
		r := rangeOf(t, "freecell", true, 1, 20, int(tt.jobs))
		r.JSON, r.Limits.MaxMemory = true, tt.maxMiB
		_, out, _ := solveRange(t, r)
		lines := jsonLines(t, out)
		s := lines[len(lines)-1]
		if s["jobs"] != float64(tt.wantJobs) || s["jobs_asked"] != float64(tt.jobs) {
			t.Errorf("--max-memory %d --jobs %d: %v jobs of %v asked, want %d", tt.maxMiB, tt.jobs, s["jobs"], s["jobs_asked"], tt.wantJobs)
		}
		total := tt.maxMiB << 20
		if total == 0 {
			total = solve.DefaultMaxMemory
		}
		if most>>20 != tt.shareMiB || most*tt.wantJobs > total {
			t.Errorf("--max-memory %d --jobs %d: a job may take %d bytes; %d jobs of it are over %d", tt.maxMiB, tt.jobs, most, tt.wantJobs, total)
		}
		solver = old
	}
	r := rangeOf(t, "freecell", true, 1, 2, 8)
	r.Limits.MaxMemory = 16
	_, out, _ := solveRange(t, r)
	if want := "\n  jobs         4 of 8 asked: 16 MiB gives each at least 4 MiB\n"; !strings.Contains(out, want) {
		t.Errorf("the summary does not say why fewer jobs ran:\n%s", out)
	}
}

// TestRangeStaysUnderMaxMemory runs the real solver on a range with 8 jobs and a small
// --max-memory: what the jobs' tables took at once, as the summary reports it, is within it.
func TestRangeStaysUnderMaxMemory(t *testing.T) {
	r := rangeOf(t, "klondike", false, 1, 8, 8)
	r.JSON, r.Limits.MaxMemory, r.Limits.MaxStates = true, 32, 20_000
	_, out, errOut := solveRange(t, r)
	lines := jsonLines(t, out)
	s := lines[len(lines)-1]
	peak, _ := s["tables_peak_mib"].(float64)
	t.Logf("the tables took at most %v MiB at once", peak)
	if s["jobs"] != 8.0 || s["job_memory_mib"] != 4.0 || peak <= 0 || peak > 32 {
		t.Errorf("8 jobs of 4 MiB, and their tables at most 32 MiB at once: %v jobs of %v MiB, %v MiB at once\n%s", s["jobs"], s["job_memory_mib"], peak, errOut)
	}
}
