package solve

import (
	"math/bits"

	"solitaire/model"
)

// Joins: where runs move in one suit (Spider), a run moved sideways (board.sideways: off a card
// it follows, onto one no better) bares the card X it leaves, and that can be the point: a run
// of X's suit from another column then lies on X, or X's own run goes onto a card of its suit.
// A search that leaves out sideways moves never finds the pair, and one that keeps them scores
// the first half no better than the position before, so the pair is offered as one move
// (befs.joins): the sideways move, then the join it makes possible.

// joins appends, for each sideways move among ms, the joins it makes possible: the move, then
// a run of one suit onto the card it bares, or that card's run onto a card of its suit. Each
// is worked out on the board after the sideways move, so it is one that can be made.
func (b *board) joins(out []move, ms []move) []move {
	var jv joinView
	ready := false
	for _, m := range ms {
		if !b.sideways(m) || m.compound() || m.draws != 0 || m.card != 0 || b.n[m.to] == 0 {
			continue
		}
		if !ready {
			b.viewJoins(&jv)
			ready = true
		}
		if !b.mayJoin(m, &jv) {
			continue
		}
		mark := len(b.log)
		b.play(m, nil)
		out = b.joinsAfter(out, m)
		b.undoTo(mark)
	}
	return out
}

// joinView is what mayJoin reads of a position, worked out once for all its sideways moves.
type joinView struct {
	bases    [maxPiles]int16 // each column's takeable run's first card, -1 where none
	baseSet  uint64          // the cards in bases
	joinable uint64          // the cards that may lie on some column's top card in suit
}

// viewJoins works out jv for the board's position.
func (b *board) viewJoins(jv *joinView) {
	c := b.c
	for _, i := range c.cols {
		jv.bases[i] = -1
		if k := b.takeable(i); k > 0 {
			jv.bases[i] = int16(b.cards[i][int(b.n[i])-k])
			jv.baseSet |= 1 << jv.bases[i]
		}
		if b.n[i] != 0 && c.piles[i].rule.Take == model.TakeSuitRun {
			jv.joinable |= c.piles[i].runs[b.cards[i][b.n[i]-1]]
		}
	}
}

// mayJoin reports whether sideways move m may make a join possible, without making it: most
// sideways moves bare a card that no run joins, and making each to find that out took a
// third of a staged search's time. It reads the board before the move, where only the
// columns m leaves and m reaches differ: the run m leaves the card X under keeps where it
// begins, a run that lies on X's follower keeps its first card (m reaches a column whose run
// it lengthens, or the run m moves is its own, which joinsAfter leaves out), and the column m
// reaches is topped by m's top card, unless m makes a whole run there, which goes home: that
// move is always made. It never says no where joinsAfter finds a join (TestJoins).
func (b *board) mayJoin(m move, jv *joinView) bool {
	c := b.c
	a := int(m.from)
	rest := int(b.n[a]) - int(m.n)
	if t := int(m.to); c.def.RunsHome && c.piles[t].runs[b.cards[t][b.n[t]-1]]&(1<<b.cards[a][rest]) != 0 &&
		b.takeable(t)+int(m.n) >= int(model.King) {
		return true // the run it lengthens goes home (board.runsHome) and bares another card
	}
	x := b.cards[a][rest-1]
	if follows := c.piles[a].runs[x]; follows&jv.baseSet != 0 {
		for _, i := range c.cols {
			if i != a && jv.bases[i] >= 0 && follows&(1<<jv.bases[i]) != 0 {
				return true
			}
		}
	}
	q := b.cards[a][bits.Len64(b.starts[a]&(1<<rest-1))-1] // X's run's first card
	if (jv.joinable|c.piles[m.to].runs[b.cards[a][b.n[a]-1]])&(1<<q) == 0 {
		return false
	}
	for _, to := range c.cols {
		if to == a || b.n[to] == 0 || c.piles[to].rule.Take != model.TakeSuitRun {
			continue
		}
		top := b.cards[to][b.n[to]-1]
		if to == int(m.to) {
			top = b.cards[a][b.n[a]-1]
		}
		if c.piles[to].runs[top]&(1<<q) != 0 {
			return true
		}
	}
	return false
}

// joinsAfter appends the joins that follow sideways move m, which the board has just made.
func (b *board) joinsAfter(out []move, m move) []move {
	c := b.c
	a := int(m.from)
	if int(b.n[a]) <= int(b.down[a]) {
		return out // a card turned or the column emptied: not a sideways move after all
	}
	x := b.cards[a][b.n[a]-1]
	add := func(from, to, n int) {
		out = append(out, move{from: m.from, to: m.to, n: m.n, join: true, via: uint8(from), parkB: uint8(to), parkA: uint8(n)})
	}
	// A run of X's suit, one rank below it, whole (not split off a card of its own suit in
	// order), onto X.
	for _, from := range c.cols {
		if from == a || b.n[from] == 0 {
			continue
		}
		k := b.takeable(from)
		if k == 0 {
			continue
		}
		base := int(b.n[from]) - k
		if c.piles[a].runs[x]&(1<<b.cards[from][base]) == 0 || from == int(m.to) && k == int(m.n) {
			continue // not the next of X's suit, or the run just moved coming back
		}
		if b.canMove(from, a, k) {
			add(from, a, k)
		}
	}
	// X's run, whole, onto a card of its suit that it follows.
	k := b.takeable(a)
	q := b.cards[a][int(b.n[a])-k]
	for _, to := range c.cols {
		if to == a || b.n[to] == 0 || c.piles[to].rule.Take != model.TakeSuitRun {
			continue
		}
		if c.piles[to].runs[b.cards[to][b.n[to]-1]]&(1<<q) != 0 && b.canMove(a, to, k) {
			add(a, to, k)
		}
	}
	return out
}

// playJoin makes a join, telling say each command, and reports whether it could be made.
func (b *board) playJoin(m move, say func(from, to, n int)) bool {
	from, to, n := int(m.from), int(m.to), int(m.n)
	if n > b.takeable(from) || !b.canMove(from, to, n) {
		return false
	}
	b.play(move{from: m.from, to: m.to, n: m.n}, say)
	src, dst, k := int(m.via), int(m.parkB), int(m.parkA)
	if k > b.takeable(src) || !b.canMove(src, dst, k) {
		return false
	}
	b.play(move{from: m.via, to: m.parkB, n: m.parkA}, say)
	return true
}
