package solve

import (
	"math/rand"
	"os"
	"strconv"
	"testing"

	"solitaire/model"
)

// TestTwinsKeepVerdictsMidgame: the twin-merging walk alone must decide positions from the
// middle of games as the walk that prunes nothing does. Such positions have fewer ways to win
// than whole deals (TestSplitProofKeepsVerdicts): leaving out the splits onto a twin instead of
// making them one move with the freed card's going home gives 5 contradictions here. It does
// not catch a key that merges too much (one that drops the two columns of a pair changed no
// verdict): TestPerft checks the key itself. The positions come from deals played partly by
// the hint and partly at random.
func TestTwinsKeepVerdictsMidgame(t *testing.T) {
	t.Parallel()
	sets := []struct {
		game string
		opts model.Options
	}{
		{"klondike", model.Options{"passes": "1"}},
		{"klondike", model.Options{"draw": "3", "passes": "1"}},
		{"klondike", model.Options{}},
		{"canfield", model.Options{"passes": "1"}},
	}
	positions := 60
	if !sweeps() {
		positions = 8
	}
	if n, err := strconv.Atoi(os.Getenv("TWINS_MIDGAME")); err == nil && n > 0 {
		positions = n // the long version (docs/testing.md)
	}
	rng := rand.New(rand.NewSource(7))
	compared, lost := 0, 0
	for _, set := range sets {
		for k := 0; k < positions; k++ {
			cfg := model.Config{Game: set.game, Options: set.opts, Seed: uint64(rng.Intn(100_000) + 1)}
			ops := midgame(t, cfg, rng)
			r := [2]Result{walkResult(t, cfg, ops, false, false, 200_000), walkResult(t, cfg, ops, true, true, 200_000)}
			if r[0].Status == GaveUp || r[1].Status == GaveUp {
				continue
			}
			compared++
			if r[0].Status == Unsolvable {
				lost++
			}
			if r[0].Status != r[1].Status {
				t.Errorf("%s after %d commands %v: the walk that prunes nothing says %v, the one that merges twins %v", cfgName(cfg), len(ops), ops, r[0].Status, r[1].Status)
			}
		}
	}
	t.Logf("%d positions decided by both walks, %d of them lost", compared, lost)
	if compared < len(sets)*positions/2 || lost < compared/10 || compared-lost < compared/10 {
		t.Errorf("%d positions compared, %d lost: the test checks too little", compared, lost)
	}
}

// midgame plays a deal some way in, by the hint most of the time and at random otherwise, and
// returns the commands.
func midgame(t *testing.T, cfg model.Config, rng *rand.Rand) []model.Op {
	g, err := model.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var ops []model.Op
	steps := 20 + rng.Intn(100)
	for len(ops) < steps && !g.Won() {
		legal := g.Legal()
		if len(legal) == 0 {
			break
		}
		op := legal[rng.Intn(len(legal))]
		if rng.Intn(4) > 0 {
			if s, ok := g.Suggest(); ok {
				op = s.Op
			}
		}
		if _, err := g.Apply(op); err != nil {
			t.Fatal(err)
		}
		ops = append(ops, op)
	}
	return ops
}
