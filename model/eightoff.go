package model

// Eight Off and Seahaven Towers: help eightoff, help seahaven. FreeCell's kin with more
// cells, some of them filled by the deal, columns built down by suit, and only a king (or a
// run from a king) in an empty column. The rules are Solvitaire's presets, whose published
// winnability they are for (docs/winnability.md): cards stay on the foundations, and single
// cards move (a run only as the single moves the free cells and empty columns allow).
var eightOffGame = &GameInfo{
	Name:    "eightoff",
	Aliases: []string{"Eight Off"},
	Title:   "Eight Off",
	Summary: "eight columns of six and eight cells, four filled; build down by suit",
	define:  func(Options) *Def { return defineCellGame(8, 6, 8, 4) },
}

var seahavenGame = &GameInfo{
	Name:    "seahaven",
	Aliases: []string{"Seahaven Towers"},
	Title:   "Seahaven Towers",
	Summary: "ten columns of five and four cells, two filled; build down by suit",
	define:  func(Options) *Def { return defineCellGame(10, 5, 4, 2) },
}

// defineCellGame declares a game of cols columns of depth cards each, built down by suit with
// kings alone in empty columns, and cells free cells of which the deal fills the first filled
// with its last cards.
func defineCellGame(cols, depth, cells, filled int) *Def {
	d := &Def{Decks: 1, Group: GroupFreeCell, AutoFinish: true, DeadEnd: DeadNoLegal}
	d.Piles = cellPiles(cells, cols, Rule{Build: BuildDown, Match: MatchSameSuit, Empty: EmptyKing, Take: TakeRun})
	d.Deal = func(deck []Card, ps []Pile) Rank {
		rest := dealRows(deck, d.of(ps, Tableau), repeat(depth, cols))
		for i, c := range d.of(ps, Cell)[:filled] {
			c.Cards = append(c.Cards, rest[i])
		}
		return 0
	}
	return d
}
