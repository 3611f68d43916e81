package solve

import (
	"context"
	"fmt"
	"testing"

	"solitaire/model"
)

// TestSplitWalk: the walk that never splits runs takes turns with the proof in Klondike only
// (a stock, columns that hide cards and give up any run); in Canfield it cost proofs and wins
// at 10 s a deal, and the games without a stock have their own portfolio.
func TestSplitWalk(t *testing.T) {
	for _, tc := range []struct {
		cfg  model.Config
		want bool
	}{
		{model.Config{Game: "klondike", Seed: 1}, true},
		{model.Config{Game: "klondike", Seed: 1, Options: model.Options{"draw": "3"}}, true},
		{model.Config{Game: "canfield", Seed: 1}, false},
		{model.Config{Game: "canfield", Seed: 1, Options: model.Options{"classic": "true"}}, false},
		{model.Config{Game: "algerian", Seed: 1}, false},
		{model.Config{Game: "natali", Seed: 1}, false},
		{model.Config{Game: "osmosis", Seed: 1}, false},
		{model.Config{Game: "lapeau", Seed: 1}, false},
		{model.Config{Game: "fifteen", Seed: 1}, false},
		{model.Config{Game: "freecell", Deal: 1}, false},
	} {
		g, err := model.NewGame(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		c, err := compileFor(g)
		if err != nil {
			t.Fatal(err)
		}
		if c.splitWalk != tc.want {
			t.Errorf("%s: splitWalk %v, want %v", cfgName(tc.cfg), c.splitWalk, tc.want)
		}
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
