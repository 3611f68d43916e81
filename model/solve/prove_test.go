package solve

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"solitaire/model"
)

// The engine's own exhaustive search, written again without the solver: it walks every
// position reachable through the engine's Legal and Play, keyed by the exact cards of every
// pile, and so checks the solver's Unsolvable verdicts (and the premises of the hand-made
// positions) by a road that shares no code with it. It is slow, so it is given a budget.

// proof is what engineSearch found.
type proof struct {
	won       bool       // a win is reachable: line reaches it
	exhausted bool       // every reachable position was seen and none is won: the deal is lost
	positions int        // distinct positions seen
	line      []model.Op // the winning line, from the position searched
}

// verdict is a short text for messages.
func (p proof) verdict() string {
	switch {
	case p.won:
		return fmt.Sprintf("won in %d commands", len(p.line))
	case p.exhausted:
		return fmt.Sprintf("lost: all %d positions searched", p.positions)
	}
	return fmt.Sprintf("undecided after %d positions", p.positions)
}

// symmetric names the games whose piles of one declaration may be swapped without changing
// anything the rules look at (no stock that deals onto given piles, no column filled from a
// given pile, no rule that looks at the pile before): their keys sort such piles, which keeps
// the search small. Other games are keyed pile by pile.
var symmetric = map[string]bool{"freecell": true, "fifteen": true, "lapeau": true, "klondike": true, "bakersgame": true, "beleaguered": true, "streets": true, "eightoff": true, "seahaven": true}

// engineSearch searches depth first from g's current position for a win, through the
// engine's Legal and Play only, storing at most budget positions and stopping after limit.
func engineSearch(g *model.Game, budget int, limit time.Duration) proof {
	deadline := time.Now().Add(limit)
	if g.Won() {
		return proof{won: true, positions: 1}
	}
	groups := pileGroups(g)
	type node struct {
		state  model.State
		parent int
		ops    []model.Op // the commands from the parent
	}
	nodes := []node{{state: g.State.Clone(), parent: -1}}
	seen := map[string]bool{engineKey(g, &g.State, groups): true}
	stack := []int{0}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, st := range successors(g, nodes[cur].state) {
			if st.won {
				line := st.ops
				for i := cur; nodes[i].parent >= 0; i = nodes[i].parent {
					line = append(slices.Clone(nodes[i].ops), line...)
				}
				return proof{won: true, positions: len(nodes), line: line}
			}
			k := engineKey(g, &st.state, groups)
			if seen[k] {
				continue
			}
			if len(nodes) >= budget || len(nodes)%64 == 0 && time.Now().After(deadline) {
				return proof{positions: len(nodes)}
			}
			seen[k] = true
			nodes = append(nodes, node{state: st.state, parent: cur, ops: st.ops})
			stack = append(stack, len(nodes)-1)
		}
	}
	return proof{exhausted: true, positions: len(nodes)}
}

// successor is a position one step away and the commands that reach it.
type successor struct {
	state model.State
	ops   []model.Op
	won   bool
}

// successors lists the positions one legal command away. Where the stock is a cycle (see
// cyclicStock), positions that differ only by the order of the stock and waste count as one,
// so drawing is not a step of its own: a step is any number of draws, up to a whole turn of
// the cycle, then a command that is not a draw.
func successors(g *model.Game, from model.State) []successor {
	var out []successor
	at := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: from.Clone()}
	cyclic := cyclicStock(g)
	var draws []model.Op
	for turn := 0; ; turn++ {
		canDraw := false
		for _, op := range at.Legal() {
			if _, ok := op.(model.Draw); ok && cyclic {
				canDraw = true
				continue
			}
			next := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: at.State.Clone()}
			if _, err := next.Play(op); err != nil {
				continue // the perft test holds Legal to Apply; here it only costs a branch
			}
			out = append(out, successor{state: next.State, ops: append(slices.Clone(draws), op), won: next.Won()})
		}
		if !canDraw || turn > stockCards(g, &from)+1 {
			return out
		}
		if _, err := at.Play(model.Draw{}); err != nil {
			return out
		}
		draws = append(draws, model.Draw{})
		if at.Won() {
			return append(out, successor{state: at.State, ops: slices.Clone(draws), won: true})
		}
	}
}

// stockCards counts the cards in the stock and waste.
func stockCards(g *model.Game, st *model.State) int {
	n := 0
	for i := range st.Piles {
		if r := g.Def.Piles[i].Role; r == model.Stock || r == model.Waste {
			n += len(st.Piles[i].Cards)
		}
	}
	return n
}

// cyclicStock reports whether the game's stock and waste form a cycle that any card of them
// can be drawn from: one card a draw, no limit on passes, no column filled from the waste.
func cyclicStock(g *model.Game) bool {
	if g.Def.Draw != 1 || g.Def.Passes != 0 || g.Def.StockDeal != nil {
		return false
	}
	for i := range g.Def.Piles {
		if g.Def.Piles[i].Role == model.Waste && g.Def.Piles[i].Name == g.Def.FillFrom {
			return false
		}
	}
	return true
}

// pileGroups lists, for symmetric games, the piles that share a declaration.
func pileGroups(g *model.Game) [][]int {
	if !symmetric[g.Name()] {
		return nil
	}
	index := map[string]int{}
	var groups [][]int
	for i, spec := range g.Def.Piles {
		s := spec
		s.Name = ""
		k := fmt.Sprintf("%+v", s)
		j, ok := index[k]
		if !ok {
			j = len(groups)
			index[k] = j
			groups = append(groups, nil)
		}
		groups[j] = append(groups[j], i)
	}
	return groups
}

// engineKey is the position as text: every pile's cards and face-down count (sorted within
// the groups of interchangeable piles), the recycles where passes are counted, the base rank.
func engineKey(g *model.Game, st *model.State, groups [][]int) string {
	piles := make([]string, len(st.Piles))
	for i := range st.Piles {
		p := &st.Piles[i]
		cards := make([]byte, len(p.Cards))
		for k, c := range p.Cards {
			cards[k] = byte(c)
		}
		if g.Name() == "osmosis" && g.Def.Piles[i].Role == model.Foundation {
			// Nothing leaves an Osmosis foundation and its rules look only at the suits and
			// ranks it holds, so the order the cards came in does not count.
			slices.Sort(cards)
		}
		var b strings.Builder
		b.Write(cards)
		b.WriteString("/" + strconv.Itoa(p.Down))
		piles[i] = b.String()
	}
	if cyclicStock(g) {
		// Turned one at a time with no limit on passes, the stock and waste bring every card
		// they hold to the top of the waste in turn, whatever their order: only which cards
		// they hold counts (unless an empty column is filled from the waste, which cyclicStock
		// rules out).
		var pool []byte
		for i := range st.Piles {
			if r := g.Def.Piles[i].Role; r == model.Stock || r == model.Waste {
				pool = append(pool, piles[i][:len(st.Piles[i].Cards)]...)
				piles[i] = ""
			}
		}
		slices.Sort(pool)
		piles = append(piles, string(pool))
	}
	for _, grp := range groups {
		part := make([]string, len(grp))
		for k, i := range grp {
			part[k] = piles[i]
		}
		slices.Sort(part)
		for k, i := range grp {
			piles[i] = part[k]
		}
	}
	key := strings.Join(piles, "|")
	if g.Def.Passes > 0 {
		key += "|r" + strconv.Itoa(st.Recycles)
	}
	return key + "|b" + strconv.Itoa(int(st.Base))
}

// shortestWin is the fewest commands that win from g's position through the engine's Legal
// and Play, searched breadth first up to depth commands; ok is false if none that short wins.
func shortestWin(g *model.Game, depth int) (n int, ok bool) {
	if g.Won() {
		return 0, true
	}
	groups := pileGroups(g)
	level := []model.State{g.State.Clone()}
	seen := map[string]bool{engineKey(g, &g.State, groups): true}
	for d := 1; d <= depth; d++ {
		var next []model.State
		for _, st := range level {
			at := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: st.Clone()}
			for _, op := range at.Legal() {
				g2 := &model.Game{Info: g.Info, Def: g.Def, Config: g.Config, State: st.Clone()}
				if _, err := g2.Play(op); err != nil {
					continue
				}
				if g2.Won() {
					return d, true
				}
				if k := engineKey(g, &g2.State, groups); !seen[k] {
					seen[k] = true
					next = append(next, g2.State)
				}
			}
		}
		level = next
	}
	return 0, false
}
