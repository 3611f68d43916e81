package model

import "testing"

// Golf's rules, one row each (help golf).
func TestGolfRules(t *testing.T) {
	runRuleCases(t, "golf", []ruleCase{
		{name: "one rank above", piles: map[string]string{"C1": "3C 8D", "W": "7S"}, op: mv("C1", "W", 0),
			want: map[string]string{"C1": "3C", "W": "7S 8D"}},
		{name: "one rank below, any suit", piles: map[string]string{"C1": "6S", "W": "7S"}, op: mv("C1", "W", 0),
			want: map[string]string{"W": "7S 6S"}},
		{name: "the column alone goes to the waste", piles: map[string]string{"C1": "6H", "W": "7S"}, op: mv("C1", "", 0),
			want: map[string]string{"W": "7S 6H"}},
		{name: "two ranks away refused", piles: map[string]string{"C1": "9D", "W": "7S"}, op: mv("C1", "W", 0),
			err: "9D cannot go to W"},
		{name: "the same rank refused", piles: map[string]string{"C1": "7D", "W": "7S"}, op: mv("C1", "W", 0),
			err: "7D cannot go to W"},
		{name: "no wrap: nothing but a queen on a king", piles: map[string]string{"C1": "AD", "W": "KS"}, op: mv("C1", "W", 0),
			err: "AD cannot go to W"},
		{name: "no wrap: no king on an ace", piles: map[string]string{"C1": "KD", "W": "AS"}, op: mv("C1", "W", 0),
			err: "KD cannot go to W"},
		{name: "wrap: an ace on a king", opts: Options{"wrap": "true"}, piles: map[string]string{"C1": "AD", "W": "KS"}, op: mv("C1", "W", 0),
			want: map[string]string{"W": "KS AD"}},
		{name: "wrap: a king on an ace", opts: Options{"wrap": "true"}, piles: map[string]string{"C1": "KD", "W": "AS"}, op: mv("C1", "W", 0),
			want: map[string]string{"W": "AS KD"}},
		{name: "one card at a time", piles: map[string]string{"C1": "7D 8D", "W": "9S"}, op: mv("C1", "W", 2),
			err: "one card at a time"},
		{name: "nothing is built on a column", piles: map[string]string{"C1": "8D", "C2": "9S"}, op: mv("C1", "C2", 0),
			err: "8D cannot go to C2, which needs nothing: cards are only taken from it"},
		{name: "nothing comes off the waste", piles: map[string]string{"W": "7S 8D", "C1": "9S"}, op: mv("W", "C1", 0),
			err: "cards cannot be taken from W"},
		{name: "draw turns a stock card onto the waste", piles: map[string]string{"S": "2C 5H |", "W": "7S", "C1": "KC"}, op: Draw{},
			want: map[string]string{"S": "2C |", "W": "7S 5H"}},
		{name: "no redeal", piles: map[string]string{"W": "7S 5H", "C1": "KC"}, op: Draw{}, err: "no"},
		{name: "no foundations", piles: map[string]string{"C1": "AS"}, op: mv("C1", "F", 0), err: "golf has no foundations"},
	})
}

func TestGolfDealAndWin(t *testing.T) {
	g, err := NewGame(Config{Game: "golf", Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for c := 1; c <= 7; c++ {
		if p, _, _ := g.Pile("C" + itoa(c)); p.Len() != 5 || p.Down != 0 {
			t.Errorf("C%d: %d cards, %d face down; want 5 face up", c, p.Len(), p.Down)
		}
	}
	if w, _, _ := g.Pile("W"); w.Len() != 1 {
		t.Errorf("W starts with %d cards, want 1", w.Len())
	}
	if s, _, _ := g.Pile("S"); s.Len() != 16 || s.Down != 16 {
		t.Errorf("S: %d cards, %d face down; want 16 face down", s.Len(), s.Down)
	}
	// Won when the columns are empty, whatever is left in the stock.
	won := layout(t, "golf", nil, map[string]string{"S": "2C 3C |", "W": "7S 8S"})
	if !won.Won() {
		t.Error("empty columns with stock left: not won")
	}
	if notYet := layout(t, "golf", nil, map[string]string{"C3": "2C", "W": "7S 8S"}); notYet.Won() {
		t.Error("a card left in a column: won")
	}
}

func TestGolfDeadEnd(t *testing.T) {
	for _, tt := range []struct {
		name  string
		piles map[string]string
		dead  bool
	}{
		{"a column card fits", map[string]string{"C1": "8D", "W": "7S"}, false},
		{"the stock is left", map[string]string{"C1": "TD", "W": "7S", "S": "2C |"}, false},
		{"nothing fits and no stock", map[string]string{"C1": "TD", "C2": "7H", "W": "7S"}, true},
	} {
		g := layout(t, "golf", nil, tt.piles)
		if got := g.DeadEnd(); got != tt.dead {
			t.Errorf("%s: DeadEnd = %v, want %v", tt.name, got, tt.dead)
		}
	}
}
