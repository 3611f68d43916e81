package model

import "testing"

// Black Hole's rules, one row each (help blackhole).
func TestBlackHoleRules(t *testing.T) {
	runRuleCases(t, "blackhole", []ruleCase{
		{name: "a rank above goes in", piles: map[string]string{"F1": "AS", "C1": "5D 2H"}, op: mv("C1", "F", 0),
			want: map[string]string{"F1": "AS 2H", "C1": "5D"}},
		{name: "a rank below goes in", piles: map[string]string{"F1": "AS 2H", "C1": "AC"}, op: mv("C1", "F1", 0),
			want: map[string]string{"F1": "AS 2H AC"}},
		{name: "any suit", piles: map[string]string{"F1": "AS", "C1": "2S"}, op: mv("C1", "F1", 0), want: map[string]string{"F1": "AS 2S"}},
		{name: "a king on an ace", piles: map[string]string{"F1": "AS", "C3": "KD"}, op: mv("C3", "F1", 0), want: map[string]string{"F1": "AS KD"}},
		{name: "an ace on a king", piles: map[string]string{"F1": "AS KD", "C3": "AH"}, op: mv("C3", "F1", 0), want: map[string]string{"F1": "AS KD AH"}},
		{name: "a fan's top card alone goes", piles: map[string]string{"F1": "AS", "C1": "2H 7D"}, op: mv("C1", "F1", 0),
			err: "7D cannot go to F1, which needs a 2 or a king"},
		{name: "the top card alone moves", piles: map[string]string{"F1": "AS", "C1": "2H 7D"}, op: mv("C1", "F1", 2), err: "one card at a time"},
		{name: "a card named goes in", piles: map[string]string{"F1": "AS", "C4": "9C 2D"}, op: Move{Card: NewCard(2, Diamonds), To: mv("F1", "", 0).From},
			want: map[string]string{"F1": "AS 2D", "C4": "9C"}},
		{name: "nothing is built on a fan", piles: map[string]string{"C1": "5D", "C2": "4S"}, op: mv("C2", "C1", 0),
			err: "4S cannot go to C1, which needs nothing: cards are only taken from it"},
		{name: "nothing leaves the hole", piles: map[string]string{"F1": "AS 2H", "C1": "3D"}, op: mv("F1", "C1", 0), err: "stay"},
		{name: "no stock", op: Draw{}, err: "blackhole has no stock"},
		{name: "seventeen fans", op: mv("C18", "F1", 0), err: "blackhole has no pile C18 (columns are C1-C17)"},
	})
}

func TestBlackHoleDeal(t *testing.T) {
	g, err := NewGame(Config{Game: "blackhole", Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if f, _, _ := g.Pile("F1"); f.Len() != 1 || f.Top() != NewCard(Ace, Spades) {
		t.Errorf("the hole holds %v, want AS alone", f.Cards)
	}
	for c := 1; c <= 17; c++ {
		if p, _, _ := g.Pile("C" + itoa(c)); p.Len() != 3 || p.Down != 0 {
			t.Errorf("C%d: %d cards, %d face down; want 3, none", c, p.Len(), p.Down)
		}
	}
}

// No card is safe to send home by itself where the hole builds both ways: auto plays nothing.
func TestBlackHoleNothingSafe(t *testing.T) {
	g := layout(t, "blackhole", nil, map[string]string{"F1": "AS", "C1": "2H", "C2": "KC"})
	res, err := g.Apply(Auto{})
	if err != nil || res.Changed || len(res.Auto) > 0 {
		t.Errorf("auto: %+v, %v; want nothing sent", res, err)
	}
}
