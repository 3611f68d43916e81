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
// game; a card that cannot be lifted says why; a lone two-character token is FreeCell's
// notation in FreeCell only.
func TestCardSources(t *testing.T) {
	byCard := func(c string, to string) Move {
		return Move{Card: card(t, c), To: mv("", to, 0).From}
	}
	to := func(c, dest string) Move { m := byCard(c, ""); m.To = mv(dest, "", 0).From; return m }
	notation := func(note, c string, from, dest string) Move {
		m := mv(from, dest, 0)
		m.Notation, m.Card = note, card(t, c)
		return m
	}
	runRuleCases(t, "klondike", []ruleCase{
		{name: "a card with the run on it", piles: map[string]string{"C1": "2C | 9H 8S 7D", "C2": "TC"}, op: to("9H", "C2"),
			want: map[string]string{"C1": "2C", "C2": "TC 9H 8S 7D"}},
		{name: "the middle of a run", piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D"}, op: to("8S", "C2"),
			want: map[string]string{"C1": "9H", "C2": "9D 8S 7D"}},
		{name: "the best destination", piles: map[string]string{"C1": "3C AH"}, op: byCard("AH", ""),
			want: map[string]string{"C1": "3C", "F4": "AH"}},
		{name: "face down", piles: map[string]string{"C1": "9H | 8S"}, op: byCard("9H", ""), err: "9H is face down in C1"},
		{name: "under cards out of order", piles: map[string]string{"C1": "9H 3S 7D", "C2": "TC"}, op: to("9H", "C2"),
			err: "9H lies under 3S 7D in C1, and only the top 1 card of C1 move together"},
		{name: "in the stock", piles: map[string]string{"S": "| 5D 9H", "C1": "TC"}, op: to("9H", "C1"), err: "9H is in the stock"},
		{name: "under the waste top", piles: map[string]string{"W": "5D 9H", "C1": "6S"}, op: to("5D", "C1"),
			err: "5D lies under 9H in W, which do not move with it"},
		{name: "on a foundation", piles: map[string]string{"F1": "AH 2H", "C1": "3S"}, op: to("AH", "C1"), err: "AH is on the foundation F1"},
		{name: "not in play", piles: map[string]string{"C1": "3S"}, op: byCard("KD", ""), err: "KD is not in this game"},
		{name: "3h alone is the three of hearts", piles: map[string]string{"C1": "5S 3H", "F4": "AH 2H"}, op: notation("3h", "3H", "C3", "F"),
			want: map[string]string{"C1": "5S", "F4": "AH 2H 3H"}},
		{name: "38 is FreeCell's", piles: map[string]string{"C3": "3H"}, op: Move{From: mv("C3", "", 0).From, To: mv("C8", "", 0).From, Notation: "38"},
			err: "38 is FreeCell's notation, which only FreeCell reads: write move C3 C8"},
	})
	runRuleCases(t, "freecell", []ruleCase{
		{name: "3h is column 3 home", piles: map[string]string{"C3": "AS", "C1": "3H"}, op: notation("3h", "3H", "C3", "F"),
			want: map[string]string{"C3": "", "F1": "AS"}},
		{name: "a card to a cell", piles: map[string]string{"C3": "AS 9D"}, op: to("9D", "R"), want: map[string]string{"R1": "9D"}},
	})
}

// TestCardSourceTwoDecks: with two copies, the one that can move is taken, and two that can
// are for the player to choose between.
func TestCardSourceTwoDecks(t *testing.T) {
	g := layout(t, "algerian", nil, map[string]string{"C1": "9H 7D", "C2": "9H"})
	from, n, err := g.cardSource(card(t, "9H"))
	if err != nil || g.Def.Piles[from].Name != "C2" || n != 1 {
		t.Fatalf("the copy that can move: %s %d %v, want C2 1", g.Def.Piles[from].Name, n, err)
	}
	g = layout(t, "algerian", nil, map[string]string{"C1": "9H", "C2": "9H"})
	if _, _, err := g.cardSource(card(t, "9H")); err == nil || err.Error() != "both 9H can move, from C1 and C2: name the pile, e.g. move C2" {
		t.Fatalf("two movable copies: %v", err)
	}
}
