package model

import (
	"slices"
	"testing"
)

// TriPeaks' rules, one row each (help tripeaks). P1-P3 are the peaks' tops, P4-P9 the second
// row, P10-P18 the third, P19-P28 the bottom row.
func TestTriPeaksRules(t *testing.T) {
	runRuleCases(t, "tripeaks", []ruleCase{
		{name: "an uncovered card one rank above", piles: map[string]string{"P19": "8D", "W": "7S"}, op: mv("P19", "W", 0),
			want: map[string]string{"P19": "", "W": "7S 8D"}},
		{name: "one rank below, any suit", piles: map[string]string{"P28": "6H", "W": "7S"}, op: mv("P28", "", 0),
			want: map[string]string{"W": "7S 6H"}},
		{name: "by its card", piles: map[string]string{"P24": "6H", "W": "7S"}, op: Move{Card: NewCard(6, Hearts), To: mv("W", "", 0).From},
			want: map[string]string{"W": "7S 6H"}},
		{name: "two ranks away refused", piles: map[string]string{"P19": "9D", "W": "7S"}, op: mv("P19", "W", 0),
			err: "9D cannot go to W"},
		{name: "wrap by default: an ace on a king", piles: map[string]string{"P19": "AD", "W": "KS"}, op: mv("P19", "W", 0),
			want: map[string]string{"W": "KS AD"}},
		{name: "wrap by default: a king on an ace", piles: map[string]string{"P19": "KD", "W": "AS"}, op: mv("P19", "W", 0),
			want: map[string]string{"W": "AS KD"}},
		{name: "wrap=false: no ace on a king", opts: Options{"wrap": "false"}, piles: map[string]string{"P19": "AD", "W": "KS"}, op: mv("P19", "W", 0),
			err: "AD cannot go to W"},
		{name: "a card under one other is covered", piles: map[string]string{"P10": "8D", "P20": "2C", "W": "7S"}, op: mv("P10", "W", 0),
			err: "P10 is covered by P20: only a card with nothing on it moves"},
		{name: "under two", piles: map[string]string{"P1": "8D", "P4": "2C", "P5": "3C", "W": "7S"}, op: mv("P1", "", 0),
			err: "P1 is covered by P4 and P5"},
		{name: "uncovered once both are gone", piles: map[string]string{"P12": "8D", "W": "7S"}, op: mv("P12", "W", 0),
			want: map[string]string{"P12": "", "W": "7S 8D"}},
		{name: "a covered card cannot be named", piles: map[string]string{"P12": "8D", "P21": "2C", "W": "7S"}, op: Move{Card: NewCard(8, Diamonds)},
			err: "8D is not face up yet"},
		{name: "nothing goes on a peak card", piles: map[string]string{"P19": "8D", "P20": "9S"}, op: mv("P19", "P20", 0),
			err: "8D cannot go to P20"},
		{name: "nothing comes off the waste", piles: map[string]string{"W": "7S 8D", "P20": "KC"}, op: mv("W", "P19", 0),
			err: "cards cannot be taken from W"},
		{name: "draw turns a stock card onto the waste", piles: map[string]string{"S": "2C 5H |", "W": "7S", "P19": "KC"}, op: Draw{},
			want: map[string]string{"S": "2C |", "W": "7S 5H"}},
		{name: "no redeal", piles: map[string]string{"W": "7S 5H", "P19": "KC"}, op: Draw{}, err: "no"},
		{name: "no columns", piles: map[string]string{"P19": "KC"}, op: mv("C1", "W", 0), err: "tripeaks has no columns"},
		{name: "P29 is no pile", piles: map[string]string{"P19": "KC"}, op: mv("P29", "W", 0), err: "tripeaks has no pile P29 (peak or pyramid cards are P1-P28)"},
	})
}

// TestPeakCovers: each card lies under the two below it, as help tripeaks draws the peaks, and
// the bottom row is covered by nothing.
func TestPeakCovers(t *testing.T) {
	g, err := NewGame(Config{Game: "tripeaks", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"P1": {"P4", "P5"}, "P2": {"P6", "P7"}, "P3": {"P8", "P9"},
		"P4": {"P10", "P11"}, "P5": {"P11", "P12"}, "P6": {"P13", "P14"}, "P9": {"P17", "P18"},
		"P10": {"P19", "P20"}, "P12": {"P21", "P22"}, "P13": {"P22", "P23"}, "P18": {"P27", "P28"},
	}
	covering := map[string]int{} // how many cards each card lies over
	for i, spec := range g.Def.Piles {
		var names []string
		for _, j := range g.Def.Covers(i) {
			names = append(names, g.Def.Piles[j].Name)
			covering[g.Def.Piles[j].Name]++
		}
		if w, ok := want[spec.Name]; ok && !slices.Equal(names, w) {
			t.Errorf("%s is covered by %v, want %v", spec.Name, names, w)
		}
		if n := len(names); spec.Name[0] == 'P' && (n == 0) != (atoiName(spec.Name) >= 19) {
			t.Errorf("%s is covered by %d cards", spec.Name, n)
		}
	}
	// The bottom row's end cards lie over one card, the others over two (P22 and P25 over
	// cards of two peaks).
	for _, tt := range []struct {
		name string
		n    int
	}{{"P19", 1}, {"P20", 2}, {"P22", 2}, {"P28", 1}, {"P10", 1}, {"P11", 2}, {"P4", 1}, {"P1", 0}} {
		if covering[tt.name] != tt.n {
			t.Errorf("%s lies over %d cards, want %d", tt.name, covering[tt.name], tt.n)
		}
	}
}

func atoiName(name string) int {
	n := 0
	for _, c := range name[1:] {
		n = n*10 + int(c-'0')
	}
	return n
}

func TestTriPeaksDealAndWin(t *testing.T) {
	g, err := NewGame(Config{Game: "tripeaks", Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 28; k++ {
		i := g.Def.pileIndex("P" + itoa(k))
		p := &g.State.Piles[i]
		if p.Len() != 1 || p.Down != 0 {
			t.Errorf("P%d: %d cards, %d face down in the state; want 1 face up", k, p.Len(), p.Down)
		}
		if shown, want := g.FaceDown(i), b2i(k < 19); shown != want {
			t.Errorf("P%d shows %d cards face down, want %d: only the bottom row is face up", k, shown, want)
		}
	}
	if w, _, _ := g.Pile("W"); w.Len() != 1 {
		t.Errorf("W starts with %d cards, want 1", w.Len())
	}
	if s, _, _ := g.Pile("S"); s.Len() != 23 || s.Down != 23 {
		t.Errorf("S: %d cards, %d face down; want 23 face down", s.Len(), s.Down)
	}
	// A position hides covered cards as it hides face-down ones.
	for _, pp := range g.Position().Piles {
		if pp.Name == "P1" && (pp.Cards[0] != "??" || pp.FaceDown != 1) {
			t.Errorf("P1 in a position: %v, face_down %d; want it hidden", pp.Cards, pp.FaceDown)
		}
		if pp.Name == "P19" && (pp.Cards[0] == "??" || pp.FaceDown != 0) {
			t.Errorf("P19 in a position: %v, face_down %d; want it shown", pp.Cards, pp.FaceDown)
		}
	}
	won := layout(t, "tripeaks", nil, map[string]string{"S": "2C 3C |", "W": "7S 8S"})
	if !won.Won() {
		t.Error("the peaks cleared with stock left: not won")
	}
	if notYet := layout(t, "tripeaks", nil, map[string]string{"P1": "2C", "W": "7S 8S"}); notYet.Won() {
		t.Error("a peak card left: won")
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestTriPeaksDeadEnd(t *testing.T) {
	for _, tt := range []struct {
		name  string
		piles map[string]string
		dead  bool
	}{
		{"an uncovered card fits", map[string]string{"P19": "8D", "W": "7S"}, false},
		{"the stock is left", map[string]string{"P19": "TD", "W": "7S", "S": "2C |"}, false},
		{"only a covered card fits", map[string]string{"P10": "8D", "P19": "TD", "W": "7S"}, true},
	} {
		g := layout(t, "tripeaks", nil, tt.piles)
		if got := g.DeadEnd(); got != tt.dead {
			t.Errorf("%s: DeadEnd = %v, want %v", tt.name, got, tt.dead)
		}
	}
}
