package model

// Pyramid: help pyramid. Twenty-eight cards in a pyramid of seven rows, each covered by the two
// below it, removed in pairs that total 13 (a king alone) onto one discard pile.
var pyramidGame = &GameInfo{
	Name:    "pyramid",
	Title:   "Pyramid",
	Summary: "a pyramid of 28 cards; remove uncovered pairs that total 13, a king alone",
	Specs: []OptionSpec{func() OptionSpec {
		p := passesOption
		p.Default, p.Help = "3", "trips through the stock (3: two redeals, as Microsoft's)"
		return p
	}()},
	define: definePyramid,
}

func definePyramid(o Options) *Def {
	// A pair is a move of one uncovered card onto another whose rank makes 13 with it: the
	// two leave at once for the discard pile F1 (Rule.PairOff). The stock's top card is
	// uncovered too (TopOnly: it lies face up) and pairs like the others; draw turns it onto
	// the waste. A king goes to F1 alone.
	pair := Rule{Build: BuildSum13, PairOff: true, Empty: EmptyNone, Take: TakeTop}
	stock := pair
	stock.TopOnly = true
	d := &Def{Layout: LayoutPeaks, Decks: 1, Draw: 1, Passes: o.Int("passes"), DeadEnd: DeadNoLegal, Win: WinCleared}
	d.Piles = append(d.Piles,
		PileSpec{Name: "S", Role: Stock, Rule: stock},
		PileSpec{Name: "W", Role: Waste, Rule: pair},
		PileSpec{Name: "F1", Role: Foundation, Rule: Rule{Build: BuildKing, Empty: EmptyKing, Take: TakeNone}})
	rows := piles("P", Tableau, 28, pair)
	for i, over := range pyramidCovers() {
		for _, j := range over {
			rows[i].CoveredBy = append(rows[i].CoveredBy, rows[j].Name)
		}
	}
	d.Piles = append(d.Piles, rows...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		toStock(d.of(ps, Stock)[0], dealRows(deck, d.of(ps, Tableau), repeat(1, 28)))
		return 0
	}
	return d
}

// pyramidCovers lists, for each of the 28 cards of the pyramid (0-based, row by row from the
// top: row r holds r+1 cards), the two cards of the row below that lie over it: card q of row
// r lies under cards q and q+1 of row r+1. The bottom row is covered by nothing.
func pyramidCovers() [][]int {
	out := make([][]int, 28)
	start := 0
	for r := 0; r < 6; r++ {
		next := start + r + 1
		for q := 0; q <= r; q++ {
			out[start+q] = []int{next + q, next + q + 1}
		}
		start = next
	}
	return out
}
