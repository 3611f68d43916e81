package model

import (
	"strings"
	"testing"
)

// dealShape checks a fresh deal: cards per pile and face-down counts, by pile name.
func TestNewGamesDeal(t *testing.T) {
	tests := []struct {
		game  string
		opts  Options
		sizes map[string]int // cards per pile
		down  map[string]int // face-down cards per pile
	}{
		{"canfield", nil, map[string]int{"R1": 13, "C1": 1, "C4": 1, "S": 35, "F1": 0, "W": 0}, map[string]int{"R1": 12, "S": 35}},
		{"canfield", Options{"classic": "true"}, map[string]int{"R1": 13, "C1": 1, "S": 34, "F1": 1, "F2": 0}, map[string]int{"R1": 12}},
		{"algerian", nil, map[string]int{"C1": 2, "C4": 2, "C5": 1, "C8": 1, "R1": 4, "R6": 4, "S": 68, "F5": 0}, map[string]int{"R1": 3, "C1": 0}},
		{"algerian", Options{"pysol-layout": "true"}, map[string]int{"C1": 1, "C8": 1, "R1": 6, "S": 56, "F5": 1, "F8": 1, "F1": 0}, nil},
		{"natali", nil, map[string]int{"C1": 8, "C2": 7, "C7": 2, "C8": 1, "S": 68, "W": 0}, map[string]int{"C1": 0}},
		{"osmosis", nil, map[string]int{"R1": 4, "R4": 4, "F1": 1, "F2": 0, "S": 35}, map[string]int{"R1": 3, "R4": 3}},
		{"osmosis", Options{"peek": "true"}, map[string]int{"R1": 4}, map[string]int{"R1": 0}},
		{"fifteen", nil, map[string]int{"C1": 4, "C13": 4, "C14": 0, "C15": 0}, nil},
		{"fifteen", Options{"relaxed": "true"}, map[string]int{"R1": 0, "C1": 4}, nil},
		{"lapeau", nil, map[string]int{"C1": 4, "C13": 4, "F1": 0}, map[string]int{"C1": 0}},
	}
	for _, tt := range tests {
		g, err := NewGame(Config{Game: tt.game, Seed: 9, Options: tt.opts})
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, p := range g.State.Piles {
			total += p.Len()
		}
		if total != 52*g.Def.Decks {
			t.Errorf("%s %v: %d cards dealt", tt.game, tt.opts, total)
		}
		for name, n := range tt.sizes {
			p, _, ok := g.Pile(name)
			if !ok || p.Len() != n {
				t.Errorf("%s %v: %s has %v cards, want %d", tt.game, tt.opts, name, p, n)
			}
		}
		for name, n := range tt.down {
			if p, _, _ := g.Pile(name); p.Down != n {
				t.Errorf("%s %v: %s has %d face down, want %d", tt.game, tt.opts, name, p.Down, n)
			}
		}
	}
	g, _ := NewGame(Config{Game: "canfield", Seed: 9, Options: Options{"classic": "true"}})
	if f, _, _ := g.Pile("F1"); g.State.Base != f.Cards[0].Rank() || g.Def.Draw != 3 || g.Def.FoundationReturn {
		t.Errorf("classic canfield: base %d, F1 %v, draw %d, return %v", g.State.Base, f.Cards, g.Def.Draw, g.Def.FoundationReturn)
	}
	g, _ = NewGame(Config{Game: "canfield", Seed: 9, Options: Options{"classic": "true", "draw": "1"}})
	if g.Def.Draw != 1 {
		t.Error("an explicit draw=1 did not override classic's draw 3")
	}
	g, _ = NewGame(Config{Game: "algerian", Seed: 9, Options: Options{"pysol-layout": "true"}})
	suits := map[Suit]bool{}
	for i := 5; i <= 8; i++ {
		f, _, _ := g.Pile("F" + itoa(i))
		if f.Cards[0].Rank() != King {
			t.Errorf("pysol layout F%d starts with %s", i, f.Cards[0])
		}
		suits[f.Cards[0].Suit()] = true
	}
	if len(suits) != 4 {
		t.Error("pysol layout: the four kings are not one of each suit")
	}
}

func TestCanfieldRules(t *testing.T) {
	classic := Options{"classic": "true"}
	stop := Options{"classic": "true", "partial-runs": "true", "stop-at-base": "true"}
	runRuleCases(t, "canfield", []ruleCase{
		{name: "any ace opens any foundation", piles: map[string]string{"C1": "AH", "R1": "9S"}, op: mv("C1", "F3", 0), want: map[string]string{"F3": "AH"}},
		{name: "foundation builds up by suit", piles: map[string]string{"W": "2H", "F2": "AH", "R1": "9S"}, op: mv("W", "F2", 0), want: map[string]string{"F2": "AH 2H"}},
		{name: "alternate colours down", piles: map[string]string{"C1": "5H", "C2": "6S", "C3": "4C", "C4": "KD", "R1": "9S"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "6S 5H", "C1": "9S", "R1": ""}},
		{name: "no wrap in seed mode", piles: map[string]string{"C1": "KH", "C2": "AS", "C3": "4C", "C4": "KD", "R1": "9S"}, op: mv("C1", "C2", 0), err: "no card goes on AS"},
		{name: "empty column filled from the reserve", piles: map[string]string{"C1": "5H", "C2": "6S", "C3": "4C", "C4": "KD", "R1": "3D 8C |"},
			op: mv("C1", "C2", 0), want: map[string]string{"C1": "8C", "R1": "3D"}},
		{name: "manual fill leaves it empty", opts: Options{"manual-fill": "true"}, piles: map[string]string{"C1": "5H", "C2": "6S", "R1": "3D | 8C"},
			op: mv("C1", "C2", 0), want: map[string]string{"C1": "", "R1": "3D | 8C"}},
		{name: "reserve empty: any card to an empty column", piles: map[string]string{"W": "9D", "C2": "6S"}, op: mv("W", "C1", 0), want: map[string]string{"C1": "9D"}},
		{name: "reserve top plays", piles: map[string]string{"R1": "3D | 5H", "C1": "KS", "C2": "6S", "C3": "KD", "C4": "KH"}, op: mv("R1", "C2", 0),
			want: map[string]string{"R1": "3D", "C2": "6S 5H"}},
		{name: "R alone names the reserve", piles: map[string]string{"R1": "3D | 5H", "C1": "KS", "C2": "6S", "C3": "KD", "C4": "KH"}, op: mv("R", "C2", 0),
			want: map[string]string{"C2": "6S 5H"}},
		{name: "nothing goes on the reserve", piles: map[string]string{"R1": "3D | 5H", "C2": "4S"}, op: mv("C2", "R1", 0), err: "cards are only taken from it"},
		{name: "any run moves in seed mode", piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D", "R1": "KS"}, op: mv("C1", "C2", 2),
			want: map[string]string{"C2": "9D 8S 7D"}},
		{name: "classic: the base rank opens a foundation", opts: classic, base: 8, piles: map[string]string{"C1": "8H", "F1": "8S", "R1": "KS"}, op: mv("C1", "F2", 0),
			want: map[string]string{"F2": "8H"}},
		{name: "classic: an ace does not", opts: classic, base: 8, piles: map[string]string{"C1": "AH", "F1": "8S", "R1": "KS"}, op: mv("C1", "F2", 0),
			err: "AH cannot go to F2, which needs an 8"},
		{name: "classic: foundations wrap from king to ace", opts: classic, base: 8, piles: map[string]string{"C1": "AH", "F1": "8H 9H TH JH QH KH", "R1": "KS"},
			op: mv("C1", "F1", 0), want: map[string]string{"F1": "8H 9H TH JH QH KH AH"}},
		{name: "classic: a full foundation stops", opts: classic, base: 8, piles: map[string]string{"C1": "8H", "F1": "8H 9H TH JH QH KH AH 2H 3H 4H 5H 6H 7H", "R1": "KS"},
			op: mv("C1", "F1", 0), err: "F1 is full"},
		{name: "classic: king on ace in the columns", opts: classic, piles: map[string]string{"C1": "KH", "C2": "AS", "R1": "KS"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "AS KH"}},
		{name: "classic: part of a run does not move", opts: classic, piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D", "R1": "KS"}, op: mv("C1", "C2", 2),
			err: "moves only its top card or the whole column"},
		{name: "classic: the whole pile moves", opts: classic, piles: map[string]string{"C1": "9H 8S 7D", "C2": "TC", "R1": "KS 2S |"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "TC 9H 8S 7D", "C1": "2S"}},
		{name: "classic with partial runs", opts: Options{"classic": "true", "partial-runs": "true"}, piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D", "R1": "KS"},
			op: mv("C1", "C2", 2), want: map[string]string{"C2": "9D 8S 7D"}},
		{name: "stop-at-base: the rank below the base does not go on a base card", opts: stop, base: 8, piles: map[string]string{"C1": "7S", "C2": "8H", "R1": "KS"},
			op: mv("C1", "C2", 0), err: "which needs nothing: no card goes on 8H, a base card (stop-at-base)"},
		{name: "classic without it: it does", opts: classic, base: 8, piles: map[string]string{"C1": "7S", "C2": "8H", "R1": "KS"},
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "8H 7S"}},
		{name: "stop-at-base: the base goes on the rank above it", opts: stop, base: 8, piles: map[string]string{"C1": "8H", "C2": "9S", "R1": "KS"},
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "9S 8H"}},
		{name: "stop-at-base: a king still goes on an ace", opts: stop, base: 8, piles: map[string]string{"C1": "KH", "C2": "AS", "R1": "KS"},
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "AS KH"}},
		{name: "stop-at-base with base ace: no king on an ace", opts: stop, base: 1, piles: map[string]string{"C1": "KH", "C2": "AS", "R1": "KS"},
			op: mv("C1", "C2", 0), err: "no card goes on AS, a base card"},
		{name: "stop-at-base: a run across the base is not one", opts: stop, base: 8, piles: map[string]string{"C1": "9C 8H 7S", "C2": "TD", "R1": "KS"},
			op: mv("C1", "C2", 3), err: "not a sequence that can move together (only the top card can)"},
		{name: "stop-at-base: without classic, no wrap at all", opts: Options{"stop-at-base": "true"}, piles: map[string]string{"C1": "KH", "C2": "AS", "R1": "KS"},
			op: mv("C1", "C2", 0), err: "no card goes on AS"},
		{name: "classic: foundation cards stay", opts: classic, base: 8, piles: map[string]string{"F1": "8S 9S", "C1": "TH", "R1": "KS"}, op: mv("F1", "C1", 0), err: "stay there"},
		{name: "seed: foundation cards come back", piles: map[string]string{"F1": "AS 2S", "C1": "3H", "R1": "KS"}, op: mv("F1", "C1", 0), want: map[string]string{"C1": "3H 2S"}},
	})
}

func TestTwoDeckRules(t *testing.T) {
	for _, game := range []string{"algerian", "natali"} {
		t.Run(game, func(t *testing.T) {
			wrapOpt := Options{"no-wrap": "true"}
			if game == "natali" {
				wrapOpt = Options{"wrap": "true"}
			}
			cases := []ruleCase{
				{name: "same suit one lower", piles: map[string]string{"C1": "5H", "C2": "6H"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "6H 5H"}},
				{name: "same suit one higher", piles: map[string]string{"C1": "5H", "C2": "4H"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "4H 5H"}},
				{name: "other suit refused", piles: map[string]string{"C1": "5H", "C2": "6D"}, op: mv("C1", "C2", 0), err: "5H cannot go to C2, which needs 5D or 7D"},
				{name: "chain lands reversed", piles: map[string]string{"C1": "2C 9H 8H 7H", "C2": "6H"}, op: mv("C1", "C2", 3),
					want: map[string]string{"C1": "2C", "C2": "6H 7H 8H 9H"}},
				{name: "chain up and down", piles: map[string]string{"C1": "5S 6S 5S", "C2": "4S"}, op: mv("C1", "C2", 3),
					want: map[string]string{"C2": "4S 5S 6S 5S"}},
				{name: "chain into an empty column", piles: map[string]string{"C1": "KC 5D 6D"}, op: mv("C1", "C3", 2), want: map[string]string{"C3": "6D 5D", "C1": "KC"}},
				{name: "broken chain", piles: map[string]string{"C1": "2C 9H 8H", "C2": "7H"}, op: mv("C1", "C2", 3), err: "not a sequence"},
				{name: "empty column takes any card", piles: map[string]string{"C1": "5H"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "5H"}},
				{name: "ace to an up foundation", piles: map[string]string{"C1": "AH"}, op: mv("C1", "F2", 0), want: map[string]string{"F2": "AH"}},
				{name: "king not to an up foundation", piles: map[string]string{"C1": "KH"}, op: mv("C1", "F2", 0), err: "KH cannot go to F2, which needs an ace"},
				{name: "king to a down foundation", piles: map[string]string{"C1": "KH"}, op: mv("C1", "F6", 0), want: map[string]string{"F6": "KH"}},
				{name: "down foundation builds down", piles: map[string]string{"C1": "QH", "F5": "KH"}, op: mv("C1", "F5", 0), want: map[string]string{"F5": "KH QH"}},
				{name: "F alone finds an up or down foundation", piles: map[string]string{"C1": "KS", "F1": "AH"}, op: mv("C1", "F", 0), want: map[string]string{"F5": "KS"}},
				{name: "meeting foundations trade cards", piles: map[string]string{"F1": "AC 2C 3C 4C 5C 6C", "F5": "KC QC JC TC 9C 8C 7C"}, op: mv("F5", "F1", 0),
					want: map[string]string{"F1": "AC 2C 3C 4C 5C 6C 7C", "F5": "KC QC JC TC 9C 8C"}},
				{name: "foundation card back to a column", piles: map[string]string{"F1": "AC 2C", "C1": "3C"}, op: mv("F1", "C1", 0), want: map[string]string{"C1": "3C 2C"}},
				{name: "two copies are alike", piles: map[string]string{"C1": "5H", "C2": "5H 4H"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "5H 4H 5H"}},
			}
			if game == "algerian" {
				cases = append(cases,
					ruleCase{name: "wrap: ace on king", piles: map[string]string{"C1": "AH", "C2": "KH"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "KH AH"}},
					ruleCase{name: "no-wrap refuses it", opts: wrapOpt, piles: map[string]string{"C1": "AH", "C2": "KH"}, op: mv("C1", "C2", 0), err: "needs QH"},
					ruleCase{name: "reserve top plays", piles: map[string]string{"R2": "4D 5D 6D 7D", "C1": "8D"}, op: mv("R2", "C1", 0), want: map[string]string{"R2": "4D 5D | 6D", "C1": "8D 7D"}},
					ruleCase{name: "nothing goes on a reserve", piles: map[string]string{"R2": "4D 5D 6D 7D", "C1": "8D"}, op: mv("C1", "R2", 0), err: "cards are only taken from it"},
					ruleCase{name: "nor on an empty one", piles: map[string]string{"C1": "8D"}, op: mv("C1", "R2", 0), err: "only the deal fills it"},
				)
			} else {
				cases = append(cases,
					ruleCase{name: "no wrap by default", piles: map[string]string{"C1": "AH", "C2": "KH"}, op: mv("C1", "C2", 0), err: "needs QH"},
					ruleCase{name: "wrap option", opts: wrapOpt, piles: map[string]string{"C1": "AH", "C2": "KH"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "KH AH"}},
					ruleCase{name: "waste top plays", piles: map[string]string{"W": "3C 8D", "C1": "9D"}, op: mv("W", "C1", 0), want: map[string]string{"C1": "9D 8D"}},
					ruleCase{name: "autofill from the waste", opts: Options{"autofill": "true"}, piles: map[string]string{"W": "3C 8D", "C1": "5H", "C2": "6H"},
						op: mv("C1", "C2", 0), want: map[string]string{"C1": "8D", "C3": "3C", "W": ""}},
				)
			}
			runRuleCases(t, game, cases)
		})
	}
}

func TestAlgerianStockDeals(t *testing.T) {
	deck := "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D |" // 20 cards, KC... on top
	for _, tt := range []struct {
		opts  Options
		after map[string]string
	}{
		{nil, map[string]string{"R1": "| 6D", "R6": "| 9C", "C1": "8C", "C8": "AC", "S": ""}},
		{Options{"final-deal": "reserves"}, map[string]string{"R3": "| 7C", "R6": "| AC", "C1": ""}},
	} {
		g := layout(t, "algerian", tt.opts, map[string]string{"S": deck})
		mustApply(t, g, Draw{})
		if r1, _, _ := g.Pile("R1"); pileText(r1) != "7D | 6D" {
			t.Errorf("first deal: R1 = %q, want the top two stock cards with only the top showing", pileText(r1))
		}
		if n, final := g.DealsLeft(); n != 0 || !final {
			t.Errorf("deals left %d final %v", n, final)
		}
		mustApply(t, g, Draw{})
		for name, want := range tt.after {
			p, _, _ := g.Pile(name)
			got := pileText(p)
			if i := strings.LastIndex(got, " "); strings.HasPrefix(want, "| ") && i >= 0 {
				got = "| " + got[i+1:] // only the top card matters here
			}
			if got != want {
				t.Errorf("%v final deal: %s = %q, want %q", tt.opts, name, got, want)
			}
		}
		if _, err := g.Apply(Draw{}); err == nil || !strings.Contains(err.Error(), "no redeal") {
			t.Errorf("draw on an empty stock: %v", err)
		}
	}
}

func TestOsmosisRules(t *testing.T) {
	runRuleCases(t, "osmosis", []ruleCase{
		{name: "F1 takes any card of its suit", piles: map[string]string{"F1": "TH", "W": "3H"}, op: mv("W", "F1", 0), want: map[string]string{"F1": "TH 3H"}},
		{name: "F1 refuses other suits", piles: map[string]string{"F1": "TH", "W": "3S"}, op: mv("W", "F1", 0), err: "3S cannot go to F1, which needs any heart"},
		{name: "an empty F2 starts with a rank in F1", piles: map[string]string{"F1": "TH 3H", "W": "3S"}, op: mv("W", "F2", 0), want: map[string]string{"F2": "3S"}},
		{name: "but not with a rank missing from F1", piles: map[string]string{"F1": "TH 3H", "W": "5S"}, op: mv("W", "F2", 0),
			err: "5S cannot go to F2, which needs a card of a new suit whose rank is in F1"},
		{name: "a suit that has a foundation cannot start another", piles: map[string]string{"F1": "TH 3H", "F2": "3S", "W": "3S"}, op: mv("W", "F3", 0),
			err: "which needs a card of a new suit"},
		{name: "F2 takes its suit in ranks F1 has", piles: map[string]string{"F1": "TH 3H 7H", "F2": "3S", "R1": "QC | 7S"}, op: mv("R1", "F2", 0),
			want: map[string]string{"F2": "3S 7S", "R1": "QC"}},
		{name: "F2 refuses a rank F1 lacks", piles: map[string]string{"F1": "TH 3H 7H", "F2": "3S", "W": "8S"}, op: mv("W", "F2", 0), err: "which needs a spade whose rank is in F1"},
		{name: "F alone finds the foundation", piles: map[string]string{"F1": "TH 3H 7H", "F2": "3S", "W": "7S"}, op: mv("W", "F", 0), want: map[string]string{"F2": "3S 7S"}},
		{name: "F3 cannot start before F2", piles: map[string]string{"F1": "TH 3H", "W": "3S"}, op: mv("W", "F3", 0), err: "nothing until F2 is started"},
		{name: "strict start: the base rank only", opts: Options{"strict-start": "true"}, base: 10, piles: map[string]string{"F1": "TH 3H", "W": "3S"}, op: mv("W", "F2", 0),
			err: "3S cannot go to F2, which needs a 10"},
		{name: "strict start accepts the base rank", opts: Options{"strict-start": "true"}, base: 10, piles: map[string]string{"F1": "TH 3H", "W": "TS"}, op: mv("W", "F2", 0),
			want: map[string]string{"F2": "TS"}},
		{name: "strict start waits for the foundation above", opts: Options{"strict-start": "true"}, base: 10, piles: map[string]string{"F1": "TH", "W": "TS"}, op: mv("W", "F3", 0),
			err: "nothing until F2 is started"},
		{name: "foundation cards never leave", piles: map[string]string{"F1": "TH 3H", "F2": "3S"}, op: mv("F2", "F3", 0), err: "stay there"},
		{name: "nothing goes on a reserve", piles: map[string]string{"F1": "TH", "R1": "2C", "W": "3D"}, op: mv("W", "R1", 0), err: "cards are only taken from it"},
		{name: "the reserve turns its next card up", piles: map[string]string{"F1": "TH", "R2": "4C 9S | 2H"}, op: mv("R2", "F1", 0), want: map[string]string{"R2": "4C | 9S"}},
	})
}

func TestFifteenRules(t *testing.T) {
	runRuleCases(t, "fifteen", []ruleCase{
		{name: "same rank on same rank", piles: map[string]string{"C1": "2S 7H", "C2": "7C"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "7C 7H", "C1": "2S"}},
		{name: "suits do not matter, ranks do", piles: map[string]string{"C1": "7H", "C2": "8H"}, op: mv("C1", "C2", 0), err: "7H cannot go to C2, which needs an 8"},
		{name: "the largest group that fits", piles: map[string]string{"C1": "2S 7H 7D", "C2": "7C"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "7C 7H 7D"}},
		{name: "no more than four", piles: map[string]string{"C1": "2S 7H 7D", "C2": "9C 7C 7S"}, op: mv("C1", "C2", 2), err: "C2 has room for only 1 card"},
		{name: "N omitted takes what fits", piles: map[string]string{"C1": "2S 7H 7D", "C2": "9C 7C 7S"}, op: mv("C1", "C2", 0), want: map[string]string{"C1": "2S 7H", "C2": "9C 7C 7S 7D"}},
		{name: "mixed ranks do not move together", piles: map[string]string{"C1": "2S 7H 7D", "C2": "KS"}, op: mv("C1", "C3", 3), err: "not a sequence"},
		{name: "an empty pile takes any group", piles: map[string]string{"C1": "2S 7H 7D"}, op: mv("C1", "C3", 0), want: map[string]string{"C3": "7H 7D"}},
		{name: "a complete pile is frozen", piles: map[string]string{"C1": "7H 7D 7C 7S", "C2": "2H"}, op: mv("C1", "C3", 0), err: "C1 is complete and frozen"},
		{name: "no-freeze", opts: Options{"no-freeze": "true"}, piles: map[string]string{"C1": "7H 7D 7C 7S", "C2": "2H"}, op: mv("C1", "C3", 0),
			want: map[string]string{"C3": "7H 7D 7C 7S"}},
		{name: "a full pile of mixed ranks is not frozen", piles: map[string]string{"C1": "2H 7D 7C 7S"}, op: mv("C1", "C3", 0), want: map[string]string{"C3": "7D 7C 7S"}},
		{name: "relaxed: a free cell", opts: Options{"relaxed": "true"}, piles: map[string]string{"C1": "2H 7D"}, op: mv("C1", "R1", 0), want: map[string]string{"R1": "7D"}},
		{name: "no free cell by default", piles: map[string]string{"C1": "2H 7D"}, op: mv("C1", "R1", 0), err: "fifteen has no free cells"},
	})
}

func TestLaPeauRules(t *testing.T) {
	alt := Options{"alternate": "true"}
	runRuleCases(t, "lapeau", []ruleCase{
		{name: "same suit one lower", piles: map[string]string{"C1": "5H", "C2": "6H", "C3": "KS"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "6H 5H"}},
		{name: "other suit refused", piles: map[string]string{"C1": "5H", "C2": "6D", "C3": "KS"}, op: mv("C1", "C2", 0), err: "5H cannot go to C2, which needs 5D"},
		{name: "alternate colours with the option", opts: alt, piles: map[string]string{"C1": "5H", "C2": "6S", "C3": "KS"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "6S 5H"}},
		{name: "alternate refuses the same colour", opts: alt, piles: map[string]string{"C1": "5H", "C2": "6D", "C3": "KS"}, op: mv("C1", "C2", 0), err: "needs a black 5"},
		{name: "nothing on an ace", piles: map[string]string{"C1": "KS", "C2": "AS"}, op: mv("C1", "C2", 0), err: "no card goes on AS"},
		{name: "an empty stack takes any card", piles: map[string]string{"C1": "2D 5H"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "5H"}},
		{name: "group of 2 with one empty stack", piles: lapeauFull(map[string]string{"C1": "2D 6H 5H", "C2": "7H", "C3": ""}), op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "7H 6H 5H"}},
		{name: "group of 3 needs two empty stacks", piles: lapeauFull(map[string]string{"C1": "8H 7H 6H", "C2": "9H", "C3": ""}), op: mv("C1", "C2", 0),
			err: "3 cards cannot move at once here: free space allows 2"},
		{name: "2^S: 8 cards with 3 empty stacks", piles: lapeauFull(map[string]string{"C1": "KH QH JH TH 9H 8H 7H 6H", "C2": "", "C3": "", "C4": "", "C5": "KD", "C6": ""}),
			op: mv("C1", "C6", 8), want: map[string]string{"C6": "KH QH JH TH 9H 8H 7H 6H"}},
		{name: "classic S(S+1)/2+1: 7 with 3", opts: Options{"peau-moves": "classic"}, piles: lapeauFull(map[string]string{"C1": "KH QH JH TH 9H 8H 7H 6H", "C2": "", "C3": "", "C4": "", "C5": "KD", "C6": ""}),
			op: mv("C1", "C6", 8), err: "free space allows 7"},
		{name: "to an empty stack, the others count", piles: lapeauFull(map[string]string{"C1": "2D 6H 5H", "C2": ""}), op: mv("C1", "C2", 2), err: "free space allows 1"},
		{name: "done stacks have fixed suits", piles: map[string]string{"C1": "AH", "C3": "KS"}, op: mv("C1", "F1", 0), err: "AH cannot go to F1, which needs AS"},
		{name: "F alone finds the suit", piles: map[string]string{"C1": "AH", "C3": "KS"}, op: mv("C1", "F", 0), want: map[string]string{"F2": "AH"}},
		{name: "done cards never come back", piles: map[string]string{"F2": "AH 2H", "C1": "3H", "C3": "KS"}, op: mv("F2", "C1", 0), err: "stay there"},
		{name: "done=aces: only aces", opts: Options{"done": "aces"}, piles: map[string]string{"F2": "AH", "C1": "2H", "C3": "KS"}, op: mv("C1", "F2", 0), err: "F2 is full"},
		{name: "done=none: no done stacks", opts: Options{"done": "none"}, piles: map[string]string{"C1": "AH", "C3": "KS"}, op: mv("C1", "F", 0), err: "lapeau has no foundations"},
	})
}

// lapeauFull fills every La Peau stack not named with a card, so that only the named ones are empty.
func lapeauFull(m map[string]string) map[string]string {
	out := map[string]string{}
	for i := 1; i <= 13; i++ {
		out["C"+itoa(i)] = "KC"
	}
	for k, v := range m {
		out[k] = v
	}
	for k, v := range out {
		if v == "" {
			delete(out, k)
		}
	}
	return out
}

func TestPurge(t *testing.T) {
	tests := []struct {
		name  string
		opts  Options
		piles map[string]string
		home  string // F1 F2 F3 F4 after purge (spades hearts diamonds clubs)
		note  string // nothing to do: the notice
	}{
		{name: "same suit: every next card goes", piles: map[string]string{"C1": "4S 3S", "C2": "KD 2S", "C3": "AS", "C4": "AH"},
			home: "AS 2S 3S 4S | AH |  | "},
		{name: "alternate: a 3 waits for the other colour's aces", opts: Options{"alternate": "true"}, piles: map[string]string{"C1": "KD 3S", "F1": "AS 2S", "C2": "KH"},
			note: "no card is useless in play yet"},
		{name: "alternate: 4C goes once both red 2s are done", opts: Options{"alternate": "true"},
			piles: map[string]string{"C1": "KD 4C", "F4": "AC 2C 3C", "F2": "AH 2H", "F3": "AD 2D", "C2": "KH"}, home: " | AH 2H | AD 2D | AC 2C 3C 4C"},
		{name: "alternate: not while a red 2 is out", opts: Options{"alternate": "true"},
			piles: map[string]string{"C1": "KD 4C", "F4": "AC 2C 3C", "F2": "AH 2H", "F3": "AD", "C2": "KH 2D"}, home: " | AH 2H | AD 2D | AC 2C 3C 4C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, "lapeau", tt.opts, tt.piles)
			if !applyNotice(t, g, Purge{}, tt.note) {
				return
			}
			if got := homeText(g, 4); got != tt.home {
				t.Errorf("done stacks %q, want %q", got, tt.home)
			}
			mustApply(t, g, Undo{})
			if g.MoveCount() != 0 {
				t.Error("purge was not one undo step")
			}
		})
	}
	g := layout(t, "klondike", nil, map[string]string{"C1": "AS"})
	if _, err := g.Apply(Purge{}); err == nil || !strings.Contains(err.Error(), "La Peau") {
		t.Errorf("purge in klondike: %v", err)
	}
}

func TestPolicy(t *testing.T) {
	g, _ := NewGame(Config{Game: "lapeau", Seed: 5})
	deal := g.State.Clone()
	mustApply(t, g, Policy{Name: "alternate"})
	if g.Config.Options["alternate"] != "true" || g.Def.tableauRule().Match != MatchAltColor || !g.State.Equal(&deal) {
		t.Fatal("policy alternate did not switch the rule, or changed the deal")
	}
	if _, err := g.Apply(Policy{Name: "sideways"}); err == nil || !strings.Contains(err.Error(), "use same-suit or alternate") {
		t.Errorf("unknown policy: %v", err)
	}
	for _, op := range g.Legal() {
		if _, ok := op.(Move); ok {
			mustApply(t, g, op)
			break
		}
	}
	if _, err := g.Apply(Policy{Name: "same-suit"}); err == nil || !strings.Contains(err.Error(), "only before the first move") {
		t.Errorf("policy after a move: %v", err)
	}
	k, _ := NewGame(Config{Game: "klondike", Seed: 5})
	if _, err := k.Apply(Policy{Name: "alternate"}); err == nil {
		t.Error("policy accepted in klondike")
	}
}

func TestWinRules(t *testing.T) {
	quads := map[string]string{}
	for r := 1; r <= 13; r++ {
		c := NewCard(Rank(r), Clubs).String()[:1]
		quads["C"+itoa(r)] = c + "C " + c + "D " + c + "H " + c + "S"
	}
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		won   bool
	}{
		{name: "fifteen: thirteen quads", game: "fifteen", piles: quads, won: true},
		{name: "fifteen: a rank split over two piles", game: "fifteen", piles: func() map[string]string {
			m := map[string]string{}
			for k, v := range quads {
				m[k] = v
			}
			m["C1"], m["C14"] = "AC AD AH", "AS"
			return m
		}(), won: false},
		{name: "la peau done=none: four king-to-ace stacks", game: "lapeau", opts: Options{"done": "none"}, piles: map[string]string{
			"C1": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "C5": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH",
			"C9": "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD", "C13": "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"}, won: true},
		{name: "la peau done=aces: king-to-two stacks and aces done", game: "lapeau", opts: Options{"done": "aces"}, piles: map[string]string{
			"C1": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "C5": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
			"C9": "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "C13": "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
			"F1": "AS", "F2": "AH", "F3": "AD", "F4": "AC"}, won: true},
		{name: "la peau done=aces: aces must be done", game: "lapeau", opts: Options{"done": "aces"}, piles: map[string]string{
			"C1": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "C5": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH",
			"C9": "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD", "C13": "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC"}, won: false},
		{name: "la peau done=none: a stack not from a king", game: "lapeau", opts: Options{"done": "none"}, piles: map[string]string{
			"C1": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", "C5": "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH",
			"C9": "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD", "C13": "KC QC JC TC 9C 8C 7C 6C", "C2": "5C 4C 3C 2C AC"}, won: false},
	}
	for _, tt := range tests {
		g := layout(t, tt.game, tt.opts, tt.piles)
		if g.Won() != tt.won {
			t.Errorf("%s: won = %v", tt.name, g.Won())
		}
	}
}

func TestNewGamesDeadEnds(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		dead  bool
	}{
		{name: "fifteen: an empty pile is always a move", game: "fifteen", piles: map[string]string{"C1": "2C 3C", "C2": "4C"}},
		{name: "fifteen: blocked", game: "fifteen", piles: fifteenBlocked(), dead: true},
		{name: "osmosis: a reachable stock card plays", game: "osmosis", piles: map[string]string{"F1": "TH", "S": "2H 5C |", "R1": "4C"}},
		{name: "osmosis: nothing plays from reserves or stock", game: "osmosis", piles: map[string]string{"F1": "TH", "S": "2C 5C |", "R1": "4C", "W": "QS"}, dead: true},
		{name: "osmosis: limited passes and a buried card", game: "osmosis", opts: Options{"draw": "3", "passes": "1"},
			piles: map[string]string{"F1": "TH", "S": "3C 2H 4C 5C 6C |", "R1": "4S"}, dead: true},
		{name: "natali: a column move is left", game: "natali", piles: map[string]string{"C1": "5H", "C2": "6H", "C3": "2C", "C4": "2D", "C5": "2S", "C6": "9D", "C7": "9C", "C8": "9S"}},
		{name: "natali: blocked", game: "natali", piles: map[string]string{"C1": "5H", "C2": "8H", "C3": "2C", "C4": "2D", "C5": "2S", "C6": "9D", "C7": "9C", "C8": "9S", "S": "QD |"}, dead: true},
		{name: "algerian: stock left means a deal is left", game: "algerian", piles: map[string]string{"C1": "5H", "C2": "8H", "C3": "2C", "C4": "2D", "C5": "2S", "C6": "9D", "C7": "9C", "C8": "9S", "S": "QD |"}},
		{name: "la peau: blocked", game: "lapeau", piles: lapeauFull(map[string]string{"C1": "2D", "C2": "5H"}), dead: true},
		{name: "canfield: the reserve plays", game: "canfield", piles: map[string]string{"C1": "5H", "C2": "TH", "C3": "2C", "C4": "2D", "R1": "9S | 9C"}},
		{name: "canfield: blocked", game: "canfield", piles: map[string]string{"C1": "5H", "C2": "8H", "C3": "2C", "C4": "2D", "R1": "9S | 9D", "S": "QD |"}, dead: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			if got := g.DeadEnd(); got != tt.dead {
				t.Errorf("DeadEnd = %v, want %v", got, tt.dead)
			}
		})
	}
}

// fifteenBlocked is fifteen full piles whose tops all differ.
func fifteenBlocked() map[string]string {
	m := map[string]string{}
	ranks := "A23456789TJQK"
	for i := 1; i <= 13; i++ {
		m["C"+itoa(i)] = "KC QC " + string(ranks[i-1]) + "H " + string(ranks[i-1]) + "D"
	}
	m["C14"], m["C15"] = "5S 6S 7S 8S", "9S TS JS QS"
	return m
}

func TestAuditedRules(t *testing.T) {
	// Algerian with PySol's layout: each suit has one up and one down foundation.
	runRuleCases(t, "algerian", []ruleCase{
		{name: "pysol layout: a second ace of a suit has no foundation", opts: Options{"pysol-layout": "true"},
			piles: map[string]string{"F1": "AS", "C1": "AS"}, op: mv("C1", "F", 0), err: "AS goes on no foundation: F1 needs 2S, F5 needs a king"},
		{name: "pysol layout: the ace of hearts opens F2", opts: Options{"pysol-layout": "true"},
			piles: map[string]string{"C1": "AH"}, op: mv("C1", "F", 0), want: map[string]string{"F2": "AH"}},
		{name: "pysol layout: a down foundation takes only its suit's king", opts: Options{"pysol-layout": "true"},
			piles: map[string]string{"C1": "KS"}, op: mv("C1", "F6", 0), err: "KS cannot go to F6"},
	})
	// FreeCell's relaxed preset and safe auto-play.
	g, _ := NewGame(Config{Game: "freecell", Deal: 1, Options: Options{"relaxed": "true"}})
	if g.Def.Group != GroupUnlimited || g.Config.Options["supermove"] != "relaxed" {
		t.Error("relaxed does not lift the group limit")
	}
	auto := layout(t, "freecell", Options{"autoplay": "true"}, map[string]string{"C1": "AH 9S", "C2": "TH", "C3": "2H", "C4": "KC"})
	r := mustApply(t, auto, mv("C1", "C2", 0))
	if f, _, _ := auto.Pile("F1"); pileText(f) != "AH 2H" || len(r.Auto) != 2 {
		t.Errorf("autoplay: F1 = %q after the move, auto %v", pileText(f), r.Auto)
	}
	mustApply(t, auto, Undo{})
	if c, _, _ := auto.Pile("C1"); pileText(c) != "AH 9S" {
		t.Error("the move and its auto-play are not one undo step")
	}
	manual := layout(t, "freecell", nil, map[string]string{"C1": "AH 9S", "C2": "TH", "C3": "2H", "C4": "KC"})
	mustApply(t, manual, mv("C1", "C2", 0))
	if f, _, _ := manual.Pile("F1"); !f.Empty() {
		t.Error("cards went home without autoplay")
	}
	// Classic Canfield attempts the auto-finish once the deal plays straight home.
	c := layout(t, "canfield", Options{"classic": "true"}, map[string]string{
		"F1": "8S 9S TS JS QS KS AS 2S 3S 4S 5S 6S", "F2": "8H 9H TH JH QH KH AH 2H 3H 4H 5H 6H",
		"F3": "8D 9D TD JD QD KD AD 2D 3D 4D 5D 6D", "F4": "8C 9C TC JC QC KC AC 2C 3C 4C 5C 6C",
		"C1": "7S", "C2": "7H", "C3": "7C", "C4": "7D"})
	c.State.Base = 8
	if r := mustApply(t, c, mv("C3", "F", 0)); !r.Won {
		t.Error("classic canfield did not finish a deal that plays straight home")
	}
	// Superior Canfield: an open reserve and no automatic filling.
	s, _ := NewGame(Config{Game: "canfield", Seed: 4, Options: Options{"superior": "true"}})
	if r, _, _ := s.Pile("R1"); r.Down != 0 || s.Def.FillFrom != "" {
		t.Errorf("superior: reserve %d face down, fill from %q", r.Down, s.Def.FillFrom)
	}
}

func TestAlgerianDeadEndCountsFoundationMoves(t *testing.T) {
	g := layout(t, "algerian", nil, map[string]string{"F1": "AC 2C 3C 4C 5C 6C", "F5": "KC QC JC TC 9C 8C 7C",
		"C1": "5H", "C2": "8H", "C3": "2C", "C4": "2D", "C5": "2S", "C6": "9D", "C7": "9C", "C8": "9S"})
	if g.DeadEnd() {
		t.Error("cards can still pass between meeting foundations: not a dead end")
	}
}
