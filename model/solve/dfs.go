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
	moves   []move    // one position's moves while they are listed and ordered
	chunks  [][]plain // the moves of every position on the walk, in order, without their scores
	cur     int       // the chunk the last position's moves are in
	frames  []frame
	order   func(b *board, m move, want uint64) int32
	jitter  uint64                   // nonzero: a seed that shuffles moves of equal promise
	depth   int                      // the deepest the walk goes (0: no bound); a bounded walk proves nothing
	cut     bool                     // the bound stopped the walk somewhere
	prune   bool                     // leave out the splits that lose no win (board.splitsIdle; compiled.splitProof)
	twins   bool                     // merge positions that differ by twins' tails (board.twinKey; with prune)
	cols    [maxPiles][maxCards]byte // twinKey's room to work in
	started bool
	// streamlined: the walk sends home any card that can go, before any other move, and keys
	// positions by their ranks alone (board.rankKey), as Solvitaire's streamliners: it may
	// miss a win, so its end proves nothing
	streamlined bool
	done        bool // the walk has ended without a win
	// crew is the walks that share one table, this one among them, the first owning it; each
	// has its own move order. A position one has stored is one the others leave alone, so
	// between them they store each position once, and once all have ended every stored
	// position has had all its moves tried: the same proof as one walk's, for the same work.
	crew []*dfs
}

// frame is one position on the walk: its moves, the next to try, and how it was reached.
type frame struct {
	chunk            int32 // the chunk its moves are in, from start to end
	start, end, next int32
	mark             int32 // the undo log's length before the move into this position
	m                plain
	pure             bool // the move into this position changed nothing but its own cards
}

// plain is a move as the walk keeps it: the walk plays only the engine's moves (no digs, no
// compound moves) and needs no score once they are ordered, so a proof's long walk, whose
// stack holds every sibling of every position on it, takes 5 bytes a move instead of 16.
// The stack is a list of chunks rather than one slice so that it never grows by copying: a
// copy would need the old and the new stack at once, half as much again as the cap allows.
type plain struct{ from, to, n, draws, card uint8 }

// chunkMoves is the moves a chunk of the walk's stack holds (1.25 MiB); a variable so that a
// test can make the walk cross chunks often.
var chunkMoves = 1 << 18

func (m move) plain() plain { return plain{m.from, m.to, m.n, m.draws, m.card} }

func (p plain) move() move {
	return move{from: p.from, to: p.to, n: p.n, draws: p.draws, card: p.card}
}

func promiseOrder(b *board, m move, want uint64) int32 { return b.promise(m, want) }

// reset sets the walk up; its tables are cleared when it first runs.
func (d *dfs) reset(s *searcher, order func(*board, move, uint64) int32, jitter uint64, depth int) {
	d.order, d.jitter, d.depth, d.cut, d.prune, d.twins, d.started, d.done = order, jitter, depth, false, false, false, false, false
	d.streamlined = false
	d.crew = nil
}

// share makes the walks one proof's crew, on the first one's table.
func share(crew ...*dfs) {
	for _, d := range crew {
		d.crew = crew
	}
}

// borrowed reports whether the walk stores positions in another's table.
func (d *dfs) borrowed() bool { return len(d.crew) > 0 && d.crew[0] != d }

// crewDone reports whether every walk of the crew has ended, none cut short by a bound.
func (d *dfs) crewDone() bool {
	for _, w := range d.crew {
		if !w.done || w.cut {
			return false
		}
	}
	return true
}

// release lets the walk's tables go.
func (d *dfs) release() { *d = dfs{} }

// table is the table the walk stores positions in: its own, or its crew's.
func (d *dfs) table() *hashSet {
	if d.borrowed() {
		return &d.crew[0].tt
	}
	return &d.tt
}

func (d *dfs) memory() int64 {
	if !d.started {
		return 0 // what it holds is left from an earlier search, and cleared when it starts
	}
	var tab int64
	if !d.borrowed() {
		tab = int64(len(d.tt.slots)) * 8
	}
	return tab + int64(cap(d.moves))*int64(unsafe.Sizeof(move{})) +
		d.stackBytes() + int64(cap(d.frames))*int64(unsafe.Sizeof(frame{})) + int64(cap(d.b.log))*int64(unsafe.Sizeof(entry{}))
}

func (d *dfs) step(s *searcher, quota int) ([]move, Status) {
	b := &d.b
	if d.done {
		return nil, GaveUp
	}
	if !d.started {
		if d.borrowed() && !d.crew[0].started {
			return nil, GaveUp // the table is the first walk's, set up when it starts
		}
		d.started = true
		d.b = board{log: d.b.log[:0]}
		b.load(s.c, &s.g.State)
		b.twins = d.twins
		if !d.borrowed() {
			d.tt.reset(s.opt.MaxMemory)
		}
		d.frames, d.cur = d.frames[:0], 0
		for i := range d.chunks {
			d.chunks[i] = d.chunks[i][:0]
		}
		if s.begin(d.table(), b, d.key(b)) {
			return nil, Solved
		}
		d.frames = append(d.frames, frame{})
		d.expand(s, &d.frames[0])
	}
	stop := s.stopAt(quota)
	check := 0
	tt := d.table()
	for len(d.frames) > 0 {
		f := &d.frames[len(d.frames)-1]
		if f.next == f.end {
			d.chunks[f.chunk], d.cur = d.chunks[f.chunk][:f.start], int(f.chunk)
			b.undoTo(int(f.mark))
			d.frames = d.frames[:len(d.frames)-1]
			continue
		}
		m := d.chunks[f.chunk][f.next].move()
		f.next++
		if f.pure && m.from == f.m.to && m.to == f.m.from && m.n == f.m.n && m.card == 0 && m.draws == 0 {
			continue // it would only undo the move that led here
		}
		mark := len(b.log)
		split := d.twins && b.twinSplit(m)
		b.apply(m)
		if split {
			// A split that frees a wanted card is one move with the card's going home.
			f := b.homeFor(b.top(int(m.from)))
			if f < 0 {
				b.undoTo(mark)
				continue
			}
			d.frames = append(d.frames, frame{mark: int32(mark), m: m.plain()})
			d.push(&d.frames[len(d.frames)-1], []move{{from: m.from, to: uint8(f), n: 1}})
			continue
		}
		if !s.enter(tt, b, d.key(b), !d.twins) {
			b.undoTo(mark)
			continue
		}
		s.states++
		if !d.twins {
			// The position at the start of the stock's cycle has no play this one lacks: it
			// need not be entered (twinKey keys the columns otherwise, so not with twins).
			if k, ok := b.cycleStartKey(); ok {
				tt.insert(k)
			}
		}
		if s.goal(b) {
			path := make([]move, 0, len(d.frames))
			for _, fr := range d.frames[1:] {
				path = append(path, fr.m.move())
			}
			return append(path, m), Solved
		}
		pure := len(b.log) == mark+1 && !m.isDraw() && m.card == 0 && m.draws == 0 &&
			b.c.piles[m.from].rule.Take != model.TakeChain
		d.frames = append(d.frames, frame{mark: int32(mark), m: m.plain(), pure: pure})
		if d.depth > 0 && len(d.frames) > d.depth {
			d.cut = true
			nf := &d.frames[len(d.frames)-1]
			d.push(nf, nil)
		} else {
			d.expand(s, &d.frames[len(d.frames)-1])
		}
		if s.pause(&check, 256, stop) {
			return nil, GaveUp
		}
	}
	d.done = true
	if d.cut || d.crew != nil && !d.crewDone() {
		return nil, GaveUp // a proof needs the whole crew's end
	}
	return nil, Unsolvable
}

// key is the position's key in the walk's table.
func (d *dfs) key(b *board) uint64 {
	if d.streamlined {
		return b.rankKey()
	}
	if d.twins {
		return b.twinKey(&d.cols)
	}
	return b.key()
}

// expand lists the frame's moves, most promising first, without making them.
func (d *dfs) expand(s *searcher, f *frame) {
	if d.b.hopeless() {
		d.push(f, nil) // no win from here: it need not be walked
		return
	}
	d.moves = s.gen(&d.b, d.moves[:0])
	kids := d.moves
	if d.streamlined {
		d.cut = true // its end proves nothing
		if m, ok := d.b.homeMove(kids); ok {
			kids[0] = m
			kids = kids[:1]
		}
	}
	want := d.b.wanted()
	if d.prune {
		kids = slices.DeleteFunc(kids, func(m move) bool { return d.b.splitsIdle(m, want) })
	}
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
	d.push(f, kids)
}

// push puts the frame's moves on the stack, in a new chunk where the current one has no room.
func (d *dfs) push(f *frame, kids []move) {
	if len(d.chunks) == 0 {
		d.chunks = append(d.chunks, make([]plain, 0, max(chunkMoves, len(kids))))
	}
	if c := d.chunks[d.cur]; cap(c)-len(c) < len(kids) {
		d.cur++
		if d.cur == len(d.chunks) {
			d.chunks = append(d.chunks, nil)
		}
		if cap(d.chunks[d.cur]) < len(kids) {
			d.chunks[d.cur] = make([]plain, 0, max(chunkMoves, len(kids)))
		}
		d.chunks[d.cur] = d.chunks[d.cur][:0]
	}
	c := d.chunks[d.cur]
	start := len(c)
	for _, m := range kids {
		c = append(c, m.plain())
	}
	d.chunks[d.cur] = c
	f.chunk, f.start, f.end, f.next = int32(d.cur), int32(start), int32(len(c)), int32(start)
}

// stackBytes is the memory the walk's stack holds.
func (d *dfs) stackBytes() int64 {
	var n int64
	for _, c := range d.chunks {
		n += int64(cap(c))
	}
	return n * int64(unsafe.Sizeof(plain{}))
}
