package model

// FreeCell: help freecell.
var freecellGame = &GameInfo{
	Name:     "freecell",
	Title:    "FreeCell",
	Summary:  "eight open columns and four free cells; almost every deal can be won",
	Numbered: true,
	Specs: []OptionSpec{
		{Key: "cells", Kind: OptInt, Default: "4", Min: 0, Max: 4, Help: "number of free cells"},
		{Key: "supermove", Kind: OptEnum, Default: "canonical", Values: []string{"canonical", "linear", "none", "relaxed"},
			Help: "group moves: (F+1)·2^E, F+E+1, single cards, or no limit"},
		{Key: "bakers", Kind: OptBool, Default: "false", Help: "Baker's Game: build down by suit"},
		{Key: "kings-only", Kind: OptBool, Default: "false", Help: "an empty column takes only a king or a king-based run"},
		{Key: "challenge", Kind: OptBool, Default: "false", Help: "Challenge FreeCell: aces and twos dealt deepest"},
		{Key: "no-foundation-return", Kind: OptBool, Default: "false", Help: "cards on the foundations stay there"},
		{Key: "relaxed", Kind: OptBool, Default: "false", Help: "Relaxed FreeCell: runs of any length move (supermove relaxed)",
			Implies: Options{"supermove": "relaxed"}},
		{Key: "autoplay", Kind: OptBool, Default: "false", Help: "after every move, safe cards go to the foundations by themselves"},
	},
	define: defineFreeCell,
}

func defineFreeCell(o Options) *Def {
	match, empty := MatchAltColor, EmptyAny
	if o.Bool("bakers") {
		match = MatchSameSuit
	}
	if o.Bool("kings-only") {
		empty = EmptyKing
	}
	group := map[string]GroupLimit{"canonical": GroupFreeCell, "linear": GroupLinear, "none": GroupSingle, "relaxed": GroupUnlimited}[o["supermove"]]
	d := &Def{Decks: 1, Group: group, FoundationReturn: !o.Bool("no-foundation-return"), AutoFinish: true,
		AutoPlay: o.Bool("autoplay"), DeadEnd: DeadNoLegal}
	d.Piles = cellPiles(o.Int("cells"), 8, Rule{Build: BuildDown, Match: match, Empty: empty, Take: TakeRun})
	challenge := o.Bool("challenge")
	d.Deal = func(deck []Card, ps []Pile) Rank {
		if challenge {
			deck = challengeOrder(deck)
		}
		dealRows(deck, d.of(ps, Tableau), []int{7, 7, 7, 7, 6, 6, 6, 6})
		return 0
	}
	return d
}

// cellPiles are the piles of FreeCell and its kin: cells free cells R1.., four foundations
// that any ace starts, and cols columns built by column.
func cellPiles(cells, cols int, column Rule) []PileSpec {
	ps := piles("R", Cell, cells, Rule{Empty: EmptyAny, Capacity: 1, Single: true, Take: TakeTop})
	ps = append(ps, piles("F", Foundation, 4, homeRule)...)
	return append(ps, piles("C", Tableau, cols, column)...)
}

// challengeOrder moves the aces and twos to the front of the deal, so they lie deepest in the
// eight columns (twos first, then aces, as PySol's Challenge FreeCell), keeping the rest in order.
func challengeOrder(deck []Card) []Card {
	out := make([]Card, 0, len(deck))
	for _, r := range []Rank{2, Ace} {
		for _, c := range deck {
			if c.Rank() == r {
				out = append(out, c)
			}
		}
	}
	for _, c := range deck {
		if c.Rank() > 2 {
			out = append(out, c)
		}
	}
	return out
}
