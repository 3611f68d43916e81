package model

import "testing"

func card(t *testing.T, s string) Card {
	t.Helper()
	c, err := ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCardSources: a card names the pile that holds it, with the cards lying on it, in every
// game; a card that cannot be lifted says why.
func TestCardSources(t *testing.T) {
	byCard := func(c string, to string) Move {
		return Move{Card: card(t, c), To: mv("", to, 0).From}
	}
	to := func(c, dest string) Move { m := byCard(c, ""); m.To = mv(dest, "", 0).From; return m }
	runRuleCases(t, "klondike", []ruleCase{
		{name: "a card with the run on it", piles: map[string]string{"C1": "2C | 9H 8S 7D", "C2": "TC"}, op: to("9H", "C2"),
			want: map[string]string{"C1": "2C", "C2": "TC 9H 8S 7D"}},
		{name: "the middle of a run", piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D"}, op: to("8S", "C2"),
			want: map[string]string{"C1": "9H", "C2": "9D 8S 7D"}},
		{name: "the best destination", piles: map[string]string{"C1": "3C AH"}, op: byCard("AH", ""),
			want: map[string]string{"C1": "3C", "F4": "AH"}},
		{name: "face down", piles: map[string]string{"C1": "9H | 8S"}, op: byCard("9H", ""), err: "9H is not face up yet: a hidden card cannot be named"},
		{name: "under cards out of order", piles: map[string]string{"C1": "9H 3S 7D", "C2": "TC"}, op: to("9H", "C2"),
			err: "9H is under 3S and 7D in C1, which are not in sequence with it"},
		{name: "in the stock", piles: map[string]string{"S": "| 5D 9H", "C1": "TC"}, op: to("9H", "C1"), err: "9H is not face up yet: a hidden card cannot be named"},
		{name: "under the waste top", piles: map[string]string{"W": "5D 9H", "C1": "6S"}, op: to("5D", "C1"),
			err: "5D is under 9H in W, and only the top card of W moves"},
		{name: "on a foundation", piles: map[string]string{"F1": "AH 2H", "C1": "3S"}, op: to("AH", "C1"), err: "AH is in F1 under 2H: only a foundation's top card comes back"},
		{name: "not in play", piles: map[string]string{"C1": "3S"}, op: byCard("KD", ""), err: "KD is not in this game"},
		{name: "the three of hearts home", piles: map[string]string{"C1": "5S 3H", "F4": "AH 2H"}, op: byCard("3H", ""),
			want: map[string]string{"C1": "5S", "F4": "AH 2H 3H"}},
	})
	runRuleCases(t, "freecell", []ruleCase{
		{name: "a card to a cell", piles: map[string]string{"C3": "AS 9D"}, op: to("9D", "R"), want: map[string]string{"R1": "9D"}},
	})
}

// TestCardSourceTwoDecks: with two copies, the one that can move is taken, and two that can
// are for the player to choose between.
func TestCardSourceTwoDecks(t *testing.T) {
	g := layout(t, "algerian", nil, map[string]string{"C1": "9H 7D", "C2": "9H"})
	from, n, err := g.cardSource(card(t, "9H"), PileRef{})
	if err != nil || g.Def.Piles[from].Name != "C2" || n != 1 {
		t.Fatalf("the copy that can move: %s %d %v, want C2 1", g.Def.Piles[from].Name, n, err)
	}
	g = layout(t, "algerian", nil, map[string]string{"C1": "9H", "C2": "9H"})
	if _, _, err := g.cardSource(card(t, "9H"), PileRef{}); err == nil || err.Error() != "both 9H can move, from C1 and C2: name the pile, e.g. move C2" {
		t.Fatalf("two movable copies: %v", err)
	}
}

// TestCardReasons: each reason a card cannot be lifted, worded as the player sees the board.
func TestCardReasons(t *testing.T) {
	byCard := func(c, dest string) Move { return Move{Card: card(t, c), To: mv(dest, "", 0).From} }
	runRuleCases(t, "klondike", []ruleCase{
		{name: "under two out of sequence", piles: map[string]string{"C3": "7H 5C 4D", "C1": "8S"}, op: byCard("7H", "C1"),
			err: "7H is under 5C and 4D in C3, which are not in sequence with it"},
		{name: "under one card out of sequence", piles: map[string]string{"C4": "QS 6H", "C1": "KH"}, op: byCard("QS", "C1"),
			err: "QS is under 6H in C4, which is not in sequence with it"},
		{name: "under a run that breaks at the card", piles: map[string]string{"C3": "7H 5C 4D 3S", "C1": "8S"}, op: byCard("7H", "C1"),
			err: "7H is under 5C, 4D and 3S in C3, which are not in sequence with it (only the top 3 move together)"},
		{name: "under many", piles: map[string]string{"C3": "7H 2C 9D 4S 6H JD", "C1": "8S"}, op: byCard("7H", "C1"),
			err: "7H is under 2C, 9D, 4S and 2 more in C3"},
		{name: "with the unicode name", piles: map[string]string{"C3": "7H 6C", "C1": "8S"}, op: byCard("7♥", "C1"),
			want: map[string]string{"C3": "", "C1": "8S 7H 6C"}},
		{name: "the top card of a foundation comes back", piles: map[string]string{"F4": "AH 2H", "C1": "3S"}, op: byCard("2H", "C1"),
			want: map[string]string{"F4": "AH", "C1": "3S 2H"}},
	})
	runRuleCases(t, "canfield", []ruleCase{
		{name: "foundation cards stay", opts: Options{"classic": "true"}, piles: map[string]string{"F2": "7H", "C1": "8S"}, op: byCard("7H", "C1"),
			err: "7H is in F2, and cards on the foundations stay there in this game"},
		{name: "top or whole column", opts: Options{"classic": "true"}, base: 5, piles: map[string]string{"C1": "9H 8S 7D", "C2": "9C"},
			op: byCard("8S", "C2"), err: "8S is under 7D in C1, which moves only its top card or the whole column here"},
	})
}
