package solve

import "solitaire/model"

// Games of pairs (model.Rule.PairOff, Pyramid): a card leaves only with a partner whose rank
// makes 13 with its own, or alone as a king, and the game is won when the covered piles (the
// pyramid) are empty; the stock's and the waste's cards need not leave. Of a card and a
// partner that lies over it, directly or through the cards between, neither is ever free while
// the other is there, so they can never pair. Each card left in the pyramid needs a partner of
// its own, from the pyramid or from the stock and the waste (whose cards lie over none and
// under none, and may pair with any): where the cards of two partner ranks cannot be paired so,
// the position is lost.

// pairOver works out compiled.over, where the game pairs off: for each pile, the piles that lie
// over it directly or through others (model.PileSpec.CoveredBy, closed).
func (c *compiled) pairOver() {
	for i := range c.piles {
		if c.piles[i].rule.PairOff && len(c.piles[i].covers) > 0 && c.decks == 1 {
			c.pairs = true // the argument counts one deck's four cards of a rank
		}
	}
	if !c.pairs {
		return
	}
	// Piles lie over piles later in board order (the deal's rows go down), so one pass from
	// the last pile up closes the relation.
	for i := len(c.piles) - 1; i >= 0; i-- {
		for _, j := range c.piles[i].covers {
			c.over[i] |= 1<<j | c.over[j]
		}
	}
}

// pairsBlocked reports whether some cards left in the pyramid cannot all find partners (see
// above): a proof that no win is left.
func (b *board) pairsBlocked() bool {
	c := b.c
	var at [14][4]uint8 // at[rank]: the covered piles that hold that rank's cards
	var na, free [14]uint8
	for i := 0; i < b.np; i++ {
		p := &c.piles[i]
		n := int(b.n[i])
		switch {
		case p.role == model.Foundation:
		case p.role != model.Tableau || n > 1:
			for _, x := range b.cards[i][:n] {
				free[x>>2]++ // the stock's and the waste's: they meet any card, and may stay
			}
		case n == 1:
			r := b.cards[i][0] >> 2
			if na[r] == 4 {
				return false // more cards of a rank than one deck has: the check is for one deck
			}
			at[r][na[r]] = uint8(i)
			na[r]++
		}
	}
	for r := 1; r <= 6; r++ {
		if !b.pairable(at[r][:na[r]], at[13-r][:na[13-r]], int(free[13-r]), int(free[r])) {
			return true
		}
	}
	return false
}

// pairable reports whether the pyramid's cards a of one rank and bs of its partner rank can
// each have a partner at once: a card of a pairs with one of bs apart from it or with one of
// fb free cards; the cards of bs left over pair with the fa free cards of a's rank.
func (b *board) pairable(a, bs []uint8, fb, fa int) bool {
	if len(a) == 0 {
		return len(bs) <= fa
	}
	if fb > 0 && b.pairable(a[1:], bs, fb-1, fa) {
		return true
	}
	x := a[0]
	for k, y := range bs {
		if b.c.over[x]&(1<<y) != 0 || b.c.over[y]&(1<<x) != 0 {
			continue // one lies over the other: never both free
		}
		rest := make([]uint8, 0, len(bs)-1)
		rest = append(append(rest, bs[:k]...), bs[k+1:]...)
		if b.pairable(a[1:], rest, fb, fa) {
			return true
		}
	}
	return false
}
