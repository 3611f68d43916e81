package model

// Fifteen puzzle, known elsewhere as PileOn: help fifteen. Gather four of a kind.
var fifteenGame = &GameInfo{
	Name:    "fifteen",
	Aliases: []string{"pileon", "fifteen-puzzle"},
	Title:   "Fifteen",
	Summary: "fifteen piles of at most four: gather each rank into a pile of its own",
	Specs: []OptionSpec{
		{Key: "no-freeze", Kind: OptBool, Default: "false", Help: "complete piles of four can still be moved"},
		{Key: "relaxed", Kind: OptBool, Default: "false", Help: "Relaxed PileOn: one free cell"},
	},
	define: defineFifteen,
}

func defineFifteen(o Options) *Def {
	pile := Rule{Build: BuildSameRank, Empty: EmptyAny, Capacity: 4, Take: TakeSameRank, Freeze: !o.Bool("no-freeze")}
	d := &Def{Layout: LayoutPileRows, Decks: 1, Win: WinQuads, DeadEnd: DeadNoLegal}
	if o.Bool("relaxed") {
		d.Piles = append(d.Piles, PileSpec{Name: "R1", Role: Cell, Rule: Rule{Empty: EmptyAny, Capacity: 1, Single: true, Take: TakeTop}})
	}
	d.Piles = append(d.Piles, piles("C", Tableau, 15, pile)...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		dealRows(deck, d.of(ps, Tableau), append(repeat(4, 13), 0, 0))
		return 0
	}
	return d
}
