package solve

import (
	"fmt"
	"math"
	"math/bits"
	"solitaire/model"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// Move kinds for games with free cells, numbered as fc-solve numbers its move functions, whose
// approach this follows: each kind is a productive move, with the cards in its way parked
// first, in free cells and then empty columns.
const (
	kTopHome   = 0 // a column's top card to a foundation
	kCellHome  = 1 // a free cell's card to a foundation
	kCellOn    = 2 // a free cell's card onto a card in a column
	kUnderHome = 3 // a card under others in a column to a foundation
	kRunOn     = 4 // a run of a column, whole, onto a card in another column
	kRunEmpty  = 6 // a run of a column to an empty column
	kThrough   = 7 // a free cell's card to an empty column, then a card or run onto it (fc-solve's j)
	kinds      = 8
)

// group is a set of kinds tried together: their moves in a fixed order, shuffled, or sorted by
// the cards home after them.
type group struct {
	kinds []uint8
	order uint8
}

const (
	orderFixed = iota
	orderShuffle
	orderHome
	orderEval // by the best-first search's evaluation of the position after the move
)

// plan is a depth-first walk's move order: groups tried one after the other from each position,
// and another list of groups past a depth.
type plan struct {
	shallow, deep []group
	depth         int
	seed          uint64
}

// scan is what a group's moves read of the position: free cells, empty columns, and where
// the runs in order begin in each column.
type scan struct {
	cells, cols int    // empty free cells; empty columns that take any card
	firstCol    int    // the first empty column, or -1
	want        uint64 // the cards the foundations take
	// The cards that may take others within reach: face up in a column, its top or under a
	// card that does not follow it, with no more cards on it than there are places to park
	// them; at[p] is where card p lies (column<<8 | height). Worked out when first needed.
	reach    uint64
	at       [cardSpace]uint16
	hasReach bool
}

func (b *board) scan(sc *scan) {
	sc.firstCol, sc.want, sc.cells, sc.cols, sc.hasReach = -1, b.want, b.emptyCells, b.emptyCols, false
	if sc.cols > 0 {
		for _, i := range b.c.cols {
			if b.n[i] == 0 {
				sc.firstCol = i
				break
			}
		}
	}
}

// parents works out sc.reach and sc.at.
func (b *board) parents(sc *scan) {
	if sc.hasReach {
		return
	}
	sc.hasReach, sc.reach = true, 0
	slots := sc.cells + sc.cols
	for _, d := range b.c.tabs {
		n, lo := int(b.n[d]), int(b.down[d])
		for dc := n - 1; dc >= lo && dc >= n-1-slots; dc-- {
			if dc == n-1 || b.starts[d]&(1<<(dc+1)) != 0 {
				p := b.cards[d][dc] & (cardSpace - 1)
				sc.reach |= 1 << p
				sc.at[p] = uint16(d)<<8 | uint16(dc)
			}
		}
	}
}

// runBase is where the run that ends under height top of pile s begins.
func (b *board) runBase(s, top int) int {
	return bits.Len64(b.starts[s]&(1<<top-1)) - 1
}

// kindMoves appends the moves of one kind, in fc-solve's order within it.
func (b *board) kindMoves(out []move, k uint8, sc *scan) []move {
	switch k {
	case kTopHome:
		return b.homeMoves(out, model.Tableau, sc)
	case kCellHome:
		return b.homeMoves(out, model.Cell, sc)
	case kUnderHome:
		return b.underHomeMoves(out, sc)
	case kCellOn:
		return b.cellOnMoves(out, sc)
	case kRunOn:
		return b.runOnMoves(out, sc)
	case kRunEmpty:
		return b.runEmptyMoves(out, sc)
	case kThrough:
		return b.throughMoves(out, sc)
	}
	return out
}

// homeMoves appends the moves of the top cards of the piles of one role (the columns, or the
// free cells) to the foundations, in the piles' order. The tops wanted are read off the board.
func (b *board) homeMoves(out []move, role model.Role, sc *scan) []move {
	start := len(out)
	for cand := b.tops & sc.want; cand != 0; cand &= cand - 1 {
		x := byte(bits.TrailingZeros64(cand))
		s := int(b.loc[x] >> 8)
		if s >= maxPiles || !b.c.isTab[s] && role == model.Tableau || b.c.flag[s]&fCell == 0 && role == model.Cell {
			continue
		}
		if f := b.homeFor(x); f >= 0 {
			out = append(out, move{from: uint8(s), to: uint8(f), n: 1, score: int32(s)})
		}
	}
	sortAscending(out[start:])
	return out
}

// underHomeMoves appends a card under others in a column to a foundation, the cards on it parked.
func (b *board) underHomeMoves(out []move, sc *scan) []move {
	c := b.c
	start := len(out)
	slots := sc.cells + sc.cols
	for w := sc.want &^ b.tops; w != 0; w &= w - 1 {
		x := byte(bits.TrailingZeros64(w))
		at := b.loc[x]
		s, h := int(at>>8), int(at&255)
		if s >= maxPiles || !c.isTab[s] || h >= int(b.n[s]) || b.cards[s][h] != x || h < int(b.down[s]) {
			continue
		}
		if k := int(b.n[s]) - 1 - h; k >= 1 && k <= slots {
			if f := b.homeFor(x); f >= 0 {
				out = append(out, move{from: uint8(s), to: uint8(f), n: 1, meta: true, parkA: uint8(k), score: int32(x)})
			}
		}
	}
	sortAscending(out[start:])
	return out
}

// cellOnMoves appends a free cell's card onto a card in a column, the cards on that card parked.
func (b *board) cellOnMoves(out []move, sc *scan) []move {
	c := b.c
	start := len(out)
	slots := sc.cells + sc.cols
	for _, s := range c.cells {
		if b.n[s] == 0 {
			continue
		}
		x := b.cards[s][0]
		b.parents(sc)
		for ps := c.parents[x] & sc.reach; ps != 0; ps &= ps - 1 {
			at := sc.at[bits.TrailingZeros64(ps)]
			d, dc := int(at>>8), int(at&255)
			kb := int(b.n[d]) - 1 - dc
			if kb > slots || kb == 0 && !b.fits(d, x, 1) {
				continue
			}
			out = append(out, move{from: uint8(s), to: uint8(d), n: 1, meta: kb > 0, parkB: uint8(kb),
				score: int32(d)<<16 | int32(255-dc)<<8 | int32(s)})
		}
	}
	sortAscending(out[start:])
	return out
}

// runOnMoves appends each run of a column, whole, onto a card in another column, the cards on both parked.
func (b *board) runOnMoves(out []move, sc *scan) []move {
	c := b.c
	b.parents(sc)
	start := len(out)
	slots := sc.cells + sc.cols
	for _, s := range c.tabs {
		n := int(b.n[s])
		lo := int(b.down[s])
		for top := n; top > lo; {
			base := b.runBase(s, top)
			l := top - base
			above := n - top
			if above > slots {
				break
			}
			x := b.cards[s][base]
			for ps := c.parents[x] & sc.reach; ps != 0; ps &= ps - 1 {
				at := sc.at[bits.TrailingZeros64(ps)]
				d, dc := int(at>>8), int(at&255)
				if d == s {
					continue
				}
				kb := int(b.n[d]) - 1 - dc
				park := kb + above
				if park > slots {
					continue
				}
				fc := min(park, sc.cells)
				if c.def.Group.Max(sc.cells-fc, sc.cols-(park-fc)) < l {
					continue
				}
				if park == 0 && !b.canMove(s, d, l) {
					continue
				}
				out = append(out, move{from: uint8(s), to: uint8(d), n: uint8(l), meta: park > 0, parkA: uint8(above), parkB: uint8(kb),
					score: int32(s)<<15 | int32(base)<<10 | int32(d)<<5 | int32(dc)})
			}
			top = base
		}
	}
	sortAscending(out[start:])
	return out
}

// runEmptyMoves appends a column's run to an empty column: the top run whole (not the whole column), or a run under others, the cards on it parked first.
func (b *board) runEmptyMoves(out []move, sc *scan) []move {
	c := b.c
	if sc.cols == 0 {
		return out
	}
	dest := -1
	for i := len(c.cols) - 1; i >= 0; i-- {
		if b.n[c.cols[i]] == 0 {
			dest = c.cols[i]
			break
		}
	}
	for _, s := range c.tabs {
		n := int(b.n[s])
		lo := int(b.down[s])
		for top := n; top > lo; {
			base := b.runBase(s, top)
			l := top - base
			above := n - top
			fc := min(above, sc.cells)
			ec := above - fc
			if ec > sc.cols-1 {
				break
			}
			m := min(l, c.def.Group.Max(sc.cells-fc, sc.cols-ec-1))
			if above == 0 {
				// The top run moves whole, and not the whole column.
				if l > m || base == 0 || !b.canMove(s, dest, l) {
					top = base
					continue
				}
			}
			if m >= 1 {
				out = append(out, move{from: uint8(s), to: uint8(dest), n: uint8(m), meta: above > 0, parkA: uint8(above)})
			}
			top = base
		}
	}
	return out
}

// throughMoves appends a free cell's card to an empty column, then at once another cell's card or a column's run (the cards on it parked) onto it.
func (b *board) throughMoves(out []move, sc *scan) []move {
	c := b.c
	if sc.cols == 0 {
		return out
	}
	empty := sc.firstCol
	cells, cols := sc.cells+1, sc.cols-1
	for _, fc := range c.cells {
		if b.n[fc] == 0 {
			continue
		}
		start := len(out)
		// What may go on the cell's card: another cell's card, or a column's run that begins
		// with such a card; found where each card lies, in the order of the piles and, in a
		// column, of the runs from the top.
		for ys := c.follows[empty][b.cards[fc][0]]; ys != 0; ys &= ys - 1 {
			y := byte(bits.TrailingZeros64(ys))
			at := b.loc[y]
			s, h := int(at>>8), int(at&255)
			if s >= maxPiles || s == fc || h >= int(b.n[s]) || b.cards[s][h] != y {
				continue
			}
			switch {
			case c.flag[s]&fCell != 0:
				out = append(out, move{from: uint8(fc), to: uint8(empty), n: 1, meta: true, via: uint8(s), score: int32(s) << 8})
			case c.isTab[s] && h >= int(b.down[s]) && b.starts[s]&(1<<h) != 0:
				n, top := int(b.n[s]), int(b.n[s])
				if rest := b.starts[s] >> (h + 1); rest != 0 {
					top = h + 1 + bits.TrailingZeros64(rest)
				}
				l, above := top-h, n-top
				if above > cells+cols {
					continue
				}
				fcs := min(above, cells)
				if c.def.Group.Max(cells-fcs, cols-(above-fcs)) >= l {
					out = append(out, move{from: uint8(fc), to: uint8(empty), n: uint8(l), meta: true, via: uint8(s), parkA: uint8(above),
						score: 1<<16 | int32(s)<<8 | int32(255-h)})
				}
			}
		}
		sortAscending(out[start:])
	}
	return out
}

// homeFor is the foundation that takes card x now, or -1.
func (b *board) homeFor(x byte) int {
	for _, f := range b.c.found {
		if b.acc[f]&(1<<(x&(cardSpace-1))) != 0 && b.fits(f, x, 1) {
			return f
		}
	}
	return -1
}

// sortAscending orders moves by score, lowest first, keeping the order of equal scores.
func sortAscending(ms []move) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].score < ms[j-1].score; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// fcdfs is a depth-first walk over the kinds of moves of a plan, generated a group at a time:
// the next group of a position only when the walk comes back to it. It keeps only position
// keys. It leaves out moves that only park cards, so its end proves nothing.
type fcdfs struct {
	b       board
	tt      hashSet
	moves   []move
	frames  []fcFrame
	scans   []scan // per frame
	plan    *plan
	rng     uint64
	s       *searcher // for eval
	w       *weights
	started bool
	done    bool
	trials  int // a rated group: how many moves are tried on the board to be rated (0: all)
}

type fcFrame struct {
	start, end, next int32
	mark             int32
	group            uint8
	m                move
}

func (d *fcdfs) reset(p *plan, trials int) {
	d.plan, d.rng, d.started, d.done, d.trials = p, p.seed, false, false, trials
}

func (d *fcdfs) release() { *d = fcdfs{} }

func (d *fcdfs) table() *hashSet { return &d.tt }

func (d *fcdfs) memory() int64 {
	if !d.started {
		return 0
	}
	return int64(len(d.tt.slots))*8 + int64(cap(d.moves))*int64(unsafe.Sizeof(move{})) +
		int64(cap(d.frames))*int64(unsafe.Sizeof(fcFrame{})) + int64(cap(d.b.log))*int64(unsafe.Sizeof(entry{}))
}

func (d *fcdfs) step(s *searcher, quota int) ([]move, Status) {
	b := &d.b
	if d.done {
		return nil, GaveUp
	}
	if !d.started {
		d.started = true
		d.b = board{log: d.b.log[:0]}
		b.load(s.c, &s.g.State)
		d.tt.reset(s.opt.MaxMemory)
		d.moves, d.frames = d.moves[:0], d.frames[:0]
		if s.begin(&d.tt, b, b.hash) {
			return nil, Solved
		}
		d.frames = append(d.frames, fcFrame{})
		d.s, d.w = s, &dfsWeights
		if len(d.scans) == 0 {
			d.scans = append(d.scans, scan{})
		}
	}
	stop := s.stopAt(quota)
	check := 0
	for len(d.frames) > 0 {
		f := &d.frames[len(d.frames)-1]
		if f.next == f.end {
			groups := d.plan.shallow
			if len(d.frames) > d.plan.depth && d.plan.deep != nil {
				groups = d.plan.deep
			}
			if int(f.group) < len(groups) {
				d.moves = d.moves[:f.start]
				d.moves = d.groupMoves(d.moves, &groups[f.group], f.group == 0)
				f.group++
				f.end, f.next = int32(len(d.moves)), f.start
				continue
			}
			d.moves = d.moves[:f.start]
			b.undoTo(int(f.mark))
			d.frames = d.frames[:len(d.frames)-1]
			continue
		}
		m := d.moves[f.next]
		f.next++
		mark := len(b.log)
		if !b.playCompound(m, nil) || !d.tt.insert(b.hash) {
			b.undoTo(mark)
			continue
		}
		s.states++
		if s.goal(b) {
			path := make([]move, 0, len(d.frames))
			for _, fr := range d.frames[1:] {
				path = append(path, fr.m)
			}
			// The undo log holds every card moved from the start, in order: without a stock
			// each transfer is one command, so the line needs no replay to be written out.
			s.steps = s.steps[:0]
			for _, e := range b.log {
				if e.kind == eTransfer {
					s.steps = append(s.steps, move{from: e.a, to: e.b, n: e.n})
				}
			}
			s.stepsReady = true
			return append(path, m), Solved
		}
		n := int32(len(d.moves))
		d.frames = append(d.frames, fcFrame{start: n, end: n, next: n, mark: int32(mark), m: m})
		if len(d.scans) < len(d.frames) {
			d.scans = append(d.scans, scan{})
		}
		if s.pause(&check, 256, stop) {
			return nil, GaveUp
		}
	}
	d.done = true
	return nil, GaveUp
}

// groupMoves appends a group's moves in its order. The position's scan is worked out with
// its first group.
func (d *fcdfs) groupMoves(out []move, g *group, first bool) []move {
	b := &d.b
	sc := &d.scans[len(d.frames)-1]
	if first {
		b.scan(sc)
	}
	start := len(out)
	for _, k := range g.kinds {
		out = b.kindMoves(out, k, sc)
	}
	ms := out[start:]
	switch g.order {
	case orderShuffle:
		for i := len(ms) - 1; i > 0; i-- {
			d.rng = d.rng*6364136223846793005 + 1442695040888963407
			j := int((d.rng >> 33) % uint64(i+1))
			ms[i], ms[j] = ms[j], ms[i]
		}
	case orderHome, orderEval:
		// Only the most promising at first sight are tried on the board and rated: a guess
		// from the cards parked and a card sent home orders the rest, after them.
		tried := ms
		if k := d.trials; k > 0 && len(ms) > k {
			for i := range ms {
				m := &ms[i]
				m.score = -int32(m.parkA+m.parkB) * 4
				if b.c.flag[m.to&(maxPiles-1)]&fFound != 0 {
					m.score += 8
				}
			}
			sortMoves(ms)
			tried = ms[:k]
		}
		for i := range tried {
			mark := len(b.log)
			switch {
			case !b.playCompound(ms[i], nil) || d.tt.has(b.hash):
				ms[i].score = math.MinInt32 // a position seen already: left out below
			case g.order == orderEval:
				ms[i].score = d.s.eval(b, d.w)
			default:
				ms[i].score = int32(b.homeN)
			}
			b.undoTo(mark)
		}
		sortMoves(tried)
		keep := len(ms)
		for keep > 0 && ms[keep-1].score == math.MinInt32 {
			keep--
		}
		if len(tried) < len(ms) {
			// The seen ones of those tried are at the end of the tried part.
			k := len(tried)
			for k > 0 && tried[k-1].score == math.MinInt32 {
				k--
			}
			keep = k + copy(ms[k:], ms[len(tried):])
		}
		out = out[:len(out)-(len(ms)-keep)]
	}
	return out
}

// plans are the depth-first walks of the prelude, numbered as turn.plan, each written in the
// notation parsePlan reads. The seeds shuffle the groups in brackets. Groups past a depth are
// shuffled, not rated: as good, and a tenth cheaper. They are read when the first walk starts
// (fcPlans), not when the program does.
var fcPlans = sync.OnceValue(func() *[fcPlanCount]plan {
	return &[fcPlanCount]plan{
		mustPlan("0[124]ej[36]", 0),
		mustPlan("01[234j]e|33:016[234j]", 0),
		mustPlan("0j26[34]", 6),
		mustPlan("[01][234j]|5:[0123][46j]", 18296),
		mustPlan("01j234|33:016[234j]", 0),
		mustPlan("0[124]hj[36]|55:016[234j]", 0),
		mustPlan("[01][234j]|5:[0123][46j]", 33627),
		mustPlan("[01][2346j]", 8),
		mustPlan("01[j234]|33:016[234j]", 11),
	}
})

// fcPlanCount is the number of fcPlans.
const fcPlanCount = 9

// mustPlan is parsePlan for the plans written above, which TestParsePlan reads back: a plan
// that does not parse is a mistake in this file, found the first time a walk starts.
func mustPlan(spec string, seed uint64) plan {
	p, err := parsePlan(spec, seed)
	if err != nil {
		panic(err)
	}
	return p
}

// planKinds are the kinds of moves a plan names, by the character that names each.
var planKinds = map[byte]uint8{'0': kTopHome, '1': kCellHome, '2': kCellOn, '3': kUnderHome, '4': kRunOn, '6': kRunEmpty, 'j': kThrough}

// parsePlan reads a plan written as fc-solve writes its orders: "01j234|33:016[234j]h", each
// character a kind (0 1 2 3 4 6 j, numbered as the k constants), [..] a shuffled group, [..]h
// a group sorted by the cards home after each move, [..]e one sorted by the evaluation of the
// position after each move, (..) a group in fixed order; "|D:" starts the order past depth D.
// A character that names no kind, a group not closed or empty, or a depth that is not a
// positive number is an error that says where.
func parsePlan(spec string, seed uint64) (plan, error) {
	parse := func(t string) ([]group, error) {
		var gs []group
		for i := 0; i < len(t); i++ {
			switch t[i] {
			case '[', '(':
				close := byte(']')
				if t[i] == '(' {
					close = ')'
				}
				j := strings.IndexByte(t[i:], close) + i
				if j < i {
					return nil, fmt.Errorf("plan %q: the group at %d is not closed with %q", spec, i, close)
				}
				if j == i+1 {
					return nil, fmt.Errorf("plan %q: the group at %d is empty", spec, i)
				}
				var ks []uint8
				for _, ch := range []byte(t[i+1 : j]) {
					k, ok := planKinds[ch]
					if !ok {
						return nil, fmt.Errorf("plan %q: %q names no kind of move", spec, ch)
					}
					ks = append(ks, k)
				}
				o := uint8(orderFixed)
				if close == ']' {
					o = orderShuffle
				}
				if j+1 < len(t) && t[j+1] == 'h' {
					o = orderHome
					j++
				} else if j+1 < len(t) && t[j+1] == 'e' {
					o = orderEval
					j++
				}
				gs = append(gs, group{kinds: ks, order: o})
				i = j
			default:
				k, ok := planKinds[t[i]]
				if !ok {
					return nil, fmt.Errorf("plan %q: %q names no kind of move", spec, t[i])
				}
				gs = append(gs, group{kinds: []uint8{k}})
			}
		}
		if len(gs) == 0 {
			return nil, fmt.Errorf("plan %q: an order with no moves", spec)
		}
		return gs, nil
	}
	p := plan{seed: seed}
	shallow, deep, hasDeep := strings.Cut(spec, "|")
	var err error
	if p.shallow, err = parse(shallow); err != nil {
		return plan{}, err
	}
	if hasDeep {
		d, order, ok := strings.Cut(deep, ":")
		if !ok {
			return plan{}, fmt.Errorf("plan %q: the order past a depth is written |DEPTH:ORDER", spec)
		}
		if p.depth, err = strconv.Atoi(d); err != nil || p.depth < 1 {
			return plan{}, fmt.Errorf("plan %q: depth %q is not a positive number", spec, d)
		}
		if p.deep, err = parse(order); err != nil {
			return plan{}, err
		}
	}
	return p, nil
}

type turn struct{ plan, quota int }

// fcPrelude is chosen on Microsoft deals 1-6000 for the least time per deal: each turn the
// plan that wins the most deals for the time it costs (a choice made on 1-3000 did as well on
// 3001-6000 as on its own deals).
var fcPrelude = []turn{{0, 125}, {1, 125}, {2, 150}, {1, 50}, {2, 50}, {0, 25}, {3, 300}, {0, 50}, {3, 25}, {2, 25}, {0, 100}, {2, 100}, {3, 125}, {4, 200}, {5, 100}, {4, 50}, {1, 50}, {2, 175}, {4, 75}, {3, 50}, {1, 75}, {4, 200}, {6, 75}, {7, 300}, {4, 100}, {8, 600}, {7, 300}, {4, 600}, {2, 1200}}

// dfsWeights are the evaluation's weights when a walk orders its moves by it: tuned on deals
// 1-1000 for the deals the first walk wins within 125 positions (checked on 1001-2000). With
// no weight on blocked cards, a column's terms are read off the runs the board keeps.
var dfsWeights = weights{home: 45, emptyCol: 20, down: 40, brk: 3, cell: 24, reserve: 8, depth: 8}
