package solve

import (
	"context"
	"testing"
	"time"

	"solitaire/model"
)

// replay plays the commands on a fresh deal, as `solitaire play` would, and reports whether it wins.
func replay(t *testing.T, cfg model.Config, ops []model.Op) {
	t.Helper()
	g, err := model.NewGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, op := range ops {
		if _, err := g.Apply(op); err != nil {
			t.Fatalf("%v: command %d %q: %v", cfg, i+1, op, err)
		}
	}
	if !g.Won() {
		t.Fatalf("%v: the %d commands do not win", cfg, len(ops))
	}
}

func TestExplore(t *testing.T) {
	cfgs := []model.Config{}
	for d := int64(1); d <= 20; d++ {
		cfgs = append(cfgs, model.Config{Game: "freecell", Deal: d})
	}
	for _, game := range []string{"klondike", "canfield", "algerian", "natali", "fifteen", "osmosis", "lapeau"} {
		for seed := uint64(1); seed <= 5; seed++ {
			cfgs = append(cfgs, model.Config{Game: game, Seed: seed})
		}
	}
	for _, cfg := range cfgs {
		g, err := model.NewGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Solve(context.Background(), g, Options{MaxStates: 300000, TimeLimit: 10 * time.Second})
		if err != nil {
			t.Fatalf("%v: %v", cfg, err)
		}
		t.Logf("%s %d %d: %v", cfg.Game, cfg.Deal, cfg.Seed, r)
		if r.Status == Solved {
			replay(t, cfg, r.Moves)
		}
	}
}
