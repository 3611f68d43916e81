package model

// Black Hole: help blackhole. The ace of spades starts in the hole; the top cards of seventeen
// open fans of three go into it one rank up or down, round the corner. The rules are those of
// Solvitaire's preset, whose published winnability they are for (docs/winnability.md).
var blackHoleGame = &GameInfo{
	Name:    "blackhole",
	Aliases: []string{"Black Hole"},
	Title:   "Black Hole",
	Summary: "seventeen fans of three; play their top cards into the hole, one rank up or down",
	define:  defineBlackHole,
}

func defineBlackHole(Options) *Def {
	d := &Def{Layout: LayoutFans, Decks: 1, DeadEnd: DeadNoLegal}
	// The hole takes any suit, a rank above or below its top, K and A neighbours; only the deal
	// starts it, and nothing leaves it.
	d.Piles = append(d.Piles, PileSpec{Name: "F1", Role: Foundation, Rule: Rule{Build: BuildUpDown, Wrap: true, Empty: EmptyNone, Take: TakeNone}})
	d.Piles = append(d.Piles, piles("C", Tableau, 17, Rule{Build: BuildNone, Empty: EmptyNone, Take: TakeTop})...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		hole := NewCard(Ace, Spades)
		rest := make([]Card, 0, len(deck)-1)
		for _, c := range deck {
			if c == hole && d.of(ps, Foundation)[0].Empty() {
				d.of(ps, Foundation)[0].Cards = []Card{c}
				continue
			}
			rest = append(rest, c)
		}
		dealRows(rest, d.of(ps, Tableau), repeat(3, 17))
		return 0
	}
	return d
}
