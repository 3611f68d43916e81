package model

import "testing"

// TestRefusalMessages pins what a refused move says where the reason is easy to get wrong.
func TestRefusalMessages(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		op    Op
		err   string
	}{
		// A column whose top two cards are no sequence: the reason is the cards, not a
		// one-card-at-a-time rule, which FreeCell does not have.
		{name: "freecell: top cards not in sequence", game: "freecell", piles: map[string]string{"C1": "8D 2H", "C2": "9C"},
			op: mv("C1", "C2", 2), err: "the top 2 cards of C1 are not a sequence that can move together (only the top card can)"},
		{name: "klondike: face-up cards not in sequence", game: "klondike", piles: map[string]string{"C1": "5S | 8D 2H", "C2": "9C"},
			op: mv("C1", "C2", 2), err: "the top 2 cards of C1 are not a sequence that can move together (only the top card can)"},
		{name: "freecell: a run of two, three asked", game: "freecell", piles: map[string]string{"C1": "KH 8D 7C", "C2": "9C"},
			op: mv("C1", "C2", 3), err: "the top 3 cards of C1 are not a sequence that can move together (the top 2 are)"},
		{name: "classic canfield: a whole column that is no sequence", game: "canfield", opts: Options{"classic": "true"},
			piles: map[string]string{"C1": "8D 2H", "C2": "9C", "F1": "5S", "R1": "KS"}, op: mv("C1", "C2", 2),
			err: "the top 2 cards of C1 are not a sequence that can move together (only the top card can)"},
		// The waste gives one card at a time: that is its rule.
		{name: "klondike: the waste", game: "klondike", piles: map[string]string{"W": "8D 7C", "C2": "9H"},
			op: mv("W", "C2", 2), err: "W moves one card at a time here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			before := g.State.Clone()
			_, err := g.Apply(tt.op)
			if err == nil || err.Error() != tt.err {
				t.Fatalf("%s: error %v, want %q", tt.op, err, tt.err)
			}
			if !g.State.Equal(&before) {
				t.Fatal("a refused move changed the board")
			}
		})
	}
}
