package model

// Beleaguered Castle and Streets and Alleys: help beleaguered, help streets. Eight open columns
// built down regardless of suit, one card at a time, with no cells: Beleaguered Castle starts
// with the aces on the foundations, Streets and Alleys deals them into the columns. The rules
// are those of Solvitaire's presets, whose published winnability they are for
// (docs/winnability.md): cards stay on the foundations.
var beleagueredGame = &GameInfo{
	Name:    "beleaguered",
	Aliases: []string{"Beleaguered Castle"},
	Title:   "Beleaguered Castle",
	Summary: "the aces start home; eight open columns of six built down regardless of suit",
	define:  func(Options) *Def { return defineCastle(true) },
}

var streetsGame = &GameInfo{
	Name:    "streets",
	Aliases: []string{"Streets and Alleys"},
	Title:   "Streets and Alleys",
	Summary: "Beleaguered Castle with the aces dealt into the eight columns",
	define:  func(Options) *Def { return defineCastle(false) },
}

// defineCastle declares the castle games: with acesHome the four aces start on the
// foundations and the other 48 cards make eight columns of six; else all 52 are dealt, 7 to
// C1-C4 and 6 to C5-C8. A run moves only as the single moves an empty column allows (2^E: there
// are no cells), which wins nothing that single moves could not.
func defineCastle(acesHome bool) *Def {
	d := &Def{Decks: 1, Group: GroupFreeCell, DeadEnd: DeadNoLegal}
	// Foundations dedicated to spades, hearts, diamonds, clubs, as the help pages list them.
	d.Piles = append(d.Piles, suitFoundations(homeRule, Spades, Hearts, Diamonds, Clubs)...)
	d.Piles = append(d.Piles, piles("C", Tableau, 8, Rule{Build: BuildDown, Match: MatchAny, Empty: EmptyAny, Take: TakeRun})...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		cols := d.of(ps, Tableau)
		if !acesHome {
			dealRows(deck, cols, []int{7, 7, 7, 7, 6, 6, 6, 6})
			return 0
		}
		rest := make([]Card, 0, len(deck)-4)
		for _, c := range deck {
			if c.Rank() != Ace {
				rest = append(rest, c)
				continue
			}
			for i, f := range d.of(ps, Foundation) {
				if d.Piles[i].Suit == c.Suit() {
					f.Cards = append(f.Cards, c)
				}
			}
		}
		dealRows(rest, cols, repeat(6, 8))
		return 0
	}
	return d
}
