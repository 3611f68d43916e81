package solve

import (
	"math/bits"

	"solitaire/model"
)

// Spreads: where runs move in one suit (Spider), a column whose face-up cards lie in rank order
// but in several suits is taken apart a suit at a time, top first, each run onto a card of
// another column that takes it, until the card beneath turns up or the column is empty, as a
// player digs for a face-down card. Every move but the last takes a run off a card it follows
// (board.sideways), which the searches that win leave out, and even a search that kept them
// would score each no better than the position before: so the plan is offered as one move
// (befs.spreads).

// maxSpread is the most runs a spread moves: a move names four destinations (to, parkA, parkB,
// via).
const maxSpread = 4

// maxSpreadsEach bounds the spreads offered for one column, where several columns take a run.
const maxSpreadsEach = 4

// spreads appends the board's spreads: for each column whose face-up cards are in rank order
// in two to maxSpread runs of one suit, the ways of putting each run, top first, onto another
// non-empty column whose top takes it (a column that takes one run takes no other), runs of
// a suit onto their own suit first, at most maxSpreadsEach of them.
func (b *board) spreads(out []move, gi *genInfo) []move {
	c := b.c
	var cols uint32
	for _, j := range c.cols {
		cols |= 1 << j
	}
	for _, from := range c.cols {
		p := &c.piles[from]
		n, d := int(b.n[from]), int(b.down[from])
		if n-d < 2 || p.rule.Take != model.TakeSuitRun {
			continue
		}
		starts := b.starts[from] & (1<<n - 1)
		runs := bits.OnesCount64(starts)
		if runs < 2 || runs > maxSpread {
			continue
		}
		ordered := true
		for i := d + 1; i < n; i++ {
			if p.follows[b.cards[from][i-1]]&(1<<b.cards[from][i]) == 0 {
				ordered = false
				break
			}
		}
		if !ordered {
			continue
		}
		// The runs' first cards, top run first.
		var first [maxSpread]byte
		k := 0
		for w := starts; w != 0; w &= w - 1 {
			first[runs-1-k] = b.cards[from][bits.TrailingZeros64(w)]
			k++
		}
		var dest [maxSpread]uint8
		made := 0
		var place func(r int, used uint32)
		place = func(r int, used uint32) {
			if made == maxSpreadsEach {
				return
			}
			if r == runs {
				out = append(out, move{from: uint8(from), n: uint8(runs), spread: true,
					to: dest[0], parkA: dest[1], parkB: dest[2], via: dest[3]})
				made++
				return
			}
			q := first[r]
			takers := gi.takers[q&(cardSpace-1)] & cols &^ used &^ (1 << from)
			// Its own suit first: that join is what a player would choose.
			for pass := 0; pass < 2; pass++ {
				for w := takers; w != 0; w &= w - 1 {
					to := bits.TrailingZeros32(w)
					if b.n[to] == 0 || (b.cards[to][b.n[to]-1]&3 == q&3) != (pass == 0) {
						continue
					}
					dest[r] = uint8(to)
					place(r+1, used|1<<to)
				}
			}
		}
		place(0, 0)
	}
	return out
}

// spreadTo is the destination of a spread's run r (top first).
func (m move) spreadTo(r int) int {
	switch r {
	case 0:
		return int(m.to)
	case 1:
		return int(m.parkA)
	case 2:
		return int(m.parkB)
	}
	return int(m.via)
}

// playSpread makes a spread, telling say each command, and reports whether it could be made.
func (b *board) playSpread(m move, say func(from, to, n int)) bool {
	from := int(m.from)
	for r := range int(m.n) {
		to := m.spreadTo(r)
		k := b.takeable(from)
		if k == 0 || b.n[to] == 0 || !b.canMove(from, to, k) {
			return false
		}
		b.play(move{from: m.from, to: uint8(to), n: uint8(k)}, say)
	}
	return true
}
