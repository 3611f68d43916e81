package solve

import (
	"slices"
	"unsafe"

	"solitaire/model"
)

// dfs is a depth-first walk that tries each position's moves in order of promise and enters
// the first that leads somewhere new. It keeps only position keys, so it reaches far more
// positions than the best-first search in the same memory; run to the end with no limit hit,
// it is a proof that no win exists.
type dfs struct {
	b       board
	tt      hashSet
	moves   []move
	frames  []frame
	order   func(b *board, m move, want uint64) int32
	jitter  uint64 // nonzero: a seed that shuffles moves of equal promise
	depth   int    // the deepest the walk goes (0: no bound); a bounded walk proves nothing
	cut     bool   // the bound stopped the walk somewhere
	started bool
	done    bool // the walk has ended without a win
}

// frame is one position on the walk: its moves, the next to try, and how it was reached.
type frame struct {
	start, end, next int32
	mark             int32 // the undo log's length before the move into this position
	m                move
	pure             bool // the move into this position changed nothing but its own cards
}

func promiseOrder(b *board, m move, want uint64) int32 { return b.promise(m, want) }

// reset sets the walk up; its tables are cleared when it first runs.
func (d *dfs) reset(s *searcher, order func(*board, move, uint64) int32, jitter uint64, depth int) {
	d.order, d.jitter, d.depth, d.cut, d.started, d.done = order, jitter, depth, false, false, false
}

// release lets the walk's tables go.
func (d *dfs) release() { *d = dfs{} }

func (d *dfs) memory() int64 {
	if !d.started {
		return 0 // what it holds is left from an earlier search, and cleared when it starts
	}
	return int64(len(d.tt.slots))*8 + int64(cap(d.moves))*int64(unsafe.Sizeof(move{})) +
		int64(cap(d.frames))*int64(unsafe.Sizeof(frame{})) + int64(cap(d.b.log))*int64(unsafe.Sizeof(entry{}))
}

func (d *dfs) step(s *searcher, quota int) ([]move, Status) {
	b := &d.b
	if d.done {
		return nil, GaveUp
	}
	if !d.started {
		d.started = true
		d.b = board{log: d.b.log[:0]}
		b.load(s.c, &s.g.State)
		d.tt.reset()
		d.moves, d.frames = d.moves[:0], d.frames[:0]
		if s.begin(&d.tt, b) {
			return nil, Solved
		}
		d.frames = append(d.frames, frame{})
		d.expand(s, &d.frames[0])
	}
	stop := s.stopAt(quota)
	check := 0
	for len(d.frames) > 0 {
		f := &d.frames[len(d.frames)-1]
		if f.next == f.end {
			d.moves = d.moves[:f.start]
			b.undoTo(int(f.mark))
			d.frames = d.frames[:len(d.frames)-1]
			continue
		}
		m := d.moves[f.next]
		f.next++
		if f.pure && m.from == f.m.to && m.to == f.m.from && m.n == f.m.n && m.card == 0 && m.draws == 0 {
			continue // it would only undo the move that led here
		}
		mark := len(b.log)
		b.apply(m)
		if !d.tt.insert(b.hash) {
			b.undoTo(mark)
			continue
		}
		s.states++
		if s.goal(b) {
			path := make([]move, 0, len(d.frames))
			for _, fr := range d.frames[1:] {
				path = append(path, fr.m)
			}
			return append(path, m), Solved
		}
		pure := len(b.log) == mark+1 && !m.isDraw() && m.card == 0 && m.draws == 0 &&
			b.c.piles[m.from].rule.Take != model.TakeChain
		d.frames = append(d.frames, frame{mark: int32(mark), m: m, pure: pure})
		if d.depth > 0 && len(d.frames) > d.depth {
			d.cut = true
			nf := &d.frames[len(d.frames)-1]
			nf.start, nf.end, nf.next = int32(len(d.moves)), int32(len(d.moves)), int32(len(d.moves))
		} else {
			d.expand(s, &d.frames[len(d.frames)-1])
		}
		if s.pause(&check, 256, stop) {
			return nil, GaveUp
		}
	}
	d.done = true
	if d.cut {
		return nil, GaveUp
	}
	return nil, Unsolvable
}

// expand lists the frame's moves, most promising first, without making them.
func (d *dfs) expand(s *searcher, f *frame) {
	start := len(d.moves)
	d.moves = s.gen(&d.b, d.moves)
	kids := d.moves[start:]
	want := d.b.wanted()
	for i := range kids {
		kids[i].score = d.order(&d.b, kids[i], want)
		if d.jitter != 0 {
			d.jitter = d.jitter*6364136223846793005 + 1442695040888963407
			kids[i].score += int32(d.jitter>>59) * 8
		}
	}
	if len(kids) > 24 {
		slices.SortStableFunc(kids, func(a, b move) int { return int(b.score) - int(a.score) })
	} else {
		sortMoves(kids)
	}
	f.start, f.end, f.next = int32(start), int32(len(d.moves)), int32(start)
}
