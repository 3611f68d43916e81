package model

// Osmosis: help osmosis. Four reserves and four foundations; a foundation takes ranks
// already present in the one above it.
var osmosisGame = &GameInfo{
	Name:    "osmosis",
	Title:   "Osmosis",
	Summary: "cards seep down four foundations: each takes ranks already in the one above",
	Specs: []OptionSpec{
		{Key: "strict-start", Kind: OptBool, Default: "false", Help: "an empty foundation starts only with the base rank"},
		drawOption, passesOption,
		{Key: "peek", Kind: OptBool, Default: "false", Help: "reserves dealt face up"},
	},
	define: defineOsmosis,
}

func defineOsmosis(o Options) *Def {
	first := Rule{Build: BuildAnyRank, Match: MatchSameSuit, Empty: EmptyNone, Single: true}
	next := Rule{Build: BuildRankAbove, Match: MatchSameSuit, Empty: EmptyRankAbove, Single: true, Chained: true, NewSuit: true}
	if o.Bool("strict-start") {
		next.Empty = EmptyBase
	}
	d := &Def{Layout: LayoutReserveBeside, Decks: 1, Draw: o.Int("draw"), Passes: o.Int("passes"), DeadEnd: DeadStock}
	d.Piles = append(d.Piles, piles("R", Reserve, 4, Rule{Empty: EmptyNone, Take: TakeTop, AutoFlip: true})...)
	fs := piles("F", Foundation, 4, next)
	fs[0].Rule = first
	d.Piles = append(d.Piles, fs...)
	d.Piles = append(d.Piles,
		PileSpec{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}},
		PileSpec{Name: "W", Role: Waste, Rule: Rule{Empty: EmptyNone, Take: TakeTop}})
	peek := o.Bool("peek")
	d.Deal = func(deck []Card, ps []Pile) Rank {
		rest := dealRows(deck, d.of(ps, Reserve), repeat(4, 4))
		for _, r := range d.of(ps, Reserve) {
			if !peek {
				r.Down = 3
			}
		}
		f := d.of(ps, Foundation)[0]
		f.Cards = append(f.Cards, rest[0])
		toStock(d.of(ps, Stock)[0], rest[1:])
		return rest[0].Rank()
	}
	return d
}
