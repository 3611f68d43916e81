package model

import "testing"

// TestPickSource: a source letter alone (F, R) names the only pile that can make the move;
// "ambiguous" is said only when two or more could.
func TestPickSource(t *testing.T) {
	from := func(src, dest string) Move { return mv(src, dest, 0) }
	runRuleCases(t, "freecell", []ruleCase{
		{name: "one foundation fits the column", piles: map[string]string{"F1": "AD", "F2": "AC 2C", "C1": "3H"}, op: from("F", "C1"),
			want: map[string]string{"F1": "AD", "F2": "AC", "C1": "3H 2C"}},
		{name: "one cell fits", piles: map[string]string{"R1": "JD", "R2": "KS", "C5": "QC"}, op: from("R", "C5"),
			want: map[string]string{"R1": "", "C5": "QC JD"}},
		{name: "one cell can move anywhere", piles: map[string]string{"R1": "JD", "R2": "AS", "R3": "KS", "R4": "KH", "C1": "2C", "C2": "2C", "C3": "2C", "C4": "2C",
			"C5": "2C", "C6": "2C", "C7": "2C", "C8": "2C"}, op: from("R", ""), want: map[string]string{"R2": "", "F1": "AS"}},
		{name: "two could", piles: map[string]string{"R1": "JD", "R2": "JH", "C5": "QC"}, op: from("R", "C5"),
			err: "R alone is ambiguous as a source: R1 (JD) and R2 (JH) could move; name the pile, e.g. R1"},
		{name: "none can", piles: map[string]string{"R1": "JD", "R2": "KS", "C5": "9C"}, op: from("R", "C5"),
			err: "no card on R1 (JD) or R2 (KS) can move to C5"},
		{name: "all empty", piles: map[string]string{"C5": "9C"}, op: from("F", "C5"),
			err: "every foundation is empty: nothing to move from F"},
		{name: "F as destination says what each foundation needs", piles: map[string]string{"F1": "AD", "F2": "AH 2H", "C1": "5H"},
			op: from("C1", "F"), err: "5H goes on no foundation: F1 needs 2D, F2 needs 3H, F3 and F4 need an ace"},
	})
}

// TestFoundationNamed: with F as the destination, the refusal names the foundation the card
// would go to, for a card lifted with cards on it too.
func TestFoundationNamed(t *testing.T) {
	byCard := func(c, dest string) Move { return Move{Card: card(t, c), To: mv(dest, "", 0).From} }
	runRuleCases(t, "freecell", []ruleCase{
		{name: "a run to F names the suit's foundation", piles: map[string]string{"F1": "AD", "F2": "AH 2H", "C1": "3H 2S"},
			op: byCard("3H", "F"), err: "F2 takes one card at a time"},
		{name: "an empty column", piles: map[string]string{"F1": "AD"}, op: mv("C1", "", 0), err: "C1 is empty"},
	})
}
