package solve

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"solitaire/model"
)

// The limits: each must stop a search on a hard deal with GaveUp and its own Limit, soon
// after it is reached. "Soon" is generous (promptly means well within 2 s here): these are
// not timing tests, they catch a limit that is never looked at.

// hardDeals are deals that a search does not settle within hardPremise positions, so that
// the state and memory limits below are reached before the search ends by itself.
var hardDeals = []model.Config{
	{Game: "algerian", Seed: 6},                                       // seed 1 is solved in 2,555 positions since the dealt piles are alike once the stock is empty
	{Game: "natali", Seed: 4, Options: model.Options{"wrap": "true"}}, // seed 5 is solved in 18,883 positions since the walks share a table
	{Game: "klondike", Seed: 3},
	{Game: "natali", Seed: 1, Options: model.Options{"passes": "1"}},
	{Game: "freecell", Deal: 12, Options: model.Options{"kings-only": "true"}}, // deal 1 is solved in 6,773 positions since 2026-11
}

// slowDeals are deals that a search with the default limits does not settle within
// slowPremise, so that the time limits and cancels below come first.
var slowDeals = []model.Config{
	{Game: "klondike", Seed: 3},
	{Game: "natali", Seed: 1, Options: model.Options{"passes": "1"}},
}

const (
	hardPremise = 20_000
	slowPremise = 500 * time.Millisecond
)

// prompt is how long a search may take to notice a limit (or a cancel) once it is reached.
const prompt = 2 * time.Second

// premiseGames deals the configurations, checking first that each is still hard for the
// solver: the search with opt must give up at the limit want.
func premiseGames(t *testing.T, cfgs []model.Config, opt Options, want Limit) []*model.Game {
	t.Helper()
	premiseMu.Lock()
	defer premiseMu.Unlock()
	key := fmt.Sprint(cfgs, opt, want)
	if gs, ok := premiseDone[key]; ok {
		return gs
	}
	var gs []*model.Game
	for _, cfg := range cfgs {
		g, err := model.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Solve(context.Background(), g, opt)
		if err != nil {
			t.Fatalf("%s: %v", cfgName(cfg), err)
		}
		if r.Status != GaveUp || r.Limit != want {
			t.Fatalf("%s: the premise is wrong: with %+v the search ends %v; pick a harder deal for the limit tests",
				cfgName(cfg), opt, r)
		}
		gs = append(gs, g)
	}
	premiseDone[key] = gs
	return gs
}

// premiseDone keeps the games whose premise was checked, so that it is checked once.
var (
	premiseMu   sync.Mutex
	premiseDone = map[string][]*model.Game{}
)

func hardGames(t *testing.T) []*model.Game {
	return premiseGames(t, hardDeals, Options{MaxStates: hardPremise}, LimitStates)
}

func slowGames(t *testing.T) []*model.Game {
	return premiseGames(t, slowDeals, Options{TimeLimit: slowPremise}, LimitTime)
}

// cfgName names a deal in messages, as dealName does.
func cfgName(cfg model.Config) string {
	var opts []string
	for _, k := range cfg.Options.Keys() {
		opts = append(opts, k+"="+cfg.Options[k])
	}
	n := int(cfg.Seed)
	if cfg.Deal != 0 {
		n = int(cfg.Deal)
	}
	return dealName(cfg.Game, strings.Join(opts, " "), n)
}

// checkGaveUp requires GaveUp with the limit, within prompt of when it was due.
func checkGaveUp(t *testing.T, name string, r Result, err error, want Limit, wall, due time.Duration) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	if r.Status != GaveUp || r.Limit != want {
		t.Errorf("%s: got %v (limit %q), want gave up at %q", name, r, r.Limit, want)
	}
	if len(r.Moves) != 0 {
		t.Errorf("%s: gave up with %d moves", name, len(r.Moves))
	}
	if wall > due+prompt {
		t.Errorf("%s: returned after %v, more than %v after the limit was due (%v)", name, wall, prompt, due)
	}
}

// TestSolveMaxStates: max-states stops the search once that many positions are stored, and
// not far beyond.
func TestSolveMaxStates(t *testing.T) {
	for _, g := range hardGames(t) {
		for _, n := range []int{1, 100, 1_000, 10_000} {
			name := cfgName(g.Config) + ", max-states " + strconv.Itoa(n)
			start := time.Now()
			r, err := solveUnchanged(context.Background(), g, Options{MaxStates: n})
			checkGaveUp(t, name, r, err, LimitStates, time.Since(start), time.Since(start))
			if r.States < n || r.States > n+stateSlack(n) {
				t.Errorf("%s: stored %d positions, want %d to %d", name, r.States, n, n+stateSlack(n))
			}
		}
	}
}

// TestSolveTimeLimit: a time limit stops the search soon after it passes.
func TestSolveTimeLimit(t *testing.T) {
	for _, g := range slowGames(t) {
		for _, d := range []time.Duration{time.Millisecond, 150 * time.Millisecond} {
			name := cfgName(g.Config) + ", time limit " + d.String()
			start := time.Now()
			r, err := solveUnchanged(context.Background(), g, Options{TimeLimit: d})
			checkGaveUp(t, name, r, err, LimitTime, time.Since(start), d)
			if r.Elapsed < d {
				t.Errorf("%s: gave up at the time limit after %v", name, r.Elapsed)
			}
		}
	}
}

// TestSolveCancel: a context cancelled before the search, or during it, stops it.
func TestSolveCancel(t *testing.T) {
	for _, g := range slowGames(t) {
		name := cfgName(g.Config)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		start := time.Now()
		r, err := solveUnchanged(ctx, g, Options{})
		checkGaveUp(t, name+", cancelled before", r, err, LimitCancel, time.Since(start), 0)

		ctx, cancel = context.WithCancel(context.Background())
		const after = 100 * time.Millisecond
		timer := time.AfterFunc(after, cancel)
		start = time.Now()
		r, err = solveUnchanged(ctx, g, Options{})
		timer.Stop()
		cancel()
		checkGaveUp(t, name+", cancelled after "+after.String(), r, err, LimitCancel, time.Since(start), after)
	}
}

// TestSolveMaxMemory: a memory limit below what the search's tables take at once stops it.
func TestSolveMaxMemory(t *testing.T) {
	for _, g := range hardGames(t) {
		name := cfgName(g.Config) + ", max-memory 1 MiB"
		start := time.Now()
		r, err := solveUnchanged(context.Background(), g, Options{MaxMemory: 1 << 20})
		checkGaveUp(t, name, r, err, LimitMemory, time.Since(start), 0)
	}
}
