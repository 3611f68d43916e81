package solve

import (
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
