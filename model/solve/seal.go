package solve

import (
	"math/bits"

	"solitaire/model"
)

// A position is sealed when two cards of a column can never part: the lower one then never
// comes to the top, so it never goes home, and the game, won on the foundations, is lost.
// Yukon deals many: seed 163 has 8S face down on 9D and 9H, over a lower spade.
//
// Where compiled.seals holds, a card leaves the card it lies on only by moving itself (a move
// lifts a card with what lies on it, never with what lies under it), and only face up: onto
// a card it may lie on (compiled.parents) that is a pile's top then, into an empty column that
// takes it, or home, bared, once the lower cards of its suit are home. A card is a top once
// the card on it has left it. So each card that ever leaves where it lies is in the least set
// closed under: a card is in it if it is face up or the card on it is in the set, and an empty
// column takes it, or a card it may lie on could be a top (it is one, or lies off the
// columns, or the card on it is in the set and is not the card itself), or the card itself
// could be a top and so could each lower card of its suit. (By induction on the time of each
// first parting: what it needed happened before.) A card on another that is outside the set
// seals the position. Each condition is one a line of play needs, never one it can do
// without, so the check loses no win; TestSealedDealsAreLost holds it to the search without
// it, on deals and along won lines.

// sealsDeals reports whether the game admits the check: won on the foundations, built up by suit
// from the ace (bold), one deck, and the only places a column's card goes are other columns,
// under one rule, and the foundations (no cells, reserves, nor a waste built on).
func (c *compiled) sealsDeals() bool {
	if !c.bold || len(c.tabs) == 0 || c.fill >= 0 || c.deal != nil || c.pairs {
		return false
	}
	return c.columnsAndHome(upBySuit)
}

// upBySuit reports whether a foundation builds up by suit.
func upBySuit(r model.Rule) bool { return r.Build == model.BuildUp && r.Match == model.MatchSameSuit }

// columnsAndHome reports whether the game's piles are columns under one rule, foundations
// that home accepts, and a stock and a waste that nothing is built on: the piles the seal,
// strand and jam arguments know.
func (c *compiled) columnsAndHome(home func(model.Rule) bool) bool {
	first := classKey(&c.def.Piles[c.tabs[0]])
	for i := range c.def.Piles {
		ps := &c.def.Piles[i]
		switch ps.Role {
		case model.Tableau:
			if classKey(ps) != first {
				return false
			}
		case model.Foundation:
			if !home(ps.Rule) {
				return false
			}
		case model.Stock, model.Waste:
			if ps.Rule.Build != model.BuildNone {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// sealed reports whether two cards of a column can never part (see above), where
// compiled.seals holds.
func (b *board) sealed() bool {
	c := b.c
	const nowhere = 0xFFFF
	var at [cardSpace]uint16 // pile<<8 | height of each card in a column, or nowhere
	for x := range at {
		at[x] = nowhere
	}
	pairs := 0
	for _, i := range c.tabs {
		for k := range int(b.n[i]) {
			at[b.cards[i][k]&(cardSpace-1)] = uint16(i)<<8 | uint16(k)
		}
		pairs += max(int(b.n[i])-1, 0)
	}
	if pairs == 0 {
		return false
	}
	var parted uint64 // the cards known to be able to leave the card they lie on
	// bared reports whether card y could be a pile's top before card x leaves where it lies.
	bared := func(y, x byte) bool {
		l := at[y&(cardSpace-1)]
		if l == nowhere {
			return true // on a foundation, in the stock or the waste
		}
		j, h := int(l>>8), int(l&255)
		if h+1 == int(b.n[j]) {
			return true
		}
		on := b.cards[j][h+1]
		return on != x && parted&(1<<on) != 0
	}
	for changed := true; changed; {
		changed = false
		for _, i := range c.tabs {
			for k := int(b.n[i]) - 1; k >= 1; k-- {
				x := b.cards[i][k]
				if parted&(1<<x) != 0 {
					continue
				}
				if k < int(b.down[i]) && !bared(x, x) {
					continue // face down until what lies on it leaves
				}
				ok := c.fills&(1<<x) != 0
				for ps := c.parents[x]; ps != 0 && !ok; ps &= ps - 1 {
					ok = bared(byte(bits.TrailingZeros64(ps)), x)
				}
				if !ok && bared(x, x) {
					ok = true
					cx := model.Card(x)
					for r := model.Ace; r < cx.Rank() && ok; r++ {
						ok = bared(byte(model.NewCard(r, cx.Suit())), x)
					}
				}
				if ok {
					parted |= 1 << x
					changed = true
				}
			}
		}
	}
	for _, i := range c.tabs {
		for k := 1; k < int(b.n[i]); k++ {
			if parted&(1<<b.cards[i][k]) == 0 {
				return true
			}
		}
	}
	return false
}
