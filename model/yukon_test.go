package model

import "testing"

// Yukon's rules, one row each (help yukon).
func TestYukonRules(t *testing.T) {
	runRuleCases(t, "yukon", []ruleCase{
		{name: "a face-up card moves with the unordered cards on it", piles: map[string]string{"C1": "4C | 8S 3D 9H", "C2": "9D"},
			op: mv("C1", "C2", 0), want: map[string]string{"C1": "4C", "C2": "9D 8S 3D 9H"}},
		{name: "a count picks the card", piles: map[string]string{"C1": "8S 3D 9H", "C2": "TC"}, op: mv("C1", "C2", 1),
			want: map[string]string{"C1": "8S 3D", "C2": "TC 9H"}},
		{name: "without a count the most cards go", piles: map[string]string{"C1": "8S 4D 8C 3D", "C2": "9H"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "", "C2": "9H 8S 4D 8C 3D"}},
		{name: "the bottom card must fit", piles: map[string]string{"C1": "8S 3D 9H", "C2": "9D"}, op: mv("C1", "C2", 2),
			err: "3D cannot go to C2, which needs a black 8"},
		{name: "no face-down card moves", piles: map[string]string{"C1": "5H | 8S 3D", "C2": "9D"}, op: mv("C1", "C2", 3),
			err: "only 2 cards are face up"},
		{name: "alternate colours", piles: map[string]string{"C1": "8D", "C2": "9H"}, op: mv("C1", "C2", 0),
			err: "8D cannot go to C2, which needs a black 8"},
		{name: "russian: by suit", opts: Options{"russian": "true"}, piles: map[string]string{"C1": "8H 2C", "C2": "9H"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "9H 8H 2C"}},
		{name: "russian: the other colour refused", opts: Options{"russian": "true"}, piles: map[string]string{"C1": "8S", "C2": "9H"},
			op: mv("C1", "C2", 0), err: "8S cannot go to C2, which needs 8H"},
		{name: "an empty column takes a king with what is on it", piles: map[string]string{"C1": "2D | KS 4H 7C"}, op: mv("C1", "C3", 3),
			want: map[string]string{"C1": "2D", "C3": "KS 4H 7C"}},
		{name: "an empty column takes nothing else", piles: map[string]string{"C1": "KS QS 4H"}, op: mv("C1", "C3", 2),
			err: "which needs a king"},
		{name: "the face-down card turns up", piles: map[string]string{"C1": "2D 5S | 6H", "C2": "7C"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "2D | 5S"}},
		{name: "foundations by suit from the ace", piles: map[string]string{"C1": "AH"}, op: mv("C1", "F", 0), want: map[string]string{"F2": "AH"}},
		{name: "foundations one card at a time", piles: map[string]string{"C1": "3S 2S", "F1": "AS"}, op: mv("C1", "F1", 2), err: "one card at a time"},
		{name: "foundation cards come back", piles: map[string]string{"F3": "AD 2D 3D", "C1": "4C"}, op: mv("F3", "C1", 0),
			want: map[string]string{"F3": "AD 2D", "C1": "4C 3D"}},
		{name: "no stock", op: Draw{}, err: "yukon has no stock"},
		{name: "no such column", op: mv("C8", "C1", 0), err: "yukon has no pile C8 (columns are C1-C7)"},
	})
}

func TestYukonDeal(t *testing.T) {
	g, err := NewGame(Config{Game: "yukon", Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for c := 1; c <= 7; c++ {
		p, _, _ := g.Pile("C" + itoa(c))
		want, up := 1, 1
		if c > 1 {
			want, up = c-1+5, 5
		}
		if p.Len() != want || p.FaceUp() != up {
			t.Errorf("C%d: %d cards, %d face up; want %d and %d", c, p.Len(), p.FaceUp(), want, up)
		}
	}
}

// Yukon's "no more moves" is Klondike's test: a card home, a card turned, a column emptied for
// a card that is not a king, or a card uncovered that can go home.
func TestYukonDeadEnd(t *testing.T) {
	for _, tt := range []struct {
		name  string
		piles map[string]string
		dead  bool
	}{
		{"a move turns a card", map[string]string{"C1": "2D | 5S", "C2": "6H"}, false},
		{"a card goes home", map[string]string{"C1": "AS", "C2": "KH"}, false},
		{"a move uncovers a card that goes home", map[string]string{"C1": "KC AD 5S", "C2": "9C 6H"}, false},
		{"only a sideways move", map[string]string{"C1": "KC 7D 5S", "C2": "6H", "C3": "6D 9C"}, true},
		{"nothing moves", map[string]string{"C1": "KC 9D", "C2": "QH 5S"}, true},
	} {
		g := layout(t, "yukon", nil, tt.piles)
		if got := g.DeadEnd(); got != tt.dead {
			t.Errorf("%s: DeadEnd = %v, want %v", tt.name, got, tt.dead)
		}
	}
}
