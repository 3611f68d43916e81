package solve

import "solitaire/model"

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
	for _, m := range ms {
		if !b.sideways(m) || m.compound() || m.draws != 0 || m.card != 0 || b.n[m.to] == 0 {
			continue
		}
		mark := len(b.log)
		b.play(m, nil)
		out = b.joinsAfter(out, m)
		b.undoTo(mark)
	}
	return out
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
