package solve

import (
	"context"
	"fmt"
	"maps"
	"math"
	"math/bits"
	"slices"
	"sync"
	"time"

	"solitaire/model"
)

// searcher is one search: the strategies it runs, the limits they share, and the scratch
// board that turns a line found into commands.
type searcher struct {
	c      *compiled
	g      *model.Game
	opt    Options
	ctx    context.Context
	start  time.Time
	limit  Limit
	states int // positions stored, all strategies together
	gi     genInfo
	b      board  // scratch: shortening and replaying a line
	steps  []move // scratch: the commands of a line
	// stepsReady: steps holds the line's commands already (a strategy read them off its board)
	stepsReady bool

	running []strategy
	kept    *kit
	preset  *preset // how to search
	// memory seen: the most the tables took at a limit check (peak), and what the last check
	// added to opt.Gauge (held), which the search takes back when it ends
	peak, held int64
	// cullAt: where the tables reach these bytes, the turn ends (pressed) and the rotation
	// lets go of the best-first search that has come least far (0: never; see cull)
	cullAt  int64
	pressed bool
}

// strategy is one way of searching, run a slice at a time so that several take turns.
type strategy interface {
	// step searches until it has stored about quota more positions. It returns Solved with
	// the line, Unsolvable when it has seen every reachable position, else GaveUp (paused,
	// or stopped by a limit: the searcher's limit says which).
	step(s *searcher, quota int) ([]move, Status)
	memory() int64
	table() *hashSet // its positions seen, whose filling up under the memory bound stops the search
}

// kit is the strategies of one search with their tables, kept for the next search.
type kit struct {
	s    searcher
	dfs  []dfs // the preset's walks, then the crew that proves with the first
	best []befs
	fc   [fcPlanCount]fcdfs
	// polish is the best-first search that looks for a shorter line once one is found
	polish []befs

	// commands' scratch: an earlier position of a line, the keys of the line's positions, the
	// line kept
	twin   board
	seen   lineIndex
	hashes []uint64
	line   []move
}

// capped reports whether a board of the kit's searches left out a move for a column's height
// (board.capped): then their end is no proof.
func (k *kit) capped() bool {
	c := k.s.b.capped
	for i := range k.dfs {
		c = c || k.dfs[i].b.capped
	}
	for i := range k.best {
		c = c || k.best[i].b.capped
	}
	for i := range k.fc {
		c = c || k.fc[i].b.capped
	}
	return c
}

// uncap clears the kit's boards' capped flags, which an earlier search may have left set.
func (k *kit) uncap() {
	k.s.b.capped = false
	for i := range k.dfs {
		k.dfs[i].b.capped = false
	}
	for i := range k.best {
		k.best[i].b.capped = false
	}
	for i := range k.fc {
		k.fc[i].b.capped = false
	}
}

var kits = sync.Pool{New: func() any { return new(kit) }}

func solve(ctx context.Context, g *model.Game, opt Options) (Result, error) {
	start := time.Now()
	switch {
	case opt.MaxStates > 0:
	case opt.TimeLimit > 0:
		opt.MaxStates = math.MaxInt // the time and the memory bound the search
	default:
		opt.MaxStates = DefaultMaxStates
	}
	if opt.MaxMemory <= 0 {
		opt.MaxMemory = DefaultMaxMemory
	}
	if _, err := presetFor(opt); err != nil {
		return Result{}, err
	}
	c, err := compileFor(g)
	if err != nil {
		return Result{}, err
	}
	if err := c.checkHeights(&g.State); err != nil {
		return Result{}, err
	}
	return solveWith(ctx, g, opt, c, start)
}

// solveWith searches with the compiled declaration given.
func solveWith(ctx context.Context, g *model.Game, opt Options, c *compiled, start time.Time) (Result, error) {
	k := kits.Get().(*kit)
	// A kit whose search panicked (Solve recovers it) is left to the collector, not reused.
	ok := false
	defer func() {
		if ok {
			k.s.g, k.s.ctx = nil, nil
			k.trim()
			kits.Put(k)
		}
	}()
	// The searcher lives in the kit, with its scratch board and tables, so that a solve
	// allocates none of them.
	p, err := presetFor(opt)
	if err != nil {
		ok = true
		return Result{}, err
	}
	s := &k.s
	*s = searcher{c: c, g: g, opt: opt, ctx: ctx, start: start, kept: k, preset: p,
		b: board{log: s.b.log[:0]}, steps: s.steps[:0], running: s.running[:0]}
	if opt.Gauge != nil {
		defer func() { opt.Gauge.add(-s.held) }() // before the kit goes back to the pool
	}
	k.uncap()
	var path []move
	status := Unsolvable
	s.b.load(c, &g.State)
	sealed := c.seals && s.b.sealed()
	strand := !sealed && s.b.hopeless() // stranded or jammed
	if !sealed && !strand {
		path, status = s.search()
	}
	if status == Unsolvable && k.capped() {
		status, s.limit = GaveUp, LimitHeight
	}
	r := Result{Status: status, Limit: s.limit, States: s.states, Sealed: sealed, Strand: strand}
	if status == Solved {
		if opt.Shorten != ShortenOff {
			s.polish(path, planFor(opt))
		}
		ops, err := s.commands(path)
		if err != nil {
			ok = true
			return Result{}, err
		}
		if opt.Shorten != ShortenOff && !opt.NoAuto {
			if ops, err = s.gatherHome(ops); err != nil {
				ok = true
				return Result{}, err
			}
		}
		r.Moves = ops
	}
	r.Memory, r.Elapsed = s.peak, time.Since(start)
	ok = true
	return r, nil
}

// compiledCache holds each game and option set's compiled declarations, by a fingerprint of
// the two (cacheKey); each entry keeps its options to tell apart option sets that share one.
var compiledCache sync.Map

type cached struct {
	game string
	opts model.Options
	base model.Rank // the base rank the tables were built for, where the rules read it
	c    *compiled
}

// cacheKey folds a game's name and options into a number, whatever the map's order.
func cacheKey(g *model.Game) uint64 {
	h := fnv1a(0, g.Name())
	for k, v := range g.Config.Options {
		h += mix64(fnv1a(fnv1a(1, k), v))
	}
	return h
}

// fnv1a is FNV-1a over s, from h.
func fnv1a(h uint64, s string) uint64 {
	h ^= 0xcbf29ce484222325
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 0x100000001b3
	}
	return h
}

// compileFor compiles g's declaration, or finds it compiled before.
func compileFor(g *model.Game) (*compiled, error) {
	key := cacheKey(g)
	var base model.Rank
	if g.Def.BaseStops() {
		base = g.State.Base
	}
	if v, ok := compiledCache.Load(key); ok {
		for _, e := range v.([]cached) {
			if e.game == g.Name() && e.base == base && maps.Equal(e.opts, g.Config.Options) {
				return e.c, nil
			}
		}
	}
	c, err := compile(g.Def, base)
	if err != nil {
		return nil, err
	}
	var list []cached
	if v, ok := compiledCache.Load(key); ok {
		list = v.([]cached)
	}
	compiledCache.Store(key, append(list[:len(list):len(list)], cached{g.Name(), maps.Clone(g.Config.Options), base, c}))
	return c, nil
}

// search runs the preset's portfolio of strategies in turns of growing length, as fc-solve runs
// its soft threads: in a game with a stock, best-first searches under two sets of weights and
// depth-first walks under two move orders (preset.stock; without a stock, searchStockless).
// Whichever wins first answers. Past a share of the budget, the first depth-first walk goes on
// with everything left, joined by more walks under other orders on its table
// (preset.sharedWalks): they keep only position keys, so they can run to the end of the
// position space and prove a deal unsolvable (leaving out idle splits where
// compiled.splitProof).
func (s *searcher) search() ([]move, Status) {
	// The cull bound is the portfolio's: the shortening that follows a win runs on this
	// searcher with its own turns, which it must not cut short.
	defer func() { s.cullAt, s.pressed = 0, false }()
	p := s.preset
	specs := p.stock
	if s.c.stock < 0 {
		specs = p.stockless
	}
	if s.c.suited && p.suited != nil {
		specs = p.suited
		if s.c.stock < 0 && p.suitedStockless != nil {
			specs = p.suitedStockless
		}
	}
	if s.c.faceUp && s.c.stock < 0 && p.faceUp != nil {
		specs = p.faceUp
	}
	if s.c.anySuit && p.anySuit != nil {
		specs = p.anySuit
	}
	if s.c.buries && !s.c.suited && p.buries != nil {
		specs = p.buries
	}
	staged := s.c.suited && s.c.stock >= 0 && p.suited != nil && p.suitedStaged != nil && !p.alone
	if staged {
		specs = slices.Concat(specs, p.stagedFor(s.c.decks, s.c.relays))
	}
	all, prover := s.build(specs)
	if staged {
		// The suited searches first, alone until their share of the time is spent, then
		// the staged ones, with the walk that proves
		first := all[:len(p.suited)]
		s.running = append(s.running[:0], first...)
		if path, status, done := s.rotate(p.firstQuota, p.suitedEarly); done {
			return path, status
		}
		for _, st := range first {
			if e, ok := st.(*befs); ok {
				e.release()
			}
		}
		all = all[len(p.suited):]
		if prover != nil {
			all = append(all, prover)
		}
		s.cullAt = s.opt.MaxMemory / 100 * int64(p.suitedCull)
	}
	if p.alone {
		s.running = append(s.running[:0], all[0])
		return all[0].step(s, s.opt.MaxStates)
	}
	if s.c.stock < 0 && !(s.c.suited && p.suited != nil) {
		return s.searchStockless(all, prover)
	}
	if prover != nil {
		s.crew(prover)
	}
	s.running = append(s.running[:0], all...)
	if path, status, done := s.rotate(p.firstQuota, 0); done {
		return path, status
	}
	return s.prove(prover)
}

// build makes the searches of specs, in the kit's slots, and returns them with the first walk
// that is not streamlined, the one that proves (nil if there is none).
func (s *searcher) build(specs []searchSpec) (all []strategy, prover *dfs) {
	k := s.kept
	nb, nw := 0, 0
	for _, sp := range specs {
		if sp.walk {
			nw++
		} else {
			nb++
		}
	}
	// Slots are taken by address (a crew keeps pointers), so they are all made first.
	if len(k.best) < nb {
		k.best = append(k.best, make([]befs, nb-len(k.best))...)
	}
	if n := nw + s.preset.sharedWalks; len(k.dfs) < n {
		k.dfs = append(k.dfs, make([]dfs, n-len(k.dfs))...)
	}
	nb, nw = 0, 0
	for _, sp := range specs {
		if sp.walk {
			d := &k.dfs[nw]
			nw++
			d.reset(s, promiseOrder, sp.jitter, sp.depth)
			d.streamlined = sp.streamlined
			if prover == nil && !sp.streamlined {
				prover = d
				d.prune = s.c.splitProof && s.preset.splitProof
				d.twins = d.prune && s.preset.twins
			}
			all = append(all, d)
			continue
		}
		e := &k.best[nb]
		nb++
		e.reset(s, sp.w, sp.dw)
		e.prune, e.lean, e.digs, e.noise, e.sideways, e.relay, e.joins, e.spreads = sp.prune, sp.lean, sp.digs, sp.noise, sp.sideways, sp.relay, sp.joins, sp.spreads
		e.stage, e.beam = sp.stage, sp.beam
		all = append(all, e)
	}
	return all, prover
}

// crew sets up the walks that join the proving walk to prove, on its table (dfs.crew): the
// kit's walk slots after the preset's own walks.
func (s *searcher) crew(prover *dfs) {
	k := s.kept
	nw := 0
	for _, sp := range s.preset.stock {
		if sp.walk {
			nw++
		}
	}
	crew := []*dfs{prover}
	for i := 1; i < s.preset.sharedWalks; i++ {
		h := &k.dfs[nw+i-1]
		h.reset(s, promiseOrder, uint64(i), 0)
		h.prune, h.twins = prover.prune, prover.twins
		crew = append(crew, h)
	}
	if len(crew) > 1 {
		share(crew...)
	}
}

// searchStockless is search in a game without a stock (FreeCell): the compound walks' turns
// first (preset.prelude), then the searches all, each with a first turn of its own length
// (preset.stocklessPrelude), then they take turns as in search; the proof, by prover, comes last.
func (s *searcher) searchStockless(all []strategy, prover *dfs) ([]move, Status) {
	k := s.kept
	p := s.preset
	if s.c.metaOK() && p.prelude != nil {
		for i := range k.fc {
			k.fc[i].reset(&fcPlans()[i], p.trials)
		}
		s.running = s.running[:0]
		for i := range k.fc {
			s.running = append(s.running, &k.fc[i])
		}
		for _, t := range p.prelude {
			st := &k.fc[t.plan]
			if path, status := st.step(s, t.quota); status == Solved || s.limit != NoLimit {
				return path, status
			}
		}
		for i := range k.fc {
			k.fc[i].release()
		}
	}
	s.running = append(s.running[:0], all...)
	for i, st := range s.running {
		if i >= len(p.stocklessPrelude) {
			break
		}
		if path, status := st.step(s, p.stocklessPrelude[i]); status != GaveUp || s.limit != NoLimit {
			return path, status
		}
	}
	if path, status, done := s.rotate(p.stocklessQuota, 0); done {
		return path, status
	}
	return s.prove(prover)
}

// rotate lets the running strategies take turns, each turn half as long again as the last,
// until one answers (done) or the portfolio's share of the budget is spent (or, if part is
// set, that many parts of a hundred of the time limit and of the positions).
func (s *searcher) rotate(quota, part int) (path []move, status Status, done bool) {
	fast := min(s.opt.MaxStates/5, s.preset.fastStates)
	share := s.opt.TimeLimit / 3
	if s.preset.fastTime > 0 {
		share = s.opt.TimeLimit * time.Duration(s.preset.fastTime) / 100
	}
	if s.c.suited && s.c.stock >= 0 && s.preset.suited != nil && s.preset.suitedFast > 0 {
		fast = min(s.opt.MaxStates, s.preset.suitedFast)
		share = s.opt.TimeLimit * time.Duration(s.preset.suitedFastTime) / 100
	}
	if s.c.splitProof {
		// In Klondike and Canfield most wins come in the first hundred thousand positions,
		// the hard deals are mostly lost ones, and the walk that proves, leaving out idle
		// splits, wins too: it gets the rest sooner. (In classic Canfield this won as many
		// deals as it lost.)
		fast = min(fast, s.preset.fastProof)
	}
	if part > 0 {
		share = s.opt.TimeLimit * time.Duration(part) / 100
		fast = min(fast, s.opt.MaxStates/100*part)
	}
	for s.states < fast && (s.opt.TimeLimit == 0 || time.Since(s.start) < share) {
		before := s.states
		for i := 0; i < len(s.running); i++ {
			st := s.running[i]
			path, status := st.step(s, quota)
			if status != GaveUp || s.limit != NoLimit {
				return path, status, true
			}
			if d, ok := st.(*dfs); ok && d.done && d.crew != nil {
				// The first walk has seen the whole space alone: its crew, which joins now,
				// finds everything stored and completes the proof at once.
				return nil, GaveUp, false
			}
			if s.pressed {
				gone := s.cull()
				if gone < 0 {
					return nil, GaveUp, false // no best-first search left to let go: on to the proof
				}
				if gone <= i {
					i-- // the turns go on from the search after st
				}
			}
		}
		if s.states == before {
			break // every strategy has ended
		}
		quota += quota / 2
	}
	return nil, GaveUp, false
}

// cull lets go of the running best-first search that has come least far (befs.far; of two as
// far, the larger), so that the others go on within the memory bound, and returns its place
// in the running list (-1: there was none). Which search of a portfolio wins a deal is not
// known ahead, but one that has dealt fewer cards, sent fewer home and turned fewer up is the
// least likely to.
func (s *searcher) cull() int {
	s.pressed = false
	worst := -1
	for i, st := range s.running {
		e, ok := st.(*befs)
		if !ok || !e.started {
			continue
		}
		if worst < 0 {
			worst = i
			continue
		}
		w := s.running[worst].(*befs)
		if e.far < w.far || e.far == w.far && e.memory() > w.memory() {
			worst = i
		}
	}
	if worst >= 0 {
		s.running[worst].(*befs).release()
		s.running = slices.Delete(s.running, worst, worst+1)
	}
	return worst
}

// prove lets the portfolio's tables go and the first walk go on with the rest of the budget,
// with the crew of walks that share its table (dfs.crew), by turns: they keep only keys, so
// they can run to the end of the position space. Between them they store each position once,
// so the proof costs what one walk's would, and where one walk's order goes deep into a lost
// part of the space another's may find the win (classic Canfield's hard deals are mostly won
// ones). They join only here, so that what the portfolio finds early it still finds: in
// Algerian, walks that shared the table from the start, and so turned each other aside, lost
// wins the portfolio had found in a second.
func (s *searcher) prove(prover *dfs) ([]move, Status) {
	k := s.kept
	s.cullAt, s.pressed = 0, false
	for i := range k.best {
		k.best[i].release()
	}
	if prover == nil {
		return nil, GaveUp // the preset has no walk to prove with
	}
	for i := range k.dfs {
		if d := &k.dfs[i]; d != prover && !slices.Contains(prover.crew, d) {
			d.release()
		}
	}
	crew := prover.crew
	if crew == nil {
		s.running = []strategy{prover}
		return prover.step(s, s.opt.MaxStates)
	}
	// The walks of one proof take turns to the end.
	s.running = s.running[:0]
	for _, d := range crew {
		s.running = append(s.running, d)
	}
	for quota := s.preset.firstQuota; ; quota += quota / 2 {
		ran := false
		for _, d := range crew {
			if d.done {
				continue
			}
			ran = true
			if path, status := d.step(s, quota); status != GaveUp || s.limit != NoLimit {
				return path, status
			}
		}
		if !ran {
			return nil, GaveUp // a walk was cut short by a bound: no proof
		}
	}
}

// goal reports whether the game is won on board b, or the engine would finish it by itself.
// Without a stock the engine's auto-finish is its playHome, which the board mirrors; with one,
// the engine is asked.
func (s *searcher) goal(b *board) bool {
	if b.won() {
		return true
	}
	if !s.c.def.AutoFinish || !b.finishable() {
		return false
	}
	if s.c.stock >= 0 {
		g := &model.Game{Info: s.g.Info, Def: s.g.Def, Config: s.g.Config, State: b.state()}
		return g.AutoFinishWins()
	}
	mark := len(b.log)
	if s.c.bold {
		// Where the engine's playHome ends, found faster: one deck, foundations from the ace
		// by suit (bold), so no foundation is chosen and every card's place is its own.
		b.foldFast(nil, false)
	} else {
		b.playHome(true, nil)
	}
	won := b.won()
	b.undoTo(mark)
	return won
}

// checkLimits sets s.limit when a limit has been reached.
func (s *searcher) checkLimits() {
	m := s.memory()
	s.peak = max(s.peak, m)
	if s.opt.Gauge != nil {
		s.opt.Gauge.add(m - s.held)
		s.held = m
	}
	switch {
	case s.states >= s.opt.MaxStates:
		s.limit = LimitStates
	case m >= s.opt.MaxMemory || s.tableFull():
		s.limit = LimitMemory
	case s.opt.TimeLimit > 0 && time.Since(s.start) >= s.opt.TimeLimit:
		s.limit = LimitTime
	case s.ctx.Err() != nil:
		s.limit = LimitCancel
	}
	s.pressed = s.cullAt > 0 && m >= s.cullAt
}

// begin stores a strategy's start position in its table and reports whether it is won already
// (an auto-finish comes only after a command, so the start must be won itself).
func (s *searcher) begin(tt *hashSet, b *board, key uint64) bool {
	s.enter(tt, b, key, key == b.hash)
	s.states++
	return s.g.Won()
}

// enter stores the position b, keyed key, in tt and reports whether it is new. Where the game
// is clocked and key is the board's own (clock), it is stored without where the stock stands,
// with the time that says where, and counts as new only if no earlier time was stored.
func (s *searcher) enter(tt *hashSet, b *board, key uint64, own bool) bool {
	if s.c.clocked && own {
		k, t := b.clock()
		return tt.insertAt(k, t)
	}
	return tt.insert(key)
}

// stopAt is where a turn of quota more positions ends, short of overflowing.
func (s *searcher) stopAt(quota int) int {
	if quota > math.MaxInt-s.states {
		return math.MaxInt
	}
	return s.states + quota
}

// pause counts a strategy's step and, every so many steps or at the position limit, reports
// whether it must stop: a limit was reached, or its turn (stored positions up to stop) is over.
func (s *searcher) pause(steps *int, every, stop int) bool {
	if *steps++; *steps < every && s.states < s.opt.MaxStates {
		return false
	}
	*steps = 0
	s.checkLimits()
	return s.limit != NoLimit || s.states >= stop || s.pressed
}

// tableFull reports whether a running strategy's table is as full as the memory bound allows.
func (s *searcher) tableFull() bool {
	for _, st := range s.running {
		if st.table().full {
			return true
		}
	}
	return false
}

// memory is the bytes the strategies' tables take.
func (s *searcher) memory() int64 {
	var n int64
	for _, st := range s.running {
		n += st.memory()
	}
	return n
}

// gen appends the search's moves from the board: the engine's moves, with the cards that
// drawing can reach offered as moves of their own (draws, then the play), so a run of draws
// is one step. A plain draw is offered only where drawing changes more than the stock.
func (s *searcher) gen(b *board, out []move) []move { return s.generate(b, out, false) }

// generate is gen, leaving out the moves off the foundations when noReturns.
func (s *searcher) generate(b *board, out []move, noReturns bool) []move {
	c := s.c
	if c.plain {
		return b.atomic(out)
	}
	if c.pairs && b.pairsBlocked() {
		return out // no win is left: its cards cannot all pair off (pairs.go)
	}
	gi := &s.gi
	b.prepare(gi)
	for from := 0; from < b.np; from++ {
		if c.cyclic && from == c.waste || noReturns && c.piles[from].role == model.Foundation {
			continue
		}
		out = b.movesFrom(out, gi, from, 0, true)
	}
	if c.cyclic {
		// Every card of the cycle can be had: each is offered by its place in it.
		var buf [maxCards]byte
		for t, x := range b.cycle(buf[:0]) {
			out = b.wastePlays(out, gi, x, move{card: uint8(t + 1)})
		}
		return out
	}
	if !b.canDraw() {
		return out
	}
	if c.deal != nil || c.waste < 0 || c.fill == c.waste || c.wasteBuilt {
		return append(out, move{from: noPile, to: noPile})
	}
	if c.stockPlays {
		return s.stockPlays(b, out)
	}
	// Turn copies of the stock and waste, listing the plays from each waste card that shows,
	// until they come back to where they were or no draw is left. Drawing changes no other
	// pile here, so what the other piles take is worked out once.
	var stock, waste [maxCards]byte
	ns, nw := int(b.n[c.stock]), int(b.n[c.waste])
	copy(stock[:ns], b.cards[c.stock][:ns])
	copy(waste[:nw], b.cards[c.waste][:nw])
	s0, w0, recycles := ns, nw, 0
	draw, passes := c.def.Draw, c.def.Passes
	for k := 1; k < 255; k++ {
		if ns == 0 {
			if nw == 0 || (passes > 0 && b.recycles+recycles >= passes-1) {
				break
			}
			for j := 0; j < nw; j++ {
				stock[j] = waste[nw-1-j]
			}
			ns, nw = nw, 0
			recycles++
		} else {
			for j := 0; j < draw && ns > 0; j++ {
				waste[nw] = stock[ns-1]
				nw++
				ns--
			}
		}
		if ns == s0 && nw == w0 && (passes == 0 || recycles == 0) {
			break
		}
		if passes == 0 && recycles > 1 {
			break
		}
		if nw == 0 {
			continue
		}
		out = b.wastePlays(out, gi, waste[nw-1], move{draws: uint8(k)})
	}
	return out
}

// stockPlays appends, where the stock's top plays as well as the waste's (compiled.stockPlays),
// the plays that each number of draws makes possible, tagged with those draws. The draws go
// on until none is left or the stock and waste stand as they did. The other piles' plays are
// the same after a draw, so only the plays out of the stock and the waste are listed again,
// and only where one of the two tops the draws show is a card some pile takes: the draws are
// then made on the board, the plays listed, and the draws taken back.
func (s *searcher) stockPlays(b *board, out []move) []move {
	c, gi := s.c, &s.gi
	st, w := c.stock, c.waste
	var want uint64 // the cards the piles other than the stock and the waste take
	for i := 0; i < b.np; i++ {
		if i != st && i != w {
			want |= gi.want[i]
		}
	}
	var buf [maxCards]byte
	cyc := b.cycle(buf[:0]) // the cards in the order the draws show them
	total := len(cyc)
	nw0 := int(b.n[w])
	nw, rec, made := nw0, b.recycles, 0
	mark := len(b.log)
draws:
	for k := 1; k < 255; k++ {
		switch {
		case nw < total:
			nw = min(nw+c.def.Draw, total)
		case nw > 0 && (c.def.Passes == 0 || rec < c.def.Passes-1):
			nw, rec = 0, rec+1
		default:
			break draws // no draw left
		}
		if nw == nw0 {
			break // round to where it stood: nothing new
		}
		var x, y byte // the waste's top and the stock's, each valid or not
		hasX, hasY := nw > 0, nw < total
		if hasX {
			x = cyc[nw-1]
		}
		if hasY {
			y = cyc[nw]
		}
		if !(hasX && (want&(1<<x) != 0 || hasY && c.piles[st].follows[y]&(1<<x) != 0) ||
			hasY && (want&(1<<y) != 0 || hasX && c.piles[w].follows[x]&(1<<y) != 0)) {
			continue // neither top has a taker
		}
		if c.batchDraws {
			b.turnPair(k - made)
		} else {
			for ; made < k; made++ {
				b.draw()
			}
		}
		made = k
		b.reprepare(gi)
		out = b.movesFrom(out, gi, st, k, true)
		out = b.movesFrom(out, gi, w, k, true)
	}
	b.undoTo(mark)
	b.prepare(gi)
	return out
}

// wastePlays appends the plays of card x, brought to the top of the waste as m says (its
// draws, or its place in the cycle), to every pile that takes it.
func (b *board) wastePlays(out []move, gi *genInfo, x byte, m move) []move {
	w := b.c.waste
	if gi.wantAny&(1<<x) == 0 {
		return out // no pile takes it: most of the stock's cards, most of the time
	}
	for to := 0; to < b.np; to++ {
		if to == w || gi.want[to]&(1<<x) == 0 || (b.n[to] == 0 && b.emptyTwin(to)) || !b.fits(to, x, 1) {
			continue
		}
		m.from, m.to, m.n = uint8(w), uint8(to), 1
		out = append(out, m)
	}
	return out
}

// eval scores a position for the search: cards home, the cards the foundations want next and
// how deep they lie, face-down cards, free cells and empty columns, and breaks in the columns.
// Each pile's own terms are kept on the board and worked out again only for the piles a move
// changed; how deep the wanted cards lie is read from where they are.
func (s *searcher) eval(b *board, w *weights) int32 {
	c := s.c
	if b.scoredBy != w {
		b.scoredBy, b.dirty = w, ^uint32(0)
	}
	for d := b.dirty & (1<<b.np - 1); d != 0; d &= d - 1 {
		i := bits.TrailingZeros32(d)
		b.pileScore[i] = s.pileScore(b, i, w)
	}
	b.dirty = 0
	score := int32(b.homeN) * w.home
	for i := 0; i < b.np; i++ {
		score += b.pileScore[i]
	}
	next := b.wanted()
	if c.decks == 1 {
		for ; next != 0; next &= next - 1 {
			x := bits.TrailingZeros64(next)
			l := b.loc[x]
			i, k := int(l>>8), int(l&255)
			if i < b.np && k < int(b.n[i]) && int(b.cards[i][k]) == x {
				if r := c.piles[i].role; r == model.Tableau || r == model.Reserve || r == model.Waste && w.waste > 0 {
					score -= w.depth * int32(int(b.n[i])-1-k)
				}
			}
		}
		return score
	}
	for i := 0; i < b.np; i++ {
		if r := c.piles[i].role; r != model.Tableau && r != model.Reserve && (r != model.Waste || w.waste == 0) {
			continue
		}
		n := int(b.n[i])
		for k, x := range b.cards[i][:n] {
			if next&(1<<x) != 0 {
				score -= w.depth * int32(n-1-k)
			}
		}
	}
	return score
}

// pileScore is pile i's own terms in eval: those that read its cards alone.
func (s *searcher) pileScore(b *board, i int, w *weights) int32 {
	p := &s.c.piles[i]
	n := int(b.n[i])
	switch p.role {
	case model.Tableau:
		if n == 0 {
			return w.emptyCol
		}
		d := int(b.down[i])
		if w.block == 0 {
			// Breaks are the runs begun above the lowest face-up card (see starts), and the
			// lowest face-up card itself when it does not follow the face-down card under it.
			breaks := int32(bits.OnesCount64(b.starts[i] &^ (1 << d)))
			if d > 0 && p.follows[b.cards[i][d-1]]&(1<<b.cards[i][d]) == 0 {
				breaks++
			}
			return -w.down*int32(d) - w.brk*breaks
		}
		// One pass: breaks in the face-up run, and cards above a lower rank.
		low, prev := byte(255), byte(0)
		var breaks, blocks int32
		for k, x := range b.cards[i][:n] {
			if k >= d && k > 0 && p.runs[prev]&(1<<x) == 0 {
				breaks++
			}
			if x>>2 > low {
				blocks++
			} else {
				low = x >> 2
			}
			prev = x
		}
		return -w.down*int32(d) - w.brk*breaks - w.block*blocks
	case model.Cell:
		if n == 0 {
			return w.cell
		}
	case model.Reserve:
		return -w.reserve * int32(n)
	case model.Stock:
		if s.c.deal != nil {
			return -w.reserve * int32(n) // dealt onto the reserves, each will be a reserve card
		}
		return -int32(n)
	case model.Waste:
		return -(1 + w.waste) * int32(n)
	}
	return 0
}

// weights are eval's weights.
type weights struct {
	home, emptyCol, down, brk, cell, reserve, depth, block int32
	// waste: a card in the waste counts this much more than its one, and the cards the
	// foundations want count their depth in it as in a column (preset.buries)
	waste int32
}

var (
	defaultWeights     = weights{home: 60, emptyCol: 30, down: 40, brk: 5, cell: 12, reserve: 8, depth: 6, block: 6}
	defaultDepthWeight = int32(8)
	altWeights         = weights{home: 60, emptyCol: 60, down: 40, brk: 20, cell: 20, reserve: 8, depth: 10}
	// The first search's weights in a game without a stock (FreeCell): an empty column counts
	// for less, a break in a column for more, a move made for a little less.
	stocklessWeights     = weights{home: 60, emptyCol: 20, down: 40, brk: 7, cell: 12, reserve: 8, depth: 6, block: 6}
	stocklessDepthWeight = int32(7)
)

// commands turns the path into the game's commands and replays them, one by one, on a board
// of its own as the engine would take them: each must be legal, the line stops where the
// engine's game is won (its auto-finish included), and it must end won. Each move is written
// as the engine writes what it did: the count left out where the longest legal run is meant.
// A stretch of commands that comes back to a position the line was in before is taken out
// (positions that differ only by interchangeable piles count as one, and the commands after
// are carried over to where the cards then lie): a line of compound moves can do that, a card
// one move puts on a column parked again by the next on its way, and a hint that follows the
// line must never lead the player round such a loop.
// The perft test holds the board's rules equal to the engine's; the tests also replay every
// line through the engine itself (engineCheck).
func (s *searcher) commands(path []move) ([]model.Op, error) {
	b := &s.b
	steps := s.steps
	if !s.stepsReady {
		b.load(s.c, &s.g.State)
		steps = steps[:0]
		for _, m := range path {
			b.play(m, func(from, to, n int) {
				steps = append(steps, move{from: uint8(from), to: uint8(to), n: uint8(n)})
			})
		}
		s.steps = steps
	}
	k := s.kept
	if k == nil {
		k = new(kit)
	}
	seen := &k.seen
	seen.reset(len(steps) + 1)
	b.load(s.c, &s.g.State)
	seen.put(b.hash, 0)
	hashes := append(k.hashes[:0], b.hash) // the key after each command kept
	line := k.line[:0]                     // the commands kept, as moves on the board
	var perm [maxPiles]uint8               // where the cards of each pile of the path now lie on the board
	for q := range perm {
		perm[q] = uint8(q)
	}
	np := len(s.c.piles)
	ops := make([]model.Op, 0, len(steps))
	won := s.g.Won()
	for _, st := range steps {
		if won {
			break
		}
		m := remap(st, &perm)
		op, err := s.command(b, m, len(ops))
		if err != nil {
			return nil, err
		}
		b.applyAtomic(m)
		b.log = b.log[:0]
		ops, line = append(ops, op), append(line, m)
		if won = s.goal(b); won {
			break
		}
		j, ok := seen.get(b.hash)
		var sigma [maxPiles]uint8
		if ok {
			// The key makes some positions one that are not the same (a stock's place in its
			// cycle, cards of a rank in Fifteen): a loop is cut only where every card matches.
			twin := &k.twin
			twin.load(s.c, &s.g.State)
			for _, m := range line[:j] {
				twin.applyAtomic(m)
			}
			twin.log = twin.log[:0]
			sigma, ok = match(s.c, &twin.ph, &b.ph, np)
			if ok = ok && b.same(twin, &sigma); ok {
				*b, twin.log = *twin, b.log // the board takes the earlier position; each keeps its own log
			}
		}
		if !ok {
			seen.put(b.hash, len(line))
			hashes = append(hashes, b.hash)
			continue
		}
		for q := range np {
			perm[q] = sigma[perm[q]]
		}
		for _, h := range hashes[j+1:] {
			seen.put(h, -1) // gone from the line
		}
		ops, line, hashes = ops[:j], line[:j], hashes[:j+1]
	}
	k.hashes, k.line = hashes, line
	if !won {
		return nil, fmt.Errorf("solver: the line found does not win when replayed (%d commands)", len(ops))
	}
	if engineCheck {
		if err := s.engineReplay(ops); err != nil {
			return nil, err
		}
	}
	return ops, nil
}

// lineIndex maps the keys of a line's positions to their places in it: an open-addressing
// table sized for the line, cheaper than a map for the few hundred keys of a line. A place of
// -1 is a key taken out of the line.
type lineIndex struct {
	keys []uint64
	at   []int32
	mask uint64
}

// reset empties the table and makes room for n keys.
func (t *lineIndex) reset(n int) {
	size := 64
	for size < 4*n {
		size *= 2
	}
	if len(t.keys) < size {
		t.keys, t.at = make([]uint64, size), make([]int32, size)
	} else {
		t.keys, t.at = t.keys[:size], t.at[:size]
		clear(t.keys)
	}
	t.mask = uint64(size - 1)
}

// slot is where key k is, or the empty slot it would go in (0 marks an empty slot, so 0 is
// stored as 1).
func (t *lineIndex) slot(k uint64) (int, uint64) {
	if k == 0 {
		k = 1
	}
	i := k & t.mask
	for t.keys[i] != 0 && t.keys[i] != k {
		i = (i + 1) & t.mask
	}
	return int(i), k
}

func (t *lineIndex) put(k uint64, at int) {
	i, k := t.slot(k)
	t.keys[i], t.at[i] = k, int32(at)
}

func (t *lineIndex) get(k uint64) (int, bool) {
	i, k := t.slot(k)
	if t.keys[i] != k || t.at[i] < 0 {
		return 0, false
	}
	return int(t.at[i]), true
}

// command is move m on board b written as the engine's command, after n commands of the line;
// an error if the engine would refuse it.
func (s *searcher) command(b *board, m move, n int) (model.Op, error) {
	if m.isDraw() {
		if !b.canDraw() {
			return nil, fmt.Errorf("solver: the line draws from an empty stock after %d commands", n)
		}
		return model.Draw{}, nil
	}
	from, to, k := int(m.from), int(m.to), int(m.n)
	longest := 0
	for l := b.takeable(from); l >= 1; l-- {
		if b.canMove(from, to, l) {
			longest = l
			break
		}
	}
	if p := &b.c.piles[from]; k > longest || !b.canMove(from, to, k) || p.role == model.Stock && p.rule.Take == model.TakeNone {
		return nil, fmt.Errorf("solver: the line's move of %d cards from %s to %s after %d commands is not legal",
			k, s.c.piles[from].name, s.c.piles[to].name, n)
	}
	if k == longest {
		k = 0
	}
	ref := s.c.def.Ref
	return model.Move{From: ref(from), To: ref(to), N: k}, nil
}

// engineCheck makes every solve replay its line through the engine as well, which must take
// each command as written and give it back unchanged. The tests turn it on.
var engineCheck = false

// gatherHome has the line send cards home with auto (help auto) where that saves commands: at
// each position where auto would play some card home, the line is tried with auto there and
// without the later commands that only sent home cards auto has sent; it is kept when it still
// wins, replayed through the engine, and has at least one command fewer. A player sends the safe
// cards home with auto, not with six moves.
func (s *searcher) gatherHome(ops []model.Op) ([]model.Op, error) {
	cur := s.engineGame()
	line := ops
	for i := 0; i < len(line) && !cur.Won(); i++ {
		if rest, ok := s.autoFrom(cur, line[i:]); ok {
			line = append(line[:i:i], rest...)
		}
		if _, err := cur.Play(line[i]); err != nil {
			return ops, nil // the line replayed before; left as it was if it does not now
		}
	}
	if engineCheck {
		if err := s.engineReplay(line); err != nil {
			return nil, fmt.Errorf("solver: the line with auto: %w", err)
		}
	}
	return line, nil
}

// autoFrom is the rest of a line played from g's position with auto first, and without the
// commands of rest that only sent home cards auto has sent, when that still wins and takes
// fewer commands than rest.
func (s *searcher) autoFrom(g *model.Game, rest []model.Op) ([]model.Op, bool) {
	try := s.engineGame()
	try.State = g.State.Clone()
	if _, err := try.Play(model.Auto{}); err != nil || try.State.Equal(&g.State) {
		return nil, false
	}
	// What each command of rest sends home, played from g's position: the count of each card
	// on the foundations after it, for the commands that only add cards there.
	orig := s.engineGame()
	orig.State = g.State.Clone()
	var before, after [256]int8
	homeCounts(orig, &before)
	only := make([]bool, len(rest))
	counts := make([][256]int8, len(rest))
	for k, op := range rest {
		if _, err := orig.Play(op); err != nil {
			return nil, false
		}
		homeCounts(orig, &after)
		added, fell := false, false
		for c := range after {
			added = added || after[c] > before[c]
			fell = fell || after[c] < before[c]
		}
		only[k], counts[k], before = added && !fell, after, after
	}
	out := []model.Op{model.Auto{}}
	var now [256]int8
	for k, op := range rest {
		if try.Won() {
			break
		}
		if only[k] {
			homeCounts(try, &now)
			home := true
			for c := range now {
				home = home && now[c] >= counts[k][c]
			}
			if home {
				continue // its cards are home already
			}
		}
		if _, err := try.Play(op); err != nil {
			return nil, false
		}
		out = append(out, op)
	}
	return out, try.Won() && len(out) < len(rest)
}

// engineGame is the engine's game at the searcher's starting position, without history.
func (s *searcher) engineGame() *model.Game {
	return &model.Game{Info: s.g.Info, Def: s.g.Def, Config: s.g.Config, State: s.g.State.Clone()}
}

// homeCounts counts the cards on g's foundations, card by card.
func homeCounts(g *model.Game, n *[256]int8) {
	clear(n[:])
	for i := range g.Def.Piles {
		if g.Def.Piles[i].Role == model.Foundation {
			for _, c := range g.State.Piles[i].Cards {
				n[c]++
			}
		}
	}
}

// engineReplay plays the commands through the engine's Game.Play.
func (s *searcher) engineReplay(ops []model.Op) error {
	g := s.engineGame()
	for i, op := range ops {
		if g.Won() {
			return fmt.Errorf("solver: the engine's game is won before command %d of %d, %q", i+1, len(ops), op)
		}
		done, err := g.Play(op)
		if err != nil {
			return fmt.Errorf("solver: the engine refused %q after %d commands: %v", op, i, err)
		}
		if done != op {
			return fmt.Errorf("solver: the engine wrote command %d, %q, as %q", i+1, op, done)
		}
	}
	if !g.Won() {
		return fmt.Errorf("solver: the line does not win when the engine replays it (%d commands)", len(ops))
	}
	return nil
}

// match pairs the piles of two positions with the same key: perm[q] is the pile of the board
// (hashes have) whose cards are those of pile q of the other (hashes want).
func match(c *compiled, have, want *[maxPiles]uint64, np int) ([maxPiles]uint8, bool) {
	var perm [maxPiles]uint8
	var used [maxPiles]bool
	for q := 0; q < np; q++ {
		found := false
		for p := 0; p < np; p++ {
			if !used[p] && have[p] == want[q] && c.piles[p].salt == c.piles[q].salt {
				perm[q], used[p], found = uint8(p), true, true
				break
			}
		}
		if !found {
			return perm, false
		}
	}
	return perm, true
}

// remap carries a move over to the piles the permutation names.
func remap(m move, perm *[maxPiles]uint8) move {
	if !m.isDraw() {
		m.from, m.to = perm[m.from], perm[m.to]
	}
	return m
}

// sortMoves orders moves by score, highest first, keeping the order of equal scores.
func sortMoves(ms []move) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && ms[j].score > ms[j-1].score; j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// trim lets go of big tables, so that an idle kit stays small.
func (k *kit) trim() {
	for i := range k.dfs {
		if k.dfs[i].memory() > 64<<20 {
			k.dfs[i].release()
		}
	}
	for i := range k.best {
		if k.best[i].memory() > 64<<20 {
			k.best[i].release()
		}
		k.best[i].arena.trim()
	}
}
