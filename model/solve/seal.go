package solve

import (
	"math/bits"

	"solitaire/model"
)

// A deal is sealed when some face-down card can never be bared, so the cards under it never
// come out and the game, won on the foundations, is lost from the start. Yukon deals many:
// seed 163 has 8S face down on 9D and 9H, with a lower spade at the bottom of the column.
//
// The zone read is each column's cards that lie on others and have only face-down cards under
// them: the face-down cards but the bottom one, and the lowest face-up card. Nothing but the
// card itself takes a card of the zone away from what lies under it (no face-down card moves,
// nor does a move lift a card with the cards under it), so those stay under it until it
// leaves, and it leaves only once bared: onto a card it may lie on (compiled.parents) that is
// a pile's top by then, into an empty column that takes it, or home once the lower cards of
// its suit are home (compiled.seals: foundations up by suit from the ace, one deck). A card
// is bared once the card on it has left, if that card is in the zone; whatever lies on a card
// outside the zone might leave at any time. So the cards of the zone that can ever leave are
// the least set closed under: a card leaves if the card on it has left (or lies outside the
// zone), and a card it may lie on, or every lower card of its suit, could be a top by then.
// A card is barred from being a top by a card of the zone over it in its column that is not
// in the set, or by the card that would leave, when it lies under that one. Each card that
// does leave in some line of play is in the set (by induction on when it leaves: what it
// needed happened before), so a card of the zone outside it never leaves, and, lying on
// others, keeps them from home.

// sealsDeals reports whether the game admits the check: won on the foundations, built up by suit
// from the ace (bold), one deck, and the only places a column's card goes are other columns,
// under one rule, and the foundations (no cells, reserves, nor a waste built on).
func (c *compiled) sealsDeals() bool {
	if !c.bold || len(c.tabs) == 0 || c.fill >= 0 || c.deal != nil || c.pairs {
		return false
	}
	first := classKey(&c.def.Piles[c.tabs[0]])
	for i := range c.def.Piles {
		ps := &c.def.Piles[i]
		switch ps.Role {
		case model.Tableau:
			if classKey(ps) != first {
				return false
			}
		case model.Foundation:
			if r := ps.Rule; r.Build != model.BuildUp || r.Match != model.MatchSameSuit {
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

// sealed reports whether two cards of a column can never part (see above), on a board loaded
// from a position, where compiled.seals holds.
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
	var fills uint64 // the cards an empty column takes
	for _, i := range c.tabs {
		fills |= c.piles[i].wants
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
				ok := fills&(1<<x) != 0
				for ps := c.parents[x]; ps != 0 && !ok; ps &= ps - 1 {
					ok = bared(byte(bits.TrailingZeros64(ps)), x)
				}
				if !ok && bared(x, x) {
					ok = true
					for _, y := range lowerOfSuit(x) {
						if !bared(y, x) {
							ok = false
							break
						}
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

// lowerOfSuit lists the cards of x's suit below it, from the ace.
func lowerOfSuit(x byte) []byte {
	cx := model.Card(x)
	var out []byte
	for r := model.Ace; r < cx.Rank(); r++ {
		out = append(out, byte(model.NewCard(r, cx.Suit())))
	}
	return out
}
