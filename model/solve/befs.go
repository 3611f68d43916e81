package solve

import (
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"solitaire/model"
)

// node is a stored position of the best-first search: where its packed cards are and how it
// was reached (20 bytes).
type node struct {
	off    uint32 // the packed position's number in the arena, or unpacked until it is expanded
	parent int32
	m      step
	depth  uint16
}

// step is a move without its score, as a node keeps it: its kind in one byte of flags.
type step struct {
	from, to, n, draws, card uint8
	kind                     uint8 // stepDig, stepMeta, stepRelay, stepJoin, stepSpread
	parkA, parkB, via        uint8
}

const (
	stepDig = 1 << iota
	stepMeta
	stepRelay
	stepJoin
	stepSpread
)

func (m move) step() step {
	var kind uint8
	if m.dig {
		kind |= stepDig
	}
	if m.meta {
		kind |= stepMeta
	}
	if m.relay {
		kind |= stepRelay
	}
	if m.join {
		kind |= stepJoin
	}
	if m.spread {
		kind |= stepSpread
	}
	return step{m.from, m.to, m.n, m.draws, m.card, kind, m.parkA, m.parkB, m.via}
}

func (p step) move() move {
	return move{from: p.from, to: p.to, n: p.n, draws: p.draws, card: p.card, dig: p.kind&stepDig != 0,
		meta: p.kind&stepMeta != 0, relay: p.kind&stepRelay != 0, join: p.kind&stepJoin != 0, spread: p.kind&stepSpread != 0, parkA: p.parkA, parkB: p.parkB, via: p.via}
}

// packedSize is the bytes one packed position takes: a count per pile, a face-down count per
// pile that can have face-down cards, every card, and the recycle count.
func (b *board) packedSize() int {
	n := b.np + b.c.total + 2
	for i := 0; i < b.np; i++ {
		if b.hides[i] {
			n++
		}
	}
	return n
}

// pack writes the board into p, which has room for packedSize bytes.
func (b *board) pack(p []byte) {
	k := 0
	for i := 0; i < b.np; i++ {
		n := b.n[i]
		p[k] = n
		k++
		if b.hides[i] {
			p[k] = b.down[i]
			k++
		}
		k += copy(p[k:], b.cards[i][:n])
	}
	p[k], p[k+1] = byte(b.recycles), byte(b.recycles>>8)
}

// unpacked is a node's arena number until it is expanded.
const unpacked = ^uint32(0)

// arena stores packed positions in fixed chunks, so that growing never copies.
type arena struct {
	chunks [][]byte
	size   int // bytes per position
	used   int // positions stored
	per    int // positions per chunk
}

func (a *arena) reset(size int) {
	if size != a.size {
		a.chunks = nil
	}
	a.size, a.used = size, 0
	a.per = (1 << 20) / size
}

// add stores the board and returns its number.
func (a *arena) add(b *board) uint32 {
	c, k := a.used/a.per, a.used%a.per
	if c == len(a.chunks) {
		a.chunks = append(a.chunks, make([]byte, a.per*a.size))
	}
	b.pack(a.chunks[c][k*a.size : (k+1)*a.size])
	a.used++
	return uint32(a.used - 1)
}

func (a *arena) get(i uint32) []byte {
	c, k := int(i)/a.per, int(i)%a.per
	return a.chunks[c][k*a.size : (k+1)*a.size]
}

// bytes is the memory the arena holds.
func (a *arena) bytes() int64 { return int64(len(a.chunks)) << 20 }

// trim lets go of the chunks beyond the first few, so an idle searcher stays small.
func (a *arena) trim() {
	if len(a.chunks) > 8 {
		a.chunks = a.chunks[:8:8]
	}
}

// unpack sets the board from a packed position.
func (b *board) unpack(p []byte) {
	c := b.c
	b.log = b.log[:0]
	b.homeN = 0
	b.home = [cardSpace]uint8{}
	k := 0
	for i := 0; i < b.np; i++ {
		n := int(p[k])
		b.n[i], b.down[i] = p[k], 0
		k++
		if b.hides[i] {
			b.down[i] = p[k]
			k++
		}
		copy(b.cards[i][:n], p[k:k+n])
		if c.piles[i].role == 1 { // model.Foundation
			for _, x := range p[k : k+n] {
				b.home[x]++
			}
			b.homeN += n
		}
		k += n
	}
	b.recycles = int(p[k]) | int(p[k+1])<<8
	b.rehash()
}

// openList is a max-heap of node indices by priority, the priority kept beside each index.
type openList struct {
	items []openItem
}

type openItem struct {
	prio int32
	node int32
}

func (h *openList) push(prio, node int32) {
	h.items = append(h.items, openItem{prio, node})
	i := len(h.items) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h.items[p].prio >= h.items[i].prio {
			break
		}
		h.items[p], h.items[i] = h.items[i], h.items[p]
		i = p
	}
}

func (h *openList) pop() int32 {
	top := h.items[0].node
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < last && h.items[l].prio > h.items[m].prio {
			m = l
		}
		if r < last && h.items[r].prio > h.items[m].prio {
			m = r
		}
		if m == i {
			return top
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
}

// befs is a best-first search: it stores every position it reaches, packed, and always goes
// on from the most promising one, by eval less a weight per move made (which keeps lines short).
type befs struct {
	b       board
	tt      hashSet
	arena   arena
	nodes   []node
	open    openList
	buf     []move
	w       weights
	dw      int32
	started bool
	done    bool // every position reachable has been seen
	prune   bool // leave out moves that split a run in order, and more (see step): faster, but exhausting it proves nothing
	// sideways: leave out moves that take a run off a card it follows for no better place
	// (board.sideways): faster where runs move in one suit, but exhausting it proves nothing
	sideways bool
	lean     bool   // leave out only the moves homeward and wasteful name: exhausting it proves nothing either
	digs     bool   // offer digs as moves (see digs)
	relay    bool   // offer relays as moves (see relays)
	joins    bool   // offer joins as moves (see joins)
	spreads  bool   // offer spreads as moves (see spreads)
	staged   bool   // the search goes by stages (stage), in this game
	at       int32  // the node whose position is on the board
	noise    uint64 // nonzero: a seed for a small pseudo-random term in each priority, so that searches differ
	exact    bool   // a move costs the commands it takes (draws and cards sent home included): the polish's search
	bound    int    // with exact: lines of this many commands or more are not followed (0: no bound)
	// rejoin, with exact: the exact keys of a line's positions, and the commands the line
	// takes from each to its win. Reaching one counts as a win in as many more commands; the
	// key reached is left in joined.
	rejoin map[uint64]int
	joined uint64

	// stage, with a stock dealt once through: a stage (the play between two draws) lets the
	// best of its draws (beam of them) go on once it has expanded this many positions
	// without finding a better draw; the others wait until it has done so again, or until
	// everything after them is spent (0: no stages). The later stage always comes first, so
	// the search plays each deal out before it draws, as a player does, and comes back to
	// an earlier one only when a later fails.
	stage, beam int
	stock0      int        // the stock's cards at the start
	held        []openList // held[k]: the draws made from stage k, not yet let go
	spent       []int      // spent[k]: positions of stage k expanded
	gained      []int      // gained[k]: spent[k] when held[k]'s best last got better, or was let go
	best        []int32    // best[k]: the priority of the best draw held[k] has had since then

	// far: how far the search has come, the most of any position it expanded: cards home,
	// less the stock's and the face-down cards (a measure common to every search of a deal,
	// whatever its weights, by which searcher.cull ranks them)
	far int32
}

// reset sets the search up; its tables are cleared when it first runs, since most searches of
// a portfolio never do.
func (e *befs) reset(s *searcher, w weights, depthWeight int32) {
	e.w, e.dw, e.started, e.done, e.prune, e.lean, e.noise, e.digs, e.sideways, e.relay, e.joins, e.spreads = w, depthWeight, false, false, false, false, 0, false, false, false, false, false
	e.exact, e.bound, e.rejoin = false, 0, nil
	e.stage, e.beam = 0, 0
}

// release lets the search's tables go.
func (e *befs) release() { *e = befs{} }

func (e *befs) table() *hashSet { return &e.tt }

func (e *befs) memory() int64 {
	if !e.started {
		return 0 // what it holds is left from an earlier search, and cleared when it starts
	}
	held := 0
	for i := range e.held {
		held += cap(e.held[i].items)
	}
	return int64(len(e.tt.slots))*8 + e.arena.bytes() + int64(cap(e.nodes))*int64(unsafe.Sizeof(node{})) +
		int64(cap(e.open.items)+held)*int64(unsafe.Sizeof(openItem{})) + int64(cap(e.buf))*int64(unsafe.Sizeof(move{}))
}

func (e *befs) step(s *searcher, quota int) ([]move, Status) {
	b := &e.b
	if e.done {
		return nil, GaveUp
	}
	if !e.started {
		e.started = true
		e.b = board{log: e.b.log[:0]}
		b.load(s.c, &s.g.State)
		e.tt.reset(s.opt.MaxMemory)
		e.arena.reset(b.packedSize())
		e.nodes, e.open.items, e.buf = e.nodes[:0], e.open.items[:0], e.buf[:0]
		if s.begin(&e.tt, b, b.key()) {
			return nil, Solved
		}
		e.nodes = append(e.nodes, node{off: e.arena.add(b), parent: -1})
		e.at = -1
		// Stages need a stock that only shrinks: dealt onto the columns, or turned once.
		e.staged = e.stage > 0 && s.c.stock >= 0 && (s.c.deal != nil || s.c.def.Passes == 1)
		if e.staged {
			e.stock0 = int(b.n[s.c.stock])
			n := e.stock0 + 1
			e.held, e.spent, e.gained, e.best = make([]openList, n), make([]int, n), make([]int, n), make([]int32, n)
			for i := range e.best {
				e.best[i] = math.MinInt32
			}
		}
		e.open.push(e.stagePrio(0, b), 0)
		e.far = b.far()
	}
	stop := s.stopAt(quota)
	check := 0
	for {
		if e.staged {
			e.letGo()
		}
		if len(e.open.items) == 0 {
			break
		}
		cur := e.open.pop()
		nd := e.nodes[cur]
		if nd.parent >= 0 {
			// A position is packed only when it is expanded, since most never are: it is its
			// parent's (packed, or on the board, as most are in a search this greedy) and its move.
			if nd.parent != e.at {
				b.unpack(e.arena.get(e.nodes[nd.parent].off))
			}
			b.log = b.log[:0]
			if m := nd.m.move(); m.compound() {
				b.play(m, nil)
			} else {
				b.apply(m)
			}
			e.nodes[cur].off = e.arena.add(b)
		}
		e.at = cur
		if f := b.far(); f > e.far {
			e.far = f
		}
		from := 0 // the stage this position is in
		if e.staged {
			from = e.stock0 - int(b.n[s.c.stock])
			e.spent[from]++
		}
		e.buf = s.generate(b, e.buf[:0], (e.prune || e.lean) && s.c.stock < 0)
		var want uint64
		if e.prune {
			want = b.wanted()
		}
		if e.digs {
			e.buf = b.digs(e.buf, &s.gi)
		}
		if e.relay && !s.c.plain {
			e.buf = b.relays(e.buf, &s.gi)
		}
		if e.joins && !s.c.plain {
			e.buf = b.joins(e.buf, e.buf)
		}
		if e.spreads && !s.c.plain {
			e.buf = b.spreads(e.buf, &s.gi)
		}
		won, wonMove, wonPromise := false, move{}, int32(0)
		for _, m := range e.buf {
			if e.sideways && !m.join && !m.spread && b.sideways(m) {
				continue
			}
			if !m.compound() && e.prune && (b.splits(m, want) || s.preset.pruneLonely && b.lonely(m, &s.gi) || b.parks(m, &s.gi)) || (e.prune || e.lean) && (b.homeward(m) || b.wasteful(m)) {
				continue
			}
			mark := len(b.log)
			cost := uint16(1 + b.drawsBefore(m)/2) // draws are commands too: a line with fewer reads better
			if e.exact {
				n := 0
				count := func(int, int, int) { n++ }
				if m.compound() {
					if !b.playCompound(m, count) {
						b.undoTo(mark)
						continue
					}
				} else {
					b.play(m, count)
				}
				cost = uint16(n)
				if e.bound > 0 && int(nd.depth)+n+b.commandsLeft() >= e.bound {
					b.undoTo(mark)
					continue
				}
			} else if m.compound() {
				if !b.playCompound(m, nil) {
					b.undoTo(mark)
					continue
				}
			} else {
				b.apply(m)
			}
			key := b.key()
			if e.exact {
				key = b.exactKey()
			}
			fresh := s.enter(&e.tt, b, key, !e.exact)
			if fresh {
				s.states++
			}
			// Of the moves from here that win, the plainest (cards home before anything). A
			// won position is reached by many moves at once, so a seen one still competes.
			if fresh && s.goal(b) || !fresh && b.won() {
				b.undoTo(mark)
				p := b.promise(m, 0)
				if e.exact {
					p = -int32(cost) // the cheapest
				}
				if !won || p > wonPromise {
					won, wonMove, wonPromise, e.joined = true, m, p, 0
				}
				continue
			}
			if rest, ok := e.rejoin[key]; ok && int(nd.depth)+int(cost)+rest < e.bound {
				// Back on the line, in fewer commands than it takes: as good as a win.
				b.undoTo(mark)
				if p := -int32(int(cost) + rest); !won || p > wonPromise {
					won, wonMove, wonPromise, e.joined = true, m, p, key
				}
				continue
			}
			if !fresh || s.c.seals && b.sealed() || s.c.jams && b.jammed() {
				b.undoTo(mark) // seen, or no win from here
				continue
			}
			child := node{off: unpacked, parent: cur, m: m.step(), depth: nd.depth + cost}
			prio := s.eval(b, &e.w) - e.dw*int32(child.depth)
			if e.noise != 0 {
				prio += int32((b.hash*e.noise)>>59) * 2 // up to about one card home
			}
			e.nodes = append(e.nodes, child)
			switch {
			case !e.staged:
				e.open.push(prio, int32(len(e.nodes)-1))
			case e.stock0-int(b.n[s.c.stock]) > from:
				p := e.stagePrio(prio, b)
				e.held[from].push(p, int32(len(e.nodes)-1))
				if p > e.best[from] {
					e.best[from], e.gained[from] = p, e.spent[from]
				}
			default:
				e.open.push(e.stagePrio(prio, b), int32(len(e.nodes)-1))
			}
			b.undoTo(mark)
		}
		if won {
			path := []move{wonMove}
			for i := cur; e.nodes[i].parent >= 0; i = e.nodes[i].parent {
				path = append(path, e.nodes[i].m.move())
			}
			slices.Reverse(path)
			return path, Solved
		}
		if s.pause(&check, 16, stop) {
			return nil, GaveUp
		}
	}
	e.done = true
	if e.prune || e.lean || e.sideways {
		return nil, GaveUp
	}
	return nil, Unsolvable
}

// far is how far play has come on the board (befs.far): cards home, less the cards in the
// stock and the face-down cards.
func (b *board) far() int32 {
	n := b.homeN
	if st := b.c.stock; st >= 0 {
		n -= int(b.n[st])
	}
	for i := 0; i < b.np; i++ {
		n -= int(b.down[i])
	}
	return int32(n)
}

// stageBits is where a staged search's priority keeps the stage, above the position's own.
const stageBits = 22

// stagePrio is prio ahead of every priority of an earlier stage, on board b, where the search
// is staged.
func (e *befs) stagePrio(prio int32, b *board) int32 {
	if !e.staged {
		return prio
	}
	const half = 1 << (stageBits - 1)
	prio = min(max(prio, -half), half-1) + half
	return int32(e.stock0-int(b.n[b.c.stock]))<<stageBits | prio
}

// letGo lets the best held draws go into the open list: those of a stage that everything
// after it has been spent (it is the latest with draws held beyond the open list's best), or
// of the open list's stage once it has expanded e.stage positions without a better draw.
func (e *befs) letGo() {
	for {
		t := -1
		if len(e.open.items) > 0 {
			t = int(e.open.items[0].prio >> stageBits)
		}
		j := -1
		for i := len(e.held) - 1; i > t; i-- {
			if len(e.held[i].items) > 0 {
				j = i
				break
			}
		}
		if j < 0 {
			if t < 0 || len(e.held[t].items) == 0 || e.spent[t]-e.gained[t] < e.stage {
				return
			}
			j = t
		}
		for n := 0; n < e.beam && len(e.held[j].items) > 0; n++ {
			it := e.held[j].items[0]
			e.held[j].pop()
			e.open.push(it.prio, it.node)
		}
		e.gained[j], e.best[j] = e.spent[j], math.MinInt32
		if j == t {
			return
		}
	}
}

// sideways reports whether move m, in a game whose runs move in one suit, trades a run's place
// for one no better: off a card it follows by rank (of another suit, or of its own, a run
// split) onto a card of another suit, or onto a twin of its own suit; or a whole column to an
// empty one, which changes only which cards the deals put on it. The move can matter (it bares
// the card it leaves), so only searches whose end proves nothing leave it out (befs.sideways).
func (b *board) sideways(m move) bool {
	if m.isDraw() || !b.c.isTab[m.from] || !b.c.isTab[m.to] || b.c.piles[m.from].rule.Take != model.TakeSuitRun {
		return false
	}
	if b.n[m.to] == 0 {
		// A whole column to an empty one changes only which cards the deals put on it.
		return int(m.n) == int(b.n[m.from])
	}
	f := int(m.from)
	rest := int(b.n[f]) - int(m.n)
	if rest <= int(b.down[f]) {
		return false // it turns a card or empties the column
	}
	under, moved, top := b.cards[f][rest-1], b.cards[f][rest], b.cards[m.to][b.n[m.to]-1]
	return b.c.piles[f].follows[under]&(1<<moved) != 0 && (top&3 != moved&3 || under&3 == moved&3)
}

// splits reports whether move m takes a run off a card it lies on in order, within a column,
// to somewhere other than a foundation, without freeing a card the foundations want.
func (b *board) splits(m move, want uint64) bool {
	if m.isDraw() || b.c.piles[m.from].role != model.Tableau || b.c.piles[m.to].role == model.Foundation {
		return false
	}
	f := int(m.from)
	rest := int(b.n[f]) - int(m.n)
	if rest <= int(b.down[f]) {
		return false
	}
	under, moved := b.cards[f][rest-1], b.cards[f][rest]
	return b.c.piles[f].follows[under]&(1<<moved) != 0 && want&(1<<under) == 0
}

// splitsIdle reports whether move m splits a run onto another column's card (splits, with a
// non-empty column as target) where compiled.splitProof holds: such a move can be left out
// without losing a win. Say it takes run R off X onto Y. Only X and its twin (same rank,
// same colour) take R's first card, so Y is the twin, and whatever is later built on the bare
// X could be built on Y instead, with R left on X. The line that leaves the split out then
// follows the one that made it with what lies on X and on Y swapped, move for move (runs of
// any length move whole, and X and Y take the same cards), until X (or Y) goes to a
// foundation: just before, it moves what lies on X to Y, a split that frees a card the
// foundations want, and the two lines meet. (What lies on X never holds Y: where the columns
// wrap, splitProof needs them to stop at the base, so no run holds two cards of one rank.)
// Each later split of the first line maps to one that frees the same card (or to nothing,
// where it bares X onto Y), so the new line has one idle split fewer; repeating the cut gives
// a win with none, and the search that leaves them out wins whenever a win exists. Solvitaire prunes the same moves in Klondike and Canfield.
// TestSplitProofKeepsVerdicts checks it against the walk that prunes nothing.
func (b *board) splitsIdle(m move, want uint64) bool {
	return b.splits(m, want) && b.c.isTab[m.to] && b.n[m.to] > 0
}

// lonely reports whether move m puts one card alone in an empty column while a free cell is
// empty: the cell would hold it as well and keep the column.
func (b *board) lonely(m move, gi *genInfo) bool {
	return !m.isDraw() && m.n == 1 && gi.cells > 0 && b.n[m.to] == 0 && b.c.piles[m.to].role == model.Tableau
}

// homeward reports whether move m takes a card back off a foundation where the pruned search
// leaves such moves out: in games without a stock, where the other strategies still try them.
func (b *board) homeward(m move) bool {
	return !m.isDraw() && b.c.stock < 0 && b.c.piles[m.from].role == model.Foundation
}

// wasteful reports whether move m trades an empty column for less, in a game without a stock
// (as homeward): it empties a column into a free cell, or puts part of a column's movable run
// in an empty column.
func (b *board) wasteful(m move) bool {
	if m.isDraw() || b.c.stock >= 0 || b.c.piles[m.from].role != model.Tableau {
		return false
	}
	switch to := int(m.to); {
	case b.c.piles[to].role == model.Cell:
		return int(m.n) == int(b.n[m.from])
	case b.c.piles[to].role == model.Tableau && b.n[to] == 0:
		return int(m.n) < b.takeable(int(m.from))
	}
	return false
}

// parks reports whether move m puts one card from a column or a cell in an empty cell or
// column, in a game without a stock, where a column that is not empty would take it.
func (b *board) parks(m move, gi *genInfo) bool {
	if m.isDraw() || b.c.stock >= 0 || m.n != 1 || b.n[m.to] != 0 {
		return false
	}
	if r := b.c.piles[m.from].role; r != model.Tableau && r != model.Cell {
		return false
	}
	if r := b.c.piles[m.to].role; r != model.Tableau && r != model.Cell {
		return false
	}
	x := b.top(int(m.from))
	for ts := gi.takers[x] &^ (1 << m.from); ts != 0; ts &= ts - 1 {
		if to := bits.TrailingZeros32(ts); b.c.piles[to].role == model.Tableau && b.fits(to, x, 1) {
			return true
		}
	}
	return false
}

// digs appends, in a game with free cells, the moves that dig a card out of a column: its
// cards above go one by one to the free cells, then it goes to a foundation or onto a column
// that takes it. A best-first search scores each position it stores, and the cells filled on
// the way to such a card score low, so a plan of several moves is offered as one.
func (b *board) digs(out []move, gi *genInfo) []move {
	c := b.c
	if gi.cells == 0 {
		return out
	}
	for from := 0; from < b.np; from++ {
		if c.piles[from].role != model.Tableau {
			continue
		}
		n, up := int(b.n[from]), b.faceUp(from)
		for k := 1; k <= gi.cells && k < up; k++ {
			x := b.cards[from][n-1-k]
			dest := gi.takers[x]
			for _, f := range c.found {
				if b.n[f] == 0 && gi.want[f]&(1<<x) != 0 {
					dest |= 1 << f
				}
			}
			dest &^= 1 << from
			for dest != 0 {
				to := bits.TrailingZeros32(dest)
				dest &= dest - 1
				if r := c.piles[to].role; (r == model.Foundation || r == model.Tableau) && b.fits(to, x, 1) {
					out = append(out, move{from: uint8(from), to: uint8(to), n: uint8(k), dig: true})
				}
			}
		}
	}
	return out
}

// playDig makes a dig, telling say each command, and reports whether it could be made as
// planned: a card sent home on the way can leave it without a point.
func (b *board) playDig(m move, say func(from, to, n int)) bool {
	from := int(m.from)
	x := b.cards[from][int(b.n[from])-1-int(m.n)]
	for j := 0; j < int(m.n); j++ {
		cell := -1
		for _, i := range b.c.cells {
			if b.n[i] == 0 {
				cell = i
				break
			}
		}
		if cell < 0 || b.n[from] < 2 || b.top(from) == x {
			return false
		}
		b.play(move{from: m.from, to: uint8(cell), n: 1}, say)
	}
	if b.n[from] == 0 || b.top(from) != x || !b.canMove(from, int(m.to), 1) {
		return false
	}
	b.play(move{from: m.from, to: m.to, n: 1}, say)
	return true
}
