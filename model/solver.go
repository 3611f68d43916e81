package model

import (
	"container/heap"
	"sort"
	"strings"
)

// Solve searches for a sequence of commands that wins the game from its current state,
// exploring at most maxNodes positions. It works on any game through Legal, so it is
// general rather than fast; it returns false when it gives up.
func Solve(g *Game, maxNodes int) ([]Op, bool) {
	work := &Game{Info: g.Info, Def: g.Def, Config: g.Config}
	root := &node{state: g.State.Clone()}
	work.State = root.state
	root.score = work.score()
	seen := map[string]bool{work.key(): true}
	open := &nodeHeap{root}
	for expanded := 0; open.Len() > 0 && expanded < maxNodes; expanded++ {
		n := heap.Pop(open).(*node)
		work.State = n.state
		if work.Won() {
			return n.path(), true
		}
		for _, op := range work.Legal() {
			work.State = n.state.Clone()
			if err := work.applyRaw(op); err != nil {
				continue
			}
			// As Apply does: a trivially won deal finishes itself; otherwise safe cards go home by auto.
			if work.autoFinish() == nil && work.safeHome() {
				op = seq{op, Auto{}}
				work.autoFinish()
			}
			k := work.key()
			if seen[k] {
				continue
			}
			seen[k] = true
			child := &node{state: work.State, parent: n, op: op, depth: n.depth + 1}
			child.score = work.score() - child.depth/4
			heap.Push(open, child)
		}
	}
	return nil, false
}

// seq is two commands found as one search step (a move and the safe cards it let go home).
type seq [2]Op

func (s seq) String() string { return s[0].String() + "; " + s[1].String() }
func (seq) isOp()            {}

type node struct {
	state  State
	parent *node
	op     Op
	depth  int
	score  int
}

func (n *node) path() []Op {
	var ops []Op
	for ; n.parent != nil; n = n.parent {
		if s, ok := n.op.(seq); ok {
			ops = append(ops, s[1], s[0])
		} else {
			ops = append(ops, n.op)
		}
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}

type nodeHeap []*node

func (h nodeHeap) Len() int           { return len(h) }
func (h nodeHeap) Less(i, j int) bool { return h[i].score > h[j].score }
func (h nodeHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x any)        { *h = append(*h, x.(*node)) }
func (h *nodeHeap) Pop() any {
	old := *h
	n := old[len(old)-1]
	*h = old[:len(old)-1]
	return n
}

// applyRaw carries out a move or draw without history or notices (search only).
func (g *Game) applyRaw(op Op) error {
	switch o := op.(type) {
	case Move:
		from, err := g.resolve(o.From)
		if err != nil {
			return err
		}
		to, err := g.resolve(o.To)
		if err != nil {
			return err
		}
		n, err := g.check(from[0], to[0], o.N)
		if err != nil {
			return err
		}
		g.moveCards(from[0], to[0], n)
		return nil
	case Draw:
		_, err := g.turnStock()
		return err
	}
	return nil
}

// safeHome plays safe cards home, as the auto command does, and reports whether any went.
func (g *Game) safeHome() bool { return len(g.playHome(g.safe)) > 0 }

// score rates a position for the search: cards home, free space, and columns in order.
func (g *Game) score() int {
	s := 0
	for i := range g.Def.Piles {
		p := &g.State.Piles[i]
		spec := &g.Def.Piles[i]
		switch spec.Role {
		case Foundation:
			s += 40 * len(p.Cards)
		case Cell:
			if p.Empty() {
				s += 6
			}
		case Tableau:
			if p.Empty() {
				s += 10
			}
			s -= 8 * p.Down
			for k := max(1, p.Down); k < len(p.Cards); k++ {
				if !spec.Rule.follows(p.Cards[k-1], p.Cards[k]) {
					s -= 5
				}
			}
		case Stock, Waste:
			s -= len(p.Cards)
		}
	}
	return s
}

// key identifies a position up to the order of free cells and columns, which do not matter.
func (g *Game) key() string {
	var cols, cells []string
	var b strings.Builder
	for i := range g.Def.Piles {
		p := &g.State.Piles[i]
		txt := string(cardBytes(p.Cards)) + string(rune('a'+p.Down))
		switch g.Def.Piles[i].Role {
		case Tableau:
			cols = append(cols, txt)
		case Cell:
			cells = append(cells, txt)
		default:
			b.WriteString(txt)
			b.WriteByte('/')
		}
	}
	sort.Strings(cols)
	sort.Strings(cells)
	b.WriteString(strings.Join(cols, "/"))
	b.WriteString("|" + strings.Join(cells, "/"))
	b.WriteByte(byte(g.State.Recycles))
	return b.String()
}

func cardBytes(cs []Card) []byte {
	b := make([]byte, len(cs))
	for i, c := range cs {
		b[i] = byte(c)
	}
	return b
}
