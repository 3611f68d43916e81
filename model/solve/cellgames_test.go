package solve

import (
	"context"
	"testing"
	"time"

	"solitaire/model"
)

// TestLostProofs: deals that the solver proves lost and docs/winnability.md counts as lost
// (Eight Off among seeds 1-10000, Simple Simon and Spiderette among seeds 1-1000) are lost by the
// engine's own search too, which shares no code with the solver; and the solver still proves
// them. The first two of each game in go test, all of them with the sweeps.
func TestLostProofs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game  string
		seeds []uint64
	}{
		{"eightoff", []uint64{247, 403, 1000, 1197, 1575, 1981, 2386, 4067, 4335, 4870, 4884, 5268, 6433, 9682}},
		// Simple Simon's 68 proofs are why its interval lies below the published figure.
		{"simplesimon", []uint64{77, 104, 31, 102, 113, 153, 166, 168, 169, 195, 202, 209, 221, 222, 259, 264,
			271, 272, 291, 339, 359, 365, 369, 376, 392, 393, 426, 430, 447, 458, 464, 478, 485, 494, 507,
			585, 590, 601, 606, 612, 680, 694, 716, 736, 741, 742, 762, 766, 784, 796, 801, 808, 813, 864,
			866, 879, 881, 882, 902, 907, 921, 924, 961, 965, 967, 989, 992, 998}},
		// 27 of Spiderette's 30: the solver's proofs of the other three (18, 509 and 866) take
		// more than the 2 million positions below, and the engine's search of each 0.7 to 1.8
		// million positions, up to 2.7 GiB.
		{"spiderette", []uint64{118, 448, 6, 42, 266, 276, 289, 298, 354, 368, 370, 429, 459, 496, 610, 675,
			693, 738, 770, 773, 788, 798, 816, 947, 949, 950, 981}},
	} {
		seeds := tc.seeds
		if !sweeps() {
			seeds = seeds[:2]
		}
		for _, s := range seeds {
			g, err := model.NewGame(model.Config{Game: tc.game, Seed: s})
			if err != nil {
				t.Fatal(err)
			}
			if r, err := Solve(context.Background(), g, Options{MaxStates: 2_000_000, Shorten: ShortenOff}); err != nil || r.Status != Unsolvable {
				t.Errorf("%s seed %d: the solver says %v (%v), want unsolvable", tc.game, s, r.Status, err)
			}
			if p := engineSearch(g, 3_000_000, time.Minute); !p.exhausted || p.won {
				t.Errorf("%s seed %d: the engine's search: %s", tc.game, s, p.verdict())
			}
		}
	}
}
