package model

import (
	"slices"
	"testing"
)

// Pyramid's rules, one row each (help pyramid). P1 is the top, P22-P28 the bottom row; F1
// holds the pairs and kings removed.
func TestPyramidRules(t *testing.T) {
	onto := func(c, d string) Move { return Move{Card: card(t, c), Onto: card(t, d)} }
	runRuleCases(t, "pyramid", []ruleCase{
		{name: "two uncovered cards that make 13 leave together", piles: map[string]string{"P27": "6C", "P28": "7H"}, op: mv("P27", "P28", 0),
			want: map[string]string{"P27": "", "P28": "", "F1": "7H 6C"}},
		{name: "named by their cards", piles: map[string]string{"P27": "6C", "P28": "7H"}, op: onto("7H", "6C"),
			want: map[string]string{"P27": "", "P28": "", "F1": "6C 7H"}},
		{name: "a pile onto a card", piles: map[string]string{"P27": "6C", "P28": "7H"}, op: Move{From: mv("P28", "", 0).From, Onto: card(t, "6C")},
			want: map[string]string{"P27": "", "P28": "", "F1": "6C 7H"}},
		{name: "ace and queen", piles: map[string]string{"P22": "AS", "P28": "QH"}, op: mv("P22", "P28", 0),
			want: map[string]string{"F1": "QH AS"}},
		{name: "jack and two", piles: map[string]string{"P22": "JS", "P28": "2H"}, op: onto("JS", "2H"),
			want: map[string]string{"F1": "2H JS"}},
		{name: "a king alone", piles: map[string]string{"P25": "KD"}, op: Move{Card: card(t, "KD")},
			want: map[string]string{"P25": "", "F1": "KD"}},
		{name: "a king alone, by its pile", piles: map[string]string{"P25": "KD", "F1": "6C 7H"}, op: mv("P25", "F", 0),
			want: map[string]string{"F1": "6C 7H KD"}},
		{name: "no pair but 13", piles: map[string]string{"P27": "6C", "P28": "8H"}, op: mv("P27", "P28", 0),
			err: "6C cannot go to P28, which needs a 5"},
		{name: "nothing goes home alone but a king", piles: map[string]string{"P28": "QH"}, op: mv("P28", "F1", 0),
			err: "QH cannot go to F1, which needs a king"},
		{name: "a covered card does not pair", piles: map[string]string{"P16": "6C", "P22": "2S", "P28": "7H"}, op: mv("P16", "P28", 0),
			err: "P16 is covered by P22: only a card with nothing on it moves"},
		{name: "nor is it paired onto", piles: map[string]string{"P16": "6C", "P23": "2S", "P28": "7H"}, op: mv("P28", "P16", 0),
			err: "P16 is covered by P23: nothing is played on a covered card"},
		{name: "a covered card cannot be named as the partner either", piles: map[string]string{"P16": "6C", "P23": "2S", "P28": "7H"}, op: onto("7H", "6C"),
			err: "P16 is covered by P23"},
		{name: "the waste's top pairs with a pyramid card", piles: map[string]string{"W": "2D 9S", "P28": "4H"}, op: mv("W", "P28", 0),
			want: map[string]string{"W": "2D", "P28": "", "F1": "4H 9S"}},
		{name: "the stock's top pairs too", piles: map[string]string{"S": "2D | 9S", "P28": "4H"}, op: mv("P28", "S", 0),
			want: map[string]string{"S": "2D", "F1": "9S 4H"}},
		{name: "a card alone pairs with the stock's top", piles: map[string]string{"S": "2D | 9S", "P28": "4H", "P27": "9C"}, op: mv("P28", "", 0),
			want: map[string]string{"S": "2D", "P27": "9C", "F1": "9S 4H"}},
		{name: "the stock's top and the waste's top", piles: map[string]string{"S": "2D | 9S", "W": "4C", "P28": "KH"}, op: mv("S", "W", 0),
			want: map[string]string{"S": "2D", "W": "", "F1": "4C 9S"}},
		{name: "only the top of the waste", piles: map[string]string{"W": "9S 2D", "P28": "4H"}, op: onto("4H", "9S"),
			err: "9S is in W under other cards"},
		{name: "draw turns the stock's top onto the waste", piles: map[string]string{"S": "2D | 9S", "P28": "KH"}, op: Draw{},
			want: map[string]string{"S": "2D", "W": "9S"}},
	})
}

// TestPyramidCovers: each card lies under the two below it; the bottom row under nothing.
func TestPyramidCovers(t *testing.T) {
	g, err := NewGame(Config{Game: "pyramid", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"P1": {"P2", "P3"}, "P2": {"P4", "P5"}, "P3": {"P5", "P6"}, "P10": {"P14", "P15"},
		"P16": {"P22", "P23"}, "P21": {"P27", "P28"}, "P22": nil, "P28": nil}
	for i, spec := range g.Def.Piles {
		var names []string
		for _, j := range g.Def.Covers(i) {
			names = append(names, g.Def.Piles[j].Name)
		}
		if w, ok := want[spec.Name]; ok && !slices.Equal(names, w) {
			t.Errorf("%s is covered by %v, want %v", spec.Name, names, w)
		}
	}
}

func TestPyramidDealAndWin(t *testing.T) {
	g, err := NewGame(Config{Game: "pyramid", Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 28; k++ {
		i := g.Def.pileIndex("P" + itoa(k))
		if p := &g.State.Piles[i]; p.Len() != 1 || g.FaceDown(i) != 0 {
			t.Errorf("P%d: %d cards, %d face down; want 1 face up", k, p.Len(), g.FaceDown(i))
		}
		if got, want := g.Covered(i), k < 22; got != want {
			t.Errorf("P%d covered %v, want %v", k, got, want)
		}
	}
	if s, _, _ := g.Pile("S"); s.Len() != 24 || s.Down != 23 {
		t.Errorf("S: %d cards, %d face down; want 24, the top face up", s.Len(), s.Down)
	}
	if g.Def.Passes != 3 {
		t.Errorf("passes %d by default, want 3", g.Def.Passes)
	}
	won := layout(t, "pyramid", nil, map[string]string{"S": "2C | 3C", "W": "7S"})
	if !won.Won() {
		t.Error("the pyramid cleared with cards left in the stock and waste: not won")
	}
	if notYet := layout(t, "pyramid", nil, map[string]string{"P1": "2C"}); notYet.Won() {
		t.Error("a pyramid card left: won")
	}
}

func TestPyramidPassesAndDeadEnd(t *testing.T) {
	// The stock is turned over while passes are left, its top face up again.
	g := layout(t, "pyramid", Options{"passes": "2"}, map[string]string{"W": "2D 9S", "P1": "4H"})
	if _, err := g.Apply(Draw{}); err != nil {
		t.Fatal(err)
	}
	if s, _, _ := g.Pile("S"); s.Len() != 2 || s.Down != 1 || s.Top() != card(t, "2D") {
		t.Errorf("after the redeal S is %v (%d face down), want 9S under a face-up 2D", s.Cards, s.Down)
	}
	g.State.Recycles = 1 // the last pass
	g.State.Piles[g.Def.pileIndex("W")] = g.State.Piles[g.Def.pileIndex("S")]
	g.State.Piles[g.Def.pileIndex("S")] = Pile{}
	if !g.DeadEnd() {
		t.Error("no pair and no pass left: not a dead end")
	}
	for _, tt := range []struct {
		name  string
		piles map[string]string
		dead  bool
	}{
		{"a pair in the pyramid", map[string]string{"P27": "6C", "P28": "7H"}, false},
		{"a king", map[string]string{"P28": "KH"}, false},
		{"a pair with the stock's top", map[string]string{"S": "| 6C", "P28": "7H"}, false},
		{"no stock, and the only partner covered", map[string]string{"P21": "6C", "P28": "7H"}, true},
	} {
		g := layout(t, "pyramid", Options{"passes": "1"}, tt.piles)
		if got := g.DeadEnd(); got != tt.dead {
			t.Errorf("%s: DeadEnd = %v, want %v", tt.name, got, tt.dead)
		}
	}
}
