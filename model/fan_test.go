package model

import "testing"

// Fan's rules, one row each (help fan).
func TestFanRules(t *testing.T) {
	runRuleCases(t, "fan", []ruleCase{
		{name: "build down by suit", piles: map[string]string{"C1": "9D 6H", "C2": "7H"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "9D", "C2": "7H 6H"}},
		{name: "another suit refused", piles: map[string]string{"C1": "6S", "C2": "7H"}, op: mv("C1", "C2", 0),
			err: "6S cannot go to C2, which needs 6H"},
		{name: "one card at a time", piles: map[string]string{"C1": "7S 6S", "C2": "8S", "C3": "QD"}, op: mv("C1", "C2", 2),
			err: "2 cards cannot move at once here"},
		{name: "an empty fan takes a king", piles: map[string]string{"C1": "4C KH", "C3": "QD"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "4C", "C2": "KH"}},
		{name: "an empty fan takes nothing else", piles: map[string]string{"C1": "4C QH", "C3": "QD"}, op: mv("C1", "C2", 0),
			err: "which needs a king"},
		{name: "any ace starts a foundation", piles: map[string]string{"C1": "AD"}, op: mv("C1", "F", 0), want: map[string]string{"F1": "AD"}},
		{name: "foundation cards come back", piles: map[string]string{"F1": "AD 2D 3D", "C1": "4D"}, op: mv("F1", "C1", 0),
			want: map[string]string{"F1": "AD 2D", "C1": "4D 3D"}},
		{name: "eighteen fans", op: mv("C19", "C1", 0), err: "fan has no pile C19 (columns are C1-C18)"},
	})
}

func TestFanDeal(t *testing.T) {
	for _, tt := range []struct {
		fans string
		want []int
	}{
		{"solvitaire", append(repeat(3, 16), 2, 2)},
		{"classic", append(repeat(3, 17), 1)},
	} {
		g, err := NewGame(Config{Game: "fan", Seed: 5, Options: Options{"fans": tt.fans}})
		if err != nil {
			t.Fatal(err)
		}
		for c, n := range tt.want {
			if p, _, _ := g.Pile("C" + itoa(c+1)); p.Len() != n || p.Down != 0 {
				t.Errorf("fans=%s: C%d has %d cards, %d face down; want %d, none", tt.fans, c+1, p.Len(), p.Down, n)
			}
		}
	}
}
