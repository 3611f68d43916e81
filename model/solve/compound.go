package solve

import "solitaire/model"

// metaOK reports whether compound moves apply: FreeCell's kind of game. One deck (a card's
// place is known from its face), free cells, no stock, foundations to win on, columns that
// hold any number of cards and give up their runs in order (supermoves), and no autoplay
// (which would move cards home between the parts).
func (c *compiled) metaOK() bool {
	if c.decks != 1 || len(c.cells) == 0 || c.def.AutoPlay || c.stock >= 0 || len(c.found) == 0 ||
		c.def.Win != model.WinFoundations || len(c.tabs) == 0 {
		return false
	}
	for _, i := range c.tabs {
		if r := &c.piles[i].rule; r.Capacity != 0 || r.Take != model.TakeRun || r.Build == model.BuildNone {
			return false
		}
	}
	for _, i := range c.cells {
		if c.piles[i].rule.Capacity != 1 {
			return false
		}
	}
	return true
}

// playCompound makes a dig, a relay, a join, a spread or a compound move, telling say each
// command.
func (b *board) playCompound(m move, say func(from, to, n int)) bool {
	if m.dig {
		return b.playDig(m, say)
	}
	if m.relay {
		return b.playRelay(m, say)
	}
	if m.join {
		return b.playJoin(m, say)
	}
	if m.spread {
		return b.playSpread(m, say)
	}
	if !m.meta {
		b.play(m, say)
		return true
	}
	from, to := int(m.from), int(m.to)
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
	if !b.park(to, int(m.parkB), from, to, say) || !b.park(from, int(m.parkA), from, to, say) || !b.canMove(from, to, int(m.n)) {
		return false
	}
	if say != nil {
		say(from, to, int(m.n))
	}
	b.transfer(from, to, int(m.n), false)
	b.settle()
	var fold func(from, to, draws int)
	if say != nil {
		fold = func(from, to, _ int) { say(from, to, 1) }
	}
	b.playHome(false, fold)
	return true
}

// park moves the top k cards of pile src one by one to the first empty free cell, else the
// first empty column that takes any card (not from or to), telling say each move. It reports
// false when no place is left.
func (b *board) park(src, k, from, to int, say func(from, to, n int)) bool {
	c := b.c
	for ; k > 0; k-- {
		dst := -1
		if b.emptyCells > 0 {
			for _, i := range c.cells {
				if b.n[i] == 0 {
					dst = i
					break
				}
			}
		} else {
			for _, i := range c.cols {
				if i != from && i != to && b.n[i] == 0 {
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
