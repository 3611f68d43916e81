package model

// Canfield: help canfield. The seed's game by default; classic Canfield as a preset.
var canfieldGame = &GameInfo{
	Name:    "canfield",
	Title:   "Canfield",
	Summary: "a 13-card reserve feeds four columns; build the foundations up by suit",
	Specs: []OptionSpec{
		{Key: "classic", Kind: OptBool, Default: "false", Help: "classic Canfield: a base card sets the foundations' rank, wrap-around, draw 3",
			Implies: Options{"draw": "3", "no-foundation-return": "true"}},
		{Key: "manual-fill", Kind: OptBool, Default: "false", Help: "empty columns are not filled from the reserve by themselves"},
		{Key: "superior", Kind: OptBool, Default: "false", Help: "Superior Canfield: the reserve is dealt face up and columns are filled by hand",
			Implies: Options{"manual-fill": "true"}},
		drawOption, passesOption,
		{Key: "partial-runs", Kind: OptBool, Default: "false", Help: "with classic: any run may move, not only the top card or the whole column"},
		{Key: "stop-at-base", Kind: OptBool, Default: "false", Help: "with classic: columns wrap except at the base: the rank below the base never goes on a base card"},
		{Key: "no-foundation-return", Kind: OptBool, Default: "false", Help: "cards on the foundations stay there"},
	},
	define: defineCanfield,
}

func defineCanfield(o Options) *Def {
	classic := o.Bool("classic")
	column := Rule{Build: BuildDown, Match: MatchAltColor, Wrap: classic, BaseStop: classic && o.Bool("stop-at-base"), Empty: EmptyAny, Take: TakeRun}
	if classic && !o.Bool("partial-runs") {
		column.Take = TakeTopOrAll
	}
	found := homeRule
	if classic {
		found.Empty, found.Wrap, found.Capacity = EmptyBase, true, 13
	}
	d := &Def{
		Decks:            1,
		Draw:             o.Int("draw"),
		Passes:           o.Int("passes"),
		FoundationReturn: !o.Bool("no-foundation-return"),
		AutoFinish:       true, // in classic, wrapped sequences may stall it (not with stop-at-base); then it is only an attempt, undone
		DeadEnd:          DeadProductive,
	}
	if !o.Bool("manual-fill") {
		d.FillFrom = "R1"
	}
	d.Piles = append(d.Piles,
		PileSpec{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}},
		PileSpec{Name: "W", Role: Waste, Rule: Rule{Empty: EmptyNone, Take: TakeTop}})
	d.Piles = append(d.Piles, piles("F", Foundation, 4, found)...)
	d.Piles = append(d.Piles, PileSpec{Name: "R1", Role: Reserve, Rule: Rule{Empty: EmptyNone, Take: TakeTop, AutoFlip: true}})
	d.Piles = append(d.Piles, piles("C", Tableau, 4, column)...)
	superior := o.Bool("superior")
	d.Deal = func(deck []Card, ps []Pile) Rank {
		var base Rank
		if classic {
			// The first card dealt goes to F1 and sets the base rank of all four foundations.
			f := d.of(ps, Foundation)[0]
			f.Cards = append(f.Cards, deck[0])
			base, deck = deck[0].Rank(), deck[1:]
		}
		r := d.of(ps, Reserve)[0]
		r.Cards = append(r.Cards, deck[:13]...)
		if !superior {
			r.Down = 12
		}
		rest := dealRows(deck[13:], d.of(ps, Tableau), repeat(1, 4))
		toStock(d.of(ps, Stock)[0], rest)
		return base
	}
	return d
}
