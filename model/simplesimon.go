package model

// Simple Simon: help simplesimon. Spider's rules on one deck dealt face up into ten columns of
// 8, 8, 8, 7 ... 1, with no stock. Solvitaire's preset, whose published winnability is in
// docs/winnability.md, plays it with the options home=cards and runs-in-suit.
var simpleSimonGame = &GameInfo{
	Name:    "simplesimon",
	Aliases: []string{"Simple Simon"},
	Title:   "Simple Simon",
	Summary: "Spider on one open deck in ten columns, with no stock",
	Specs: []OptionSpec{
		{Key: "keep-runs", Kind: OptBool, Default: "false", Help: "a complete run stays until moved home (move C3 F)"},
		homeOption, runsInSuitOption,
	},
	define: defineSimpleSimon,
}

func defineSimpleSimon(o Options) *Def {
	d := &Def{Decks: 1, DeadEnd: DeadNoLegal, RunsHome: o["home"] != "cards" && !o.Bool("keep-runs")}
	d.Piles = append(d.Piles, homePiles(o, 4)...)
	d.Piles = append(d.Piles, piles("C", Tableau, 10, Rule{Build: BuildDown, Match: MatchAny, Empty: EmptyAny, Take: TakeSuitRun, RunSuit: o.Bool("runs-in-suit")})...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		dealRows(deck, d.of(ps, Tableau), []int{8, 8, 8, 7, 6, 5, 4, 3, 2, 1})
		return 0
	}
	return d
}
