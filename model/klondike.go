package model

// klondikePasses names the pass limits Klondike players know.
var klondikePasses = func() OptionSpec {
	p := passesOption
	p.Help = "trips through the stock (1 = Vegas, 3 = Casino)"
	return p
}()

// Klondike: help klondike.
var klondikeGame = &GameInfo{
	Name:    "klondike",
	Title:   "Klondike",
	Summary: "the classic: seven columns, build down in alternating colours, draw 1 or 3",
	Specs: []OptionSpec{
		drawOption, klondikePasses,
		{Key: "open", Kind: OptBool, Default: "false", Help: "deal every tableau card face up (Thoughtful)"},
		{Key: "any-card-on-empty", Kind: OptBool, Default: "false", Help: "an empty column takes any card, not only a king"},
		{Key: "no-foundation-return", Kind: OptBool, Default: "false", Help: "cards on the foundations stay there"},
		scoringOption,
	},
	define: defineKlondike,
}

func defineKlondike(o Options) *Def {
	empty := EmptyKing
	if o.Bool("any-card-on-empty") {
		empty = EmptyAny
	}
	column := Rule{Build: BuildDown, Match: MatchAltColor, Empty: empty, Take: TakeRun, AutoFlip: true}
	d := &Def{
		Decks:            1,
		Draw:             o.Int("draw"),
		Passes:           o.Int("passes"),
		FoundationReturn: !o.Bool("no-foundation-return"),
		AutoFinish:       true,
		DeadEnd:          DeadProductive,
	}
	if o["scoring"] == ScoringVegas && d.Passes == 0 {
		// Vegas is played with Windows' pass limit unless passes gives a number.
		d.Passes = vegasPasses[d.Draw]
	}
	d.Piles = append(d.Piles,
		PileSpec{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}},
		PileSpec{Name: "W", Role: Waste, Rule: Rule{Empty: EmptyNone, Take: TakeTop}})
	// Foundations dedicated to spades, diamonds, clubs, hearts, as help klondike lists them.
	d.Piles = append(d.Piles, suitFoundations(homeRule, Spades, Diamonds, Clubs, Hearts)...)
	d.Piles = append(d.Piles, piles("C", Tableau, 7, column)...)
	open := o.Bool("open")
	d.Deal = func(deck []Card, ps []Pile) Rank {
		cols := d.of(ps, Tableau)
		rest := dealRows(deck, cols, []int{1, 2, 3, 4, 5, 6, 7})
		for c, p := range cols {
			if !open {
				p.Down = c
			}
		}
		toStock(d.of(ps, Stock)[0], rest)
		return 0
	}
	return d
}
