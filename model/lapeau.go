package model

// La Peau: help lapeau. Thirteen open stacks built down by suit (or alternate colour).
var lapeauGame = &GameInfo{
	Name:    "lapeau",
	Aliases: []string{"la-peau", "peau"},
	Title:   "La Peau",
	Summary: "thirteen open stacks of four; build down by suit, move groups through empty stacks",
	Specs: []OptionSpec{
		{Key: "alternate", Kind: OptBool, Default: "false", Help: "build down in alternating colours instead of by suit"},
		{Key: "peau-moves", Kind: OptEnum, Default: "optimal", Values: []string{"optimal", "classic"},
			Help: "group moves: 2^S through S empty stacks, or the original S(S+1)/2+1"},
		{Key: "done", Kind: OptEnum, Default: "all", Values: []string{"all", "aces", "none"},
			Help: "which cards go to the done stacks: all, only aces, or none"},
	},
	define: defineLaPeau,
}

func defineLaPeau(o Options) *Def {
	match := MatchSameSuit
	if o.Bool("alternate") {
		match = MatchAltColor
	}
	group := GroupFreeCell // with no cells, (0+1)·2^S
	if o["peau-moves"] == "classic" {
		group = GroupPeauClassic
	}
	done := o["done"]
	d := &Def{Layout: LayoutStacks, Decks: 1, Group: group, DeadEnd: DeadNoLegal, Purge: done != "none", AutoFinish: done == "all"}
	if done != "all" {
		d.Win = WinSequences
	}
	if done != "none" {
		found := homeRule
		if done == "aces" {
			found.Capacity = 1
		}
		d.Piles = append(d.Piles, suitFoundations(found, Spades, Hearts, Diamonds, Clubs)...)
	}
	d.Piles = append(d.Piles, piles("C", Tableau, 13, Rule{Build: BuildDown, Match: match, Empty: EmptyAny, Take: TakeRun})...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		dealRows(deck, d.of(ps, Tableau), repeat(4, 13))
		return 0
	}
	return d
}
