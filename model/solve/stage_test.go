package solve

import (
	"context"
	"math"
	"testing"

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
		replay, err := model.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := playLine(replay, r.Moves); err != nil {
			t.Errorf("stage %d: the line does not replay: %v", tc.stage, err)
		}
	}
}
