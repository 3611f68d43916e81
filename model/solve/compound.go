package solve

import (
	"solitaire/model"
)

// metaOK reports whether compound moves apply: one deck (a card's place is known from its
// face), free cells, and no autoplay (which would move cards home between the parts).
func (c *compiled) metaOK() bool {
	return c.decks == 1 && len(c.cells) > 0 && !c.def.AutoPlay && c.stock < 0
}

// playCompound makes a dig or a compound move, telling say each command.
func (b *board) playCompound(m move, say func(from, to, n int)) bool {
	if m.dig {
		return b.playDig(m, say)
	}
	if !m.meta {
		b.play(m, say)
		return true
	}
	from, to := int(m.from), int(m.to)
	park := func(src, k int) bool {
		for ; k > 0; k-- {
			dst := -1
			for _, i := range b.c.cells {
				if b.n[i] == 0 {
					dst = i
					break
				}
			}
			if dst < 0 {
				for i := 0; i < b.np; i++ {
					if i != from && i != to && b.n[i] == 0 && b.c.piles[i].role == model.Tableau && b.c.piles[i].rule.Empty == model.EmptyAny {
						dst = i
						break
					}
				}
			}
			if dst < 0 || b.n[src] < 2 {
				return false
			}
			if say != nil {
				say(src, dst, 1)
			}
			b.transfer(src, dst, 1, false)
			b.settle()
		}
		return true
	}
	if m.via != 0 {
		// Through an empty column: the cell's card first, then the second source onto it.
		if b.n[to] != 0 || !b.canMove(from, to, 1) {
			return false
		}
		if say != nil {
			say(from, to, 1)
		}
		b.transfer(from, to, 1, false)
		b.settle()
		from = int(m.via)
	}
	if !park(to, int(m.parkB)) || !park(from, int(m.parkA)) || !b.canMove(from, to, int(m.n)) {
		return false
	}
	if say != nil {
		say(from, to, int(m.n))
	}
	b.transfer(from, to, int(m.n), false)
	b.settle()
	tell := func(from, to, n int) {
		if say != nil {
			say(from, to, n)
		}
	}
	b.playHome(false, func(from, to, draws int) { tell(from, to, 1) })
	return true
}
