package solve

import (
	"math/bits"

	"solitaire/model"
)

// A position is stranded when some card can never go home, so the game, won on the
// foundations, is lost. Forty Thieves' searches meet many: tens of cards piled on the waste,
// each wanting a card buried under it or in a column that can never be bared, and no column
// that can ever be emptied to take them.
//
// Where compiled.strands holds, cards move one at a time (a group move is only the single
// moves the empty columns allow), so a card leaves where it lies only once every card on it
// has left, and then only onto a card it may lie on (compiled.parents) that is a column's top
// then, into an empty column that takes it, or home onto a foundation whose top is the card
// of its suit one rank lower. The stock is turned once, a card at a time, onto a waste
// nothing is built on: a stock card can be played the moment it is drawn, and a waste card
// once the cards on it have left. A column is empty only once each of its cards has left.
// So each card that ever leaves where it lies is in the least set closed under: a card is in
// it if each card on it is (or it is in the stock), and an empty column that takes it could
// be (each card of some column is in the set), or a copy of a card it may lie on could be a
// column's top (it lies in a column and each card on it is in the set, or it lies in the
// stock or the waste and is in the set), or it goes home: a foundation of its suit has the
// card one rank lower on top, or is below that and a copy of that card goes home (aces
// always may). A card that can never go home strands the position. Each condition is one a
// line of play needs, never one it can do without (by induction on the time each card first
// leaves: what it needed happened before), so the check loses no win; TestStranded and
// TestStrandedAreLost hold it to the engine's search and to the solver's without it.
//
// Where an empty column takes any card (Forty Thieves), the check comes to this: a win
// empties every column, and a position in which no column can ever be emptied, by cards
// going home or onto cards they may lie on, is lost. Once one can be, every card can leave
// into it, from the top down, and then go home: nothing is stranded.

// maxStrandCopies bounds the decks the check handles (compiled.strands): two decks are 104
// cards, within its two words of flags.
const maxStrandCopies = 2

// strandsDeals reports whether the game admits the check (see above): won on the foundations,
// built up by suit from the ace and never taken back; columns under one rule whose moves are
// single cards or the single moves the empty columns allow; a stock turned once, a card at a
// time, onto a waste nothing is built on; no cells, reserves or stock dealt onto piles.
func (c *compiled) strandsDeals() bool {
	def := c.def
	if !c.buries || len(c.tabs) == 0 || c.fill >= 0 || c.deal != nil || c.pairs || def.FoundationReturn ||
		c.decks > maxStrandCopies {
		return false
	}
	switch def.Group {
	case model.GroupSingle, model.GroupFreeCell, model.GroupLinear:
	default:
		return false
	}
	if def.Piles[c.tabs[0]].Rule.Wrap {
		return false
	}
	return c.columnsAndHome(func(r model.Rule) bool {
		return upBySuit(r) && r.Empty == model.EmptyAce && !r.Wrap && !r.Chained && !r.NewSuit
	})
}

// hopeless reports whether the position is sealed, stranded or jammed, where the game admits
// the checks: no win from it.
func (b *board) hopeless() bool {
	return b.c.seals && b.sealed() || b.c.strands && b.stranded() || b.c.jams && b.jammed()
}

// stranded reports whether some card can never go home (see above), where compiled.strands
// holds.
func (b *board) stranded() bool {
	c := b.c
	type spot struct {
		card  byte
		above int8 // the spot of the card on it (-1: none)
		col   int8 // its column's number in c.tabs (-1: the stock or the waste)
		stock bool
	}
	var spots [maxCards]spot
	var at [cardSpace][maxStrandCopies]uint8 // the spots of each card's copies
	var copies [cardSpace]uint8
	var cols [maxPiles]int // per column: its cards not yet known to leave
	n := 0
	add := func(pile int, col int8, stock bool) {
		for k := range int(b.n[pile]) {
			x := b.cards[pile][k] & (cardSpace - 1)
			above := int8(-1)
			if k+1 < int(b.n[pile]) && !stock {
				above = int8(n + 1)
			}
			spots[n] = spot{card: x, above: above, col: col, stock: stock}
			at[x][copies[x]] = uint8(n)
			copies[x]++
			n++
		}
	}
	for j, i := range c.tabs {
		add(i, int8(j), false)
		cols[j] = int(b.n[i])
	}
	add(c.waste, -1, false)
	add(c.stock, -1, true)
	// Each suit's foundations' tops (0: not begun; with one deck, lo is hi): a card goes home
	// onto a top one rank lower, there now or built by its lower card going home, never onto
	// a foundation past it.
	var lo, hi [4]int8
	begun := [4]int{}
	for _, f := range c.found {
		if b.n[f] == 0 {
			continue
		}
		top := model.Card(b.top(f))
		su, r := top.Suit(), int8(top.Rank())
		begun[su]++
		lo[su], hi[su] = min(hi[su], r), max(hi[su], r)
		if begun[su] == 1 {
			lo[su] = 0
		}
	}
	if c.decks == 1 {
		lo = hi
	}
	var left, home [2]uint64
	has := func(set *[2]uint64, i int) bool { return set[i>>6]&(1<<(i&63)) != 0 }
	bared := func(i int) bool { a := spots[i].above; return spots[i].stock || a < 0 || has(&left, int(a)) }
	empty := false // some column can be emptied
	for j := range c.tabs {
		empty = empty || cols[j] == 0
	}
	// Where an empty column takes any card, once one can be emptied nothing is stranded
	// (see above).
	if empty && c.anyFill {
		return false
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			s := &spots[i]
			if has(&home, i) || !bared(i) {
				continue
			}
			x := model.Card(s.card)
			r, su := int8(x.Rank()), x.Suit()
			goes := r == 1 || r-1 == lo[su] || r-1 == hi[su]
			if !goes && r-1 > lo[su] {
				lower := byte(model.NewCard(x.Rank()-1, su))
				for k := range copies[lower] {
					goes = goes || has(&home, int(at[lower][k]))
				}
			}
			leaves := goes || has(&left, i) || empty && c.fills&(1<<s.card) != 0
			for ps := c.parents[s.card]; ps != 0 && !leaves; ps &= ps - 1 {
				p := bits.TrailingZeros64(ps)
				for k := range copies[p] {
					j := int(at[p][k])
					if spots[j].col >= 0 && bared(j) || spots[j].col < 0 && has(&left, j) {
						leaves = true
					}
				}
			}
			if goes {
				home[i>>6] |= 1 << (i & 63)
				changed = true
			}
			if leaves && !has(&left, i) {
				left[i>>6] |= 1 << (i & 63)
				changed = true
				if s.col >= 0 {
					cols[s.col]--
					if cols[s.col] == 0 {
						if c.anyFill {
							return false
						}
						empty = true
					}
				}
			}
		}
	}
	return bits.OnesCount64(home[0])+bits.OnesCount64(home[1]) < n
}
