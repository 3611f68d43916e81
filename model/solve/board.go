package solve

import (
	"math/bits"
	"solitaire/model"
)

// board is the search state: every pile's cards as bytes in fixed arrays, changed in place and
// changed back through an undo log, with a position key kept up to date as cards move.
type board struct {
	c        *compiled
	np       int
	n        [maxPiles]uint8
	down     [maxPiles]uint8
	cards    [maxPiles][maxCards]byte
	home     [cardSpace]uint8 // copies of each card on the foundations
	homeN    int              // cards on the foundations
	recycles int
	base     model.Rank
	ph       [maxPiles]uint64 // each pile's own hash: its cards by height and its face-down count
	hash     uint64           // the position key: the piles' hashes mixed with their salts, summed
	log      []entry
	wants    [maxPiles]uint64 // per pile: the cards it takes when empty (chained piles: none)
	want     uint64           // wanted(), kept up to date as the foundations change
	acc      [maxPiles]uint64 // per foundation, what it takes (accepts), kept with want
	// starts[i] has bit k set when card k of tableau pile i begins a run in order under the pile's
	// own rule: it is the lowest face-up card, or does not follow the card under it. Kept up
	// to date as cards move (runStart).
	starts [maxPiles]uint64
	// tops has the face-up top card of every pile auto may send home (compiled.sources) set:
	// kept up to date with one deck, where a card's bit is its own (playHome).
	tops uint64
	// stockSet has the cards of a stock and waste keyed together set (one deck).
	stockSet uint64
	// Empty free cells and empty columns that take any card, kept up to date as piles empty
	// and fill (groupLimit).
	emptyCells, emptyCols int
	hides                 [maxPiles]bool // per pile: it can have face-down cards (packing keeps their count)
	twins                 bool           // the walk that merges twins' tails plays it: folds hold back (twinBusy)
	// capped: a move was left out because a column would hold more than cardSpace cards (two
	// decks, as in Spider): the search may still win, but not prove a loss. load keeps it.
	capped bool

	// What eval keeps from one position to the next (see eval): each pile's own terms, the
	// piles changed since, the weights they were worked out with, and where each card lies
	// (pile<<8 | height), checked before use, so only where cards land needs keeping.
	pileScore [maxPiles]int32
	dirty     uint32
	unsettled uint32 // piles changed since the last settle (flipTops)
	scoredBy  *weights
	loc       [cardSpace]uint16
}

// entry is one primitive change, enough to undo it.
type entry struct {
	kind     uint8
	a, b, n  uint8
	rev      bool
	oldDownA uint8
}

// The primitive changes.
const (
	eTransfer uint8 = iota // n cards from pile a to pile b (reversed when rev)
	eDown                  // pile a's face-down count was oldDownA
	eRecycle               // the recycle count went up by one
	eRotate                // the stock and waste were turned to a waste of a cards (cyclic stocks)
)

// load sets the board to a model position.
func (b *board) load(c *compiled, st *model.State) {
	*b = board{c: c, np: len(c.piles), log: b.log[:0], capped: b.capped}
	b.recycles, b.base = st.Recycles, st.Base
	for i := range st.Piles {
		p := &st.Piles[i]
		b.n[i] = uint8(len(p.Cards))
		b.down[i] = uint8(p.Down)
		r := &c.piles[i].rule
		b.hides[i] = r.AutoFlip || r.TopOnly || c.piles[i].role == model.Stock || p.Down > 0
		for k, card := range p.Cards {
			b.cards[i][k] = byte(card)
			if c.piles[i].role == model.Foundation {
				b.home[card]++
				b.homeN++
			}
		}
	}
	b.rehash()
	for i := range c.piles {
		b.wants[i] = c.piles[i].wants
		if c.piles[i].rule.Empty == model.EmptyBase {
			b.wants[i] = c.piles[i].emptyWants(b.base)
		}
	}
	b.refreshWant()
}

// key is the position's key in the searches' tables: the board's own (hash), but where the
// stock that deals onto the columns is empty, the columns it dealt onto are keyed as their
// class (compiled.endSym), so positions that differ only by which of them holds which cards
// are one: with nothing left to deal they take the same moves and win alike.
func (b *board) key() uint64 {
	c := b.c
	if c.endSym == nil || b.n[c.stock] > 0 {
		return b.hash
	}
	h := b.hash
	for _, i := range c.endSym {
		h += mix64(b.ph[i]+c.endSalt[i]) - mix64(b.ph[i]+c.salt[i])
	}
	return h
}

// restart works out pile i's starts afresh (tableau piles only: no other pile's runs count).
func (b *board) restart(i int) {
	if !b.c.isTab[i&(maxPiles-1)] {
		return
	}
	n, lo := int(b.n[i]), int(b.down[i])
	var m uint64
	if n > lo {
		m = 1 << lo
		f := b.c.piles[i].runs
		cs := &b.cards[i]
		for k := lo + 1; k < n; k++ {
			if f[cs[k-1]]&(1<<cs[k]) == 0 {
				m |= 1 << k
			}
		}
	}
	b.starts[i] = m
}

// retop works tops out afresh.
func (b *board) retop() {
	b.tops = 0
	for _, i := range b.c.sources {
		if n := b.n[i]; n > b.down[i] {
			b.tops |= 1 << (b.cards[i][n-1] & (cardSpace - 1))
		}
	}
}

// topOf is pile i's face-up top card's bit, or 0.
func (b *board) topOf(i int) uint64 {
	if n := b.n[i]; n > b.down[i] {
		return 1 << (b.cards[i][n-1] & (cardSpace - 1))
	}
	return 0
}

// refreshWant works wanted() out again.
func (b *board) refreshWant() {
	var want uint64
	for _, f := range b.c.found {
		b.acc[f] = b.accepts(f)
		want |= b.acc[f]
	}
	b.want = want
}

// countEmpty counts the empty free cells and columns afresh.
func (b *board) countEmpty() {
	b.emptyCells, b.emptyCols = 0, 0
	for _, i := range b.c.cells {
		if b.n[i] == 0 {
			b.emptyCells++
		}
	}
	for _, i := range b.c.cols {
		if b.n[i] == 0 {
			b.emptyCols++
		}
	}
}

// rehash computes the key from scratch, and has eval's terms worked out afresh.
func (b *board) rehash() {
	b.countEmpty()
	b.refreshWant()
	for i := 0; i < b.np; i++ {
		b.restart(i)
	}
	b.retop()
	b.hash = 0
	b.dirty = ^uint32(0)
	for i := 0; i < b.np; i++ {
		for k, x := range b.cards[i][:b.n[i]] {
			b.loc[x&(cardSpace-1)] = uint16(i)<<8 | uint16(k)
		}
		if b.c.flag[i]&fPair != 0 {
			continue
		}
		h := zDown[b.down[i]]
		cs, key := b.cards[i][:b.n[i]], b.c.key
		if b.c.piles[i].topKey {
			h = b.topHash(i)
		} else if b.c.piles[i].set {
			for _, x := range cs {
				h ^= zCard[0][x&setKey] // each card whole (setKey)
			}
		} else {
			for k, x := range cs {
				h ^= zCard[k][x&key&(cardSpace-1)]
			}
		}
		b.ph[i] = h
		b.hash += mix64(h + b.c.piles[i].salt)
	}
	if b.c.def.Passes > 0 {
		b.hash += zRecy[b.recycles&255] // added, not xored: the piles' terms are added and taken away
	}
	b.stockSet = 0
	if b.c.cyclic || b.c.pair {
		s, w := b.c.stock, b.c.waste
		for _, i := range [2]int{s, w} {
			for _, x := range b.cards[i][:b.n[i]] {
				b.stockSet |= 1 << (x & (cardSpace - 1))
			}
		}
		b.ph[s], b.ph[w] = b.cycleHash(), b.wastePos()
		b.hash += mix64(b.ph[s]+b.c.piles[s].salt) + mix64(b.ph[w]+b.c.piles[w].salt)
	}
}

// wastePos is the waste's term in the key of a stock and waste keyed together: how many cards
// it holds (pair; without a pass limit, the places an empty waste's draws reach count as one,
// see cycleStart), or nothing (cyclic: where the stock stands in its cycle does not count).
func (b *board) wastePos() uint64 {
	if b.c.cyclic {
		return 0
	}
	if b.c.cycleMerge && b.atCycleStart() {
		return zPos[0]
	}
	return zPos[b.n[b.c.waste]]
}

// atCycleStart is cycleStart for the board's stock and waste.
func (b *board) atCycleStart() bool {
	nw := int(b.n[b.c.waste])
	return cycleStart(nw, nw+int(b.n[b.c.stock]), b.c.def.Draw)
}

// cycleStart reports whether a waste of nw cards, of total in the stock and waste, is one that
// draws reach from an empty waste: a whole number of draws, or all the cards. Without a pass
// limit these places reach each other by draws and turns of the waste alone, so they are one
// position: the key counts them all as an empty waste. From any other place the draws reach
// the end, and so every one of these as well, but not back (board.cycleStartKey).
func cycleStart(nw, total, draw int) bool {
	return nw%draw == 0 || nw == total
}

// cycleStartKey is, where the waste is not at a place an empty one's draws reach (cycleStart),
// the key of the position that differs only by having its waste at one: a position this one
// dominates, since its draws reach all those places and the plays from them lead to the same
// positions. A walk that stores this position may store that key with it (ok false where the
// board's own key is that one already).
func (b *board) cycleStartKey() (uint64, bool) {
	c := b.c
	if !c.cycleMerge || b.atCycleStart() {
		return 0, false
	}
	w := c.waste
	sw := c.salt[w]
	return b.hash - mix64(b.ph[w]+sw) + mix64(zPos[0]+sw), true
}

// clock is the position's key without where the stock stands, and the time that says where:
// the recycles made, then the cards in the waste. Draws reach every later time and change
// nothing else, so of one position the earliest time has every play (compiled.clocked).
func (b *board) clock() (uint64, uint16) {
	w := b.c.waste
	k := b.hash - mix64(b.ph[w]+b.c.salt[w]) - zRecy[b.recycles&255]
	return k, uint16(b.recycles<<6 + int(b.n[w]))
}

// cycle lists the stock and waste cards in the order draws show them, starting from the
// waste's bottom: drawing and turning the waste over leave it as it is, so where the stock
// stands in it does not count in the key of a game that turns one card without a pass limit.
func (b *board) cycle(out []byte) []byte {
	s, w := b.c.stock, b.c.waste
	out = append(out, b.cards[w][:b.n[w]]...)
	for k := int(b.n[s]) - 1; k >= 0; k-- {
		out = append(out, b.cards[s][k])
	}
	return out
}

func (b *board) cycleHash() uint64 {
	var buf [maxCards]byte
	h := uint64(0x51C0)
	for k, x := range b.cycle(buf[:0]) {
		key := b.c.key
		if b.c.decks == 1 {
			k, key = 0, setKey // a set (see setKey)
		}
		h ^= zCard[k][x&key&(cardSpace-1)]
	}
	return h
}

// recycle updates the stock and waste terms of the key after they changed.
func (b *board) recycle() {
	s, w := b.c.stock, b.c.waste
	ss, sw := b.c.piles[s].salt, b.c.piles[w].salt
	b.hash -= mix64(b.ph[s]+ss) + mix64(b.ph[w]+sw)
	b.ph[s], b.ph[w] = b.cycleHash(), 0
	b.hash += mix64(b.ph[s]+ss) + mix64(b.ph[w]+sw)
}

// turnTo turns the cycle until the card at place t is the waste's top, in one step: the same
// stock and waste as that many draws give, and the same key.
func (b *board) turnTo(t int) {
	nw := int(b.n[b.c.waste])
	if t == nw-1 {
		return
	}
	if t < nw-1 {
		b.recycles++
		b.log = append(b.log, entry{kind: eRecycle})
	}
	b.log = append(b.log, entry{kind: eRotate, a: uint8(nw)})
	b.rotate(t + 1)
}

// rotate rewrites the stock and waste so that the waste holds the cycle's first nw cards.
func (b *board) rotate(nw int) {
	c := b.c
	s, w := c.stock, c.waste
	for _, i := range [2]int{s, w} {
		if c.flag[i]&fSource != 0 {
			b.tops &^= b.topOf(i)
		}
	}
	// The cycle is the waste from its bottom, then the stock from its top: turning it to a
	// waste of nw cards moves the cards between the two piles' tops, one by one, reversed.
	ow, os := int(b.n[w]), int(b.n[s])
	ns := ow + os - nw
	for ; ow < nw; ow++ {
		os--
		x := b.cards[s][os]
		b.cards[w][ow] = x
		b.loc[x&(cardSpace-1)] = uint16(w)<<8 | uint16(ow)
	}
	for ; ow > nw; os++ {
		ow--
		x := b.cards[w][ow]
		b.cards[s][os] = x
		b.loc[x&(cardSpace-1)] = uint16(s)<<8 | uint16(os)
	}
	b.n[w], b.n[s] = uint8(nw), uint8(ns)
	b.down[w], b.down[s] = 0, uint8(ns)
	if c.piles[s].rule.TopOnly && ns > 0 {
		b.down[s] = uint8(ns - 1) // its top shows, as board.settle leaves it
	}
	b.restart(w)
	b.restart(s)
	for _, i := range [2]int{s, w} {
		if c.flag[i]&fSource != 0 {
			b.tops |= b.topOf(i)
		}
	}
	b.dirty |= 1<<s | 1<<w
	b.unsettled |= 1<<s | 1<<w
	if c.pair {
		hw, sw := b.wastePos(), c.salt[w]
		b.hash += mix64(hw+sw) - mix64(b.ph[w]+sw)
		b.ph[w] = hw
	}
}

// turnPair makes k draws at once where the stock and waste are keyed together (pair): the
// cards stay in the order they were dealt, so k draws only change how many are in the waste
// (and the recycles), and the two piles are laid out anew from that order in one step.
func (b *board) turnPair(k int) {
	c := b.c
	nw := int(b.n[c.waste])
	total := nw + int(b.n[c.stock])
	old := nw
	for ; k > 0; k-- {
		if nw == total {
			b.addRecycle(1)
			b.log = append(b.log, entry{kind: eRecycle})
			nw = 0
			continue
		}
		nw = min(total, nw+c.def.Draw)
	}
	b.log = append(b.log, entry{kind: eRotate, a: uint8(old)})
	b.rotate(nw)
}

// drawsFor is how many draws bring the card at place t of the cycle to the top of the waste.
func (b *board) drawsFor(t int) int {
	ns, nw := int(b.n[b.c.stock]), int(b.n[b.c.waste])
	switch {
	case t == nw-1:
		return 0
	case t >= nw:
		return t - nw + 1
	}
	return ns + 1 + t + 1 // the rest of the stock, the turn of the waste, then up to the card
}

// state returns the board as a model position.
func (b *board) state() model.State {
	st := model.State{Piles: make([]model.Pile, b.np), Recycles: b.recycles, Base: b.base}
	for i := 0; i < b.np; i++ {
		cs := make([]model.Card, b.n[i])
		for k := range cs {
			cs[k] = model.Card(b.cards[i][k])
		}
		st.Piles[i] = model.Pile{Cards: cs, Down: int(b.down[i])}
	}
	return st
}

// same reports whether board o holds the same position as b, pile q of b being pile sigma[q]
// of o.
func (b *board) same(o *board, sigma *[maxPiles]uint8) bool {
	if b.recycles != o.recycles || b.base != o.base {
		return false
	}
	for q := 0; q < b.np; q++ {
		p := int(sigma[q])
		if b.n[q] != o.n[p] || b.down[q] != o.down[p] || string(b.cards[q][:b.n[q]]) != string(o.cards[p][:o.n[p]]) {
			return false
		}
	}
	return true
}

func (b *board) top(i int) byte {
	if b.n[i] == 0 {
		return 0
	}
	return b.cards[i][b.n[i]-1]
}

func (b *board) faceUp(i int) int { return int(b.n[i]) - int(b.down[i]) }

// transfer moves the top n cards of pile a onto pile b, reversed when rev, and logs it.
func (b *board) transfer(a, to, n int, rev bool) {
	b.move(a, to, n, rev)
	b.log = append(b.log, entry{kind: eTransfer, a: uint8(a), b: uint8(to), n: uint8(n), rev: rev})
}

// place moves n cards from pile from onto pile to as a player's move does: a pair made on a
// pile that pairs off leaves at once for where pairs go (model.Rule.PairOff, Def.PairsHome).
func (b *board) place(from, to, n int) {
	b.transfer(from, to, n, b.c.piles[from].rule.Take == model.TakeChain)
	if b.c.piles[to].rule.PairOff {
		b.transfer(to, b.c.pairsHome, 2, false)
	}
}

// move is transfer without the log.
func (b *board) move(a, to, n int, rev bool) {
	c := b.c
	if n == 1 && (c.flag[a&(maxPiles-1)]|c.flag[to&(maxPiles-1)])&fPair == 0 {
		b.moveOne(a, to)
		return
	}
	pa, pb := &c.piles[a], &c.piles[to]
	if pa.source {
		b.tops &^= b.topOf(a)
	}
	if pb.source {
		b.tops &^= b.topOf(to)
	}
	// A stock and waste keyed together (cyclic or pair) have their own terms (see cycle).
	inA := c.flag[a]&fPair != 0
	inB := c.flag[to]&fPair != 0
	ha, hb := b.ph[a], b.ph[to]
	la, lb := int(b.n[a]), int(b.n[to])
	cut := la - n
	key := c.key & (cardSpace - 1)
	src, dst := b.cards[a][cut:la], b.cards[to][lb:lb+n]
	if rev {
		for k := range dst {
			dst[k] = src[n-1-k]
		}
	} else {
		copy(dst, src)
	}
	// A set's cards are keyed at height 0; a stock and waste keyed together have terms of their
	// own, worked out below.
	if !inA {
		for k, x := range src {
			h, ka := cut+k, key
			if pa.set {
				h, ka = 0, setKey
			}
			ha ^= zCard[h][x&ka]
		}
	}
	for k, x := range dst {
		h, kb := lb+k, key
		b.loc[x&(cardSpace-1)] = uint16(to)<<8 | uint16(h)
		if !inB {
			if pb.set {
				h, kb = 0, setKey
			}
			hb ^= zCard[h][x&kb]
		}
	}
	fa, fb := pa.role == model.Foundation, pb.role == model.Foundation
	if fb {
		for _, x := range dst {
			b.home[x]++
		}
		b.homeN += n
	}
	if fa {
		for _, x := range dst {
			b.home[x]--
		}
		b.homeN -= n
	}
	b.n[a], b.n[to] = uint8(cut), uint8(lb+n)
	if pa.topKey {
		ha = b.topHash(a)
	}
	if pb.topKey {
		hb = b.topHash(to)
	}
	if pa.source {
		b.tops |= b.topOf(a)
	}
	if pb.source {
		b.tops |= b.topOf(to)
	}
	b.starts[a] &= 1<<cut - 1
	if c.isTab[to&(maxPiles-1)] {
		f, cs, d := pb.runs, &b.cards[to], int(b.down[to])
		for k := max(lb, d); k < lb+n; k++ {
			if k == d || f[cs[k-1]]&(1<<cs[k]) == 0 {
				b.starts[to] |= 1 << k
			}
		}
	}
	if fa || fb {
		b.refreshWant()
	}
	if cut == 0 && la > 0 {
		b.emptyCells += int(pa.cell)
		b.emptyCols += int(pa.col)
	}
	if lb == 0 && n > 0 {
		b.emptyCells -= int(pb.cell)
		b.emptyCols -= int(pb.col)
	}
	b.dirty |= 1<<a | 1<<to
	b.unsettled |= 1<<a | 1<<to
	if !inA {
		sa := pa.salt
		b.hash += mix64(ha+sa) - mix64(b.ph[a]+sa)
		b.ph[a] = ha
	}
	if !inB {
		sb := pb.salt
		b.hash += mix64(hb+sb) - mix64(b.ph[to]+sb)
		b.ph[to] = hb
	}
	switch {
	case !inA && !inB:
	case c.decks == 1:
		// With one deck the cycle keeps the order the stock was dealt in and cards only leave
		// it, so the cards still in it say everything: a set, changed card by card, and (pair)
		// how many of them are in the waste.
		s, w := c.stock, c.waste
		ss, sw := c.salt[s], c.salt[w]
		h := b.ph[s]
		if inA != inB {
			for k := 0; k < n; k++ {
				x := b.cards[to][lb+k]
				h ^= zCard[0][x&setKey]
				b.stockSet ^= 1 << (x & (cardSpace - 1))
			}
		}
		hw := b.wastePos()
		b.hash += mix64(h+ss) - mix64(b.ph[s]+ss) + mix64(hw+sw) - mix64(b.ph[w]+sw)
		b.ph[s], b.ph[w] = h, hw
	case inA != inB:
		b.recycle()
	}
}

// setKey is the bits of a card that key it in a set of cards (a foundation keyed as a set, a
// one-deck stock and waste keyed together): the whole card, even where the position key reads
// only ranks (compiled.key), since the cards of a set are added in by exclusive or, and two of
// one rank, keyed alike, would take each other out.
const setKey = cardSpace - 1

// topHash is the own hash of a pile keyed by its top card alone (pile.topKey).
func (b *board) topHash(i int) uint64 {
	h := zDown[b.down[i]]
	if n := b.n[i]; n > 0 {
		h ^= zCard[0][b.cards[i][n-1]&b.c.key&(cardSpace-1)]
	}
	return h
}

// flagged is 1 when f has flag m, else 0.
func flagged(f, m uint8) int {
	if f&m != 0 {
		return 1
	}
	return 0
}

// moveOne is move for one card, outside a cyclic stock: the solver's commonest change.
func (b *board) moveOne(a, to int) {
	c := b.c
	a, to = a&(maxPiles-1), to&(maxPiles-1) // in range: lets the compiler drop bounds checks
	fa, fb := c.flag[a], c.flag[to]
	if fb&fSource != 0 {
		b.tops &^= b.topOf(to)
	}
	la, lb := int(b.n[a])-1, int(b.n[to])
	x := b.cards[a][la]
	b.cards[to][lb] = x
	b.loc[x&(cardSpace-1)] = uint16(to)<<8 | uint16(lb)
	ka, kb := la, lb
	k := x & c.key & (cardSpace - 1)
	xa, xb := k, k
	if fa&fSet != 0 {
		ka, xa = 0, x&setKey
	}
	if fb&fSet != 0 {
		kb, xb = 0, x&setKey
	}
	ha, hb := b.ph[a]^zCard[ka][xa], b.ph[to]^zCard[kb][xb]
	if fb&fFound != 0 {
		b.home[x]++
		b.homeN++
	}
	if fa&fFound != 0 {
		b.home[x]--
		b.homeN--
	}
	b.n[a], b.n[to] = uint8(la), uint8(lb+1)
	if (fa|fb)&fTop != 0 {
		if fa&fTop != 0 {
			ha = b.topHash(a)
		}
		if fb&fTop != 0 {
			hb = b.topHash(to)
		}
	}
	if fa&fSource != 0 {
		b.tops = b.tops&^(1<<(x&(cardSpace-1))) | b.topOf(a)
	}
	if fb&fSource != 0 {
		b.tops |= b.topOf(to)
	}
	b.starts[a] &= 1<<la - 1
	if d := int(b.down[to]); c.isTab[to] && (lb == d || lb > d && c.runs[to][b.cards[to][lb-1]]&(1<<x) == 0) {
		b.starts[to] |= 1 << lb
	}
	if (fa|fb)&fFound != 0 {
		if fb&fFound != 0 {
			b.acc[to] = b.accepts(to)
		}
		if fa&fFound != 0 {
			b.acc[a] = b.accepts(a)
		}
		var want uint64
		for _, f := range c.found {
			want |= b.acc[f]
		}
		b.want = want
	}
	if la == 0 {
		b.emptyCells += flagged(fa, fCell)
		b.emptyCols += flagged(fa, fCol)
	}
	if lb == 0 {
		b.emptyCells -= flagged(fb, fCell)
		b.emptyCols -= flagged(fb, fCol)
	}
	b.dirty |= 1<<a | 1<<to
	b.unsettled |= 1<<a | 1<<to
	sa, sb := c.salt[a], c.salt[to]
	b.hash += mix64(ha+sa) - mix64(b.ph[a]+sa) + mix64(hb+sb) - mix64(b.ph[to]+sb)
	b.ph[a], b.ph[to] = ha, hb
}

// setDown changes pile i's face-down count, and logs it.
func (b *board) setDown(i, d int) {
	old := int(b.down[i])
	if old == d {
		return
	}
	b.log = append(b.log, entry{kind: eDown, a: uint8(i), oldDownA: uint8(old)})
	b.putDown(i, d)
}

func (b *board) putDown(i, d int) {
	b.dirty |= 1 << i
	b.unsettled |= 1 << i
	src := b.c.flag[i]&fSource != 0
	if src {
		b.tops &^= b.topOf(i)
	}
	if b.c.flag[i]&fPair != 0 {
		b.down[i] = uint8(d) // the stock is all face down and the waste all face up: nothing to key
	} else {
		s := b.c.piles[i].salt
		b.hash -= mix64(b.ph[i] + s)
		b.ph[i] ^= zDown[b.down[i]] ^ zDown[d]
		b.down[i] = uint8(d)
		b.hash += mix64(b.ph[i] + s)
	}
	if src {
		b.tops |= b.topOf(i)
	}
	b.restart(i)
}

func (b *board) addRecycle(d int) {
	if b.c.def.Passes > 0 {
		b.hash += zRecy[(b.recycles+d)&255] - zRecy[b.recycles&255]
	}
	b.recycles += d
}

// undoTo takes back every change logged after mark.
func (b *board) undoTo(mark int) {
	for len(b.log) > mark {
		e := b.log[len(b.log)-1]
		b.log = b.log[:len(b.log)-1]
		switch e.kind {
		case eTransfer:
			b.move(int(e.b), int(e.a), int(e.n), e.rev)
		case eDown:
			b.putDown(int(e.a), int(e.oldDownA))
		case eRecycle:
			b.addRecycle(-1)
		case eRotate:
			b.rotate(int(e.a))
		}
	}
}

// settle applies the rules that act by themselves after any change, as the engine's settle:
// face-down tops turn up, top-only piles hide all but their top, empty columns fill.
func (b *board) settle() {
	b.flipTops()
	if f := b.c.fill; f >= 0 {
		for i := 0; i < b.np; i++ {
			if b.c.piles[i].role == model.Tableau && b.n[i] == 0 && b.n[f] > 0 {
				b.transfer(f, i, 1, false)
				b.flipTops()
			}
		}
	}
}

func (b *board) flipTops() {
	// Only a pile changed since the last settle can have a top to turn or hide: the others
	// were settled then.
	m := b.unsettled & b.c.flipMask
	b.unsettled = 0
	for ; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		r := &b.c.piles[i].rule
		n, d := int(b.n[i]), int(b.down[i])
		nd := min(d, n)
		switch {
		case r.TopOnly:
			nd = max(0, n-1)
		case r.AutoFlip && nd == n && nd > 0:
			nd--
		}
		if nd != d {
			b.setDown(i, nd)
		}
	}
}

// passesLeft is the number of recycles still allowed, or -1 when unlimited.
func (b *board) passesLeft() int {
	if b.c.def.Passes == 0 {
		return -1
	}
	return b.c.def.Passes - 1 - b.recycles
}

// canDraw reports whether draw would do something.
func (b *board) canDraw() bool {
	c := b.c
	if c.deal != nil {
		if c.stock < 0 || b.n[c.stock] == 0 {
			return false
		}
		for _, p := range c.deal.to {
			if c.deal.full && b.n[p] == 0 {
				return false
			}
			if int(b.n[p])+c.deal.each > cardSpace {
				b.capped = true
				return false
			}
		}
		return true
	}
	if c.stock < 0 || c.waste < 0 || c.def.Draw == 0 {
		return false
	}
	return b.n[c.stock] > 0 || (b.n[c.waste] > 0 && b.passesLeft() != 0)
}

// draw turns the stock as the engine's draw does (canDraw must hold).
func (b *board) draw() {
	c := b.c
	if c.deal != nil {
		b.dealStock()
		return
	}
	s, w := c.stock, c.waste
	if b.n[s] == 0 {
		b.transfer(w, s, int(b.n[w]), true)
		b.setDown(s, int(b.n[s]))
		b.setDown(w, 0)
		b.addRecycle(1)
		b.log = append(b.log, entry{kind: eRecycle})
		b.settle()
		return
	}
	k := min(c.def.Draw, int(b.n[s]))
	b.transfer(s, w, k, true)
	b.setDown(s, int(b.n[s]))
	b.setDown(w, 0)
	b.settle()
}

// dealStock deals the stock onto piles, as the engine's dealStock.
func (b *board) dealStock() {
	sd, s := b.c.deal, b.c.stock
	to, each := sd.to, sd.each
	if int(b.n[s]) < len(to)*each && len(sd.final) > 0 {
		to, each = sd.final, sd.finalEach
	}
	for _, p := range to {
		k := min(each, int(b.n[s]))
		for j := 0; j < k; j++ {
			b.transfer(s, p, 1, false)
		}
	}
	b.setDown(s, int(b.n[s]))
	b.settle()
}

// rankKey is the position's key with the cards' suits left out (dfs.streamlined): positions with
// the same ranks in the same places are one, as Solvitaire's suit-symmetry streamliner counts
// them where the columns build regardless of suit. It may merge a position that can be won
// with one that cannot, so a search keyed so proves nothing.
func (b *board) rankKey() uint64 {
	var h uint64
	for i := 0; i < b.np; i++ {
		p := uint64(b.down[i])*0x9E3779B97F4A7C15 + uint64(b.n[i])
		for _, x := range b.cards[i][:b.n[i]] {
			p = (p ^ uint64(x&(cardSpace-1))>>2) * 0x100000001B3
		}
		h += mix64(p + b.c.salt[i])
	}
	return h
}

// homeMove is the first of moves that sends one card home onto a foundation built up in
// order, if one does (dfs.streamlined).
func (b *board) homeMove(moves []move) (move, bool) {
	for _, m := range moves {
		if m.isDraw() || m.compound() || m.draws != 0 || m.card != 0 || m.n != 1 {
			continue
		}
		if p := &b.c.piles[m.to]; p.role == model.Foundation && p.rule.Build == model.BuildUp {
			return m, true
		}
	}
	return move{}, false
}
