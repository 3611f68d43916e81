package model

// Random-play property tests: every game of the collection, with its options, is played by
// random commands for thousands of steps per seed, and after every step the board is checked
// against rules written here from pile.go's declarations rather than taken from the engine:
//
//   - the cards are conserved: 52 or 104, each card exactly Decks times, none invalid;
//   - every pile obeys its declaration: capacity, one card per free cell, foundations built
//     in order from what their empty state accepts, stocks face down, face-down cards only in
//     piles that turn their top up by themselves (and only those the deal put there),
//     top-only piles showing their top, frozen piles untouched, columns that the deal left as
//     runs still runs, empty piles refilled only by what they accept;
//   - every move Apply accepts obeys the take, build, empty, capacity and group-move rules, is
//     one Legal lists, moves the cards it says, and omits N only when it moved the most it could;
//   - every refused command (a random move, a draw, auto, purge, policy, undo or redo out of
//     range, anything after a win) leaves the game exactly as it was;
//   - undo restores exactly the previous state, redo the next, restart the deal;
//   - the history replayed from a fresh deal of the same Config reproduces the state, and the
//     position reached loads back (LoadPosition) as the same piles;
//   - Won, DeadEnd, Legal and Suggest agree with each other and with the win rule.
//
// SOLITAIRE_PLAY_SEEDS and SOLITAIRE_PLAY_STEPS scale the run (see docs/testing.md).

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// invVariant is a game with some options.
type invVariant struct {
	game string
	opts Options
}

func (v invVariant) String() string {
	s := v.game
	for _, k := range v.opts.Keys() {
		s += "," + k + "=" + v.opts[k]
	}
	return s
}

// invValues lists the values of an option worth playing: every enum value and both booleans,
// the ends and middle of a range, and a few pass limits.
func invValues(s OptionSpec) []string {
	switch s.Kind {
	case OptBool:
		return []string{"false", "true"}
	case OptEnum:
		return s.Values
	case OptInt:
		vs := []string{strconv.Itoa(s.Min), strconv.Itoa((s.Min + s.Max) / 2), strconv.Itoa(s.Max), s.Default}
		slices.Sort(vs)
		return slices.Compact(vs)
	case OptPasses:
		return []string{"unlimited", "1", "2", "3"}
	}
	return []string{s.Default}
}

// invVariants lists, for every game: its defaults, each option at each of its other values on
// its own, every option away from its default at once, and two seeded random mixes.
func invVariants() []invVariant {
	var out []invVariant
	seen := map[string]bool{}
	add := func(v invVariant) {
		if !seen[v.String()] {
			seen[v.String()] = true
			out = append(out, v)
		}
	}
	for _, info := range Games() {
		add(invVariant{game: info.Name})
		all := Options{}
		for _, s := range info.Specs {
			for _, v := range invValues(s) {
				if v != s.Default {
					add(invVariant{game: info.Name, opts: Options{s.Key: v}})
					all[s.Key] = v
				}
			}
		}
		add(invVariant{game: info.Name, opts: all})
		rng := rand.New(rand.NewPCG(uint64(len(out)), 0x5eed))
		for k := 0; k < 2; k++ {
			mix := Options{}
			for _, s := range info.Specs {
				vs := invValues(s)
				mix[s.Key] = vs[rng.IntN(len(vs))]
			}
			add(invVariant{game: info.Name, opts: mix})
		}
	}
	return out
}

// invScale is the number of seeds per variant and of steps per seed: 2 of 400, 2 of 1000 with
// the long sweeps (SOLITAIRE_SWEEPS=1), 1 of 250 with -short; SOLITAIRE_PLAY_SEEDS and
// SOLITAIRE_PLAY_STEPS set them.
func invScale(t *testing.T) (seeds, steps int) {
	seeds, steps = 2, 400
	switch {
	case os.Getenv("SOLITAIRE_SWEEPS") != "":
		seeds, steps = 2, 1000
	case testing.Short():
		seeds, steps = 1, 250
	}
	for _, e := range []struct {
		name string
		v    *int
	}{{"SOLITAIRE_PLAY_SEEDS", &seeds}, {"SOLITAIRE_PLAY_STEPS", &steps}} {
		if s := os.Getenv(e.name); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 {
				t.Fatalf("%s=%q: want a whole number of 1 or more", e.name, s)
			}
			*e.v = n
		}
	}
	return seeds, steps
}

func TestRandomPlayInvariants(t *testing.T) {
	seeds, steps := invScale(t)
	variants := invVariants()
	covered := map[string]map[string]bool{}
	for _, v := range variants {
		for k, val := range v.opts {
			if covered[v.game+" "+k] == nil {
				covered[v.game+" "+k] = map[string]bool{}
			}
			covered[v.game+" "+k][val] = true
		}
	}
	for _, info := range Games() {
		for _, s := range info.Specs {
			for _, val := range invValues(s) {
				if val != s.Default && !covered[info.Name+" "+s.Key][val] {
					t.Errorf("%s %s=%s is never played", info.Name, s.Key, val)
				}
			}
		}
	}
	for vi, v := range variants {
		t.Run(v.String(), func(t *testing.T) {
			t.Parallel()
			wins := 0
			for seed := 1; seed <= seeds; seed++ {
				cfg := Config{Game: v.game, Options: v.opts, Seed: uint64(seed)*7919 + uint64(vi)}
				if info, _ := LookupGame(v.game); info.Numbered && seed%2 == 0 {
					cfg.Seed, cfg.Deal = 0, int64(seed*1283+vi)
				}
				r := newInvRun(t, cfg, uint64(seed*1000+vi))
				r.hinted = seed%2 == 0
				r.play(steps)
				wins += r.wins
			}
			t.Logf("%s: %d seeds of %d steps, %d wins", v, seeds, steps, wins)
		})
	}
}

// invRun plays one deal and checks it.
type invRun struct {
	t     *testing.T
	cfg   Config
	g     *Game
	rng   *rand.Rand
	trail []State // trail[k] is the state after k steps of the history, for k up to undo+redo
	cur   int     // the current position in trail: CanUndo
	runs  []bool  // columns the deal left as runs, which play keeps as runs
	base  Rank    // the base rank, which never changes
	step  int
	what  string // the command being checked, for messages
	wins  int
	// hinted runs take the hint's move a fifth of the time, and so get further.
	hinted bool
}

func newInvRun(t *testing.T, cfg Config, seed uint64) *invRun {
	g, err := NewGame(cfg)
	if err != nil {
		t.Fatalf("%+v: %v", cfg, err)
	}
	r := newInvRunAt(t, g, seed)
	fresh, _ := NewGame(cfg)
	if !invSame(&g.State, &fresh.State) {
		r.fail("the same Config dealt twice gives different deals")
	}
	return r
}

// newInvRunAt checks play from a game just dealt or loaded.
func newInvRunAt(t *testing.T, g *Game, seed uint64) *invRun {
	r := &invRun{t: t, cfg: g.Config, g: g, rng: rand.New(rand.NewPCG(seed, 0xC0FFEE)), base: g.State.Base, what: "the start"}
	r.trail = []State{g.State.Clone()}
	r.runs = make([]bool, len(g.Def.Piles))
	for i := range g.Def.Piles {
		// A column that moves any face-up card with what is on it (Yukon) puts unordered cards on runs.
		r.runs[i] = g.Def.Piles[i].Role == Tableau && g.Def.StockDeal == nil && g.start.Piles[i].FaceUp() <= 1 &&
			g.Def.Piles[i].Rule.Take != TakeFaceUp
	}
	return r
}

func (r *invRun) fail(format string, args ...any) {
	r.t.Helper()
	hist := make([]string, 0, len(r.g.undo))
	for _, op := range r.g.History() {
		hist = append(hist, op.String())
	}
	r.t.Fatalf("%s seed %d deal %d, step %d, %s: %s\nhistory (%d): %s\nboard:\n%s", invVariant{r.cfg.Game, r.cfg.Options},
		r.cfg.Seed, r.cfg.Deal, r.step, r.what, fmt.Sprintf(format, args...), len(hist), strings.Join(hist, "; "), invBoard(r.g))
}

// invBoard shows every pile, face-down cards before a bar.
func invBoard(g *Game) string {
	var b strings.Builder
	for i := range g.Def.Piles {
		p := &g.State.Piles[i]
		fmt.Fprintf(&b, "  %-3s %s\n", g.Def.Piles[i].Name, pileText(p))
	}
	fmt.Fprintf(&b, "  recycles %d fan %d base %d", g.State.Recycles, g.State.Fan, g.State.Base)
	return b.String()
}

// invSame compares two states in everything, display fields too.
func invSame(a, b *State) bool {
	return a.Equal(b) && a.Fan == b.Fan && a.Base == b.Base
}

// invSnap is everything a refused command must leave as it was.
type invSnap struct {
	state      State
	undo, redo int
	ends       [2]Op // the last command of the history and of the redo list
	def        *Def
	opts       Options
}

func (r *invRun) snap() invSnap {
	return invSnap{state: r.g.State.Clone(), undo: r.g.CanUndo(), redo: r.g.CanRedo(), ends: invEnds(r.g),
		def: r.g.Def, opts: r.g.Config.Options}
}

func invEnds(g *Game) [2]Op {
	var e [2]Op
	if n := len(g.undo); n > 0 {
		e[0] = g.undo[n-1].op
	}
	if n := len(g.redo); n > 0 {
		e[1] = g.redo[n-1].op
	}
	return e
}

func (r *invRun) unchanged(s invSnap) {
	r.t.Helper()
	g := r.g
	switch {
	case !invSame(&s.state, &g.State):
		r.fail("a refused command changed the board")
	case s.undo != g.CanUndo() || s.redo != g.CanRedo() || s.ends != invEnds(g):
		r.fail("a refused command changed the history")
	case s.def != g.Def || !maps.Equal(s.opts, g.Config.Options):
		r.fail("a refused command changed the rules")
	}
}

// refused checks a command that had to fail: a refusal as data (Apply's every error is one)
// with a message, and nothing changed.
func (r *invRun) refused(s invSnap, res Result, err error) {
	r.t.Helper()
	if err == nil {
		r.fail("accepted (%+v), want an error", res)
	}
	var e *RefusalError
	if !errors.As(err, &e) || e.Kind == Accepted || int(e.Kind) >= len(refusalNames) {
		r.fail("error %v (%T) is no refusal of a known kind", err, err)
	}
	if msg := err.Error(); msg == "" || fmtSlip.MatchString(msg) {
		r.fail("bad error message %q", msg)
	}
	r.unchanged(s)
}

// play runs steps random commands, checking every state.
func (r *invRun) play(steps int) {
	defer func() {
		if e := recover(); e != nil {
			r.fail("panic: %v\n%s", e, debug.Stack())
		}
	}()
	r.checkState()
	for r.step = 1; r.step <= steps; r.step++ {
		r.stepOnce()
		r.checkState()
		if r.rng.IntN(400) == 0 {
			r.checkReplay()
		}
	}
	r.what = "the end"
	r.checkReplay()
	r.checkPosition()
}

// stepOnce runs one random command and checks what it did.
func (r *invRun) stepOnce() {
	g := r.g
	legal := g.Legal()
	r.checkLegal(legal)
	x := r.rng.IntN(1000)
	switch {
	case x < 40:
		r.undo(1 + r.rng.IntN(3))
	case x < 70:
		r.redo(1 + r.rng.IntN(2))
	case x < 95:
		r.forward(Auto{}, legal, false)
	case x < 105:
		r.forward(Purge{}, legal, false)
	case x < 160:
		r.forward(r.randomMove(), legal, false)
	case x < 170:
		r.forward(Draw{}, legal, slices.Contains(legal, Op(Draw{})))
	case x < 173:
		r.restart()
	case x < 178:
		r.policy()
	case len(legal) == 0:
		r.stuck()
	default:
		r.forward(r.pick(legal), legal, true)
	}
}

// stuck handles a won or blocked game: check it, then go back some steps or start again.
func (r *invRun) stuck() {
	g := r.g
	if g.Won() {
		r.wins++
		r.what = "the win"
		r.checkReplay()
		r.checkPosition()
		s := r.snap()
		for _, op := range []Op{Draw{}, Auto{}, Purge{}, r.randomMove(), Move{From: PileRef{Kind: 'F', Index: 1}, To: PileRef{Kind: 'C', Index: 1}}} {
			r.what = op.String() + " after the win"
			res, err := g.Apply(op)
			r.refused(s, res, err)
		}
	} else if !g.DeadEnd() {
		r.fail("no legal command, not won, and DeadEnd is false")
	}
	if g.CanUndo() > 0 && r.rng.IntN(4) > 0 {
		r.undo(1 + r.rng.IntN(min(g.CanUndo(), 30)))
		return
	}
	r.restart()
}

// pick chooses a legal command, favouring plays home, turning cards and drawing, so that games get far.
func (r *invRun) pick(legal []Op) Op {
	g := r.g
	prefer := r.rng.IntN(5)
	if prefer == 4 && r.hinted {
		if h, ok := g.Suggest(); ok {
			return h.Op
		}
	}
	for _, k := range r.rng.Perm(len(legal)) {
		m, ok := legal[k].(Move)
		switch {
		case !ok:
			if prefer == 0 {
				return legal[k]
			}
		case prefer == 1 && m.To.Kind == 'F' && m.From.Kind != 'F':
			return m
		case prefer == 2:
			from := g.Def.pileIndex(m.From.String())
			if p := &g.State.Piles[from]; p.Down > 0 && m.N == 0 && g.takeable(from) == p.FaceUp() {
				return m
			}
		}
	}
	return legal[r.rng.IntN(len(legal))]
}

// randomMove makes a move that is most often nonsense: any pile letter, any index, any count.
func (r *invRun) randomMove() Move {
	const kinds = "CCCFFRRSWEXc"
	ref := func() PileRef {
		return PileRef{Kind: kinds[r.rng.IntN(len(kinds))], Index: r.rng.IntN(17)}
	}
	m := Move{From: ref(), To: ref()}
	if r.rng.IntN(4) == 0 {
		m.To = PileRef{}
	}
	m.N = []int{0, 0, 0, 1, 1, 2, 3, 4, 5, 7, 13, -1, 100}[r.rng.IntN(13)]
	return m
}

func (r *invRun) undo(n int) {
	g := r.g
	s := r.snap()
	r.what = Undo{N: n}.String()
	res, err := g.Apply(Undo{N: n})
	if n > r.cur {
		r.refused(s, res, err)
		return
	}
	if err != nil {
		r.fail("%v", err)
	}
	r.cur -= n
	if !invSame(&g.State, &r.trail[r.cur]) {
		r.fail("undo did not restore the state of %d steps back", n)
	}
}

func (r *invRun) redo(n int) {
	g := r.g
	s := r.snap()
	r.what = Redo{N: n}.String()
	res, err := g.Apply(Redo{N: n})
	if n > len(r.trail)-1-r.cur {
		r.refused(s, res, err)
		return
	}
	if err != nil {
		r.fail("%v", err)
	}
	r.cur += n
	if !invSame(&g.State, &r.trail[r.cur]) {
		r.fail("redo did not restore the state it undid")
	}
}

func (r *invRun) restart() {
	g := r.g
	r.what = "restart"
	res, err := g.Apply(Restart{})
	if err != nil {
		r.fail("%v", err)
	}
	if !invSame(&g.State, &r.trail[0]) || g.Moves() != 0 {
		r.fail("restart did not go back to the deal (moves %d)", g.Moves())
	}
	if !res.Changed {
		if !invSame(&r.trail[r.cur], &r.trail[0]) {
			r.fail("restart changed nothing away from the start")
		}
		return
	}
	// A restart is one step of the history: undo takes it back to where it was made.
	r.trail = append(r.trail[:r.cur+1], g.State.Clone())
	r.cur++
}

// policy switches La Peau's policy at random: it works only in La Peau and only before any move.
func (r *invRun) policy() {
	g := r.g
	name := []string{"alternate", "same-suit", "alt", "suit", "bogus"}[r.rng.IntN(5)]
	s := r.snap()
	r.what = Policy{Name: name}.String()
	res, err := g.Apply(Policy{Name: name})
	if g.Info.Spec("alternate") == nil || name == "bogus" || s.undo > 0 || s.redo > 0 {
		r.refused(s, res, err)
		return
	}
	if err != nil {
		r.fail("%v", err)
	}
	if !invSame(&s.state, &g.State) || g.CanUndo() != 0 || g.CanRedo() != 0 {
		r.fail("the policy changed the board or the history")
	}
	want := map[string]string{"alternate": "true", "alt": "true", "same-suit": "false", "suit": "false"}[name]
	if g.Config.Options["alternate"] != want {
		r.fail("policy %s: alternate=%s", name, g.Config.Options["alternate"])
	}
}

// forward applies a command that may change the board. A command that must succeed (a legal
// one) is an error if refused; any refused command must change nothing; an accepted one is
// checked against the rules.
func (r *invRun) forward(op Op, legal []Op, must bool) {
	g := r.g
	s := r.snap()
	r.what = op.String()
	won := g.Won()
	res, err := g.Apply(op)
	if err != nil {
		if must {
			r.fail("a legal command was refused: %v", err)
		}
		r.refused(s, res, err)
		return
	}
	if won {
		r.fail("a command was accepted after the win")
	}
	if !res.Changed && res.Note != "" {
		r.unchanged(s) // auto or purge with nothing to do: a notice
		return
	}
	if !res.Changed || res.Won != g.Won() {
		r.fail("result %+v, but won is %v", res, g.Won())
	}
	if g.CanUndo() != s.undo+1 || g.CanRedo() != 0 {
		r.fail("the history has %d steps and %d to redo, want %d and 0", g.CanUndo(), g.CanRedo(), s.undo+1)
	}
	if last := g.undo[len(g.undo)-1].op; last != res.Op {
		r.fail("history ends with %s, the result says %s", last, res.Op)
	}
	if must && res.Op.String() != op.String() {
		r.fail("the legal %s was done as %s", op, res.Op)
	}
	switch o := op.(type) {
	case Move:
		r.checkMove(&s.state, o, res, legal)
	case Draw:
		r.checkDraw(&s.state, res)
	case Auto, Purge:
		if len(res.Auto) == 0 {
			r.fail("accepted, but moved nothing")
		}
		if res.Op.String() != op.String() {
			r.fail("result op %s", res.Op)
		}
	}
	for _, m := range res.Auto {
		if m.To.Kind != 'F' || m.From.Kind == 'F' {
			r.fail("an automatic move %s does not go home", m)
		}
	}
	home := r.homeCount(&g.State) - r.homeCount(&s.state)
	want := len(res.Auto)
	m, isMove := res.Op.(Move)
	if isMove && len(res.Auto) > 0 {
		want = home // the move itself may have gone home too, and cannot be told from the rest
	}
	if isMove && len(res.Auto) == 0 {
		from, to := g.Def.pileIndex(m.From.String()), g.Def.pileIndex(m.To.String())
		n := g.State.Piles[to].Len() - s.state.Piles[to].Len()
		if g.Def.Piles[to].Role == Foundation {
			want += n
		}
		if g.Def.Piles[to].Rule.PairOff {
			want += 2 // a pair made: the card and the one it landed on went home together
		}
		if g.Def.Piles[from].Role == Foundation {
			want -= n
		}
	}
	if home != want {
		r.fail("%d cards went home, want %d", home, want)
	}
	r.trail = append(r.trail[:r.cur+1], g.State.Clone())
	r.cur++
	if res.NoMoves && res.Won {
		r.fail("won and no moves at once")
	}
	if res.NoMoves {
		for _, op := range g.Legal() {
			if m, ok := op.(Move); ok && m.To.Kind == 'F' && m.From.Kind != 'F' {
				r.fail("no moves is reported, but %s is legal", m)
			}
		}
	}
}

// homeCount counts the cards on the foundations.
func (r *invRun) homeCount(st *State) int {
	n := 0
	for i := range r.g.Def.Piles {
		if r.g.Def.Piles[i].Role == Foundation {
			n += st.Piles[i].Len()
		}
	}
	return n
}

// checkLegal checks the legal list: well formed, no duplicates, nothing when won, and
// Suggest picks from it.
func (r *invRun) checkLegal(legal []Op) {
	g := r.g
	r.what = "the legal moves"
	if g.Won() && len(legal) > 0 {
		r.fail("won, but %d legal moves", len(legal))
	}
	seen := map[string]bool{}
	for k, op := range legal {
		if seen[op.String()] {
			r.fail("%s is listed twice", op)
		}
		seen[op.String()] = true
		m, ok := op.(Move)
		if !ok {
			if _, ok := op.(Draw); !ok || k != len(legal)-1 {
				r.fail("%s is listed, or not last", op)
			}
			continue
		}
		from, to := g.Def.pileIndex(m.From.String()), g.Def.pileIndex(m.To.String())
		if from < 0 || to < 0 || from == to {
			r.fail("%s names piles the game does not have", m)
		}
		if g.Def.Piles[from].Rule.Freeze && invFrozen(&g.State.Piles[from], &g.Def.Piles[from].Rule) {
			r.fail("%s moves from a frozen pile", m)
		}
	}
	if r.rng.IntN(8) == 0 {
		h, ok := g.Suggest()
		if ok != (len(legal) > 0) || ok && !seen[h.Op.String()] {
			r.fail("hint %v (%v) is not one of the %d legal moves", h.Op, ok, len(legal))
		}
	}
	if r.rng.IntN(10) == 0 {
		r.checkComplete(legal)
	}
	// Now and then, every legal command must be accepted (on a copy).
	if r.rng.IntN(60) == 0 {
		for _, op := range legal {
			c := invFork(g)
			if _, err := c.Apply(op); err != nil {
				r.fail("legal %s is refused: %v", op, err)
			}
		}
	}
}

// checkComplete compares the legal list with every move the rules allow, found by trying
// every pair of piles and every count: the same moves, the longest of each pair without N.
func (r *invRun) checkComplete(legal []Op) {
	g := r.g
	st := &g.State
	if g.Won() {
		return
	}
	want := map[string]bool{}
	for from := range g.Def.Piles {
		for to := range g.Def.Piles {
			if to < from && g.Def.Piles[to].Rule.PairOff && g.Def.Piles[from].Rule.PairOff {
				continue // a pair is listed once, from its first pile
			}
			longest := 0
			for n := st.Piles[from].Len(); n >= 1 && from != to; n-- {
				if r.allows(st, from, to, n) != nil {
					continue
				}
				if longest == 0 {
					longest = n
				}
				if st.Piles[to].Empty() && g.Def.Piles[from].Role == g.Def.Piles[to].Role && n == st.Piles[from].Len() && !invDealtTo(g, to) {
					continue // pointless: a whole pile to an empty one of its kind, which no deal tells apart
				}
				m := Move{From: g.Def.Ref(from), To: g.Def.Ref(to), N: n}
				if n == longest {
					m.N = 0
				}
				want[m.String()] = true
			}
		}
	}
	ss, ws := g.pilesOf(Stock), g.pilesOf(Waste)
	switch {
	case len(ss) == 0:
	case g.Def.StockDeal != nil:
		full := true
		for _, name := range g.Def.StockDeal.To {
			full = full && (!g.Def.StockDeal.Full || !st.Piles[g.Def.pileIndex(name)].Empty())
		}
		if !st.Piles[ss[0]].Empty() && full {
			want["draw"] = true
		}
	case len(ws) > 0:
		passes := g.Def.Passes == 0 || st.Recycles < g.Def.Passes-1
		if !st.Piles[ss[0]].Empty() || !st.Piles[ws[0]].Empty() && passes {
			want["draw"] = true
		}
	}
	got := map[string]bool{}
	for _, op := range legal {
		got[op.String()] = true
	}
	for m := range want {
		if !got[m] {
			r.fail("the rules allow %s, but Legal does not list it (%v)", m, legal)
		}
	}
	for m := range got {
		if !want[m] {
			r.fail("Legal lists %s, which the rules do not allow", m)
		}
	}
}

// invFork copies a game so that forward commands on the copy leave the original alone.
func invFork(g *Game) *Game {
	c := *g
	c.State = g.State.Clone()
	c.undo = slices.Clone(g.undo)
	c.redo = slices.Clone(g.redo)
	return &c
}

func invFrozen(p *Pile, rule *Rule) bool {
	return rule.Capacity > 0 && p.Len() == rule.Capacity && sameRank(p.Cards)
}

// checkState checks the board against the game's declaration.
func (r *invRun) checkState() {
	g := r.g
	st := &g.State
	if len(st.Piles) != len(g.Def.Piles) {
		r.fail("%d piles, want %d", len(st.Piles), len(g.Def.Piles))
	}
	var count [256]int
	total := 0
	for i := range st.Piles {
		p := &st.Piles[i]
		if p.Down < 0 || p.Down > p.Len() {
			r.fail("%s: %d face down of %d", g.Def.Piles[i].Name, p.Down, p.Len())
		}
		for _, c := range p.Cards {
			if !c.Valid() || c.Rank() > King {
				r.fail("%s holds an invalid card %d", g.Def.Piles[i].Name, c)
			}
			count[c]++
			total++
		}
	}
	if total != 52*g.Def.Decks {
		r.fail("%d cards, want %d", total, 52*g.Def.Decks)
	}
	for _, c := range NewDeck(1) {
		// Each card Decks times; with fewer suits (Spider's), each of those suits' cards as
		// often as the whole decks' cards go round them, the others never.
		want := g.Def.Decks
		if len(g.Def.Suits) > 0 {
			want = 0
			if slices.Contains(g.Def.Suits, c.Suit()) {
				want = 4 * g.Def.Decks / len(g.Def.Suits)
			}
		}
		if count[c] != want {
			r.fail("%s is there %d times, want %d", c, count[c], want)
		}
	}
	for i := range g.Def.Piles {
		r.checkPile(i)
	}
	if ws := g.pilesOf(Waste); len(ws) > 0 {
		w := &st.Piles[ws[0]]
		if st.Fan < 0 || st.Fan > w.Len() || (st.Fan == 0) != w.Empty() {
			r.fail("fan %d with %d waste cards", st.Fan, w.Len())
		}
	} else if st.Fan != 0 {
		r.fail("fan %d without a waste", st.Fan)
	}
	if g.Def.Passes > 0 && st.Recycles > g.Def.Passes-1 {
		r.fail("%d recycles with %d passes", st.Recycles, g.Def.Passes)
	}
	if st.Base != r.base {
		r.fail("the base rank changed from %d to %d", r.base, st.Base)
	}
	// Piles that open one suit each (Osmosis): the suits of their bottom cards differ; chained
	// piles that never give cards back open in order.
	for _, role := range []Role{Foundation, Tableau} {
		idx := g.pilesOf(role)
		for k, i := range idx {
			p, rule := &st.Piles[i], &g.Def.Piles[i].Rule
			if p.Empty() {
				continue
			}
			if rule.NewSuit {
				for _, j := range idx {
					if q := &st.Piles[j]; j != i && !q.Empty() && q.Cards[0].Suit() == p.Cards[0].Suit() {
						r.fail("%s and %s both hold %s", g.Def.Piles[i].Name, g.Def.Piles[j].Name, suitName(p.Cards[0].Suit()))
					}
				}
			}
			if rule.Chained && !g.Def.FoundationReturn && k > 0 && st.Piles[idx[k-1]].Empty() {
				r.fail("%s has cards, but %s before it is empty", g.Def.Piles[i].Name, g.Def.Piles[idx[k-1]].Name)
			}
		}
	}
	r.checkWon()
	// The history and the trail agree.
	r.what = "the history"
	if g.CanUndo() != r.cur || g.MoveCount() != r.cur || g.CanRedo() != len(r.trail)-1-r.cur {
		r.fail("undo %d, redo %d, moves %d; want %d and %d", g.CanUndo(), g.CanRedo(), g.MoveCount(), r.cur, len(r.trail)-1-r.cur)
	}
	if !invSame(&g.State, &r.trail[r.cur]) {
		r.fail("the state is not the one the commands led to")
	}
}

// checkPile checks one pile against its declaration.
func (r *invRun) checkPile(i int) {
	g := r.g
	spec, p, start := &g.Def.Piles[i], &g.State.Piles[i], &g.start.Piles[i]
	rule := &spec.Rule
	if rule.Capacity > 0 && p.Len() > rule.Capacity {
		r.fail("%s holds %d cards, more than its capacity %d", spec.Name, p.Len(), rule.Capacity)
	}
	if spec.Role == Cell && p.Len() > 1 {
		r.fail("free cell %s holds %d cards", spec.Name, p.Len())
	}
	switch {
	case spec.Role == Stock && !rule.TopOnly:
		if p.Down != p.Len() {
			r.fail("stock %s has %d face-up cards", spec.Name, p.FaceUp())
		}
	case rule.TopOnly:
		if p.Down != max(0, p.Len()-1) {
			r.fail("%s shows %d cards, want only its top", spec.Name, p.FaceUp())
		}
	case rule.AutoFlip:
		if p.Len() > 0 && p.FaceUp() == 0 {
			r.fail("%s's top card is face down", spec.Name)
		}
		// Face-down cards are the deal's and never change: nothing is put on a face-down card.
		if p.Down > start.Down || !slices.Equal(p.Cards[:p.Down], start.Cards[:p.Down]) {
			r.fail("%s's face-down cards %v are not those dealt, %v", spec.Name, p.Cards[:p.Down], start.Cards[:start.Down])
		}
	default:
		if p.Down != 0 {
			r.fail("%s has %d face-down cards, but a %s in %s holds none", spec.Name, p.Down, spec.Role.Noun(), g.Info.Name)
		}
	}
	if spec.FixedSuit {
		for _, c := range p.Cards {
			if c.Suit() != spec.Suit {
				r.fail("%s, a %s foundation, holds %s", spec.Name, suitName(spec.Suit), c)
			}
		}
	}
	switch spec.Role {
	case Foundation:
		r.checkFoundation(i)
	case Tableau:
		if r.runs[i] && !invSequence(rule, r.base, p.Cards[p.Down:]) {
			r.fail("%s's face-up cards are not a run", spec.Name)
		}
	}
}

// accepts reports whether an empty pile i takes card c first, by its Empty rule.
func (r *invRun) acceptsFirst(st *State, i int, c Card) bool {
	g := r.g
	switch g.Def.Piles[i].Rule.Empty {
	case EmptyAny:
		return true
	case EmptyKing:
		return c.Rank() == King
	case EmptyAce:
		return c.Rank() == Ace
	case EmptyRun:
		return false // a whole run only: allows checks it
	case EmptyBase:
		return c.Rank() == st.Base
	case EmptyRankAbove:
		prev := r.previous(i)
		return prev >= 0 && hasRank(st.Piles[prev].Cards, c.Rank())
	}
	return false
}

// previous is the pile of the same role before pile i, or -1.
func (r *invRun) previous(i int) int {
	idx := r.g.pilesOf(r.g.Def.Piles[i].Role)
	k := slices.Index(idx, i)
	if k <= 0 {
		return -1
	}
	return idx[k-1]
}

// onTop reports whether card c may lie on card under in pile i, by its Build rule.
func (r *invRun) onTop(st *State, i int, under, c Card) bool {
	rule := &r.g.Def.Piles[i].Rule
	switch rule.Build {
	case BuildNone:
		return false
	case BuildRankAbove:
		prev := r.previous(i)
		return rule.suitsMatch(st.Piles[i].Cards[0], c) && prev >= 0 && hasRank(st.Piles[prev].Cards, c.Rank())
	}
	return invFollows(rule, r.base, under, c)
}

// invFollows reports whether card c may lie on card under by a rule's Build, Match and Wrap,
// written out again from pile.go's comments so that a slip in Rule.follows shows here. With
// BaseStop the ranks are counted from the base (base 0, the rank below it 12) and do not wrap.
func invFollows(rule *Rule, base Rank, under, c Card) bool {
	red := func(x Card) bool { l := x.Suit().Letter(); return l == 'D' || l == 'H' }
	switch rule.Match {
	case MatchAltColor:
		if red(under) == red(c) {
			return false
		}
	case MatchSameSuit:
		if under.Suit() != c.Suit() {
			return false
		}
	}
	u, r := int(under.Rank()), int(c.Rank())
	down := r == u-1 || rule.Wrap && u == 1 && r == 13
	up := r == u+1 || rule.Wrap && u == 13 && r == 1
	if rule.Wrap && rule.BaseStop && base != 0 {
		from := func(x int) int { return (x - int(base) + 13) % 13 }
		down, up = from(r) == from(u)-1, from(r) == from(u)+1
	}
	switch rule.Build {
	case BuildDown:
		return down
	case BuildUp:
		return up
	case BuildUpDown:
		return up || down
	case BuildSameRank:
		return r == u
	case BuildAnyRank:
		return true
	case BuildSum13: // a pair: ace 1, jack 11, queen 12, king 13
		return u+r == 13
	case BuildKing:
		return r == 13
	}
	return false
}

// invSequence reports whether each card follows the one beneath it.
func invSequence(rule *Rule, base Rank, cs []Card) bool {
	for k := 1; k < len(cs); k++ {
		if !invFollows(rule, base, cs[k-1], cs[k]) {
			return false
		}
	}
	return true
}

// checkFoundation checks that a foundation is built by its rule from what its empty state accepts.
func (r *invRun) checkFoundation(i int) {
	g := r.g
	st := &g.State
	spec, p := &g.Def.Piles[i], &st.Piles[i]
	if i == g.Def.PairsHome() {
		// The discards of a game of pairs (Pyramid): kings alone and pairs that total 13.
		for k := 0; k < p.Len(); k++ {
			if c := p.Cards[k]; c.Rank() != King && (k+1 == p.Len() || int(c.Rank())+int(p.Cards[k+1].Rank()) != 13) {
				r.fail("foundation %s, card %d: %s is neither a king nor half of a pair that makes 13 (%s)", spec.Name, k+1, c, cardsString(p.Cards))
				return
			} else if c.Rank() != King {
				k++
			}
		}
		return
	}
	if spec.Rule.Empty == EmptyRun {
		// Nothing, or one whole suit from king down to ace.
		for k, c := range p.Cards {
			if p.Len() != 13 || c.Rank() != King-Rank(k) || c.Suit() != p.Cards[0].Suit() {
				r.fail("foundation %s, card %d: %s, but it holds only complete runs from king to ace (%s)", spec.Name, k+1, c, cardsString(p.Cards))
				return
			}
		}
		return
	}
	for k, c := range p.Cards {
		ok := true
		switch {
		case k > 0:
			ok = r.onTop(st, i, p.Cards[k-1], c)
		case spec.Rule.Empty == EmptyNone:
			// Only the deal starts such a pile (Osmosis' first foundation), with the card it dealt.
			s := &g.start.Piles[i]
			ok = s.Len() > 0 && s.Cards[0] == c
		default:
			ok = r.acceptsFirst(st, i, c)
		}
		if !ok {
			r.fail("foundation %s, card %d: %s does not follow its rule (%s)", spec.Name, k+1, c, cardsString(p.Cards))
		}
	}
}

// checkWon checks Won against the win rule, and the won game against Legal and DeadEnd.
func (r *invRun) checkWon() {
	g := r.g
	st := &g.State
	home, other, quads := 0, 0, true
	seqs := true
	for i := range g.Def.Piles {
		p, spec := &st.Piles[i], &g.Def.Piles[i]
		switch spec.Role {
		case Foundation:
			home += p.Len()
		case Tableau:
			if p.Empty() {
				continue
			}
			if p.Len() != 4*g.Def.Decks || !sameRank(p.Cards) {
				quads = false
			}
			if p.Cards[0].Rank() != King || p.Down > 0 || !invSequence(&spec.Rule, r.base, p.Cards) {
				seqs = false
			}
		default:
			other += p.Len()
		}
	}
	won := g.Won()
	r.what = "the win rule"
	switch g.Def.Win {
	case WinFoundations:
		if won != (home == 52*g.Def.Decks) {
			r.fail("won %v with %d cards home", won, home)
		}
	case WinQuads:
		if won != (quads && other == 0) {
			r.fail("won %v, quads %v, %d cards elsewhere", won, quads, other)
		}
	case WinSequences:
		if won && !(seqs && other == 0) {
			r.fail("won, but the columns are not king-based runs or %d cards lie elsewhere", other)
		}
		if !won && seqs && other == 0 {
			for i := range g.Def.Piles {
				if p := &st.Piles[i]; g.Def.Piles[i].Role == Tableau && !p.Empty() && r.canGoHome(p.Top()) {
					return
				}
			}
			r.fail("not won, but every column is a king-based run and no top card can go home")
		}
	}
	if won && g.DeadEnd() {
		r.fail("won and a dead end")
	}
}

// canGoHome reports whether card c fits on some foundation, by the foundations' rules.
func (r *invRun) canGoHome(c Card) bool {
	g := r.g
	st := &g.State
	for _, f := range g.pilesOf(Foundation) {
		p, spec := &st.Piles[f], &g.Def.Piles[f]
		if spec.FixedSuit && c.Suit() != spec.Suit || spec.Rule.Capacity > 0 && p.Len() >= spec.Rule.Capacity {
			continue
		}
		if p.Empty() && r.acceptsFirst(st, f, c) || !p.Empty() && r.onTop(st, f, p.Top(), c) {
			return true
		}
	}
	return false
}

// checkMove checks an accepted move against the rules, the legal list and the board.
func (r *invRun) checkMove(before *State, asked Move, res Result, legal []Op) {
	g := r.g
	m, ok := res.Op.(Move)
	if !ok {
		r.fail("a move gave the result %T %v", res.Op, res.Op)
	}
	from, to := g.Def.pileIndex(m.From.String()), g.Def.pileIndex(m.To.String())
	if from < 0 || to < 0 || from == to {
		r.fail("the move done, %s, does not name two piles", m)
	}
	if asked.N > 0 && m.N != 0 && m.N != asked.N {
		r.fail("asked for %d cards, moved %d", asked.N, m.N)
	}
	if a := invCanon(asked.To); a.Index > 0 && a != m.To {
		r.fail("asked for %s, went to %s", asked.To, m.To)
	}
	if a := invCanon(asked.From); a.Index > 0 && a != m.From {
		r.fail("asked for %s, moved from %s", asked.From, m.From)
	}
	src, dst := &before.Piles[from], &before.Piles[to]
	if len(res.Auto) > 0 {
		// The move finished the deal by itself: the board no longer shows what it moved.
		if m.N > 0 {
			if err := r.allows(before, from, to, m.N); err != nil {
				r.fail("%s breaks a rule: %s", m, err)
			}
		}
		return
	}
	n := g.State.Piles[to].Len() - dst.Len()
	if g.Def.Piles[to].Rule.PairOff {
		// The card and the one it landed on left together for where pairs go.
		f := g.Def.PairsHome()
		got, was := &g.State.Piles[f], &before.Piles[f]
		if n != -1 || got.Len() != was.Len()+2 || got.Cards[got.Len()-2] != dst.Top() || got.Top() != src.Top() {
			r.fail("%s did not send %s and %s to %s as a pair", m, src.Top(), dst.Top(), g.Def.Piles[f].Name)
		}
		n = 1
	}
	if n < 1 || (m.N > 0 && n != m.N) {
		r.fail("%s put %d cards on %s", m, n, m.To)
	}
	if err := r.allows(before, from, to, n); err != nil {
		r.fail("%s (%d cards) breaks a rule: %s", m, n, err)
	}
	longest := n
	for k := n + 1; k <= src.Len(); k++ {
		if r.allows(before, from, to, k) == nil {
			longest = k
		}
	}
	pointless := dst.Empty() && g.Def.Piles[from].Role == g.Def.Piles[to].Role && n == src.Len() && !invDealtTo(g, to)
	if to < from && g.Def.Piles[to].Rule.PairOff && g.Def.Piles[from].Rule.PairOff {
		pointless = true // a pair made from its second pile: Legal lists it from the first
	}
	if (m.N == 0) != (n == longest) {
		r.fail("%s moved %d cards, the most that could move is %d: N is omitted only for the most", m, n, longest)
	}
	if !pointless && !slices.ContainsFunc(legal, func(op Op) bool { return op.String() == m.String() }) {
		r.fail("%s is not one of the legal moves %v", m, legal)
	}
	// The cards moved are the source's top n, landing in order (reversed for a chain).
	moved := slices.Clone(src.Cards[src.Len()-n:])
	if g.Def.Piles[from].Rule.Take == TakeChain {
		slices.Reverse(moved)
	}
	if got := g.State.Piles[to].Cards; g.Def.Piles[to].Rule.PairOff {
		if !slices.Equal(got, dst.Cards[:dst.Len()-1]) {
			r.fail("%s: %s became %s, not its cards but the one paired", m, cardsString(dst.Cards), cardsString(got))
		}
	} else if !slices.Equal(got[:dst.Len()], dst.Cards) || !slices.Equal(got[dst.Len():], moved) {
		r.fail("%s: %s became %s", m, cardsString(dst.Cards), cardsString(got))
	}
	left := g.State.Piles[from].Cards
	refilled := len(left) == 1 && src.Len() == n && g.Def.FillFrom != "" && g.Def.Piles[from].Role == Tableau
	if !refilled && !slices.Equal(left, src.Cards[:src.Len()-n]) {
		r.fail("%s: %s left %s", m, cardsString(src.Cards), cardsString(left))
	}
}

// invCanon is the canonical form of a typed pile reference: E is another name for R.
func invCanon(p PileRef) PileRef {
	if p.Kind == 'E' {
		p.Kind = 'R'
	}
	return p
}

// allows checks moving the top n cards from pile from to pile to on state st, by the rules as
// pile.go and def.go declare them, and says which rule a move breaks.
func (r *invRun) allows(st *State, from, to, n int) error {
	g := r.g
	fs, ts := &g.Def.Piles[from], &g.Def.Piles[to]
	src, dst := &st.Piles[from], &st.Piles[to]
	if n < 1 || n > src.Len() {
		return fmt.Errorf("%d cards from a pile of %d", n, src.Len())
	}
	if n > src.FaceUp() {
		return fmt.Errorf("a face-down card would move")
	}
	if fs.Role == Stock && fs.Rule.Take == TakeNone {
		return fmt.Errorf("from the stock")
	}
	if fs.Role == Foundation && !g.Def.FoundationReturn {
		return fmt.Errorf("from a foundation")
	}
	if fs.Rule.Freeze && invFrozen(src, &fs.Rule) {
		return fmt.Errorf("from a frozen pile")
	}
	for _, name := range fs.CoveredBy {
		if !st.Piles[g.Def.pileIndex(name)].Empty() {
			return fmt.Errorf("%s lies on %s", name, fs.Name)
		}
	}
	moved := src.Cards[src.Len()-n:]
	switch fs.Rule.Take {
	case TakeNone:
		return fmt.Errorf("nothing is taken from %s", fs.Name)
	case TakeTop:
		if n != 1 {
			return fmt.Errorf("only the top card is taken")
		}
	case TakeRun, TakeChain:
		if !invSequence(&fs.Rule, r.base, moved) {
			return fmt.Errorf("not a run")
		}
	case TakeFaceUp:
		// any face-up cards, in any order: checked above
	case TakeSuitRun:
		if !invSequence(&fs.Rule, r.base, moved) {
			return fmt.Errorf("not a run")
		}
		for _, c := range moved {
			if c.Suit() != moved[0].Suit() {
				return fmt.Errorf("a run of more than one suit")
			}
		}
	case TakeSameRank:
		if !sameRank(moved) {
			return fmt.Errorf("not one rank")
		}
	case TakeTopOrAll:
		if n != 1 && (n != src.Len() || !invSequence(&fs.Rule, r.base, moved)) {
			return fmt.Errorf("neither the top card nor the whole pile in sequence")
		}
	}
	land := moved[0]
	if fs.Rule.Take == TakeChain {
		land = moved[n-1]
	}
	if ts.Rule.Single && n > 1 {
		return fmt.Errorf("%s takes one card at a time", ts.Name)
	}
	if c := ts.Rule.Capacity; c > 0 && dst.Len()+n > c {
		return fmt.Errorf("%s would hold more than %d", ts.Name, c)
	}
	if ts.FixedSuit && land.Suit() != ts.Suit {
		return fmt.Errorf("%s is for %s", ts.Name, suitName(ts.Suit))
	}
	if (ts.Role == Stock || ts.Role == Waste) && ts.Rule.Build == BuildNone {
		return fmt.Errorf("onto the %s", ts.Role.Noun())
	}
	for _, name := range ts.CoveredBy {
		if !st.Piles[g.Def.pileIndex(name)].Empty() {
			return fmt.Errorf("%s lies on %s", name, ts.Name)
		}
	}
	if ts.Rule.Empty == EmptyRun {
		// A complete run: thirteen cards, a king first, that move together (so one suit in
		// order down to the ace).
		if !dst.Empty() || n != 13 || land.Rank() != King {
			return fmt.Errorf("%s takes only a complete run from king to ace", ts.Name)
		}
	} else if dst.Empty() {
		if !r.acceptsFirst(st, to, land) {
			return fmt.Errorf("empty %s does not take %s", ts.Name, land)
		}
		if prev := r.previous(to); ts.Rule.Chained && prev >= 0 && st.Piles[prev].Empty() {
			return fmt.Errorf("%s is not open yet", ts.Name)
		}
		if ts.Rule.NewSuit {
			for _, j := range g.pilesOf(ts.Role) {
				if q := &st.Piles[j]; !q.Empty() && q.Cards[0].Suit() == land.Suit() {
					return fmt.Errorf("%s already holds %s", g.Def.Piles[j].Name, suitName(land.Suit()))
				}
			}
		}
	} else if dst.FaceUp() == 0 || !r.onTop(st, to, dst.Top(), land) {
		return fmt.Errorf("%s does not go on %s", land, ts.Name)
	}
	if ts.Rule.RunSuit && n > 1 && !dst.Empty() && dst.Top().Suit() != land.Suit() {
		return fmt.Errorf("a run of %d goes on %s only on its own suit", n, ts.Name)
	}
	// The group-move limit, from the free cells and the empty columns that take any card.
	if ts.Role == Tableau {
		cells, cols := 0, 0
		for i := range g.Def.Piles {
			if i == from || i == to || !st.Piles[i].Empty() {
				continue
			}
			switch {
			case g.Def.Piles[i].Role == Cell:
				cells++
			case g.Def.Piles[i].Role == Tableau && g.Def.Piles[i].Rule.Empty == EmptyAny:
				cols++
			}
		}
		limit := n
		switch g.Def.Group {
		case GroupSingle:
			limit = 1
		case GroupFreeCell:
			limit = (cells + 1) << cols
		case GroupLinear:
			limit = cells + cols + 1
		case GroupPeauClassic:
			limit = cols*(cols+1)/2 + 1
		}
		if n > limit {
			return fmt.Errorf("%d cards, but the group limit is %d", n, limit)
		}
	}
	return nil
}

// checkDraw checks an accepted draw: cards from the stock's top to the waste, the waste turned
// over into the stock, or the stock dealt onto piles.
func (r *invRun) checkDraw(before *State, res Result) {
	g := r.g
	if fill := g.Def.pileIndex(g.Def.FillFrom); len(res.Auto) > 0 || fill >= 0 && g.Def.Piles[fill].Role == Waste {
		return // other piles changed by themselves too
	}
	ss := g.pilesOf(Stock)
	s0, s1 := before.Piles[ss[0]].Cards, g.State.Piles[ss[0]].Cards
	if sd := g.Def.StockDeal; sd != nil {
		names, each := sd.To, sd.Each
		if len(s0) < len(names)*each && len(sd.Final) > 0 {
			names, each = sd.Final, sd.FinalEach
		}
		rest := slices.Clone(s0)
		for _, name := range names {
			i := g.Def.pileIndex(name)
			want := slices.Clone(before.Piles[i].Cards)
			for k := 0; k < each && len(rest) > 0; k++ {
				want = append(want, rest[len(rest)-1])
				rest = rest[:len(rest)-1]
			}
			if !slices.Equal(g.State.Piles[i].Cards, want) {
				r.fail("the deal gave %s %s, want %s", name, cardsString(g.State.Piles[i].Cards), cardsString(want))
			}
		}
		if !slices.Equal(s1, rest) {
			r.fail("the stock is %s after the deal, want %s", cardsString(s1), cardsString(rest))
		}
		return
	}
	ws := g.pilesOf(Waste)
	w0, w1 := before.Piles[ws[0]].Cards, g.State.Piles[ws[0]].Cards
	if len(s0) == 0 {
		back := slices.Clone(w0)
		slices.Reverse(back)
		if len(w0) == 0 || len(w1) != 0 || !slices.Equal(s1, back) || g.State.Recycles != before.Recycles+1 {
			r.fail("the waste was not turned over into the stock")
		}
		return
	}
	k := min(g.Def.Draw, len(s0))
	turned := slices.Clone(s0[len(s0)-k:])
	slices.Reverse(turned)
	if !slices.Equal(s1, s0[:len(s0)-k]) || !slices.Equal(w1, append(slices.Clone(w0), turned...)) ||
		g.State.Recycles != before.Recycles || g.State.Fan != k {
		r.fail("draw did not turn %d cards from the stock", k)
	}
}

// checkReplay replays the history on a fresh deal of the same Config (or, for a game loaded
// from a position, on a copy restarted): the same state results.
func (r *invRun) checkReplay() {
	g := r.g
	var h *Game
	if g.Config.Seed == 0 && g.Config.Deal == 0 {
		h = invFork(g)
		if _, err := h.Apply(Restart{}); err != nil {
			r.fail("restart: %v", err)
		}
	} else {
		var err error
		if h, err = NewGame(g.Config); err != nil {
			r.fail("replay: %v", err)
		}
	}
	for k, op := range g.History() {
		if _, err := h.Apply(op); err != nil {
			r.fail("replay: step %d, %s: %v", k+1, op, err)
		}
	}
	if !invSame(&h.State, &g.State) {
		r.fail("replaying the history gives another board:\n%s", invBoard(h))
	}
}

// checkPosition loads the position reached, every card named: the same piles, and the same
// position printed.
func (r *invRun) checkPosition() {
	g := r.g
	pos := g.Position()
	pos.Seed, pos.Deal, pos.Moves = 0, 0, 0
	l, err := LoadPosition(invFull(g), nil)
	if err != nil {
		r.fail("the position reached does not load: %v", err)
	}
	// The position carries the base rank and the recycle count, so even a classic Canfield game
	// whose foundations were all taken back, or a limited-passes game, loads back exactly.
	same := l.State.Base == g.State.Base && l.State.Recycles == g.State.Recycles
	for i := range g.State.Piles {
		p, q := &l.State.Piles[i], &g.State.Piles[i]
		same = same && p.Down == q.Down && slices.Equal(p.Cards, q.Cards)
	}
	if !same {
		r.fail("the position loads as another board:\n%s", invBoard(l))
	}
	if got := fmt.Sprintf("%+v", l.Position()); got != fmt.Sprintf("%+v", pos) {
		r.fail("the loaded position prints as\n%s\nwant\n%+v", got, pos)
	}
}

// invDealtTo reports whether every deal of the stock goes onto pile i by name, from the
// declaration's list.
func invDealtTo(g *Game, i int) bool {
	sd := g.Def.StockDeal
	return sd != nil && slices.Contains(sd.To, g.Def.Piles[i].Name)
}
