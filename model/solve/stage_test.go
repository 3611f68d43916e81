package solve

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"

	"solitaire/model"
)

// TestStagePrio: a staged search ranks every position of a later stage (more of the stock
// dealt) above every position of an earlier one, whatever their own priorities, and keeps
// the order of priorities within a stage, clamped at its bounds.
func TestStagePrio(t *testing.T) {
	_, c, b := dealBoard(t, model.Config{Game: "spider", Seed: 1})
	e := &befs{staged: true, stock0: int(b.n[c.stock]) + 10} // as if one deal of ten was made
	later := e.stagePrio(math.MinInt32, b)
	b.n[c.stock] += 10 // the deal undone: the earlier stage
	for _, p := range []int32{math.MinInt32, -1 << 21, -5, 0, 5, 1<<21 - 1, math.MaxInt32} {
		if got := e.stagePrio(p, b); got >= later {
			t.Errorf("stagePrio(%d) at stage 0 = %d, not below the worst of stage 10, %d", p, got, later)
		}
	}
	for _, tc := range []struct{ lo, hi int32 }{{-5, 5}, {0, 1}, {-1 << 21, 1<<21 - 1}, {1<<21 - 2, math.MaxInt32}} {
		if lo, hi := e.stagePrio(tc.lo, b), e.stagePrio(tc.hi, b); lo >= hi {
			t.Errorf("stagePrio(%d) = %d, not below stagePrio(%d) = %d", tc.lo, lo, tc.hi, hi)
		}
	}
	if e.stagePrio(math.MaxInt32, b) != e.stagePrio(1<<21-1, b) {
		t.Error("a priority past the stage's bound is not clamped to it")
	}
	e.staged = false
	if got := e.stagePrio(-7, b); got != -7 {
		t.Errorf("unstaged: stagePrio(-7) = %d, want it unchanged", got)
	}
}

// TestStagedSearchWins: one best-first search by stages (befs.stage) wins a four-suit Spider
// deal in a budget in which the same search without stages does not, and its line replays
// through the engine as a player would type it.
func TestStagedSearchWins(t *testing.T) {
	t.Parallel()
	cfg := model.Config{Game: "spider", Seed: 3}
	for _, tc := range []struct {
		stage     int
		maxStates int
		want      Status
	}{
		{spiderStage, 200_000, Solved},
		{0, 300_000, GaveUp},
	} {
		g, err := model.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		p := &preset{name: "staged", alone: true, suited: staged([]searchSpec{spiderWide}, tc.stage, spiderBeam)}
		r, err := Solve(context.Background(), g, Options{MaxStates: tc.maxStates, Shorten: ShortenOff, preset: p})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.want {
			t.Fatalf("stage %d, %d positions: %v, want %v", tc.stage, tc.maxStates, r, tc.want)
		}
		if r.Status != Solved {
			continue
		}
		if err := replayDeal(t, cfg, r.Moves); err != nil {
			t.Errorf("stage %d: the line does not replay: %v", tc.stage, err)
		}
	}
}

// TestCull: under memory pressure the rotation lets go of the best-first search that has come
// least far (searcher.cull), never a walk, and once none is left it says so.
func TestCull(t *testing.T) {
	k := new(kit)
	k.best = make([]befs, 3)
	k.dfs = make([]dfs, 1)
	for i, far := range []int32{5, 9, 5} {
		k.best[i].started, k.best[i].far = true, far
	}
	k.best[2].nodes = make([]node, 0, 1000) // as far as best[0], and larger: the first to go
	s := &searcher{kept: k, pressed: true}
	s.running = []strategy{&k.best[0], &k.dfs[0], &k.best[1], &k.best[2]}
	for _, want := range []struct {
		place int
		gone  *befs
	}{{3, &k.best[2]}, {0, &k.best[0]}, {1, &k.best[1]}, {-1, nil}} {
		got := s.cull()
		if got != want.place || s.pressed {
			t.Fatalf("cull() = %d (pressed %v), want %d", got, s.pressed, want.place)
		}
		if want.gone != nil && (want.gone.started || slices.Contains(s.running, strategy(want.gone))) {
			t.Fatalf("cull() at %d left the search running", got)
		}
	}
	if len(s.running) != 1 || s.running[0] != strategy(&k.dfs[0]) {
		t.Fatalf("after the culls %d strategies run, want the walk alone", len(s.running))
	}
}

// TestCullKeepsSearching: four-suit Spider's staged searches, held to a memory bound they
// outgrow, go on by letting the least advanced go (preset.suitedCull) and stop at the
// position budget; without culls the same search stops at the memory bound.
func TestCullKeepsSearching(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cull int
		want Limit
	}{{presets[0].suitedCull, LimitStates}, {0, LimitMemory}} {
		g, err := model.NewGame(model.Config{Game: "spider", Seed: 46})
		if err != nil {
			t.Fatal(err)
		}
		p := presets[0].clone()
		p.suitedCull = tc.cull
		r, err := Solve(context.Background(), g, Options{MaxStates: 1_500_000, MaxMemory: 48 << 20, Shorten: ShortenOff, preset: p})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != GaveUp || r.Limit != tc.want {
			t.Errorf("suitedCull %d: %v (limit %v), want to give up at %v", tc.cull, r, r.Limit, tc.want)
		}
	}
}

// TestCullEndsWithSearch: the cull bound belongs to the portfolio's turns; once the search
// returns, even at a limit within the staged turns, the shortening that may follow on the same
// searcher runs its turns without it.
func TestCullEndsWithSearch(t *testing.T) {
	g, c, _ := dealBoard(t, model.Config{Game: "spider", Seed: 4})
	s := &searcher{c: c, g: g, opt: Options{MaxStates: 300_000, MaxMemory: DefaultMaxMemory}, ctx: context.Background(),
		start: time.Now(), kept: new(kit), preset: presets[0]}
	if _, status := s.search(); status != GaveUp || s.limit != LimitStates {
		t.Fatalf("search: %v at %v, want to give up at the position budget within the staged turns", status, s.limit)
	}
	if s.cullAt != 0 || s.pressed {
		t.Errorf("after the search: cullAt %d, pressed %v, want neither", s.cullAt, s.pressed)
	}
}

// TestStagedSearchesDig: the default preset's staged searches come in pairs taken by turns, one
// offered relays, then the same not offered relays; where every card is its own (one copy),
// the second digs (dug: a face-down card counts dugDown). Where no relay is ever offered, the
// first of each pair runs alone, undug, whatever the copies.
func TestStagedSearchesDig(t *testing.T) {
	p := presets[0]
	for _, copies := range []int{1, 2, 4, 8} {
		all := p.stagedFor(copies, true)
		if len(all) == 0 || len(all)%2 != 0 {
			t.Fatalf("%d copies: %d staged searches, want pairs", copies, len(all))
		}
		want := int32(dugDown)
		for i := 0; i < len(all); i += 2 {
			r, d := all[i], all[i+1]
			if copies > 1 {
				want = r.w.down
			}
			if !r.relay || r.w.down == dugDown {
				t.Errorf("%d copies, staged search %d: relays %v, a face-down card %d; want relays, its own weight", copies, i, r.relay, r.w.down)
			}
			if d.relay || d.w.down != want {
				t.Errorf("%d copies, staged search %d: relays %v, a face-down card %d; want no relays, %d", copies, i+1, d.relay, d.w.down, want)
			}
			if d.relay, d.w.down = true, r.w.down; d != r {
				t.Errorf("%d copies: staged searches %d and %d differ in more than relays and digging", copies, i, i+1)
			}
		}
		only := p.stagedFor(copies, false)
		if len(only) != len(all)/2 {
			t.Fatalf("%d copies, no relays: %d staged searches, want %d", copies, len(only), len(all)/2)
		}
		for i, sp := range only {
			if sp != all[2*i] {
				t.Errorf("%d copies, no relays: staged search %d is not the undug %d", copies, i, 2*i)
			}
		}
	}
}
