package solve

import (
	"context"
	"testing"
	"time"

	"solitaire/model"
)

// TestKnowledgeKeepsVerdicts checks the solver's game knowledge against the engine's bare
// moves: sending safe cards home by themselves, folding draws into plays, keying a
// one-card stock as a cycle, keying cards by rank where suits play no part, leaving out one of
// several empty interchangeable piles. None may
// change what can be won. On deals small enough for a search with none of it (plain) to
// decide, both searches must give the same verdict, and a proof of "unsolvable" must agree.
func TestKnowledgeKeepsVerdicts(t *testing.T) {
	t.Parallel()
	sets := []struct {
		game string
		opts model.Options
		max  uint64
	}{
		{"osmosis", nil, 20},
		{"osmosis", model.Options{"draw": "3"}, 20},
		{"osmosis", model.Options{"strict-start": "true", "peek": "true"}, 20},
		{"osmosis", model.Options{"passes": "2"}, 20},
		{"osmosis", model.Options{"draw": "1", "passes": "2"}, 20}, // clocked: one card a draw, a pass limit
		{"fifteen", nil, 10},
		{"fifteen", model.Options{"relaxed": "true", "no-freeze": "true"}, 10},
		{"lapeau", nil, 20},
		{"lapeau", model.Options{"alternate": "true"}, 20},
		{"lapeau", model.Options{"done": "aces"}, 20},
		{"lapeau", model.Options{"peau-moves": "classic"}, 20},
		{"freecell", model.Options{"cells": "0"}, 10},
		{"freecell", model.Options{"cells": "1", "bakers": "true"}, 10},
		{"klondike", model.Options{"draw": "3", "passes": "1"}, 10},
		{"canfield", model.Options{"classic": "true", "passes": "1"}, 10},
		{"canfield", model.Options{"classic": "true", "partial-runs": "true", "stop-at-base": "true", "passes": "1"}, 10},
		{"canfield", model.Options{"passes": "1"}, 10},
		{"klondike", model.Options{"passes": "1"}, 10}, // clocked
		{"klondike", model.Options{"passes": "3"}, 10}, // clocked, with turns of the waste
		{"pyramid", model.Options{"passes": "1"}, 20},
		{"pyramid", nil, 10},
		{"pyramid", model.Options{"passes": "unlimited"}, 10},
		{"spiderette", nil, 20},
		{"spiderette", model.Options{"suits": "1", "keep-runs": "true"}, 10},
		{"blackhole", nil, 20},
		{"fan", nil, 10},
		{"simplesimon", model.Options{"keep-runs": "true"}, 10},
	}
	if !sweeps() {
		for i := range sets {
			sets[i].max = 1
		}
	}
	compared, proofs := 0, 0
	for _, set := range sets {
		decided := 0
		for seed := uint64(1); seed <= set.max; seed++ {
			cfg := model.Config{Game: set.game, Options: set.opts, Seed: seed}
			g, c, _ := dealBoard(t, cfg)
			opt := Options{MaxStates: 100_000, MaxMemory: 1 << 28, TimeLimit: time.Second, Shorten: ShortenOff}
			plain, err := solveWith(context.Background(), g, opt, c.plainCopy(), time.Now())
			if err != nil {
				t.Fatalf("%s %v seed %d, plain: %v", set.game, set.opts, seed, err)
			}
			if plain.Status == GaveUp {
				continue
			}
			opt.MaxStates, opt.TimeLimit = 2_000_000, 10*time.Second
			full, err := Solve(context.Background(), g, opt)
			if err != nil {
				t.Fatalf("%s %v seed %d: %v", set.game, set.opts, seed, err)
			}
			if full.Status == GaveUp {
				t.Errorf("%s %v seed %d: plain search decided (%v) but the full one gave up (%v)", set.game, set.opts, seed, plain, full)
				continue
			}
			compared++
			decided++
			if plain.Status == Unsolvable {
				proofs++
			}
			if full.Status != plain.Status {
				t.Errorf("%s %v seed %d: plain search says %v, the full one %v", set.game, set.opts, seed, plain, full)
			}
		}
		t.Logf("%s %v: %d of %d deals decided by both", set.game, set.opts, decided, set.max)
	}
	t.Logf("%d deals decided by both searches, %d of them unsolvable", compared, proofs)
	if compared < 10 || proofs < 3 || compared-proofs < 3 {
		t.Errorf("%d deals compared, %d unsolvable: the test checks too little", compared, proofs)
	}
}

// TestWrapSafeWins: classic Canfield deals that a solver sending aces and twos home by
// themselves "proved" lost, where the columns wrap and a king may need a black or red ace to
// land on. They are won (the lines replay through the engine: engineCheck).
func TestWrapSafeWins(t *testing.T) {
	t.Parallel()
	seeds := []uint64{27, 42, 109}
	if !sweeps() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		_, r := solveDeal(t, model.Config{Game: "canfield", Seed: seed, Options: model.Options{"classic": "true"}}, Options{MaxStates: 1_000_000})
		if r.Status != Solved {
			t.Errorf("classic canfield seed %d: %v, want solved", seed, r)
		}
	}
}

// TestWorryBackWins: a Klondike position won only by taking cards back off the foundations.
// Spades, hearts and diamonds are home; AC lies under 2C on the waste, one pass. The kings
// must come back down to empty columns and the suits down to a red three for 2C to go on. A
// safe rule that sends a king home once both red queens are home (auto's) undoes each such
// move at once and "proves" the deal lost (Solvitaire met the same in Klondike).
func TestWorryBackWins(t *testing.T) {
	pos := layout("klondike", "passes=1", map[string]string{
		"S": "4C 3C |", "W": "AC 2C",
		"F1": suit('S', 1, 13), "F2": suit('D', 1, 13), "F4": suit('H', 1, 13),
		"C1": "KC QC JC TC 9C 8C 7C 6C | 5C",
	})
	g := loadCase(t, "worry back", pos)
	r, err := Solve(context.Background(), g, Options{MaxStates: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Solved {
		t.Fatalf("%v, want solved\n%s", r, positionText(g))
	}
	pos.Options["no-foundation-return"] = "true"
	g = loadCase(t, "no return", pos)
	if r, err = Solve(context.Background(), g, Options{MaxStates: 1_000_000}); err != nil || r.Status != Unsolvable {
		t.Fatalf("without cards back off the foundations: %v %v, want unsolvable", r, err)
	}
}
