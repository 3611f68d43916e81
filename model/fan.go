package model

// Fan: help fan. Eighteen open fans built down by suit, one card at a time, with kings alone in
// an empty fan. The rules are those of Solvitaire's preset, whose published winnability they
// are for (docs/winnability.md): cards come back from the foundations.
var fanGame = &GameInfo{
	Name:    "fan",
	Title:   "Fan",
	Summary: "eighteen open fans built down by suit, one card at a time",
	Specs: []OptionSpec{
		{Key: "fans", Kind: OptEnum, Default: "solvitaire", Values: []string{"solvitaire", "classic"},
			Help: "the fans: solvitaire (16 of three and 2 of two, dealt row by row) or classic (17 of three and 1 of one)"},
	},
	define: defineFan,
}

func defineFan(o Options) *Def {
	d := &Def{Layout: LayoutFans, Decks: 1, Group: GroupFreeCell, FoundationReturn: true, AutoFinish: true, DeadEnd: DeadNoLegal}
	d.Piles = append(d.Piles, piles("F", Foundation, 4, homeRule)...)
	d.Piles = append(d.Piles, piles("C", Tableau, 18, Rule{Build: BuildDown, Match: MatchSameSuit, Empty: EmptyKing, Take: TakeRun})...)
	counts := append(repeat(3, 16), 2, 2)
	if o["fans"] == "classic" {
		counts = append(repeat(3, 17), 1)
	}
	d.Deal = func(deck []Card, ps []Pile) Rank {
		dealRows(deck, d.of(ps, Tableau), counts)
		return 0
	}
	return d
}
