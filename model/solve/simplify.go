package solve

import (
	"math"
	"time"

	"solitaire/model"
)

// The simplifier rewrites a winning line into a shorter one by trying small edits and keeping
// each edit after which the whole line still replays to a win in fewer commands: a command
// taken out, a card's two moves made one (played when the first was, when the second was, or in
// between), a pair of moves that cancel taken out, a command made earlier. Where a stock is
// turned onto a waste, draws are not part of what it edits: a play from the waste names its
// card, and the replay draws until that card shows, so an edit that saves a trip round the
// stock saves its draws too. Every edit is checked by a replay of the whole line on the
// solver's board, whose rules the perft test holds equal to the engine's, so the line it
// returns wins.

// action is a command of a line as the simplifier edits it: n cards from pile from to pile to,
// card the one that lands on to; or, where draws are commands of their own (a stock dealt onto
// piles), a draw (from noPile).
type action struct {
	from, to, n uint8
	card        byte
}

// impliedDraws reports whether the game's draws only bring stock cards to a waste, so that a
// play from the waste implies them.
func (c *compiled) impliedDraws() bool {
	return c.stock >= 0 && c.waste >= 0 && c.deal == nil
}

// actions turns a line's commands into actions.
func (s *searcher) actions(steps []move, out []action) []action {
	b := &s.b
	b.load(s.c, &s.g.State)
	implied := s.c.impliedDraws()
	for _, m := range steps {
		switch {
		case m.isDraw() && implied:
		case m.isDraw():
			out = append(out, action{from: noPile, to: noPile})
		default:
			out = append(out, action{from: m.from, to: m.to, n: m.n, card: b.moving(int(m.from), int(m.n))})
		}
		b.applyAtomic(m)
		b.log = b.log[:0]
	}
	return out
}

// simplifier edits a line: its actions, the commands they take, and a packed board before
// every snapEvery-th action, so that an edit is replayed from the last board before it
// rather than from the start.
type simplifier struct {
	s     *searcher
	acts  []action
	best  []move   // the commands acts take
	snaps [][]byte // the board before acts[k*snapEvery]
	at    []int    // the commands before acts[k*snapEvery]
	cand  []action
	buf   []move
	work  *int
	goals map[uint64]bool // goal's answers by position
	end   int             // after a replay that won: the action that won it
}

// snapEvery is how many actions apart the simplifier keeps a board.
const snapEvery = 8

// replay plays cand, which agrees with the line's actions before start, and leaves the
// commands it takes in buf: before a play from the waste, the fewest draws that bring its card
// to the top. It reports false where a command is not legal, where it takes as many commands
// as the line or more, or where the line does not win; it stops where the game is won.
// With keep, it keeps a board before every snapEvery-th action (the line's, once it is taken).
func (z *simplifier) replay(cand []action, start int, keep bool) bool {
	s := z.s
	b := &s.b
	c := s.c
	k := start / snapEvery
	b.unpack(z.snaps[k])
	out := append(z.buf[:0], z.best[:z.at[k]]...)
	limit := len(z.best)
	if keep {
		z.snaps, z.at = z.snaps[:k+1], z.at[:k+1]
		limit = math.MaxInt
	}
	defer func() { z.buf = out }()
	implied := c.impliedDraws()
	draw := move{from: noPile, to: noPile}
	for i := k * snapEvery; i < len(cand); i++ {
		if keep && i%snapEvery == 0 && i > k*snapEvery {
			p := make([]byte, b.packedSize())
			b.pack(p)
			z.snaps, z.at = append(z.snaps, p), append(z.at, len(out))
		}
		a := cand[i]
		*z.work++
		if a.from == noPile {
			if !b.canDraw() {
				return false
			}
			b.applyAtomic(draw)
			out = append(out, draw)
		} else {
			from, to, n := int(a.from), int(a.to), int(a.n)
			if implied && from == c.waste {
				most := 2*(int(b.n[c.stock])+int(b.n[c.waste])) + 2
				for k := 0; b.n[from] == 0 || b.top(from) != a.card; k++ {
					if k == most || !b.canDraw() || len(out) >= limit {
						return false
					}
					b.applyAtomic(draw)
					out = append(out, draw)
				}
			}
			if n < 1 || n > b.takeable(from) || b.moving(from, n) != a.card || !b.countOK(from, n) ||
				!b.canMove(from, to, n) || c.piles[from].role == model.Stock {
				return false
			}
			m := move{from: a.from, to: a.to, n: a.n}
			b.applyAtomic(m)
			out = append(out, m)
		}
		b.log = b.log[:0]
		if len(out) >= limit {
			return false
		}
		if z.goal(b) {
			z.end = i
			return true
		}
	}
	return false
}

// goal is s.goal, remembered by position: replays pass the same positions again and again,
// and asking the engine whether its auto-finish wins costs a game's worth of allocation.
func (z *simplifier) goal(b *board) bool {
	if !b.finishable() {
		return b.won()
	}
	k := b.hash
	if w := z.s.c.waste; w >= 0 {
		k ^= mix64(uint64(b.n[w]) + 0x51ED)
	}
	if won, ok := z.goals[k]; ok {
		return won
	}
	won := z.s.goal(b)
	z.goals[k] = won
	return won
}

// simplify edits the line (its commands, steps) while edits make it shorter and work lasts,
// and returns the shortest line found.
func (s *searcher) simplify(steps []move, work *int, workMax int) []move {
	z := &simplifier{s: s, work: work, goals: map[uint64]bool{}}
	z.acts = s.actions(steps, nil)
	s.b.load(s.c, &s.g.State)
	first := make([]byte, s.b.packedSize())
	s.b.pack(first)
	z.snaps, z.at = [][]byte{first}, []int{0}
	z.best = append(z.best, steps...)
	if !z.replay(z.acts, 0, true) {
		return steps // cannot happen: the line wins
	}
	z.acts = z.acts[:z.end+1]
	z.best = append(z.best[:0], z.buf...)
	// try replays the candidate edit, which agrees with the line before start, and takes it
	// when it is shorter.
	try := func(start int) bool {
		if !z.replay(z.cand, start, false) {
			return false
		}
		z.acts, z.cand = z.cand, z.acts
		z.replay(z.acts, start, true)
		z.acts = z.acts[:z.end+1]
		z.best = append(z.best[:0], z.buf...)
		return true
	}
	acts := func() []action { return z.acts }
	without := func(i, j int) {
		a := acts()
		z.cand = append(z.cand[:0], a[:i]...)
		if j > i {
			z.cand = append(z.cand, a[i+1:j]...)
			z.cand = append(z.cand, a[j+1:]...)
		} else {
			z.cand = append(z.cand, a[i+1:]...)
		}
	}
	// next is the action after i that moves the card action i put down, from where it put it.
	next := func(i int) int {
		a := acts()
		for j := i + 1; j < len(a); j++ {
			if a[j].from == a[i].to && a[j].card == a[i].card {
				return j
			}
		}
		return -1
	}
	out := func() bool { return *work >= workMax || s.timeUp() }
	for changed := true; changed && !out(); {
		changed = false
		for i := 0; i < len(z.acts) && !out(); i++ {
			// A command taken out.
			without(i, i)
			if try(i) {
				changed = true
				i--
				continue
			}
			if z.acts[i].from == noPile {
				continue
			}
			j := next(i)
			if j < 0 {
				continue
			}
			// The card's two moves made one.
			without(j, j)
			z.cand[i].to = z.acts[j].to
			if try(i) {
				changed = true
				i--
				continue
			}
			// The card's two moves made one, played later, when the second was or in between: the
			// card waits where it was until its place is ready (a reserve card parked on a
			// column, then sent home, is sent home from the reserve).
			if z.acts[i].n == z.acts[j].n && mergeLater(z, i, j, try) {
				changed = true
				i--
				continue
			}
			// The two moves taken out together.
			without(i, j)
			if try(i) {
				changed = true
				i--
				continue
			}
		}
		// A play made earlier, where it may save draws or let later commands go.
		for j := 1; j < len(z.acts) && !out(); j++ {
			for i := j - 1; i >= 0 && i >= j-hoistReach && !out(); i-- {
				a := z.acts
				z.cand = append(z.cand[:0], a[:i]...)
				z.cand = append(z.cand, a[j])
				z.cand = append(z.cand, a[i:j]...)
				z.cand = append(z.cand, a[j+1:]...)
				if try(i) {
					changed = true
					break
				}
			}
		}
	}
	return z.best
}

// timeUp reports whether the search's time is spent.
func (s *searcher) timeUp() bool {
	return s.opt.TimeLimit > 0 && time.Since(s.start) >= s.opt.TimeLimit || s.ctx.Err() != nil
}

// hoistReach is how many places earlier the simplifier tries to make a command.
const hoistReach = 40

// mergeLater tries the card's moves i and j (the card moved on from where move i put it) as
// one move from where move i took it to where move j put it, played at each place from the
// latest (move j's) back to just after move i's, and takes the first that makes the line
// shorter. A place nearer move j leaves the card where it was the longest.
func mergeLater(z *simplifier, i, j int, try func(start int) bool) bool {
	a := z.acts
	one := a[i]
	one.to = a[j].to
	for k := j; k > i; k-- {
		z.cand = append(z.cand[:0], a[:i]...)
		z.cand = append(z.cand, a[i+1:k]...)
		z.cand = append(z.cand, one)
		z.cand = append(z.cand, a[k:j]...)
		z.cand = append(z.cand, a[j+1:]...)
		if try(i) {
			return true
		}
	}
	return false
}
