package solve

import (
	"math/bits"

	"solitaire/model"
)

// Relays: where runs move in one suit and an empty column takes any card (Spider), a run in
// rank order of several suits moves a suit at a time through the empty columns, as a player
// moves it. With e empty columns, up to 2^e suits' worth go: the top ones are parked in an
// empty column (moved there the same way, with one empty column fewer), the rest go, and the
// parked ones come back onto them. A best-first search scores each position it stores, and
// the columns filled on the way score low, so the plan is offered as one move (befs.relay).

// maxRelayCols bounds the empty columns a relay counts on: 2^6 suits' worth is more than any
// run holds.
const maxRelayCols = 6

// relays appends the board's relays: every run of two suits or more, in rank order on top of
// a column, to each column whose top takes its lowest card, and to the first empty column
// where it is not the whole column, as far as the empty columns left over can carry it.
func (b *board) relays(out []move, gi *genInfo) []move {
	c := b.c
	if gi.cols == 0 {
		return out
	}
	for from := 0; from < b.np; from++ {
		p := &c.piles[from]
		// Where a run of two cards or more goes only onto its own suit (RunSuit), the runs
		// of a relay could not be put back together.
		if !c.isTab[from] || p.rule.Take != model.TakeSuitRun || p.rule.RunSuit {
			continue
		}
		n, d := int(b.n[from]), int(b.down[from])
		suits := 1
		for i := n - 1; i > d; i-- {
			under, over := b.cards[from][i-1], b.cards[from][i]
			if p.follows[under]&(1<<over) == 0 {
				break
			}
			if b.starts[from]&(1<<i) != 0 {
				suits++ // card i begins a run of one suit
			}
			if suits < 2 {
				continue
			}
			start := i - 1 // cards start.. move: suits runs of one suit
			x := b.cards[from][start]
			dest := gi.takers[x&(cardSpace-1)]
			for _, j := range c.cols {
				if b.n[j] == 0 {
					dest |= 1 << j
				}
			}
			dest &^= 1 << from
			for dest != 0 {
				to := bits.TrailingZeros32(dest)
				dest &= dest - 1
				free := gi.cols
				if b.n[to] == 0 {
					if start == 0 || b.emptyTwin(to) {
						continue // the whole column, or an empty column like one before
					}
					free--
				} else if !c.isTab[to] {
					continue
				}
				if free <= 0 || suits > 1<<min(free, maxRelayCols) || int(b.n[to])+n-start > cardSpace {
					continue
				}
				out = append(out, move{from: uint8(from), to: uint8(to), n: uint8(n - start), relay: true})
			}
		}
	}
	return out
}

// playRelay makes a relay, telling say each command, and reports whether it could be made as
// planned.
func (b *board) playRelay(m move, say func(from, to, n int)) bool {
	from, to := int(m.from), int(m.to)
	n := int(b.n[from])
	start := n - int(m.n)
	if start < int(b.down[from]) || m.n < 2 {
		return false
	}
	var sizes [maxCards]uint8 // the runs of one suit that move, lowest first
	k, low := 0, start
	for w := b.starts[from] & (1<<n - 1) &^ (1<<(start+1) - 1); w != 0; w &= w - 1 {
		i := bits.TrailingZeros64(w) // card i begins a run above card start's
		sizes[k], k, low = uint8(i-low), k+1, i
	}
	sizes[k], k = uint8(n-low), k+1
	var cols [maxRelayCols]uint8
	e := 0
	for _, i := range b.c.cols {
		if i != from && i != to && b.n[i] == 0 && e < len(cols) {
			cols[e], e = uint8(i), e+1
		}
	}
	return b.relay(from, to, sizes[:k], cols[:e], say)
}

// relay moves the runs of one suit sizes (lowest first) from the top of pile from onto pile
// to, through the empty columns cols.
func (b *board) relay(from, to int, sizes, cols []uint8, say func(from, to, n int)) bool {
	if len(sizes) == 1 {
		n := int(sizes[0])
		if n > b.takeable(from) || !b.canMove(from, to, n) {
			return false
		}
		b.play(move{from: uint8(from), to: uint8(to), n: uint8(n)}, say)
		return true
	}
	if len(cols) == 0 || len(sizes) > 1<<len(cols) {
		return false
	}
	t := min(len(sizes)-1, 1<<(len(cols)-1)) // the runs parked
	park, rest := int(cols[0]), cols[1:]
	top, bottom := sizes[len(sizes)-t:], sizes[:len(sizes)-t]
	return b.relay(from, park, top, rest, say) && b.relay(from, to, bottom, rest, say) && b.relay(park, to, top, rest, say)
}
