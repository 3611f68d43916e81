package model

// Forty Thieves: help fortythieves. Two decks: ten open columns of four built down by suit, one
// card at a time, and a stock turned once onto a waste. The rules are those of Solvitaire's
// preset (docs/winnability.md).
var fortyThievesGame = &GameInfo{
	Name:    "fortythieves",
	Aliases: []string{"Forty Thieves"},
	Title:   "Forty Thieves",
	Summary: "two decks; ten columns of four built down by suit, one card at a time",
	define:  defineFortyThieves,
}

func defineFortyThieves(Options) *Def {
	// A run moves only as the single moves the empty columns allow (2^E: there are no cells).
	d := &Def{Decks: 2, Draw: 1, Passes: 1, Group: GroupFreeCell, AutoFinish: true, DeadEnd: DeadStock}
	d.Piles = append(d.Piles,
		PileSpec{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}},
		PileSpec{Name: "W", Role: Waste, Rule: Rule{Empty: EmptyNone, Take: TakeTop}})
	d.Piles = append(d.Piles, piles("F", Foundation, 8, homeRule)...)
	d.Piles = append(d.Piles, piles("C", Tableau, 10, Rule{Build: BuildDown, Match: MatchSameSuit, Empty: EmptyAny, Take: TakeRun})...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		toStock(d.of(ps, Stock)[0], dealRows(deck, d.of(ps, Tableau), repeat(4, 10)))
		return 0
	}
	return d
}
