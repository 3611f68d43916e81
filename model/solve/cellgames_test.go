package solve

import (
	"context"
	"testing"
	"time"

	"solitaire/model"
)

// TestEightOffProofs: the deals of Eight Off among seeds 1-10000 that the solver proves lost
// (docs/winnability.md) are lost by the engine's own search too, which shares no code with the
// solver; and the solver still proves them. Two of them in go test, all 14 with the sweeps.
func TestEightOffProofs(t *testing.T) {
	seeds := []uint64{247, 403, 1000, 1197, 1575, 1981, 2386, 4067, 4335, 4870, 4884, 5268, 6433, 9682}
	if !sweeps() {
		seeds = seeds[:2]
	}
	for _, s := range seeds {
		g, err := model.NewGame(model.Config{Game: "eightoff", Seed: s})
		if err != nil {
			t.Fatal(err)
		}
		if r, err := Solve(context.Background(), g, Options{MaxStates: 2_000_000, Shorten: ShortenOff}); err != nil || r.Status != Unsolvable {
			t.Errorf("eightoff seed %d: the solver says %v (%v), want unsolvable", s, r.Status, err)
		}
		if p := engineSearch(g, 3_000_000, time.Minute); !p.exhausted || p.won {
			t.Errorf("eightoff seed %d: the engine's search: %s", s, p.verdict())
		}
	}
}
