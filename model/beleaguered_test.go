package model

import "testing"

// castleFull takes columns C3-C8 of a castle game, so that no empty column counts in a move.
var castleFull = map[string]string{"C3": "KC", "C4": "KD", "C5": "KH", "C6": "KS", "C7": "QC", "C8": "QD"}

// castle is castleFull with the piles of extra.
func castle(extra map[string]string) map[string]string { return over(castleFull, extra) }

// TestCastleRules: Beleaguered Castle's and Streets and Alleys' columns, built down regardless
// of suit, one card at a time (a run only as the single moves the empty columns allow), and
// foundations that keep their cards.
func TestCastleRules(t *testing.T) {
	for _, game := range []string{"beleaguered", "streets"} {
		runRuleCases(t, game, []ruleCase{
			{name: "down regardless of suit", piles: castle(map[string]string{"C1": "9H", "C2": "TH"}), op: mv("C1", "C2", 0),
				want: map[string]string{"C1": "", "C2": "TH 9H"}},
			{name: "any suit, other colour", piles: castle(map[string]string{"C1": "9S", "C2": "TH"}), op: mv("C1", "C2", 0),
				want: map[string]string{"C2": "TH 9S"}},
			{name: "only one rank lower", piles: castle(map[string]string{"C1": "8S", "C2": "TH"}), op: mv("C1", "C2", 0),
				err: "8S cannot go to C2"},
			{name: "no empty column: one card at a time", piles: castle(map[string]string{"C1": "9S 8H", "C2": "TH"}), op: mv("C1", "C2", 2),
				err: "free space allows 1"},
			{name: "an empty column lets two move", piles: map[string]string{"C1": "9S 8H", "C2": "TH", "C4": "KD", "C5": "KH", "C6": "KS", "C7": "QC", "C8": "QD"},
				op: mv("C1", "C2", 2), want: map[string]string{"C1": "", "C2": "TH 9S 8H"}},
			{name: "an empty column takes any card", piles: map[string]string{"C1": "9S", "C3": "KC", "C4": "KD", "C5": "KH", "C6": "KS", "C7": "QC", "C8": "QD"},
				op: mv("C1", "C2", 0), want: map[string]string{"C2": "9S"}},
			{name: "a foundation builds up in its suit", piles: castle(map[string]string{"F1": "AS", "C1": "2S"}), op: mv("C1", "F", 0),
				want: map[string]string{"F1": "AS 2S"}},
			{name: "not in another suit", piles: castle(map[string]string{"F1": "AS", "F2": "AH", "F3": "AD", "F4": "AC", "C1": "3H"}), op: mv("C1", "F2", 0),
				err: "needs 2H"},
			{name: "cards stay on the foundations", piles: castle(map[string]string{"F1": "AS 2S"}), op: mv("F1", "C1", 0), err: "stay there"},
		})
	}
}

// TestCastleDeals: Beleaguered Castle's aces start home, its columns hold six cards each;
// Streets and Alleys deals all 52, 7 to C1-C4 and 6 to C5-C8.
func TestCastleDeals(t *testing.T) {
	for _, tt := range []struct {
		game   string
		home   int
		counts []int
	}{
		{"beleaguered", 4, []int{6, 6, 6, 6, 6, 6, 6, 6}},
		{"streets", 0, []int{7, 7, 7, 7, 6, 6, 6, 6}},
	} {
		for seed := uint64(1); seed <= 20; seed++ {
			g, err := NewGame(Config{Game: tt.game, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			home, col := 0, 0
			for i, spec := range g.Def.Piles {
				p := &g.State.Piles[i]
				switch spec.Role {
				case Foundation:
					home += p.Len()
					if p.Len() == 1 && (p.Cards[0].Rank() != Ace || p.Cards[0].Suit() != spec.Suit) {
						t.Errorf("%s seed %d: %s holds %v", tt.game, seed, spec.Name, p.Cards[0])
					}
				case Tableau:
					if p.Len() != tt.counts[col] || p.Down != 0 {
						t.Errorf("%s seed %d: %s has %d cards, %d face down; want %d face up", tt.game, seed, spec.Name, p.Len(), p.Down, tt.counts[col])
					}
					col++
				}
			}
			if home != tt.home {
				t.Errorf("%s seed %d: %d cards home at the start, want %d", tt.game, seed, home, tt.home)
			}
		}
	}
}
