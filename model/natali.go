package model

// Natali: help natali. Algerian's foundations and building over a staircase and a waste.
var nataliGame = &GameInfo{
	Name:    "natali",
	Title:   "Natali",
	Summary: "two decks; a staircase of eight columns built up or down by suit, with a stock",
	Specs: []OptionSpec{
		{Key: "wrap", Kind: OptBool, Default: "false", Help: "kings and aces are adjacent in the columns"},
		drawOption, passesOption,
		{Key: "autofill", Kind: OptBool, Default: "false", Help: "an empty column is filled at once from the waste"},
	},
	define: defineNatali,
}

func defineNatali(o Options) *Def {
	d := &Def{Layout: LayoutTwoWay, Decks: 2, Draw: o.Int("draw"), Passes: o.Int("passes"), FoundationReturn: true, DeadEnd: DeadStock}
	if o.Bool("autofill") {
		d.FillFrom = "W"
	}
	d.Piles = append(d.Piles,
		PileSpec{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}},
		PileSpec{Name: "W", Role: Waste, Rule: Rule{Empty: EmptyNone, Take: TakeTop}})
	d.Piles = append(d.Piles, twoWayFoundations()...)
	d.Piles = append(d.Piles, piles("C", Tableau, 8, chainColumn(o.Bool("wrap")))...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		rest := dealRows(deck, d.of(ps, Tableau), []int{8, 7, 6, 5, 4, 3, 2, 1})
		toStock(d.of(ps, Stock)[0], rest)
		return 0
	}
	return d
}
