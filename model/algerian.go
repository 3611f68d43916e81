package model

// Algerian patience: help algerian. Two decks, up and down foundations, a stock dealt onto reserves.
var algerianGame = &GameInfo{
	Name:    "algerian",
	Title:   "Algerian",
	Summary: "two decks; build up or down by suit; the stock is dealt onto six reserves",
	Specs: []OptionSpec{
		{Key: "no-wrap", Kind: OptBool, Default: "false", Help: "kings and aces are not adjacent in the columns"},
		{Key: "final-deal", Kind: OptEnum, Default: "tableau", Values: []string{"tableau", "reserves"},
			Help: "the last 8 stock cards go one to each column, or two each to R3-R6"},
		{Key: "pysol-layout", Kind: OptBool, Default: "false", Help: "PySol's deal: kings start on the down foundations, 1 card a column, 6 a reserve"},
	},
	define: defineAlgerian,
}

// twoWayFoundations are F1-F4 built up from aces and F5-F8 built down from kings, any suit each.
func twoWayFoundations() []PileSpec {
	down := Rule{Build: BuildDown, Match: MatchSameSuit, Empty: EmptyKing, Single: true, Take: TakeTop}
	ps := piles("F", Foundation, 8, homeRule)
	for i := 4; i < 8; i++ {
		ps[i].Rule = down
	}
	return ps
}

// chainColumn builds up or down by suit and moves a chain of such cards, which lands reversed.
func chainColumn(wrap bool) Rule {
	return Rule{Build: BuildUpDown, Match: MatchSameSuit, Wrap: wrap, Empty: EmptyAny, Take: TakeChain}
}

func defineAlgerian(o Options) *Def {
	pysol := o.Bool("pysol-layout")
	d := &Def{Layout: LayoutDealsReserves, Decks: 2, FoundationReturn: true, DeadEnd: DeadAnyMove}
	found := twoWayFoundations()
	if pysol {
		// PySol gives each suit one up and one down foundation, in the order its kings are dealt.
		for i, s := range []Suit{Spades, Hearts, Diamonds, Clubs} {
			found[i].FixedSuit, found[i].Suit = true, s
			found[4+i].FixedSuit, found[4+i].Suit = true, s
		}
	}
	d.Piles = append(d.Piles, found...)
	d.Piles = append(d.Piles, piles("C", Tableau, 8, chainColumn(!o.Bool("no-wrap")))...)
	d.Piles = append(d.Piles, piles("R", Reserve, 6, Rule{Empty: EmptyNone, Take: TakeTop, TopOnly: true})...)
	d.Piles = append(d.Piles, PileSpec{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}})
	sd := &StockDeal{To: names("R", 1, 6), Each: 2, Final: names("C", 1, 8), FinalEach: 1}
	if o["final-deal"] == "reserves" {
		sd.Final, sd.FinalEach = names("R", 3, 6), 2
	}
	d.StockDeal = sd
	d.Deal = func(deck []Card, ps []Pile) Rank {
		cols, reserves := []int{2, 2, 2, 2, 1, 1, 1, 1}, 4
		if pysol {
			// One king of each suit starts a down foundation, taken out before the deal.
			deck = append([]Card(nil), deck...)
			for k, f := range d.of(ps, Foundation)[4:] {
				for i, c := range deck {
					if c.Rank() == King && c.Suit() == Suits[3-k] {
						f.Cards = append(f.Cards, c)
						deck = append(deck[:i], deck[i+1:]...)
						break
					}
				}
			}
			cols, reserves = repeat(1, 8), 6
		}
		rest := dealRows(deck, d.of(ps, Tableau), cols)
		rest = dealRows(rest, d.of(ps, Reserve), repeat(reserves, 6))
		toStock(d.of(ps, Stock)[0], rest)
		return 0
	}
	return d
}

// names lists pile names prefix+from .. prefix+to.
func names(prefix string, from, to int) []string {
	var out []string
	for i := from; i <= to; i++ {
		out = append(out, prefix+itoa(i))
	}
	return out
}
