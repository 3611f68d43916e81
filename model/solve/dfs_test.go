package solve

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"solitaire/model"
)

// TestSplitProof: the walk that proves leaves out idle splits only where the argument of
// board.splitsIdle holds: a stock, one deck, columns alike that build down in alternate
// colours and move any run whole. Classic Canfield moves a top card or a whole column, so
// what lies on a card cannot always follow it; the games without a stock have their own
// portfolio.
func TestSplitProof(t *testing.T) {
	for _, tc := range []struct {
		cfg  model.Config
		want bool
	}{
		{model.Config{Game: "klondike", Seed: 1}, true},
		{model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3"}}, true},
		{model.Config{Game: "klondike", Seed: 1, Options: model.Options{"any-card-on-empty": "true", "open": "true"}}, true},
		{model.Config{Game: "canfield", Seed: 1}, true},
		{model.Config{Game: "canfield", Seed: 1, Options: model.Options{"classic": "true", "partial-runs": "true"}}, true},
		{model.Config{Game: "canfield", Seed: 1, Options: model.Options{"classic": "true"}}, false},
		{model.Config{Game: "algerian", Seed: 1}, false},
		{model.Config{Game: "natali", Seed: 1}, false},
		{model.Config{Game: "osmosis", Seed: 1}, false},
		{model.Config{Game: "lapeau", Seed: 1, Options: model.Options{"alternate": "true"}}, false},
		{model.Config{Game: "fifteen", Seed: 1}, false},
		{model.Config{Game: "freecell", Deal: 1, Options: model.Options{"relaxed": "true"}}, false},
	} {
		g, err := model.NewGame(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		c, err := compileFor(g)
		if err != nil {
			t.Fatal(err)
		}
		if c.splitProof != tc.want {
			t.Errorf("%s: splitProof %v, want %v", cfgName(tc.cfg), c.splitProof, tc.want)
		}
	}
}

// TestSplitProofKeepsVerdicts: the walk that leaves out idle splits (board.splitsIdle) must
// decide every deal as the walk that prunes nothing does. Only the walk runs, so that its
// wins are checked too, not only its proofs.
func TestSplitProofKeepsVerdicts(t *testing.T) {
	sets := []struct {
		game string
		opts model.Options
	}{
		{"klondike", model.Options{"passes": "1"}},
		{"klondike", model.Options{"draw": "3", "passes": "1"}},
		{"klondike", model.Options{"draw": "3", "passes": "2"}},
		{"klondike", model.Options{"passes": "1", "any-card-on-empty": "true"}},
		{"klondike", model.Options{"passes": "1", "no-foundation-return": "true", "open": "true"}},
		{"canfield", model.Options{"passes": "1"}},
		{"canfield", model.Options{"classic": "true", "partial-runs": "true", "passes": "1"}},
	}
	seeds := uint64(12)
	if testing.Short() {
		seeds = 4
	}
	if n, err := strconv.ParseUint(os.Getenv("SPLIT_PROOF_SEEDS"), 10, 64); err == nil && n > 0 {
		seeds = n // the long version (docs/testing.md)
	}
	defer func(p []int, on bool) { tuning.portfolio, tuning.splitProof = p, on }(tuning.portfolio, tuning.splitProof)
	tuning.portfolio = []int{1}
	compared, proofs, fewer := 0, 0, 0
	for _, set := range sets {
		for seed := uint64(1); seed <= seeds; seed++ {
			cfg := model.Config{Game: set.game, Options: set.opts, Seed: seed}
			var r [2]Result
			for i, on := range []bool{false, true} {
				tuning.splitProof = on
				g, err := model.NewGame(cfg)
				if err != nil {
					t.Fatal(err)
				}
				if r[i], err = Solve(context.Background(), g, Options{MaxStates: 400_000}); err != nil {
					t.Fatal(err)
				}
			}
			if r[0].Status == GaveUp || r[1].Status == GaveUp {
				continue
			}
			compared++
			if r[0].Status != r[1].Status {
				t.Errorf("%s: the walk that prunes nothing says %v, the one that leaves out idle splits %v", cfgName(cfg), r[0].Status, r[1].Status)
			}
			if r[0].Status == Unsolvable {
				proofs++
				if r[1].States < r[0].States {
					fewer++
				}
			}
		}
	}
	t.Logf("%d deals decided by both walks, %d unsolvable, %d of those proved in fewer positions by the pruned walk", compared, proofs, fewer)
	if compared < 20 || proofs < 5 || compared-proofs < 5 || fewer == 0 {
		t.Errorf("%d deals compared, %d unsolvable, %d proved in fewer positions: the test checks too little", compared, proofs, fewer)
	}
}

// TestWalkChunks: the depth-first walk keeps its moves in chunks; with chunks of three moves,
// so that nearly every position starts one (or has one of its own), every search must end as
// with the normal chunks, position for position. The unsolvable verdicts are the walk's own.
func TestWalkChunks(t *testing.T) {
	cfgs := []model.Config{
		{Game: "osmosis", Seed: 1},
		{Game: "lapeau", Seed: 1},
		{Game: "canfield", Seed: 13},
		{Game: "klondike", Seed: 1},
		{Game: "klondike", Seed: 6},
	}
	defer func(n int) { chunkMoves = n }(chunkMoves)
	for _, cfg := range cfgs {
		var got [2]string
		for i, n := range []int{1 << 18, 3} {
			chunkMoves = n
			g, err := model.NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Solve(context.Background(), g, Options{MaxStates: 100_000})
			if err != nil {
				t.Fatal(err)
			}
			got[i] = fmt.Sprint(r.Status, r.Limit, r.States, r.Moves)
		}
		if got[0] != got[1] {
			t.Errorf("%s: chunks of %d moves: %.200s\nchunks of 3: %.200s", cfgName(cfg), 1<<18, got[0], got[1])
		}
	}
}
