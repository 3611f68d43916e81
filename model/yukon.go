package model

// Yukon: help yukon. Klondike's columns with no stock, where any face-up card moves with the
// cards on it, whatever their order.
var yukonGame = &GameInfo{
	Name:    "yukon",
	Title:   "Yukon",
	Summary: "no stock; any face-up card moves with all the cards on it",
	Specs: []OptionSpec{
		{Key: "russian", Kind: OptBool, Default: "false", Help: "Russian Solitaire: build down by suit instead"},
	},
	define: defineYukon,
}

func defineYukon(o Options) *Def {
	match := MatchAltColor
	if o.Bool("russian") {
		match = MatchSameSuit
	}
	d := &Def{Decks: 1, FoundationReturn: true, AutoFinish: true, DeadEnd: DeadProductive}
	// Foundations dedicated to spades, hearts, diamonds, clubs, as help yukon lists them.
	d.Piles = append(d.Piles, suitFoundations(homeRule, Spades, Hearts, Diamonds, Clubs)...)
	d.Piles = append(d.Piles, piles("C", Tableau, 7,
		Rule{Build: BuildDown, Match: match, Empty: EmptyKing, Take: TakeFaceUp, AutoFlip: true})...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		// C1 one card; C2-C7 1-6 face-down cards under five face-up ones, dealt row by row.
		cols := d.of(ps, Tableau)
		dealRows(deck, cols, []int{1, 6, 7, 8, 9, 10, 11})
		for c, p := range cols {
			p.Down = c
		}
		return 0
	}
	return d
}
