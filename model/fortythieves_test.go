package model

import "testing"

// Forty Thieves' rules, one row each (help fortythieves).
func TestFortyThievesRules(t *testing.T) {
	runRuleCases(t, "fortythieves", []ruleCase{
		{name: "build down by suit", piles: map[string]string{"C1": "9D 6H", "C2": "7H"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "9D", "C2": "7H 6H"}},
		{name: "another suit refused", piles: map[string]string{"C1": "6S", "C2": "7H"}, op: mv("C1", "C2", 0),
			err: "6S cannot go to C2, which needs 6H"},
		{name: "one card at a time with no empty column", piles: map[string]string{"C1": "7S 6S", "C2": "8S", "C3": "QD", "C4": "2C", "C5": "3C",
			"C6": "4C", "C7": "5C", "C8": "6C", "C9": "7C", "C10": "8C"}, op: mv("C1", "C2", 2),
			err: "2 cards cannot move at once here: free space allows 1"},
		{name: "two at a time through an empty column", piles: map[string]string{"C1": "7S 6S", "C2": "8S", "C3": "QD", "C4": "2C", "C5": "3C",
			"C6": "4C", "C7": "5C", "C8": "6C", "C9": "7C"}, op: mv("C1", "C2", 2),
			want: map[string]string{"C1": "", "C2": "8S 7S 6S"}},
		{name: "an empty column takes any card", piles: map[string]string{"C1": "4C 9H"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "4C", "C2": "9H"}},
		{name: "draw turns one card", piles: map[string]string{"S": "5C 4D"}, op: Draw{}, want: map[string]string{"S": "5C |", "W": "4D"}},
		{name: "no redeal", piles: map[string]string{"W": "5C 4D"}, op: Draw{}, err: "no passes are left"},
		{name: "the waste plays", piles: map[string]string{"W": "5C 6H", "C1": "7H"}, op: mv("W", "C1", 0),
			want: map[string]string{"W": "5C", "C1": "7H 6H"}},
		{name: "eight foundations", piles: map[string]string{"C1": "AD", "F1": "AD", "F2": "AS", "F3": "AH", "F4": "AC", "F5": "AC", "F6": "AH", "F7": "AS"},
			op: mv("C1", "F", 0), want: map[string]string{"F8": "AD"}},
		{name: "cards stay home", piles: map[string]string{"F1": "AD 2D", "C1": "3S"}, op: mv("F1", "C1", 0), err: "stay"},
	})
}

func TestFortyThievesDeal(t *testing.T) {
	g, err := NewGame(Config{Game: "fortythieves", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for c := 1; c <= 10; c++ {
		if p, _, _ := g.Pile("C" + itoa(c)); p.Len() != 4 || p.Down != 0 {
			t.Errorf("C%d: %d cards, %d face down; want 4, none", c, p.Len(), p.Down)
		}
	}
	if s, _, _ := g.Pile("S"); s.Len() != 64 || s.Down != 64 {
		t.Errorf("the stock: %d cards, %d face down; want 64", s.Len(), s.Down)
	}
}
