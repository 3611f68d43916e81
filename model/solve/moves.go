package solve

import (
	"math/bits"

	"solitaire/model"
)

// move is one search step: after draws turns of the stock, n cards from pile from to pile to.
// A plain draw has from == noPile. Where the stock turns one card at a time without end, a
// play from the waste names its card by place in the cycle instead (card, from 1), and the
// draws it needs are counted when it is made.
type move struct {
	from, to, n, draws uint8
	card               uint8
	dig                bool // a dig (see digs): n is the cards parked, to where the dug card goes
	meta               bool // a compound move (see metas): park, park, then n cards from to
	relay              bool // n cards of several suits through the empty columns (see relays)
	join               bool // a sideways move, then parkA cards from via to parkB (see joins)
	spread             bool // n runs from from, top first, to to, parkA, parkB and via (see spreads)
	parkA, parkB       uint8
	via                uint8 // a compound move through an empty column: the second source, else 0
	score              int32
}

func (m move) isDraw() bool { return m.from == noPile }

// compound reports whether m is several commands: a dig, a relay, a join, a spread or a
// compound move.
func (m move) compound() bool { return m.dig || m.meta || m.relay || m.join || m.spread }

// The rules below mirror the engine's (model/move.go and model/legal.go) on the compact board;
// the perft test holds the two equal, move for move and position for position.

// takeable is how many top cards of pile i may be lifted together.
func (b *board) takeable(i int) int {
	n := int(b.n[i])
	if n == 0 {
		return 0
	}
	p := &b.c.piles[i]
	if p.role == model.Foundation && !b.c.def.FoundationReturn {
		return 0
	}
	for _, j := range p.covers {
		if b.n[j] != 0 {
			return 0
		}
	}
	r := &p.rule
	if r.Freeze && n == r.Capacity && b.sameRank(i) {
		return 0
	}
	up := n - int(b.down[i])
	if up <= 0 {
		return 0
	}
	switch r.Take {
	case model.TakeTop:
		return 1
	case model.TakeRun, model.TakeSameRank, model.TakeChain, model.TakeSuitRun:
		return b.seq(i, up)
	case model.TakeTopOrAll:
		if s := b.seq(i, up); s == n {
			return s
		}
		return 1
	case model.TakeFaceUp:
		return up
	}
	return 0
}

// seq is the length of pile i's top sequence under its own rule, within its up face-up cards.
func (b *board) seq(i, up int) int {
	if b.c.isTab[i&(maxPiles-1)] {
		// A column keeps where its runs begin (starts), the lowest face-up card among them.
		n := int(b.n[i])
		return n - (bits.Len64(b.starts[i]&(1<<n-1)) - 1)
	}
	cs := b.cards[i][:b.n[i]]
	f := b.c.piles[i].runs
	k, l := 1, len(cs)
	for k < up && f[cs[l-k-1]]&(1<<cs[l-k]) != 0 {
		k++
	}
	return k
}

func (b *board) sameRank(i int) bool {
	cs := b.cards[i][:b.n[i]]
	for _, x := range cs {
		if x>>2 != cs[0]>>2 {
			return false
		}
	}
	return true
}

// moving is the card that lands directly on the destination when n cards leave pile i.
func (b *board) moving(i, n int) byte {
	if b.c.piles[i].rule.Take == model.TakeChain {
		return b.top(i)
	}
	return b.cards[i][int(b.n[i])-n]
}

// countOK applies the take rules that allow some counts only.
func (b *board) countOK(i, n int) bool {
	return b.c.piles[i].rule.Take != model.TakeTopOrAll || n == 1 || n == int(b.n[i])
}

// fits reports whether pile to takes n cards landing with card c on it.
func (b *board) fits(to int, c byte, n int) bool {
	p := &b.c.piles[to]
	for _, j := range p.covers {
		if b.n[j] != 0 {
			return false
		}
	}
	r := &p.rule
	ln := int(b.n[to])
	if (r.Single && n > 1) || (r.Capacity > 0 && ln+n > r.Capacity) || (p.fixedSuit && model.Suit(c&3) != p.suit) {
		return false
	}
	if ln == 0 {
		if r.Chained && to > 0 && b.n[to-1] == 0 {
			return false
		}
		if r.NewSuit && b.suitOpened(p.role, c&3) {
			return false
		}
		switch r.Empty {
		case model.EmptyAny:
			return true
		case model.EmptyKing:
			return c>>2 == byte(model.King)
		case model.EmptyRun:
			return c>>2 == byte(model.King) && n == int(model.King)
		case model.EmptyAce:
			return c>>2 == byte(model.Ace)
		case model.EmptyBase:
			return model.Rank(c>>2) == b.base
		case model.EmptyRankAbove:
			return to > 0 && b.hasRank(to-1, c>>2)
		}
		return false
	}
	if ln == int(b.down[to]) {
		return false
	}
	if r.Build == model.BuildRankAbove {
		return b.suitsMatch(r, b.cards[to][0], c) && to > 0 && b.hasRank(to-1, c>>2)
	}
	top := b.cards[to][ln-1]
	return r.Build != model.BuildNone && p.follows[top]&(1<<c) != 0 && !(r.RunSuit && n > 1 && top&3 != c&3)
}

func (b *board) suitsMatch(r *model.Rule, x, y byte) bool {
	switch r.Match {
	case model.MatchAltColor:
		return model.Card(x).Red() != model.Card(y).Red()
	case model.MatchSameSuit:
		return x&3 == y&3
	}
	return true
}

func (b *board) suitOpened(role model.Role, s byte) bool {
	for i := 0; i < b.np; i++ {
		if b.c.piles[i].role == role && b.n[i] > 0 && b.cards[i][0]&3 == s {
			return true
		}
	}
	return false
}

func (b *board) hasRank(i int, r byte) bool {
	for _, x := range b.cards[i][:b.n[i]] {
		if x>>2 == r {
			return true
		}
	}
	return false
}

// groupLimit is the most cards one move from pile from to pile to may carry.
func (b *board) groupLimit(from, to int) int {
	p := &b.c.piles
	if (*p)[to].role != model.Tableau {
		return 1 << 20
	}
	cells, cols := b.emptyCells, b.emptyCols
	for _, i := range [2]int{from, to} {
		if b.n[i] == 0 {
			cells -= int((*p)[i].cell)
			cols -= int((*p)[i].col)
		}
	}
	return b.c.def.Group.Max(cells, cols)
}

func (b *board) canMove(from, to, n int) bool {
	return b.countOK(from, n) && b.fits(to, b.moving(from, n), n) && n <= b.groupLimit(from, to)
}

// won reports whether the game is won, by its win rule.
func (b *board) won() bool {
	c := b.c
	switch c.def.Win {
	case model.WinFoundations:
		return b.homeN == c.total
	case model.WinCleared:
		for _, i := range c.tabs {
			if b.n[i] != 0 {
				return false
			}
		}
		return true
	}
	for i := 0; i < b.np; i++ {
		n := int(b.n[i])
		p := &c.piles[i]
		switch p.role {
		case model.Foundation:
			continue
		case model.Tableau:
			if n == 0 {
				continue
			}
			switch c.def.Win {
			case model.WinQuads:
				if n != 4*c.def.Decks || !b.sameRank(i) {
					return false
				}
				continue
			case model.WinSequences:
				if b.cards[i][0]>>2 != byte(model.King) || b.down[i] > 0 || b.seq(i, n) != n || b.toFoundationOK(b.top(i)) {
					return false
				}
				continue
			}
		}
		if n != 0 {
			return false
		}
	}
	return c.def.Win != model.WinFoundations || b.homeN == c.total
}

// toFoundationOK reports whether card x could be played to some foundation now.
func (b *board) toFoundationOK(x byte) bool {
	for _, f := range b.c.found {
		if b.fits(f, x, 1) {
			return true
		}
	}
	return false
}

// finishable mirrors the engine's test for a deal that finishes itself.
func (b *board) finishable() bool {
	// A column is one run in order when its only run begins at its bottom (see starts).
	for _, i := range b.c.tabs {
		if b.down[i] > 0 || b.starts[i] > 1 {
			return false
		}
	}
	stockLeft := false
	for i := 0; i < b.np; i++ {
		switch b.c.piles[i].role {
		case model.Reserve:
			if b.n[i] > 0 {
				return false
			}
		case model.Stock, model.Waste:
			if b.n[i] > 0 {
				stockLeft = true
			}
		}
	}
	return !stockLeft || (b.c.def.Draw == 1 && b.c.def.Passes == 0)
}

// atomic appends the legal moves the engine's Legal lists, in its order: moves, then draw.
func (b *board) atomic(out []move) []move {
	var gi genInfo
	b.prepare(&gi)
	for from := 0; from < b.np; from++ {
		out = b.movesFrom(out, &gi, from, 0, false)
	}
	if b.canDraw() {
		out = append(out, move{from: noPile, to: noPile})
	}
	return out
}

// genInfo is what move generation reads of the whole board, worked out once per position.
type genInfo struct {
	want        [maxPiles]uint64 // a superset of the cards each pile takes now
	cells, cols int              // empty free cells, and empty columns that take any card
	// The same read the other way, so that a pile's moves look only at the piles that may take
	// them: per card, the piles that hold cards and may take it; and the empty piles that
	// take anything at all.
	takers  [cardSpace]uint32
	empty   uint32
	wantAny uint64 // the cards some pile takes: want's piles together
}

// prepare works out the board's genInfo.
func (b *board) prepare(gi *genInfo) {
	gi.cells, gi.cols, gi.empty, gi.wantAny = 0, 0, 0, 0
	gi.takers = [cardSpace]uint32{}
	for to := 0; to < b.np; to++ {
		b.prepareOne(gi, to)
		gi.wantAny |= gi.want[to]
	}
}

// prepareOne adds pile to's part to the genInfo.
func (b *board) prepareOne(gi *genInfo, to int) {
	p := &b.c.piles[to]
	switch {
	case b.n[to] == 0:
		gi.want[to] = b.wants[to]
		if gi.want[to] != 0 {
			gi.empty |= 1 << to
		}
		switch {
		case p.role == model.Cell:
			gi.cells++
		case p.role == model.Tableau && p.rule.Empty == model.EmptyAny:
			gi.cols++
		}
	case b.n[to] > b.down[to]:
		w := b.accepts(to)
		gi.want[to] = w
		for w != 0 {
			gi.takers[bits.TrailingZeros64(w)] |= 1 << to
			w &= w - 1
		}
	default:
		gi.want[to] = 0
	}
}

// reprepare brings the genInfo up to date after only the stock's and the waste's cards
// changed (a draw): neither counts among the cells and columns, so their parts are taken
// out and worked out again, and the rest stands.
func (b *board) reprepare(gi *genInfo) {
	for _, i := range [2]int{b.c.stock, b.c.waste} {
		for w := gi.want[i]; w != 0; w &= w - 1 {
			gi.takers[bits.TrailingZeros64(w)] &^= 1 << i
		}
		gi.empty &^= 1 << i
		b.prepareOne(gi, i)
	}
	gi.wantAny = 0
	for to := 0; to < b.np; to++ {
		gi.wantAny |= gi.want[to]
	}
}

// movesFrom appends the legal moves out of pile from, tagged with a number of draws. With
// once, of several empty interchangeable piles only the first is a destination.
func (b *board) movesFrom(out []move, gi *genInfo, from, draws int, once bool) []move {
	max := b.takeable(from)
	if max == 0 {
		return out
	}
	ln := int(b.n[from])
	role := b.c.piles[from].role
	var run [maxCards + 1]byte // run[n]: the card that lands first when n cards move
	var any uint64
	dest := gi.empty
	// The counts the take rule allows, most first: the top card or the whole pile, or any.
	var counts [maxCards]uint8
	nc := 0
	for n := max; n >= 1; n-- {
		if !b.countOK(from, n) {
			continue
		}
		run[n] = b.moving(from, n)
		any |= 1 << run[n]
		dest |= gi.takers[run[n]&(cardSpace-1)]
		counts[nc] = uint8(n)
		nc++
	}
	dest &^= 1 << from
	if b.c.piles[from].rule.PairOff {
		dest &^= b.c.pairedBefore[from] // a pair is made once, from the first of its two piles (model.Game.Legal)
	}
	for dest != 0 {
		to := bits.TrailingZeros32(dest)
		dest &= dest - 1
		want := gi.want[to]
		if want&any == 0 {
			continue
		}
		if once && b.n[to] == 0 && b.emptyTwin(to) {
			continue
		}
		pointless := b.n[to] == 0 && b.c.piles[to].role == role && !b.c.dealtTo[to]
		lim := -1
		for _, c := range counts[:nc] {
			n := int(c)
			if want&(1<<run[n]) == 0 || !b.fits(to, run[n], n) {
				continue
			}
			if lim < 0 {
				lim = b.limit(gi, to)
			}
			if n > lim || (pointless && n == ln) {
				continue
			}
			if int(b.n[to])+n > cardSpace {
				b.capped = true
				continue
			}
			out = append(out, move{from: uint8(from), to: uint8(to), n: uint8(n), draws: uint8(draws)})
		}
	}
	return out
}

// limit is groupLimit from the genInfo: the source is never empty, so only the destination
// can leave the counts.
func (b *board) limit(gi *genInfo, to int) int {
	p := &b.c.piles[to]
	if p.role != model.Tableau {
		return 1 << 20
	}
	cols := gi.cols
	if b.n[to] == 0 && p.rule.Empty == model.EmptyAny {
		cols--
	}
	return b.c.def.Group.Max(gi.cells, cols)
}

// emptyTwin reports whether an earlier pile interchangeable with pile i is empty too.
func (b *board) emptyTwin(i int) bool {
	for _, j := range b.c.piles[i].twins {
		if b.n[j] == 0 {
			return true
		}
	}
	return false
}

// promise rates a move before it is made, for the depth-first search's order: cards home
// first, then moves that turn a card, free a cell, empty a column or uncover a card that can
// go home; moves into free cells and empty columns last, and cards back from the foundations
// never before anything else.
func (b *board) promise(m move, want uint64) int32 {
	if m.isDraw() {
		return 0
	}
	c := b.c
	from, to, n := int(m.from), int(m.to), int(m.n)
	fr, tr := c.piles[from].role, c.piles[to].role
	score := int32(0)
	switch {
	case fr == model.Foundation:
		return -1000
	case tr == model.Foundation:
		return 1000
	}
	rest := int(b.n[from]) - n
	switch fr {
	case model.Tableau:
		switch {
		case rest > 0 && rest == int(b.down[from]):
			score += 700
		case rest == 0:
			score += 300
		case want&(1<<b.cards[from][rest-1]) != 0:
			score += 600
		case rest > 0 && c.piles[from].follows[b.cards[from][rest-1]]&(1<<b.cards[from][rest]) != 0:
			score -= 200 // splits a run that was in order
		}
	case model.Cell:
		score += 400
	case model.Reserve, model.Waste:
		score += 350
	}
	switch {
	case tr == model.Cell:
		score -= 300
	case b.n[to] == 0:
		score -= 100
	default:
		score += 10 * int32(n)
	}
	return score - 5*int32(m.draws)
}
