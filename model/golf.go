package model

// Golf: help golf. Seven open columns played onto the waste, one rank up or down.
var golfGame = &GameInfo{
	Name:    "golf",
	Title:   "Golf",
	Summary: "seven open columns; play their top cards onto the waste, one rank up or down",
	Specs: []OptionSpec{
		{Key: "wrap", Kind: OptBool, Default: "false", Help: "K and A are neighbours: an ace goes on a king and a king on an ace"},
	},
	define: defineGolf,
}

func defineGolf(o Options) *Def {
	// The waste is built on from the table (help golf): a column's top card goes there when it
	// is one rank above or below the waste's top, and nothing comes off it. The stock is
	// turned once, onto the same waste.
	d := &Def{Decks: 1, Draw: 1, Passes: 1, DeadEnd: DeadNoLegal, Win: WinCleared}
	d.Piles = append(builtWaste(o.Bool("wrap")), piles("C", Tableau, 7, Rule{Build: BuildNone, Empty: EmptyNone, Take: TakeTop})...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		wasteAndStock(d, ps, dealRows(deck, d.of(ps, Tableau), repeat(5, 7)))
		return 0
	}
	return d
}

// builtWaste declares the stock and the waste of a game whose table is played onto the waste
// (Golf, TriPeaks): a card goes there one rank above or below its top, round the corner with
// wrap, and nothing comes off it.
func builtWaste(wrap bool) []PileSpec {
	return []PileSpec{
		{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}},
		{Name: "W", Role: Waste, Rule: Rule{Build: BuildUpDown, Wrap: wrap, Empty: EmptyNone, Take: TakeNone}},
	}
}

// wasteAndStock deals what the table leaves: one card starts the waste, the rest is the stock.
func wasteAndStock(d *Def, ps []Pile, rest []Card) {
	w := d.of(ps, Waste)[0]
	w.Cards = append(w.Cards, rest[0])
	toStock(d.of(ps, Stock)[0], rest[1:])
}
