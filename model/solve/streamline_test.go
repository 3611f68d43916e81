package solve

import (
	"context"
	"testing"

	"solitaire/model"
)

// TestRankKey: the streamlined walk's key (board.rankKey) leaves the suits out and nothing
// else: a deal with its suits swapped keys the same, a deal with two cards of other ranks
// swapped does not.
func TestRankKey(t *testing.T) {
	g, err := model.NewGame(model.Config{Game: "streets", Seed: 16})
	if err != nil {
		t.Fatal(err)
	}
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	key := func(st *model.State) uint64 {
		var b board
		b.load(c, st)
		return b.rankKey()
	}
	base := key(&g.State)
	edit := func(f func(model.Card) model.Card) *model.State {
		st := g.State.Clone()
		for i := range st.Piles {
			for k, x := range st.Piles[i].Cards {
				st.Piles[i].Cards[k] = f(x)
			}
		}
		return &st
	}
	suits := edit(func(x model.Card) model.Card { return model.NewCard(x.Rank(), 3-x.Suit()) })
	if key(suits) != base {
		t.Errorf("with every suit swapped, the rank key changes")
	}
	if g.State.Equal(suits) {
		t.Fatal("the edit changed nothing")
	}
	ranks := edit(func(x model.Card) model.Card {
		switch x.Rank() {
		case 5:
			return model.NewCard(9, x.Suit())
		case 9:
			return model.NewCard(5, x.Suit())
		}
		return x
	})
	if key(ranks) == base {
		t.Errorf("with the fives and nines swapped, the rank key is the same")
	}
}

// TestStreamlinedWalk: the walk under Solvitaire's streamliners (dfs.streamlined) wins a
// Streets and Alleys deal that the other searches leave undecided at 10 s, in a line that
// replays through the engine, and never calls a deal lost, even one it sees to the end;
// the portfolio that runs it still proves that deal lost, by its other walk.
func TestStreamlinedWalk(t *testing.T) {
	alone := presetNamed(t, "default").clone()
	alone.stockless, alone.anySuit, alone.prelude = nil, []searchSpec{streamlinedWalk}, nil
	alone.alone = true
	for _, tc := range []struct {
		seed uint64
		want Status // alone
	}{
		{16, Solved},  // undecided at 10 s without the walk
		{32, Solved},  // likewise
		{5, GaveUp},   // lost: the walk sees it all, and proves nothing
		{202, GaveUp}, // lost, in 2.9 million positions
	} {
		g, err := model.NewGame(model.Config{Game: "streets", Seed: tc.seed})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Solve(context.Background(), g, Options{MaxStates: 300_000, Shorten: ShortenOff, preset: alone})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.want {
			t.Errorf("streets seed %d, the streamlined walk alone: %v, want %v", tc.seed, r, tc.want)
		}
		if r.Status == Solved {
			if err := playLine(g, r.Moves); err != nil {
				t.Errorf("streets seed %d: the line does not replay: %v", tc.seed, err)
			}
		}
	}
	g, err := model.NewGame(model.Config{Game: "streets", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := Solve(context.Background(), g, Options{MaxStates: 300_000, Shorten: ShortenOff}); err != nil || r.Status != Unsolvable {
		t.Errorf("streets seed 5, the default portfolio: %v (%v), want unsolvable", r, err)
	}
}

// TestSuitBlindKey: where no rule looks at suits, the position key reads ranks alone
// (compiled.key); a foundation built by suit, or columns built by suit or colour, read suits.
func TestSuitBlindKey(t *testing.T) {
	for _, tc := range []struct {
		game  string
		blind bool
	}{
		{"blackhole", true}, // a hole built up or down whatever the suit
		{"golf", true},
		{"pyramid", true},
		{"fifteen", true},
		{"tripeaks", true},
		{"klondike", false},
		{"streets", false}, // columns whatever the suit, foundations by suit
		{"spider", false},
		{"freecell", false},
	} {
		g, err := model.NewGame(model.Config{Game: tc.game, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		c, err := compileFor(g)
		if err != nil {
			t.Fatal(err)
		}
		if blind := c.key != 0xFF; blind != tc.blind {
			t.Errorf("%s: the key reads ranks alone: %v, want %v", tc.game, blind, tc.blind)
		}
	}
}
