package solve

import "math/bits"

// Twins are two cards of one rank and one colour (in the games compiled.splitProof admits:
// one deck, columns built down in alternate colours that do not wrap or stop at the base, any
// run moving whole; so ranks, counted from the base where they wrap, fall along a run, and a
// run never holds two cards of one rank, nor a tail its card's twin). Suits are numbered
// clubs, diamonds, hearts, spades, so a card's twin is the card with its suit's bits flipped.
func twinOf(x byte) byte { return x ^ 3 }

// covered reports where card x lies when it is face up in a column with cards on it, in
// order: what lies on it (its tail) is the rest of the column, a run that starts with a card
// that follows x.
func (b *board) covered(x byte) (pile, height int, ok bool) {
	l := b.loc[x&(cardSpace-1)]
	i, k := int(l>>8), int(l&255)
	if i >= b.np || !b.c.isTab[i] || k+1 >= int(b.n[i]) || k < int(b.down[i]) || b.cards[i][k] != x {
		return 0, 0, false
	}
	if b.starts[i]&(^uint64(0)<<(k+1))&(1<<b.n[i]-1) != 0 {
		return 0, 0, false // a card above it does not follow the one under it
	}
	return i, k, true
}

// twinKey is the position key of the walk that merges twins (dfs.twins). Where both twins of
// a pair are face up in the columns, each bare or covered (see covered), and one at least is
// covered, the tails are keyed as if a lone tail lay on the lower twin, and of two tails the
// one that starts with the lower card. Each pair's order is its own: a swap carries the cards
// in the tails along. cols is room to work in.
//
// Why the walk may store one position of those that differ by such swaps, and still prove.
// The walk's moves (call them P): the engine's, less every split onto a twin, except that a
// split that frees a card the foundations want is one move with that card's going home; the
// folds hold back a card whose twin is covered (twinBusy). P wins wherever the engine does:
// the argument at board.splitsIdle, whose rewritten line moves a tail onto the twin just before
// the card it bared goes home, which is P's compound move; and the held-back folds are some of
// the safe ones. Now say s' is s with the tails on twins X and Y swapped (either may be
// empty). A line of P from s maps to a line of P from s', move for move, as long as the two
// positions differ by that swap: a move that touches neither twin is the same move; a card put
// on a bare X goes on the bare Y; X moving with what lies on it moves with the other tail; a
// compound move off X is, in the other position, where X is bare, X's plain move home; X's
// plain move home is, where the other tail lies on X, the compound move off X. After either
// the lines are one position. X is folded only when Y is not covered, so then the two tails
// are both empty and the positions one. So s and s' are won in the same number of P's moves.
// The walk stores a set R of positions in which every P move of every member leads to a
// position whose key is in R (the move it skips, that undoes the one before, leads back to a
// stored position, or after a compound move to one that differs from it by a swap). Were some
// member of R winnable, take one won in the fewest moves, k: its first move leads to a position
// won in k-1, whose stored fellow is won in k-1 too: less than k, unless it is the win itself,
// which the walk would have seen. So R holds no winnable position, and neither does the deal.
func (b *board) twinKey(cols *[maxPiles][maxCards]byte) uint64 {
	var swap [14]uint8 // per rank, a bit per pair (0: clubs and spades, 1: diamonds and hearts)
	covered := b.coveredSet()
	if covered == 0 {
		return b.hash
	}
	bare := b.bareSet()
	both := covered | bare
	pairs := both & twinsOf(both) & (covered | twinsOf(covered)) & 0x3333333333333333
	any := false
	for ; pairs != 0; pairs &= pairs - 1 {
		x := byte(bits.TrailingZeros64(pairs))
		lx, ly := b.loc[x], b.loc[twinOf(x)]
		px, py := int(lx>>8), int(ly>>8)
		if px == py {
			continue
		}
		switch {
		case bare&(1<<x) != 0: // a lone tail, on the higher twin
		case covered&(1<<twinOf(x)) != 0 && b.cards[px][lx&255+1] > b.cards[py][ly&255+1]:
		default:
			continue
		}
		swap[x>>2] |= 1 << (x & 3)
		any = true
	}
	if !any {
		return b.hash
	}
	// Swap the tails in a copy of the columns they lie in, pair after pair, keeping track of
	// where the cards go (a swap carries along the cards in the tails, twins included), and
	// key those columns again.
	c := b.c
	var n [maxPiles]int
	var loc [cardSpace]uint16
	var changed uint32
	for r := 13; r >= 1; r-- {
		for s := 0; s < 2; s++ {
			if swap[r]&(1<<s) != 0 {
				x := byte(r<<2 | s)
				loc[x], loc[twinOf(x)] = b.loc[x], b.loc[twinOf(x)]
				changed |= 1<<(b.loc[x]>>8) | 1<<(b.loc[twinOf(x)]>>8)
			}
		}
	}
	for ch := changed; ch != 0; ch &= ch - 1 {
		i := bits.TrailingZeros32(ch)
		n[i] = int(b.n[i])
		copy(cols[i][:n[i]], b.cards[i][:n[i]])
	}
	for r := 13; r >= 1; r-- {
		for s := 0; s < 2; s++ {
			if swap[r]&(1<<s) == 0 {
				continue
			}
			x := byte(r<<2 | s)
			lx, ly := loc[x], loc[twinOf(x)]
			px, hx, py, hy := int(lx>>8), int(lx&255)+1, int(ly>>8), int(ly&255)+1
			var tx [maxCards]byte
			nx, ny := n[px]-hx, n[py]-hy
			copy(tx[:nx], cols[px][hx:n[px]])
			copy(cols[px][hx:], cols[py][hy:n[py]])
			copy(cols[py][hy:], tx[:nx])
			n[px], n[py] = hx+ny, hy+nx
			for k := hx; k < n[px]; k++ {
				loc[cols[px][k]&(cardSpace-1)] = uint16(px)<<8 | uint16(k)
			}
			for k := hy; k < n[py]; k++ {
				loc[cols[py][k]&(cardSpace-1)] = uint16(py)<<8 | uint16(k)
			}
		}
	}
	h, key := b.hash, c.key&(cardSpace-1)
	for ch := changed; ch != 0; ch &= ch - 1 {
		i := bits.TrailingZeros32(ch)
		p := zDown[b.down[i]]
		for k, x := range cols[i][:n[i]] {
			p ^= zCard[k][x&key]
		}
		s := c.piles[i].salt
		h += mix64(p+s) - mix64(b.ph[i]+s)
	}
	return h
}

// coveredSet is the set of cards covered (see covered): in each column, the cards of its top
// run but the top card.
func (b *board) coveredSet() uint64 {
	var m uint64
	for _, i := range b.c.tabs {
		n := int(b.n[i])
		lo := int(b.down[i])
		if s := b.starts[i] & (1<<n - 1); s != 0 {
			lo = max(lo, 63-bits.LeadingZeros64(s))
		}
		for k := lo; k < n-1; k++ {
			m |= 1 << (b.cards[i][k] & (cardSpace - 1))
		}
	}
	return m
}

// bareSet is the set of the face-up top cards of the columns.
func (b *board) bareSet() uint64 {
	var m uint64
	for _, i := range b.c.tabs {
		if n := int(b.n[i]); n > int(b.down[i]) {
			m |= 1 << (b.cards[i][n-1] & (cardSpace - 1))
		}
	}
	return m
}

// twinsOf is the set of the twins of the cards in m.
func twinsOf(m uint64) uint64 {
	const c, d, h, s = 0x1111111111111111, 0x2222222222222222, 0x4444444444444444, 0x8888888888888888
	return (m&c)<<3 | (m&s)>>3 | (m&d)<<1 | (m&h)>>1
}

// twinBusy reports whether card x must stay out of the merging walk's folds: its twin is
// face up in a column with cards on it. Were x sent home while its twin is covered, the
// position with the two tails swapped (which the walk merges with this one) could send the
// twin home instead, and the two lines would part; held back, x goes home only by a move,
// which the other position makes by moving the twin's tail onto x's twin first.
func (b *board) twinBusy(x byte) bool {
	_, _, ok := b.covered(twinOf(x))
	return ok
}

// twinSplit reports whether move m takes a run off a card onto that card's twin (a split
// onto a column: only twins take the run's first card), whether or not it frees a card the
// foundations want: splitsIdle with no card wanted.
func (b *board) twinSplit(m move) bool { return b.splitsIdle(m, 0) }
