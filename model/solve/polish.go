package solve

import "solitaire/model"

// Shortening a line. The searches find a win, not a short one: a line can go round the stock
// again and again, or move a run back and forth. Before a line is returned it is made shorter
// (polish), in four steps, each bounded by the plan's budgets and the search's time:
//
//  1. searches for a shorter win from the start, best-first, where a move costs the commands it
//     takes (draws and cards sent home included) and no line as long as the best found is
//     followed; several run by turns, each going on after a win it finds;
//  2. the same from later positions of the line, which have fewer cards left to play;
//  3. edits of the line (simplify): commands taken out, a card's two moves made one, plays made
//     earlier, each kept when the whole line still wins in fewer commands; then step 2 again
//     on the edited line (its later positions are new to the searches), and the edits again;
//  4. shortcuts: from each position, every sequence of a few commands that reaches a position
//     further down the line, or a win, in fewer commands than the line takes.
//
// Every step keeps a line only where it replays to a win on the solver's board, and commands
// then replays the result once more; the tests replay it through the engine as well.

// Shorten says how a winning line is made shorter before Solve returns it.
type Shorten uint8

// The levels of shortening.
const (
	ShortenFull  Shorten = iota // searches for a shorter line, then edits of the line
	ShortenEdits                // edits of the line and shortcuts only: quick, no new search
	ShortenOff                  // the line as the search found it, with its loops cut
)

// String is the level's name, as --shorten takes it.
func (l Shorten) String() string {
	return [...]string{"full", "edits", "off"}[l]
}

// ParseShorten reads a level by its name.
func ParseShorten(name string) (Shorten, bool) {
	for l := ShortenFull; l <= ShortenOff; l++ {
		if l.String() == name {
			return l, true
		}
	}
	return ShortenFull, false
}

// shortenPlan is the shortening's budgets and searches: data, so that a test may try others.
type shortenPlan struct {
	states   int            // positions the searches for a shorter line may store, all together
	global   int            // of those, the percentage the search from the start gets
	suffixes []int          // where the searches from later positions start, in percent of the line
	again    []int          // where they start once more after the edits, which change the line
	share    int            // the positions those get, in percent of states (on top of them)
	searches []polishSearch // the searches that take turns
	quota    int            // positions each stores in its first turn; later turns grow by half
	edits    int            // commands the simplifier may replay
	depth    int            // how many commands a shortcut may take
	work     int            // moves the shortcuts may try
}

// polishSearch is one of the searches that look for a shorter line: eval's weights, what a
// command costs against them, and whether it leaves out the moves the portfolio's first search
// leaves out (befs.prune: faster where it wins, blind where it does not).
type polishSearch struct {
	w     *weights
	dw    int32
	prune bool
}

// polishSearches go from a greedy search, which finds a line at once, to ones that weigh each
// command more and find shorter lines later, bounded by the shortest line found so far.
var polishSearches = []polishSearch{
	{&defaultWeights, 5, true}, {&altWeights, 10, false}, {&defaultWeights, 15, true},
	{&altWeights, 25, false}, {&defaultWeights, 40, true},
}

// Budgets of a full shortening: positions for its searches per second of the time limit, or
// a share of the search's positions where no time is set, within a floor and a ceiling, and
// never past the search's own max-states.
const (
	polishPerSecond  = 40_000
	polishShare      = 12
	polishWork       = 10 // commands replayed, and moves tried, per position of the searches' budget
	polishFloor      = 20_000
	polishCeiling    = 400_000
	polishAgainFloor = 300_000 // the fewest positions a shortening has for its second round
)

// planFor is the shortening plan for a search under opt.
func planFor(opt Options) shortenPlan {
	if opt.plan != nil {
		return *opt.plan
	}
	p := shortenPlan{global: 50, suffixes: []int{75, 50, 25}, again: []int{60, 30}, share: 50, searches: polishSearches, quota: 2000,
		edits: polishWork * polishFloor, depth: 2, work: polishWork * polishFloor}
	switch opt.Shorten {
	case ShortenOff:
		return shortenPlan{}
	case ShortenEdits:
		return p
	}
	// A search bounded by positions alone gets a share of them; and never more positions than
	// the search itself may store.
	p.states = opt.MaxStates / polishShare
	if opt.TimeLimit > 0 {
		p.states = int(opt.TimeLimit.Seconds() * polishPerSecond)
	}
	p.states = min(polishCeiling, max(polishFloor, p.states))
	if opt.ShortenStates > 0 {
		p.states = opt.ShortenStates
	}
	if opt.MaxStates > 0 {
		p.states = min(p.states, opt.MaxStates)
	}
	// The edits and the shortcuts get work in proportion: a long line costs a replay an edit.
	p.edits, p.work = polishWork*p.states, polishWork*p.states
	if p.states < polishAgainFloor {
		p.again = nil // a hint's or the prompt's budget: the player waits for the answer
	}
	return p
}

// polish makes the line path shorter under plan, and leaves its commands in s.steps.
func (s *searcher) polish(path []move, plan shortenPlan) {
	steps := s.atomicSteps(s.c, path, s.steps[:0])
	g, opt, states := s.g, s.opt, s.states
	defer func() {
		s.g, s.opt, s.limit, s.states = g, opt, NoLimit, states
		s.running = s.running[:0]
		s.steps, s.stepsReady = steps, true
	}()
	// The shortening is bounded by positions and work, never by the clock: the time limit is
	// the search's, and a line shortened until the clock ran out would depend on how busy the
	// machine was (a search that took most of its time would leave its line long). Ctrl-C
	// (the context) still stops it.
	s.opt.TimeLimit = 0
	steps = s.shortcuts(steps, 0, nil, 0) // first the loops, which cost nothing to find
	if plan.states > 0 {
		global := plan.states * plan.global / 100
		if alt, _ := s.shorter(plan, global, len(steps), nil); alt != nil {
			steps = alt
		}
		steps = s.windows(plan, steps, plan.suffixes, plan.states-global)
	}
	if plan.edits > 0 {
		work := 0
		steps = s.simplify(steps, &work, plan.edits)
		// The edits leave a line the searches have not seen: from its later positions they
		// find shorter ways again, and the edits then tidy what those put in.
		if again := plan.states * plan.share / 100; again > 0 && len(plan.again) > 0 {
			steps = s.windows(plan, steps, plan.again, again)
			steps = s.simplify(steps, &work, 2*plan.edits)
		}
	}
	if plan.depth > 0 {
		work := 0
		for before := -1; before != len(steps) && work < plan.work && !s.timeUp(); {
			before = len(steps)
			steps = s.shortcuts(steps, plan.depth, &work, plan.work)
		}
	}
}

// atomicSteps appends the commands path amounts to under c, from the searched position.
func (s *searcher) atomicSteps(c *compiled, path []move, out []move) []move {
	b := &s.b
	b.load(c, &s.g.State)
	say := func(from, to, n int) { out = append(out, move{from: uint8(from), to: uint8(to), n: uint8(n)}) }
	for _, m := range path {
		b.play(m, say)
		b.log = b.log[:0]
	}
	return out
}

// windows runs window from each of the places (in percent of the line), budget shared out.
func (s *searcher) windows(plan shortenPlan, steps []move, places []int, budget int) []move {
	for _, f := range places {
		if s.timeUp() {
			break
		}
		steps = s.window(plan, steps, len(steps)*f/100, budget/len(places))
	}
	return steps
}

// window looks for a shorter way from position i of the line to its win, for at most budget
// positions: a win, or a position further down the line reached in fewer commands than the
// line takes to it. It returns the line with the shorter stretch put in, or the line as it was.
func (s *searcher) window(plan shortenPlan, steps []move, i, budget int) []move {
	c := s.c.exactCopy() // the keys of the search that looks, which tell apart every place of the stock
	b := &s.b
	g := s.g
	defer func() { s.g = g }()
	n := len(steps)
	b.load(c, &g.State)
	for _, m := range steps[:i] {
		b.applyAtomic(m)
	}
	b.log = b.log[:0]
	s.g = &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: b.state()}
	// The line's later positions: the commands left from each, and where its cards lie.
	rejoin := make(map[uint64]int, n-i)
	at := make(map[uint64]int, n-i)
	piles := make([][maxPiles]uint64, n+1)
	for j := i + 1; j <= n; j++ {
		b.applyAtomic(steps[j-1])
		b.log = b.log[:0]
		k := b.exactKey()
		rejoin[k], at[k], piles[j] = n-j, j, b.ph
	}
	alt, joined := s.shorter(plan, budget, n-i, rejoin)
	if alt == nil {
		return steps
	}
	out := append(steps[:i:i], alt...)
	if joined == 0 {
		return out // a win
	}
	// Back on the line at j: its rest, carried over to where the cards now lie.
	j := at[joined]
	b.load(c, &s.g.State)
	for _, m := range alt {
		b.applyAtomic(m)
	}
	b.log = b.log[:0]
	perm, ok := match(c, &b.ph, &piles[j], len(c.piles))
	if !ok {
		return steps // cannot happen: the keys matched, so the piles do
	}
	for _, m := range steps[j:] {
		out = append(out, remap(m, &perm))
	}
	return out
}

// shorter runs the plan's searches by turns from s.g's position, under the declaration's
// exact copy (exactCopy), for at most budget positions, and returns the commands of the
// shortest win they find in fewer than bound commands, or nil. With rejoin (the exact keys of
// a line's later positions, and the commands the line takes from each), reaching one of those
// in fewer commands in all counts too: joined is then its key (else 0).
func (s *searcher) shorter(plan shortenPlan, budget, bound int, rejoin map[uint64]int) (best []move, joined uint64) {
	if budget <= 0 || s.timeUp() {
		return nil, 0
	}
	k := s.kept
	orig, opt := s.c, s.opt
	defer func() {
		s.c, s.opt, s.limit = orig, opt, NoLimit
		s.running = s.running[:0]
	}()
	s.c = orig.exactCopy()
	s.opt.MaxStates = s.states + budget
	s.limit = NoLimit
	if len(k.polish) < len(plan.searches) {
		k.polish = make([]befs, len(plan.searches))
	}
	s.running = s.running[:0]
	for i, p := range plan.searches {
		e := &k.polish[i]
		w := *p.w
		if s.c.stock < 0 && p.w == &defaultWeights {
			w = stocklessWeights
		}
		e.reset(s, w, p.dw)
		e.prune, e.exact, e.bound, e.rejoin = p.prune, true, bound, rejoin
		s.running = append(s.running, e)
	}
	for quota := plan.quota; s.limit == NoLimit; quota += quota / 2 {
		ran := false
		for _, st := range s.running {
			e := st.(*befs)
			if e.done {
				continue
			}
			ran = true
			if p, status := e.step(s, quota); status == Solved {
				alt := s.atomicSteps(s.c, p, nil)
				if total := len(alt) + rejoin[e.joined]; total < bound {
					best, joined, bound = alt, e.joined, total
					for _, o := range s.running {
						o.(*befs).bound = bound
					}
				}
			}
			if s.limit != NoLimit {
				break
			}
		}
		if !ran {
			break
		}
	}
	return best, joined
}

// shortcuts replaces stretches of the line by shorter ones: from each of its positions, every
// sequence of up to depth commands is tried, and the one that reaches a position furthest
// down the line for the fewest commands (or a win) is taken when it saves some. With depth 0
// it cuts the loops: a stretch that comes back to a position the line was in before. Positions
// count as the same when they differ only by interchangeable piles; the rest of the line is
// then carried over to the piles where the cards now lie. The boards are the exact copy's
// (exactCopy), whose keys tell apart positions the search counts as one. work counts the moves tried, up to
// most (nil: no bound).
func (s *searcher) shortcuts(steps []move, depth int, work *int, most int) []move {
	c := s.c.exactCopy() // whose key tells apart every place of the stock
	b := &s.b
	n := len(steps)
	b.load(c, &s.g.State)
	index := make(map[uint64]int, n+1)
	piles := make([][maxPiles]uint64, n+1)
	index[b.exactKey()], piles[0] = 0, b.ph
	for i, m := range steps {
		b.applyAtomic(m)
		b.log = b.log[:0]
		index[b.exactKey()], piles[i+1] = i+1, b.ph
	}
	b.load(c, &s.g.State)
	var perm [maxPiles]uint8
	for q := range perm {
		perm[q] = uint8(q)
	}
	np := len(c.piles)
	out := make([]move, 0, n)
	var path, bestPath [maxShortcut]move
	depth = min(depth, maxShortcut)
	bufs := make([][]move, depth)
	if work == nil {
		work = new(int)
	}
	spent := func() bool { return *work > most || s.timeUp() }
	for i := 0; i < n; {
		// The best found: the commands the line takes from here less those the shortcut takes.
		bestSave, bestLen, bestJ := 0, 0, 0
		if j, ok := index[b.exactKey()]; ok && j > i {
			bestSave, bestJ = j-i, j // a loop: the line comes back here
		}
		var walk func(d int)
		walk = func(d int) {
			bufs[d] = b.atomic(bufs[d][:0])
			*work += len(bufs[d])
			for _, m := range bufs[d] {
				mark := len(b.log)
				b.applyAtomic(m)
				path[d] = m
				j, ok := index[b.exactKey()]
				won := s.goal(b)
				if won {
					j, ok = n, true
				}
				if ok && j > i {
					if save := j - i - (d + 1); save > bestSave || save == bestSave && save > 0 && j > bestJ {
						bestSave, bestLen, bestJ = save, d+1, j
						copy(bestPath[:], path[:d+1])
					}
				}
				if d+1 < depth && !won {
					walk(d + 1)
				}
				b.undoTo(mark)
			}
		}
		if depth > 0 && !spent() {
			walk(0)
		}
		if bestSave <= 0 {
			m := remap(steps[i], &perm)
			b.applyAtomic(m)
			b.log = b.log[:0]
			out = append(out, m)
			i++
			continue
		}
		for _, m := range bestPath[:bestLen] {
			b.applyAtomic(m)
			out = append(out, m)
		}
		b.log = b.log[:0]
		if bestJ == n && (bestLen > 0 || s.goal(b)) {
			return out
		}
		i = bestJ
		p, ok := match(c, &b.ph, &piles[i], np)
		if !ok {
			return steps // cannot happen: the keys matched, so the piles do
		}
		perm = p
	}
	return out
}

// maxShortcut is the most commands a shortcut may take.
const maxShortcut = 4

// exactKey is the position key with where a cyclic stock stands told apart, which the search's
// key leaves out: from each place the draws a play needs differ.
func (b *board) exactKey() uint64 {
	if !b.c.cyclic {
		return b.hash
	}
	return b.hash + mix64(uint64(b.n[b.c.waste])+0xC7C1E)
}

// commandsLeft is a lower bound, as a rule, on the commands a win from b still takes: where
// every card must go home by a command, the cards not home; where the game finishes by itself,
// the cards it needs moved first (a face-down card is turned only by a command from its
// column, and the reserves, the stock and the waste must be empty); and the draws the stock
// needs; where cards go home a run at a time, the runs not home, or none where they go by
// themselves. It prunes the shortening's searches only, so a case it gets wrong costs a shorter
// line, never a win.
func (b *board) commandsLeft() int {
	c := b.c
	if c.def.Win == model.WinCleared {
		// Each card left on the table leaves it by a command of its own, or two by one where
		// they leave in pairs (Pyramid).
		n, pairs := 0, false
		for _, i := range c.tabs {
			n += int(b.n[i])
			pairs = pairs || c.piles[i].rule.PairOff
		}
		if pairs {
			return (n + 1) / 2
		}
		return n
	}
	if c.def.Win != model.WinFoundations || c.def.AutoPlay {
		return 0
	}
	n := 0
	switch {
	case len(c.found) > 0 && c.piles[c.found[0]].rule.Empty == model.EmptyRun:
		// Cards go home a whole run at a time: by a command of its own each, or by themselves
		// (Spider's runs home).
		if !c.def.RunsHome {
			n = (c.total - b.homeN) / int(model.King)
		}
	case !c.def.AutoFinish:
		n = c.total - b.homeN
	default:
		cycle := c.def.Draw == 1 && c.def.Passes == 0 // the finish draws the stock by itself
		for i := 0; i < b.np; i++ {
			switch c.piles[i].role {
			case model.Tableau:
				n += int(b.down[i])
			case model.Reserve:
				if i != c.fill {
					n += int(b.n[i])
				}
			case model.Stock, model.Waste:
				if !cycle && i != c.fill {
					n += int(b.n[i])
				}
			}
		}
		if cycle {
			return n
		}
	}
	if st := c.stock; st >= 0 && b.n[st] > 0 {
		switch {
		case c.deal != nil:
			per := len(c.deal.to) * c.deal.each
			n += (int(b.n[st]) + per - 1) / per
		case c.def.Draw > 0:
			n += (int(b.n[st]) + c.def.Draw - 1) / c.def.Draw
		}
	}
	return n
}
