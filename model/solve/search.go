package solve

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"solitaire/model"
)

// searcher is one search: a depth-first walk over the board, trying the most promising moves
// first, that never enters a position twice (the transposition table holds every key seen).
type searcher struct {
	c      *compiled
	g      *model.Game
	b      board
	tt     hashSet
	moves  []move
	frames []frame
	opt    Options
	ctx    context.Context
	start  time.Time
	limit  Limit
	states int
	check  int

	w           weights
	depthWeight int32

	// buffers kept from one search to the next
	arena arena
	nodes []node
	open  openList
	buf   []move
}

// frame is one position on the walk: its moves, the next to try, and how it was reached.
type frame struct {
	start, end, next int32
	mark             int32 // the undo log's length before the move into this position
	m                move
}

func solve(ctx context.Context, g *model.Game, opt Options) (Result, error) {
	start := time.Now()
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	if opt.MaxMemory <= 0 {
		opt.MaxMemory = DefaultMaxMemory
	}
	c, err := compileFor(g)
	if err != nil {
		return Result{}, err
	}
	s := pool.Get().(*searcher)
	defer pool.Put(s)
	*s = searcher{c: c, g: g, opt: opt, ctx: ctx, start: start, tt: s.tt, arena: s.arena, nodes: s.nodes, open: s.open, buf: s.buf,
		moves: s.moves[:0], frames: s.frames[:0], b: board{log: s.b.log[:0]}}
	s.b.load(c, &g.State)
	s.prepare()
	path, status := s.bestFirst()
	r := Result{Status: status, Limit: s.limit, States: s.states}
	if status == Solved {
		path = s.shorten(path)
		ops, err := s.commands(path)
		if err != nil {
			return Result{}, err
		}
		r.Moves = ops
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// pool keeps searchers, and their tables, from one search to the next.
var pool = sync.Pool{New: func() any { return new(searcher) }}

// compiledCache holds each game and option set's compiled declaration.
var compiledCache sync.Map

// compileFor compiles g's declaration, or finds it compiled before.
func compileFor(g *model.Game) (*compiled, error) {
	key := g.Name()
	for _, k := range g.Config.Options.Keys() {
		key += " " + k + "=" + g.Config.Options[k]
	}
	if c, ok := compiledCache.Load(key); ok {
		return c.(*compiled), nil
	}
	c, err := compile(g.Def)
	if err != nil {
		return nil, err
	}
	compiledCache.Store(key, c)
	return c, nil
}

// goal reports whether the game is won here, or the engine would finish it by itself.
func (s *searcher) goal() bool {
	b := &s.b
	if b.won() {
		return true
	}
	if !s.c.def.AutoFinish || !b.finishable() {
		return false
	}
	return s.engineAt().AutoFinishWins()
}

// engineAt is a model game at the board's position, for the engine's own verdicts.
func (s *searcher) engineAt() *model.Game {
	return &model.Game{Info: s.g.Info, Def: s.g.Def, Config: s.g.Config, State: s.b.state()}
}

// run walks the position space; on a win it returns the moves from the start.
func (s *searcher) run() ([]move, Status) {
	b := &s.b
	s.tt.init(1 << 12)
	s.tt.insert(b.hash)
	s.states = 1
	if s.goal() {
		return nil, Solved
	}
	if s.g.Won() {
		return nil, Solved
	}
	s.frames = append(s.frames[:0], frame{mark: 0})
	if win, ok := s.expand(&s.frames[0]); ok {
		return []move{win}, Solved
	}
	for len(s.frames) > 0 {
		f := &s.frames[len(s.frames)-1]
		if f.next == f.end {
			s.moves = s.moves[:f.start]
			b.undoTo(int(f.mark))
			s.frames = s.frames[:len(s.frames)-1]
			continue
		}
		m := s.moves[f.next]
		f.next++
		mark := len(b.log)
		b.apply(m)
		s.frames = append(s.frames, frame{mark: int32(mark), m: m})
		nf := &s.frames[len(s.frames)-1]
		if win, ok := s.expand(nf); ok {
			path := make([]move, 0, len(s.frames))
			for _, fr := range s.frames[1:] {
				path = append(path, fr.m)
			}
			return append(path, win), Solved
		}
		if s.limit != NoLimit {
			return nil, GaveUp
		}
	}
	return nil, Unsolvable
}

// expand lists the new positions one move from here into the frame, best first. A move that
// wins is returned at once.
func (s *searcher) expand(f *frame) (move, bool) {
	b := &s.b
	start := len(s.moves)
	s.moves = s.gen(s.moves)
	keep := start
	for i := start; i < len(s.moves); i++ {
		m := s.moves[i]
		mark := len(b.log)
		b.apply(m)
		h := b.hash
		if !s.tt.insert(h) {
			b.undoTo(mark)
			continue
		}
		s.states++
		if s.goal() {
			b.undoTo(mark)
			return m, true
		}
		m.score = s.eval()
		b.undoTo(mark)
		s.moves[keep] = m
		keep++
	}
	s.moves = s.moves[:keep]
	kids := s.moves[start:keep]
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].score > kids[j].score })
	f.start, f.end, f.next = int32(start), int32(keep), int32(start)
	s.check += keep - start + 1
	if s.check >= 1024 {
		s.check = 0
		s.checkLimits()
	}
	return move{}, false
}

// checkLimits sets s.limit when a limit has been reached.
func (s *searcher) checkLimits() {
	switch {
	case s.states >= s.opt.MaxStates:
		s.limit = LimitStates
	case s.memory() >= s.opt.MaxMemory:
		s.limit = LimitMemory
	case s.opt.TimeLimit > 0 && time.Since(s.start) >= s.opt.TimeLimit:
		s.limit = LimitTime
	case s.ctx.Err() != nil:
		s.limit = LimitCancel
	}
}

// memory is the bytes the search's own tables take.
func (s *searcher) memory() int64 {
	return int64(len(s.tt.slots))*8 + int64(cap(s.moves))*8 + int64(cap(s.frames))*24 + int64(cap(s.b.log))*8
}

// gen appends the search's moves from the board: the engine's moves, with the cards that
// drawing can reach offered as moves of their own (draws, then the play), so a run of draws
// is one step. A plain draw is offered only where drawing changes more than the stock.
func (s *searcher) gen(out []move) []move {
	b := &s.b
	c := s.c
	for from := 0; from < b.np; from++ {
		out = b.movesFrom(out, from, 0, true)
	}
	if !b.canDraw() {
		return out
	}
	if c.deal != nil || c.waste < 0 || c.fill == c.waste {
		return append(out, move{from: noPile, to: noPile})
	}
	// Turn the stock in place, listing the plays from each waste card it shows, until the
	// stock and waste come back to where they were or no draw is left.
	mark := len(b.log)
	s0, w0, r0 := b.n[c.stock], b.n[c.waste], b.recycles
	for k := 1; k < 255 && b.canDraw(); k++ {
		b.draw()
		if b.n[c.stock] == s0 && b.n[c.waste] == w0 && (c.def.Passes == 0 || b.recycles == r0) {
			break
		}
		out = b.movesFrom(out, c.waste, k, true)
		if c.def.Passes == 0 && b.recycles-r0 > 1 {
			break
		}
	}
	b.undoTo(mark)
	return out
}

// eval scores a position for the search: cards home, the cards the foundations want next and
// how deep they lie, face-down cards, free cells and empty columns, and breaks in the columns.
func (s *searcher) eval() int32 {
	b := &s.b
	c := s.c
	next := b.wanted()
	w := &s.w
	score := int32(b.homeN) * w.home
	for i := 0; i < b.np; i++ {
		p := &c.piles[i]
		n := int(b.n[i])
		cs := b.cards[i][:n]
		switch p.role {
		case model.Tableau:
			if n == 0 {
				score += w.emptyCol
				continue
			}
			d := int(b.down[i])
			score -= w.down * int32(d)
			for k := max(1, d); k < n; k++ {
				if p.follows[cs[k-1]]&(1<<cs[k]) == 0 {
					score -= w.brk
				}
			}
		case model.Cell:
			if n == 0 {
				score += w.cell
			}
			continue
		case model.Reserve:
			score -= w.reserve * int32(n)
		case model.Stock, model.Waste:
			score -= int32(n)
			continue
		default:
			continue
		}
		for k, x := range cs {
			if next&(1<<x) != 0 {
				score -= w.depth * int32(n-1-k)
			}
		}
	}
	return score
}

// weights are eval's weights.
type weights struct {
	home, emptyCol, down, brk, cell, reserve, depth int32
}

var (
	defaultWeights     = weights{home: 60, emptyCol: 30, down: 40, brk: 10, cell: 12, reserve: 8, depth: 6}
	defaultDepthWeight = int32(2)
)

// prepare fills in the tables eval reads that depend on the deal.
func (s *searcher) prepare() {
	s.w = defaultWeights
	s.depthWeight = defaultDepthWeight

}

// commands turns the path into the game's commands and replays them through the engine,
// which must accept every one and end won.
func (s *searcher) commands(path []move) ([]model.Op, error) {
	b := &s.b
	b.load(s.c, &s.g.State)
	var steps []model.Op
	ref := func(i int) model.PileRef {
		name := s.c.piles[i].name
		r := model.PileRef{Kind: name[0]}
		for _, ch := range name[1:] {
			r.Index = r.Index*10 + int(ch-'0')
		}
		return r
	}
	for _, m := range path {
		for k := 0; k < int(m.draws); k++ {
			steps = append(steps, model.Draw{})
			b.draw()
		}
		if m.isDraw() {
			steps = append(steps, model.Draw{})
			b.draw()
		} else {
			steps = append(steps, model.Move{From: ref(int(m.from)), To: ref(int(m.to)), N: int(m.n)})
			b.transfer(int(m.from), int(m.to), int(m.n), s.c.piles[m.from].rule.Take == model.TakeChain)
			b.settle()
		}
		if s.c.def.AutoPlay {
			b.playHome(true, nil)
			continue
		}
		b.playHome(false, func(from, to int) {
			steps = append(steps, model.Move{From: ref(from), To: ref(to), N: 1})
		})
	}
	g := &model.Game{Info: s.g.Info, Def: s.g.Def, Config: s.g.Config, State: s.g.State.Clone()}
	ops := make([]model.Op, 0, len(steps))
	for _, op := range steps {
		if g.Won() {
			break
		}
		r, err := g.Apply(op)
		if err != nil {
			return nil, fmt.Errorf("solver: the engine refused %q after %d commands: %v", op, len(ops), err)
		}
		ops = append(ops, r.Op)
	}
	if !g.Won() {
		return nil, fmt.Errorf("solver: the line found does not win when replayed (%d commands)", len(ops))
	}
	return ops, nil
}

// shorten replaces stretches of the line by single moves: from each position it looks for a
// move that lands on a position further down the line, and takes the furthest.
func (s *searcher) shorten(path []move) []move {
	b := &s.b
	for pass := 0; pass < 4; pass++ {
		b.load(s.c, &s.g.State)
		keys := make(map[uint64]int, len(path)+1)
		keys[s.exact()] = 0
		for i, m := range path {
			b.apply(m)
			keys[s.exact()] = i + 1
		}
		b.load(s.c, &s.g.State)
		out := make([]move, 0, len(path))
		changed := false
		for i := 0; i < len(path); {
			best, bestJ := path[i], i+1
			cand := s.gen(nil)
			for _, m := range cand {
				mark := len(b.log)
				b.apply(m)
				if j, ok := keys[s.exact()]; ok && j > bestJ {
					best, bestJ = m, j
				}
				b.undoTo(mark)
			}
			if bestJ > i+1 {
				changed = true
			}
			out = append(out, best)
			b.apply(best)
			b.log = b.log[:0]
			i = bestJ
		}
		path = out
		if !changed {
			break
		}
	}
	return path
}

// exact is a key of the board that tells apart piles the search key treats as interchangeable.
func (s *searcher) exact() uint64 {
	b := &s.b
	h := uint64(b.recycles)
	for i := 0; i < b.np; i++ {
		h += mix64(b.ph[i] + uint64(i+1)*0x9E3779B97F4A7C15)
	}
	return h
}
