package solve

import "solitaire/model"

// Games of pairs (model.Rule.PairOff, Pyramid): a card leaves only with a partner whose rank
// makes 13 with its own, or alone as a king. Of a card and a partner that lies over it,
// directly or through the cards between, neither is ever free while the other is there, so
// they can never pair. The cards of two partner ranks still in play (there are always as many
// of one as of the other: they leave together) must therefore pair off, each with one it can
// meet; where they cannot, the position is lost. The stock's and the waste's cards lie over
// none and under none, and may pair with any.

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

// pairsBlocked reports whether the cards left cannot all pair off (see above): a proof that
// no win is left. On the last pass the waste is turned no more, so of two cards in it the lower
// is never free while the upper is there: they cannot pair either.
func (b *board) pairsBlocked() bool {
	c := b.c
	lastPass := c.waste >= 0 && b.passesLeft() == 0
	var at [14][4]uint8 // at[rank]: where the rank's cards lie (pairItem), but the free ones
	var na, free [14]uint8
	many := false // more cards of a rank than one deck has: the check is for one deck
	add := func(x byte, item uint8) {
		if r := x >> 2; na[r] < 4 {
			at[r][na[r]] = item
			na[r]++
		} else {
			many = true
		}
	}
	for i := 0; i < b.np; i++ {
		p := &c.piles[i]
		n := int(b.n[i])
		switch {
		case p.role == model.Foundation:
		case i == c.waste && lastPass:
			for h, x := range b.cards[i][:n] {
				add(x, wasteItem+uint8(h))
			}
		case p.role != model.Tableau || n > 1:
			for _, x := range b.cards[i][:n] {
				free[x>>2]++ // the stock's and the waste's: they meet any card
			}
		case n == 1:
			add(b.cards[i][0], uint8(i))
		}
	}
	if many {
		return false
	}
	for r := 1; r <= 6; r++ {
		if !b.pairable(at[r][:na[r]], at[13-r][:na[13-r]], int(free[13-r])) {
			return true
		}
	}
	return false
}

// wasteItem marks a waste card among pairsBlocked's items: wasteItem+h is the card at height h;
// items below it are piles.
const wasteItem = 64

// apart reports whether the cards at items x and y can both be free at once: not a pile's card
// and one over it, nor two cards of the waste on its last pass.
func (b *board) apart(x, y uint8) bool {
	switch {
	case x >= wasteItem && y >= wasteItem:
		return false
	case x >= wasteItem || y >= wasteItem:
		return true
	}
	return b.c.over[x]&(1<<y) == 0 && b.c.over[y]&(1<<x) == 0
}

// pairable reports whether the cards at items a can each pair with one of the cards at items
// bs, or with one of fb free cards, each partner used once, never two that are not apart. The
// free cards of a's rank need no check: as many partners are left as there are cards (they
// leave in pairs), so those a's cards do not take are theirs, and a free card meets any.
func (b *board) pairable(a, bs []uint8, fb int) bool {
	if len(a) == 0 {
		return true
	}
	if fb > 0 && b.pairable(a[1:], bs, fb-1) {
		return true
	}
	for k, y := range bs {
		if !b.apart(a[0], y) {
			continue
		}
		rest := make([]uint8, 0, len(bs)-1)
		rest = append(append(rest, bs[:k]...), bs[k+1:]...)
		if b.pairable(a[1:], rest, fb) {
			return true
		}
	}
	return false
}
