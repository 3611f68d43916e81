package model

// TriPeaks: help tripeaks. Three peaks of 28 cards, each covered by the two below it, played
// onto the waste one rank up or down, as in Golf.
var tripeaksGame = &GameInfo{
	Name:    "tripeaks",
	Title:   "TriPeaks",
	Summary: "three peaks; play their uncovered cards onto the waste, one rank up or down",
	Specs: []OptionSpec{
		{Key: "wrap", Kind: OptBool, Default: "true", Help: "K and A are neighbours: an ace goes on a king and a king on an ace (wrap=false: not)"},
	},
	define: defineTriPeaks,
}

// peakRows are the peaks' rows from the top, in cards: 3 peak tops, then 6, 9 and the 10 of
// the bottom row, which spans the three peaks.
var peakRows = [...]int{3, 6, 9, 10}

func defineTriPeaks(o Options) *Def {
	// The waste is built on as in Golf; the 28 cards are piles of one card each, P1..P28 row by
	// row from the top, and each lies under the two below it (peakCovers). A covered card is
	// face down, so the player sees only what the table shows (Def.CoveredFaceDown).
	d := &Def{Layout: LayoutPeaks, Decks: 1, Draw: 1, Passes: 1, DeadEnd: DeadNoLegal, Win: WinCleared, CoveredFaceDown: true}
	peaks := piles("P", Tableau, 28, Rule{Build: BuildNone, Empty: EmptyNone, Take: TakeTop})
	for i, over := range peakCovers() {
		for _, j := range over {
			peaks[i].CoveredBy = append(peaks[i].CoveredBy, peaks[j].Name)
		}
	}
	d.Piles = append(builtWaste(o.Bool("wrap")), peaks...)
	d.Deal = func(deck []Card, ps []Pile) Rank {
		wasteAndStock(d, ps, dealRows(deck, d.of(ps, Tableau), repeat(1, 28)))
		return 0
	}
	return d
}

// peakCovers lists, for each of the 28 peak cards (0-based, row by row from the top), the two
// cards of the row below that lie over it. The bottom row's ten cards touch across the peaks;
// above it each peak stands alone: its row of three lies over the row of two, which lies over
// its top. So a card of the third row at q of peak p lies under bottom cards 3p+q and
// 3p+q+1, one of the second row under third-row cards 3p+q and 3p+q+1 (q < 2), and a top
// under second-row cards 2p and 2p+1.
func peakCovers() [][]int {
	start := [len(peakRows)]int{}
	for r := 1; r < len(peakRows); r++ {
		start[r] = start[r-1] + peakRows[r-1]
	}
	out := make([][]int, 28)
	for p := 0; p < 3; p++ {
		out[start[0]+p] = []int{start[1] + 2*p, start[1] + 2*p + 1}
		for q := 0; q < 2; q++ {
			out[start[1]+2*p+q] = []int{start[2] + 3*p + q, start[2] + 3*p + q + 1}
		}
		for q := 0; q < 3; q++ {
			out[start[2]+3*p+q] = []int{start[3] + 3*p + q, start[3] + 3*p + q + 1}
		}
	}
	return out
}
