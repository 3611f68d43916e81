package solve

import "solitaire/model"

// A position is jammed when no column can ever be emptied, in a game won by complete runs
// going home (Spider, Spiderette, Simple Simon) with nothing left to deal: a win empties every
// column, so such a position is lost. Spiderette's walks meet many once the stock is out: each
// column holds a card that wants a card one rank up buried under itself or under another such
// card.
//
// Where compiled.jams holds, before the first column is empty (time T) a card leaves the spot
// where it lies now in one of three ways, each only while the cards over it that are still in
// their spots run in order under the columns' rule, face up, from it to the top (it is
// movable: it is the top, or the card on it has left its spot, or that card is on it in such a
// run and movable itself):
//   - it moves, at the bottom of such a run, onto a card it may lie on (compiled.parents) that
//     is another column's top then: one still in its spot there with every card on it gone
//     (bared), or one that has left its spot (it may be anywhere, but not under the card,
//     which has not moved);
//   - it moves on such a run, above the bottom card, which has left;
//   - it goes home in a complete run from king to ace, which then lies on a column's top: the
//     cards of its suit above it in rank lie under it in its column, in order, in their spots
//     (nothing under it has moved), and a copy of each card of its suit below it in rank
//     lies on it in its column or has left its spot.
//
// A column is empty only once each of its cards has left its spot. So each card that leaves
// before T is in the least set closed under those conditions (by induction on the time each
// card first leaves: what it needed happened before, or at once for the cards a run carries),
// and where that set holds every card of no column, T never comes and no win does. Each
// condition is one a line of play needs, never one it can do without, so the check loses no
// win; TestJammed and TestJammedAreLost hold it to the engine's search and to the solver's
// without it.
//
// The walks and the best-first searches both make the check: to the best-first searches a
// jammed position is a dead end they would otherwise dig through (Spiderette, seeds 1-1000
// at 10 s: 866 won and 30 lost, against 862 and 30 with the walks alone checking). With
// cards left to deal it says nothing. It could: before T a deal puts a card on each column's
// top, so a card in the stock may be a place to land, or a card of a run going home, as a
// card that has left its spot may, and counted so the check stays sound. But it then costs
// more than it gains: Spiderette 863 won and 31 lost (seed 28 proved lost, in 6.9 s),
// four-suit Spider 971 won against 974, its median deal 2.90 s against 2.70.

// jamsDeals reports whether the game admits the check (see above): columns under one rule
// that builds down without wrapping and moves runs in order under it (model.TakeRun,
// model.TakeSuitRun), foundations that each take a complete run, and a stock dealt onto the
// columns or none; no waste, cells or reserves.
func (c *compiled) jamsDeals() bool {
	if len(c.tabs) == 0 || len(c.found) == 0 || c.waste >= 0 || c.fill >= 0 || c.pairs || c.total > maxCards ||
		!c.columnsAndHome(func(r model.Rule) bool { return r.Empty == model.EmptyRun }) {
		return false
	}
	r := c.def.Piles[c.tabs[0]].Rule
	return r.Build == model.BuildDown && !r.Wrap && !r.Chained && !r.TopOnly &&
		(r.Take == model.TakeRun || r.Take == model.TakeSuitRun)
}

// jammed reports whether no column can ever be emptied (see above), where compiled.jams holds
// and the stock is out; with cards left to deal, it says nothing.
func (b *board) jammed() bool {
	c := b.c
	if c.stock >= 0 && b.n[c.stock] > 0 {
		return false
	}
	runs := c.runs[c.tabs[0]]
	// bared[j]: the cards that lie in column j in their spots with every card on it gone
	// (bit x for card x); gone: the cards of which some copy has left its spot. Sets, so that
	// whether a card has a place to land is one test of its parents against them.
	var bared [maxPiles]uint64
	var gone uint64
	var low [maxPiles]int // per column: its lowest card known to leave (all on it leave too)
	for j, i := range c.tabs {
		if b.n[i] == 0 {
			return false
		}
		low[j] = int(b.n[i])
		bared[j] = 1 << (b.cards[i][low[j]-1] & (cardSpace - 1))
	}
	// Rounds over the columns, each walking a column down from its lowest card known to leave
	// while the cards are movable, until a round adds none: each card that leaves bares the
	// one under it and may be a place to land for others.
	for changed := true; changed; {
		changed = false
		for j, i := range c.tabs {
			var elsewhere uint64 // the cards bared in the other columns
			for k := range c.tabs {
				if k != j {
					elsewhere |= bared[k]
				}
			}
			col, down := b.cards[i][:b.n[i]], int(b.down[i])
			for s := low[j] - 1; s >= 0; s-- {
				x := col[s] & (cardSpace - 1)
				if c.parents[x]&(gone|elsewhere) != 0 || runHome(col, s, down, gone) {
					for t := s; t < low[j]; t++ {
						gone |= 1 << (col[t] & (cardSpace - 1))
					}
					low[j], changed = s, true
					if s == 0 {
						return false // the column can be emptied
					}
					bared[j] |= 1 << (col[s-1] & (cardSpace - 1))
					continue // the card under it is bared, so movable
				}
				// The card under it is movable only under it in a run.
				if s-1 < down || runs[col[s-1]&(cardSpace-1)]&(1<<x) == 0 {
					break
				}
			}
		}
	}
	return true
}

// runHome reports whether card s of a column's cards (its spots, bottom up, the first down
// face down) could go home in a complete run (see jammed): the cards of its suit above it in
// rank lie under it, face up and in order, and each below it in rank lies on it in the column
// or has left its spot (gone, bit x for card x).
func runHome(col []byte, s, down int, gone uint64) bool {
	x := model.Card(col[s] & (cardSpace - 1))
	r, su := int(x.Rank()), x.Suit()
	for d := 1; r+d <= int(model.King); d++ {
		if s-d < down || col[s-d]&(cardSpace-1) != byte(model.NewCard(model.Rank(r+d), su)) {
			return false
		}
	}
	var on uint32 // the ranks of its suit on it in the column
	for _, y := range col[s+1:] {
		if y := model.Card(y & (cardSpace - 1)); y.Suit() == su {
			on |= 1 << y.Rank()
		}
	}
	for q := 1; q < r; q++ {
		if on&(1<<q) == 0 && gone&(1<<model.NewCard(model.Rank(q), su)) == 0 {
			return false
		}
	}
	return true
}
