package model

import (
	"strings"
	"testing"
)

// fullRun is the thirteen cards of a suit from king down to ace, as a pile spec.
func fullRun(suit string) string {
	var cs []string
	for _, r := range "KQJT98765432A" {
		cs = append(cs, string(r)+suit)
	}
	return strings.Join(cs, " ")
}

// Spider's rules, one row each (help spider). Every column holds a card unless the row says
// otherwise, so that a deal is allowed.
func TestSpiderRules(t *testing.T) {
	full := map[string]string{"C1": "2C", "C2": "3C", "C3": "4C", "C4": "5C", "C5": "6C", "C6": "7C", "C7": "8C", "C8": "9C", "C9": "TC", "C10": "JC",
		"S": "AH AH AH AH AH AH AH AH AH AH"}
	with := func(extra map[string]string) map[string]string { return over(full, extra) }
	runRuleCases(t, "spider", []ruleCase{
		{name: "build down regardless of suit", piles: with(map[string]string{"C1": "5S", "C2": "6H"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "", "C2": "6H 5S"}},
		{name: "only one rank down", piles: with(map[string]string{"C1": "4S", "C2": "6H"}), op: mv("C1", "C2", 0),
			err: "4S cannot go to C2, which needs a 5"},
		{name: "nothing goes on an ace", piles: with(map[string]string{"C1": "KS", "C2": "AH"}), op: mv("C1", "C2", 0),
			err: "no card goes on AH"},
		{name: "a run of one suit moves whole", piles: with(map[string]string{"C1": "9H 8H 7H", "C2": "TS"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "", "C2": "TS 9H 8H 7H"}},
		{name: "a run of two suits moves only its top suit", piles: with(map[string]string{"C1": "9S 8H 7H", "C2": "9C"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "9S", "C2": "9C 8H 7H"}},
		{name: "a run of two suits does not move whole", piles: with(map[string]string{"C1": "9S 8H 7H", "C2": "TC"}), op: mv("C1", "C2", 3),
			err: "the top 3 cards of C1 are not a run of one suit, and only such a run moves together (the top 2 are)"},
		{name: "a count picks the part of a run", piles: with(map[string]string{"C1": "9H 8H 7H", "C2": "8D"}), op: mv("C1", "C2", 1),
			want: map[string]string{"C1": "9H 8H", "C2": "8D 7H"}},
		{name: "an empty column takes any card", piles: with(map[string]string{"C1": "4D | 9H 8H", "C2": ""}), op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "4D", "C2": "9H 8H"}},
		{name: "the face-down card turns up", piles: with(map[string]string{"C1": "4D 3S | 9H", "C2": "TS"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "4D | 3S"}},
		{name: "a deal gives each column a card", piles: with(nil), op: Draw{},
			want: map[string]string{"C1": "2C AH", "C10": "JC AH", "S": ""}},
		{name: "no deal while a column is empty", piles: with(map[string]string{"C4": ""}), op: Draw{},
			err: "C4 is empty: the stock deals only when every column has a card"},
		{name: "any-deal: a deal onto an empty column", opts: Options{"any-deal": "true"}, piles: with(map[string]string{"C4": ""}), op: Draw{},
			want: map[string]string{"C4": "AH", "S": ""}},
		{name: "no redeal", piles: with(map[string]string{"S": ""}), op: Draw{}, err: "the stock is empty, and spider has no redeal"},
		{name: "a complete run goes home by itself", piles: with(map[string]string{"C1": "5D | " + strings.TrimSuffix(fullRun("S"), " AS"), "C2": "AS"}),
			op: mv("C2", "C1", 0), want: map[string]string{"C1": "5D", "C2": "", "F1": fullRun("S")}},
		{name: "a deal that completes a run sends it home", piles: with(map[string]string{"C1": strings.TrimSuffix(fullRun("H"), " AH"), "S": "AH AH AH AH AH AH AH AH AH AH"}),
			op: Draw{}, want: map[string]string{"C1": "", "F1": fullRun("H")}},
		{name: "keep-runs: a complete run stays", opts: Options{"keep-runs": "true"}, piles: with(map[string]string{"C1": strings.TrimSuffix(fullRun("S"), " AS"), "C2": "AS"}),
			op: mv("C2", "C1", 0), want: map[string]string{"C1": fullRun("S"), "F1": ""}},
		{name: "keep-runs: the player sends it home", opts: Options{"keep-runs": "true"}, piles: with(map[string]string{"C1": "3D " + fullRun("S")}),
			op: mv("C1", "F", 0), want: map[string]string{"C1": "3D", "F1": fullRun("S")}},
		{name: "a foundation takes no single card", opts: Options{"keep-runs": "true"}, piles: with(map[string]string{"C1": "KS"}),
			op: mv("C1", "F1", 0), err: "needs a complete run from king to ace in one suit"},
		{name: "a foundation takes no part of a run", opts: Options{"keep-runs": "true"}, piles: with(map[string]string{"C1": fullRun("S")}),
			op: mv("C1", "F1", 12), err: "needs a complete run from king to ace in one suit"},
		{name: "foundation cards stay", opts: Options{"keep-runs": "true"}, piles: with(map[string]string{"F1": fullRun("S")}),
			op: mv("F1", "C1", 0), err: "stay"},
		{name: "a short stock (a position's) is dealt as far as it goes", piles: with(map[string]string{"S": "5H 4H 3H"}), op: Draw{},
			want: map[string]string{"C1": "2C 3H", "C2": "3C 4H", "C3": "4C 5H", "C4": "5C", "S": ""}},
		{name: "a face-up copy says why it cannot move, not a face-down one", opts: Options{"suits": "1"},
			piles: with(map[string]string{"C1": "3S | 7S", "C2": "3S 9S"}), op: Move{Card: NewCard(3, Spades)},
			err: "3S is under 9S in C2, which is not in sequence with it"},
		{name: "no such column", op: mv("C11", "C1", 0), err: "spider has no pile C11 (columns are C1-C10)"},
		{name: "home=cards: an ace goes home", opts: Options{"home": "cards"}, piles: with(map[string]string{"C1": "5D AS"}),
			op: mv("C1", "F", 0), want: map[string]string{"C1": "5D", "F1": "AS"}},
		{name: "home=cards: up by suit", opts: Options{"home": "cards"}, piles: with(map[string]string{"C1": "5D 2S", "F1": "AS"}),
			op: mv("C1", "F1", 0), want: map[string]string{"C1": "5D", "F1": "AS 2S"}},
		{name: "home=cards: not another suit", opts: Options{"home": "cards"}, piles: with(map[string]string{"C1": "5D 2H", "F1": "AS"}),
			op: mv("C1", "F1", 0), err: "2H cannot go to F1, which needs 2S"},
		{name: "home=cards: one card at a time", opts: Options{"home": "cards"}, piles: with(map[string]string{"C1": "3S 2S AS"}),
			op: mv("C1", "F1", 2), err: "F1 takes one card at a time"},
		{name: "home=cards: a complete run stays", opts: Options{"home": "cards"}, piles: with(map[string]string{"C1": strings.TrimSuffix(fullRun("S"), " AS"), "C2": "AS"}),
			op: mv("C2", "C1", 0), want: map[string]string{"C1": fullRun("S"), "F1": ""}},
		{name: "home=cards: foundation cards stay", opts: Options{"home": "cards"}, piles: with(map[string]string{"F1": "AS 2S"}),
			op: mv("F1", "C1", 0), err: "stay"},
		{name: "runs-in-suit: a single card on any suit", opts: Options{"runs-in-suit": "true"}, piles: with(map[string]string{"C1": "5S", "C2": "6H"}),
			op: mv("C1", "C2", 0), want: map[string]string{"C1": "", "C2": "6H 5S"}},
		{name: "runs-in-suit: a run on its own suit", opts: Options{"runs-in-suit": "true"}, piles: with(map[string]string{"C1": "9H 8H 7H", "C2": "TH"}),
			op: mv("C1", "C2", 0), want: map[string]string{"C1": "", "C2": "TH 9H 8H 7H"}},
		{name: "runs-in-suit: not a run on another suit", opts: Options{"runs-in-suit": "true"}, piles: with(map[string]string{"C1": "9H 8H 7H", "C2": "TS"}),
			op: mv("C1", "C2", 3), err: "9H cannot go to C2 with the 2 cards on it: a run of two or more cards goes only on a card of its own suit (runs-in-suit)"},
		{name: "runs-in-suit: its top card alone may go", opts: Options{"runs-in-suit": "true"}, piles: with(map[string]string{"C1": "9H 8H 7H", "C2": "8S"}),
			op: mv("C1", "C2", 0), want: map[string]string{"C1": "9H 8H", "C2": "8S 7H"}},
		{name: "runs-in-suit: a run into an empty column", opts: Options{"runs-in-suit": "true", "any-deal": "true"}, piles: with(map[string]string{"C1": "4D | 9H 8H", "C2": ""}),
			op: mv("C1", "C2", 0), want: map[string]string{"C1": "4D", "C2": "9H 8H"}},
	})
}

// A whole column moved to an empty one is a move of its own in Spider: the next deal puts
// another card on it. Legal lists it.
func TestSpiderWholeColumnMove(t *testing.T) {
	g := layout(t, "spider", Options{"any-deal": "true"}, map[string]string{"C1": "9H 8H", "S": "AH AH AH AH AH AH AH AH AH AH"})
	found := false
	for _, op := range g.Legal() {
		found = found || op.String() == "move C1 C2"
	}
	if !found {
		t.Errorf("Legal does not list move C1 C2: %v", g.Legal())
	}
	if !g.Def.DealtTo(g.Def.pileIndex("C2")) || g.Def.DealtTo(g.Def.pileIndex("F1")) {
		t.Error("DealtTo: C2 should be dealt to, F1 not")
	}
}

func TestSpideretteRules(t *testing.T) {
	runRuleCases(t, "spiderette", []ruleCase{
		{name: "a deal gives each of seven columns a card",
			piles: map[string]string{"C1": "2C", "C2": "3C", "C3": "4C", "C4": "5C", "C5": "6C", "C6": "7C", "C7": "8C", "S": "5H 4H 3H 2H AH KH QH JH TH"},
			op:    Draw{}, want: map[string]string{"C1": "2C TH", "C7": "8C 3H", "S": "5H 4H |"}},
		{name: "the last three cards go to C1-C3",
			piles: map[string]string{"C1": "2C", "C2": "3C", "C3": "4C", "C4": "5C", "C5": "6C", "C6": "7C", "C7": "8C", "S": "3H 2H AH"},
			op:    Draw{}, want: map[string]string{"C1": "2C AH", "C2": "3C 2H", "C3": "4C 3H", "C4": "5C", "S": ""}},
		{name: "four foundations", piles: map[string]string{"C1": "9C"}, op: mv("C1", "F5", 0), err: "spiderette has no pile F5"},
	})
}

// The deal, with each suits option: the cards, the columns and what lies face down.
func TestSpiderDeal(t *testing.T) {
	for _, tt := range []struct {
		game, suits string
		cols        []int
		stock       int
		copies      map[Suit]int
	}{
		{"spider", "4", []int{6, 6, 6, 6, 5, 5, 5, 5, 5, 5}, 50, map[Suit]int{Clubs: 2, Diamonds: 2, Hearts: 2, Spades: 2}},
		{"spider", "2", []int{6, 6, 6, 6, 5, 5, 5, 5, 5, 5}, 50, map[Suit]int{Hearts: 4, Spades: 4}},
		{"spider", "1", []int{6, 6, 6, 6, 5, 5, 5, 5, 5, 5}, 50, map[Suit]int{Spades: 8}},
		{"spiderette", "4", []int{1, 2, 3, 4, 5, 6, 7}, 24, map[Suit]int{Clubs: 1, Diamonds: 1, Hearts: 1, Spades: 1}},
		{"spiderette", "1", []int{1, 2, 3, 4, 5, 6, 7}, 24, map[Suit]int{Spades: 4}},
	} {
		g, err := NewGame(Config{Game: tt.game, Seed: 4, Options: Options{"suits": tt.suits}})
		if err != nil {
			t.Fatal(err)
		}
		count := map[Card]int{}
		for i := range g.State.Piles {
			for _, c := range g.State.Piles[i].Cards {
				count[c]++
			}
		}
		for _, c := range NewDeck(1) {
			if count[c] != tt.copies[c.Suit()] {
				t.Errorf("%s suits=%s: %s is there %d times, want %d", tt.game, tt.suits, c, count[c], tt.copies[c.Suit()])
			}
		}
		for k, n := range tt.cols {
			p, _, _ := g.Pile("C" + itoa(k+1))
			if p.Len() != n || p.FaceUp() != 1 {
				t.Errorf("%s: C%d has %d cards, %d face up; want %d, 1", tt.game, k+1, p.Len(), p.FaceUp(), n)
			}
		}
		if s, _, _ := g.Pile("S"); s.Len() != tt.stock || s.Down != tt.stock {
			t.Errorf("%s: the stock has %d cards, %d face down; want %d", tt.game, s.Len(), s.Down, tt.stock)
		}
	}
}

// Microsoft's score: 500, -1 a move or deal, +100 a run home; undo takes the points back.
func TestSpiderScore(t *testing.T) {
	g := layout(t, "spider", nil, map[string]string{"C1": strings.TrimSuffix(fullRun("S"), " AS"), "C2": "AS", "C3": "5D", "C4": "6H"})
	if sc := g.Score(); sc.Points != 500 || sc.System != ScoringStandard {
		t.Fatalf("at the deal: %+v, want 500", sc)
	}
	for _, step := range []struct {
		op   Op
		want int
	}{
		{mv("C3", "C4", 0), 499},
		{mv("C2", "C1", 0), 598}, // -1 for the move, +100 for the run home
		{Undo{}, 499},
	} {
		if _, err := g.Apply(step.op); err != nil {
			t.Fatalf("%s: %v", step.op, err)
		}
		if got := g.Score().Points; got != step.want {
			t.Errorf("after %s: %d points, want %d", step.op, got, step.want)
		}
	}
	none := layout(t, "spider", Options{"scoring": "none"}, nil)
	if sc := none.Score(); sc.System != "" {
		t.Errorf("scoring=none: %+v, want no score", sc)
	}
}

// A position whose foundation holds less than a whole run, or whose column ends in a complete
// run Spider would have sent home, is refused.
func TestSpiderPositions(t *testing.T) {
	for _, tt := range []struct {
		name  string
		opts  Options
		piles map[string]string
		err   string
	}{
		{"part of a run home", nil, map[string]string{"F1": "KS QS"}, "holds one complete run from king to ace"},
		{"a run home in two suits", nil, map[string]string{"F1": strings.Replace(fullRun("S"), "5S", "5H", 1)}, "holds one complete run"},
		{"a complete run left in a column", nil, map[string]string{"C1": fullRun("S")}, "ends in a complete run from king to ace, which spider sends home at once"},
		{"keep-runs: a complete run may stay", Options{"keep-runs": "true"}, map[string]string{"C1": fullRun("S")}, ""},
		{"a run home", nil, map[string]string{"F3": fullRun("D")}, ""},
	} {
		g := layout(t, "spider", tt.opts, tt.piles)
		err := g.checkPiles()
		if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.err)
		}
	}
}
