package model

// Spider and Spiderette: help spider, help spiderette. Columns built down regardless of suit,
// where only runs of one suit move together and a complete run from king to ace goes home;
// the stock deals a card onto every column at once.
var spiderGame = &GameInfo{
	Name:    "spider",
	Title:   "Spider",
	Summary: "two decks in ten columns; build down, move runs of one suit, send home runs from king to ace",
	Specs:   spiderOptions,
	define:  func(o Options) *Def { return defineSpider(o, 2) },
}

var spideretteGame = &GameInfo{
	Name:    "spiderette",
	Title:   "Spiderette",
	Summary: "one-deck Spider in Klondike's seven columns",
	Specs:   spiderOptions,
	define:  func(o Options) *Def { return defineSpider(o, 1) },
}

// spiderOptions are the options both spiders take.
var spiderOptions = []OptionSpec{
	{Key: "suits", Kind: OptEnum, Default: "4", Values: []string{"1", "2", "4"},
		Help: "suits in the game: 4, 2 (spades and hearts) or 1 (spades), the cards still 52 a deck"},
	{Key: "any-deal", Kind: OptBool, Default: "false", Help: "the stock deals even while a column is empty"},
	{Key: "keep-runs", Kind: OptBool, Default: "false", Help: "a complete run stays until moved home (move C3 F)"},
	homeOption, runsInSuitOption,
	{Key: "scoring", Kind: OptEnum, Default: ScoringStandard, Values: []string{ScoringStandard, ScoringNone},
		Help: "score kept: standard (Microsoft's: 500 to start, -1 a move, +100 a run home) or none"},
}

// homeOption is what goes home in the games built on Spider's rules: whole runs (the game's
// own rule), or single cards built up by suit from the ace, which is how Solvitaire's presets
// play these games in effect (docs/winnability.md), so that its figures can be compared.
var homeOption = OptionSpec{Key: "home", Kind: OptEnum, Default: "runs", Values: []string{"runs", "cards"},
	Help: "what goes home: runs (a whole run from king to ace) or cards (one at a time, up by suit from the ace)"}

// runsInSuitOption restricts where runs go in the games built on Spider's rules: a run of two
// or more cards only onto a card of its own suit, as Solvitaire's presets have it.
var runsInSuitOption = OptionSpec{Key: "runs-in-suit", Kind: OptBool, Default: "false",
	Help: "a run of two or more cards goes only on a card of its own suit (single cards on any)"}

// homePiles are the foundations option home asks for: n that take a whole run at once and keep
// it, or n built up by suit from the ace, one card at a time.
func homePiles(o Options, n int) []PileSpec {
	if o["home"] == "cards" {
		return piles("F", Foundation, n, homeRule)
	}
	return piles("F", Foundation, n, Rule{Build: BuildNone, Empty: EmptyRun, Take: TakeNone})
}

// spiderSuits are the suits of each suits option: spades, then hearts, then the other two.
var spiderSuits = map[string][]Suit{"1": {Spades}, "2": {Spades, Hearts}, "4": nil}

// defineSpider declares Spider (two decks: ten columns of 6, 6, 6, 6, 5, ... and a stock of 50
// dealt ten at a time) or Spiderette (one deck: Klondike's seven columns and a stock of 24
// dealt seven at a time, the last three cards onto C1-C3). Every column but its top card lies
// face down.
func defineSpider(o Options, decks int) *Def {
	cards := o["home"] == "cards"
	d := &Def{Decks: decks, Suits: spiderSuits[o["suits"]], DeadEnd: DeadNoLegal, RunsHome: !cards && !o.Bool("keep-runs")}
	if o["scoring"] == ScoringStandard && !cards {
		d.ScoreStart, d.Points = 500, map[ScoreEvent]int{Step: -1, TableauToFoundation: 100}
	}
	cols, counts := 7, []int{1, 2, 3, 4, 5, 6, 7}
	if decks == 2 {
		cols, counts = 10, []int{6, 6, 6, 6, 5, 5, 5, 5, 5, 5}
	}
	d.Piles = append(d.Piles, PileSpec{Name: "S", Role: Stock, Rule: Rule{Empty: EmptyNone}})
	d.Piles = append(d.Piles, homePiles(o, 4*decks)...)
	d.Piles = append(d.Piles, piles("C", Tableau, cols,
		Rule{Build: BuildDown, Match: MatchAny, Empty: EmptyAny, Take: TakeSuitRun, AutoFlip: true, RunSuit: o.Bool("runs-in-suit")})...)
	sd := &StockDeal{To: names("C", 1, cols), Each: 1, Full: !o.Bool("any-deal")}
	if decks == 1 {
		sd.Final, sd.FinalEach = names("C", 1, 3), 1
	}
	d.StockDeal = sd
	d.Deal = func(deck []Card, ps []Pile) Rank {
		cs := d.of(ps, Tableau)
		toStock(d.of(ps, Stock)[0], dealRows(deck, cs, counts))
		for _, p := range cs {
			p.Down = len(p.Cards) - 1
		}
		return 0
	}
	return d
}
