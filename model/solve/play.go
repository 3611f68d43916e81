package solve

import (
	"math/bits"

	"solitaire/model"
)

// apply makes a search step in place: its draws, its move, then the cards that go home by
// themselves (the game's autoplay) or that the solver sends home because it is always safe.
func (b *board) apply(m move) { b.play(m, nil) }

// play is apply, telling say each command the step amounts to, in order: a draw as
// (noPile, noPile, 0), a move as (from, to, n). Cards the game's autoplay moves are not told.
func (b *board) play(m move, say func(from, to, n int)) {
	if m.compound() {
		b.playCompound(m, say) // its search made it once from this very position
		return
	}
	tell := func(from, to, n int) {
		if say != nil {
			say(from, to, n)
		}
	}
	draws := int(m.draws)
	if m.card > 0 {
		t := int(m.card) - 1
		draws += b.drawsFor(t)
		b.turnTo(t)
	} else if draws > 0 && b.c.batchDraws {
		b.turnPair(draws)
	} else {
		for k := 0; k < draws; k++ {
			b.draw()
			b.runsHome()
		}
	}
	for k := 0; k < draws; k++ {
		tell(noPile, noPile, 0)
	}
	if m.isDraw() {
		tell(noPile, noPile, 0)
		b.draw()
	} else {
		tell(int(m.from), int(m.to), int(m.n))
		b.place(int(m.from), int(m.to), int(m.n))
		b.settle()
	}
	b.runsHome()
	switch {
	case b.c.def.AutoPlay:
		b.playHome(true, nil)
	case b.c.noFold:
	case !b.c.plain && say == nil:
		b.playHome(false, nil)
	case !b.c.plain:
		b.playHome(false, func(from, to, draws int) {
			for ; draws > 0; draws-- {
				say(noPile, noPile, 0)
			}
			say(from, to, 1)
		})
	}
}

// playHome sends cards home the way the engine's auto does: lowest top card first, to the
// first foundation that takes it, until none can go. With engine false it keeps to the moves
// that can never lose a win (see fold), and where any card of the stock can be had (a cyclic
// stock) it sends those home too, after the draws that reach them. It reports each move to
// seen, with the draws before it, when seen is not nil.
func (b *board) playHome(engine bool, seen func(from, to, draws int)) {
	c := b.c
	if len(c.found) == 0 {
		return
	}
	if !engine && c.decks == 1 && !c.cyclic {
		b.foldFast(seen, true)
		return
	}
	for {
		want := b.want
		if want == 0 {
			return
		}
		// Most moves leave no card to send home: a look at the tops first (kept on the board
		// with one deck, where a card's bit is its own).
		tops := b.tops
		if c.decks > 1 {
			tops = 0
			for _, i := range c.sources {
				tops |= b.topOf(i)
			}
		}
		if tops&want == 0 && (engine || !c.cyclic || c.decks == 1 && want&b.stockSet == 0) {
			return
		}
		best, bestRank := -1, byte(255)
		// The engine visits sources lowest top rank first, ties in board order.
		for _, i := range c.sources {
			if b.n[i] == 0 || b.n[i] == b.down[i] {
				continue
			}
			x := b.top(i)
			if want&(1<<x) == 0 || x>>2 >= bestRank || !b.safe(x, want, !engine) {
				continue
			}
			if !engine && !b.foldable(i) {
				continue
			}
			if b.takeable(i) == 0 {
				continue
			}
			for _, f := range c.found {
				if b.canMove(i, f, 1) && (engine || b.foldTo(f)) {
					best, bestRank = i, x>>2
					break
				}
			}
		}
		if best < 0 {
			if engine || !c.cyclic || c.noCycleFold || !b.foldCycle(want, seen) {
				return
			}
			continue
		}
		for _, f := range c.found {
			if b.canMove(best, f, 1) && (engine || b.foldTo(f)) {
				if seen != nil {
					seen(best, f, 0)
				}
				b.transfer(best, f, 1, false)
				b.settle()
				break
			}
		}
	}
}

// foldFast is playHome's solver side with one deck and no cycle: the cards to send home are
// found from the tops the board keeps and where each card lies, not by a look at every pile.
// The cards go lowest first; which order they go in changes nothing, since none of them
// stops another from going. With bold false it keeps to auto's own rule, and ends where the
// engine's playHome ends, though by another order.
func (b *board) foldFast(seen func(from, to, draws int), bold bool) {
	c := b.c
	for {
		cand := b.tops & b.want
		moved := false
		for cand != 0 {
			x := byte(bits.TrailingZeros64(cand))
			cand &= cand - 1
			i := int(b.loc[x] >> 8)
			if !b.safe(x, b.want, bold) || !b.foldable(i) || b.takeable(i) == 0 {
				continue
			}
			for _, f := range c.found {
				if b.foldTo(f) && b.canMove(i, f, 1) {
					if seen != nil {
						seen(i, f, 0)
					}
					b.transfer(i, f, 1, false)
					b.settle()
					moved = true
					break
				}
			}
			if moved {
				break
			}
		}
		if !moved {
			return
		}
	}
}

// foldCycle sends home one safe card of a cyclic stock, if one fits, turning the stock to it.
func (b *board) foldCycle(want uint64, seen func(from, to, draws int)) bool {
	c := b.c
	if c.decks == 1 && want&b.stockSet == 0 {
		return false // no card of the cycle is wanted: most of the time
	}
	var buf [maxCards]byte
	for t, x := range b.cycle(buf[:0]) {
		if want&(1<<x) == 0 || !b.safe(x, want, true) {
			continue
		}
		for _, f := range c.found {
			if b.foldTo(f) && b.fits(f, x, 1) {
				if seen != nil {
					seen(c.waste, f, b.drawsFor(t))
				}
				b.turnTo(t)
				b.transfer(c.waste, f, 1, false)
				b.settle()
				return true
			}
		}
	}
	return false
}

// wanted is a superset of the cards some foundation would take now: a quick filter.
func (b *board) wanted() uint64 { return b.want }

// accepts is a superset of the cards pile f would take now.
func (b *board) accepts(f int) uint64 {
	p := &b.c.piles[f]
	n := int(b.n[f])
	switch {
	case p.rule.Capacity > 0 && n >= p.rule.Capacity:
		return 0
	case p.rule.Empty == model.EmptyRun:
		return 0 // a run's foundation takes no card alone (runsHome sends runs)
	case n == 0:
		return b.wants[f]
	case p.rule.Build == model.BuildRankAbove:
		return ^uint64(0)
	}
	return p.follows[b.cards[f][n-1]]
}

// safe is the engine's rule for auto: no card that could still be built on x in the tableau
// remains in play (aces and twos always go, where the columns do not wrap). With bold, in the
// games that allow it (compiled.bold), the solver's bolder rule (safeBold).
func (b *board) safe(x byte, want uint64, bold bool) bool {
	if b.twins && b.twinBusy(x) || !b.c.homeInOrder {
		return false
	}
	if !b.c.hasTab || x>>2 <= 2 && !b.c.wraps {
		return true
	}
	if bold && b.c.bold {
		return b.safeBold(x, want)
	}
	for deps := b.c.safeDeps[x]; deps != 0; deps &= deps - 1 {
		if int(b.home[bits.TrailingZeros64(deps)]) < b.c.decks {
			return false
		}
	}
	return true
}

// safeBold is Solvitaire's rule (Blake and Gent) for one deck built down in alternate
// colours: x may go home when every card that could lie on it can go home as soon as it is
// free (it is home or wanted), and so can every card that could lie on one of those; or,
// where no card comes back off a foundation, when every card that could lie on x is home
// (auto's rule). With cards taken back, auto's rule alone can lose a win: a card taken back
// may need x to land on, to hold a card of x's colour two ranks below, which the rule leaves
// far from home (Solvitaire met one in Klondike).
func (b *board) safeBold(x byte, want uint64) bool {
	all, free, next := true, true, uint64(0)
	for deps := b.c.safeDeps[x]; deps != 0; deps &= deps - 1 {
		d := bits.TrailingZeros64(deps)
		if b.home[d] == 0 {
			all = false
			free = free && want&(1<<d) != 0
		}
		next |= b.c.safeDeps[d]
	}
	if all && !b.c.def.FoundationReturn {
		return true
	}
	if !free {
		return false
	}
	for ; next != 0; next &= next - 1 {
		e := bits.TrailingZeros64(next)
		if b.home[e] == 0 && want&(1<<e) == 0 {
			return false
		}
	}
	return true
}

// foldable says whether the solver may send pile i's top home without asking: not from a
// waste turned three at a time, where taking a card changes which cards later draws show.
func (b *board) foldable(i int) bool {
	return b.c.piles[i].role != model.Waste || b.c.def.Draw <= 1
}

// foldTo says whether foundation f may be filled without asking: starting an empty foundation
// whose rule looks at its neighbour (Osmosis) is a choice, not a safe move.
func (b *board) foldTo(f int) bool {
	return b.n[f] > 0 || !b.c.piles[f].chainPrev && !b.c.piles[f].rule.NewSuit
}

// applyAtomic makes one of the engine's own commands (an atomic move or a draw) as the
// engine's Apply does, short of the auto-finish: the move, then the game's autoplay if any.
func (b *board) applyAtomic(m move) {
	if m.isDraw() {
		b.draw()
	} else {
		b.place(int(m.from), int(m.to), int(m.n))
		b.settle()
	}
	b.runsHome()
	if b.c.def.AutoPlay {
		b.playHome(true, nil)
	}
}

// runsHome sends every complete run a foundation takes there, as the engine's playRuns does
// after every command (model.Def.RunsHome): column by column, to the first foundation that
// takes it, until none is left.
func (b *board) runsHome() {
	if !b.c.def.RunsHome {
		return
	}
	const run = int(model.King)
	for again := true; again; {
		again = false
		for _, i := range b.c.tabs {
			if int(b.n[i]) < run || b.takeable(i) < run {
				continue
			}
			for _, f := range b.c.found {
				if b.canMove(i, f, run) {
					b.place(i, f, run)
					b.settle()
					again = true
					break
				}
			}
		}
	}
}

// drawsBefore is how many draws come before move m.
func (b *board) drawsBefore(m move) int {
	if m.card > 0 {
		return b.drawsFor(int(m.card) - 1)
	}
	return int(m.draws)
}
