package model

import "strings"

// Legal lists the legal commands that change the board: moves with explicit piles, then draw.
// Moves that only carry a whole pile to an empty pile of the same kind (a free cell to another
// free cell, a column to an empty column) are left out: they change nothing that matters, but
// where the stock deals onto the piles by name (Spider), which card lands on the run next. A
// pair (Rule.PairOff) is listed once, from the pile that comes first: the other way round is
// the same pair.
func (g *Game) Legal() []Op {
	if g.Won() {
		return nil
	}
	var ops []Op
	for from := range g.Def.Piles {
		max := g.takeable(from)
		if max == 0 {
			continue
		}
		for to := range g.Def.Piles {
			if to == from || to < from && g.Def.Piles[to].Rule.PairOff && g.Def.Piles[from].Rule.PairOff {
				continue
			}
			pointless := g.State.Piles[to].Empty() && g.Def.Piles[to].Role == g.Def.Piles[from].Role && !g.Def.DealtTo(to)
			longest := 0
			for n := max; n >= 1; n-- {
				if !g.canMove(from, to, n) {
					continue
				}
				if longest == 0 {
					longest = n
				}
				if pointless && n == g.State.Piles[from].Len() {
					continue
				}
				m := Move{From: g.Def.Ref(from), To: g.Def.Ref(to), N: n}
				if n == longest {
					m.N = 0 // the longest legal run is what a move without N picks
				}
				ops = append(ops, m)
			}
		}
	}
	if g.canDraw() {
		ops = append(ops, Draw{})
	}
	return ops
}

// canDraw reports whether draw would do something.
func (g *Game) canDraw() bool {
	ss, ws := g.pilesOf(Stock), g.pilesOf(Waste)
	if g.Def.StockDeal != nil {
		return len(ss) > 0 && !g.State.Piles[ss[0]].Empty() && g.dealEmpty() < 0
	}
	if len(ss) == 0 || len(ws) == 0 || g.Def.Draw == 0 {
		return false
	}
	s, w := &g.State.Piles[ss[0]], &g.State.Piles[ws[0]]
	return !s.Empty() || (!w.Empty() && g.PassesLeft() != 0)
}

// DeadEnd reports whether no useful move is left (the "no more moves" notice; the game goes on).
func (g *Game) DeadEnd() bool {
	if g.Won() {
		return false
	}
	switch g.Def.DeadEnd {
	case DeadProductive:
		return !g.productive()
	case DeadAnyMove:
		return len(g.Legal()) == 0
	case DeadStock:
		// Drawing always "moves", so it does not count; what drawing could bring into play does.
		for _, op := range g.Legal() {
			if _, ok := op.(Move); ok {
				return false
			}
		}
		return !g.reachablePlays()
	}
	for _, op := range g.Legal() {
		if m, ok := op.(Move); ok && m.From.Kind == 'F' {
			continue
		}
		return false
	}
	return true
}

// DeadEndLeft says what the legal commands of a dead end are, for the words around the "no more
// moves" notice: moves and hint say "no move is left but ..." with it, so that they never
// deny a command moves lists (once, Canfield listed "F4 C2, draw" while hint said that
// nothing but foundation returns was left). Each kind of command left is named once, in the
// order of the notice's rules (docs/klondike.md, "No more moves"): sideways moves (Klondike
// and Canfield count only moves that turn up, empty or uncover), draws that reach no card
// that plays, and cards taken back from the foundations. "" when no command is left, or the
// position is no dead end.
func (g *Game) DeadEndLeft() string {
	if !g.DeadEnd() {
		return ""
	}
	var sideways, draws, returns bool
	for _, op := range g.Legal() {
		switch m, ok := op.(Move); {
		case !ok:
			draws = true
		case m.From.Kind == 'F':
			returns = true
		default:
			sideways = true
		}
	}
	var parts []string
	if sideways {
		parts = append(parts, "sideways moves that reveal nothing")
	}
	if draws {
		parts = append(parts, "drawing (no card it turns up can be played)")
	}
	if returns {
		parts = append(parts, "taking cards back from the foundations")
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// reachablePlays reports whether a stock or waste card that drawing can reach fits anywhere.
func (g *Game) reachablePlays() bool {
	for _, c := range g.reachable() {
		for i := range g.Def.Piles {
			switch g.Def.Piles[i].Role {
			case Foundation, Tableau:
				if g.fits(i, c, 1) {
					return true
				}
			}
		}
	}
	return false
}

// reachable lists the stock and waste cards that could be played without another move first
// (help draw): every card in draw-1 with unlimited passes, else the waste tops a run of draws shows.
func (g *Game) reachable() []Card {
	ss, ws := g.pilesOf(Stock), g.pilesOf(Waste)
	if len(ss) == 0 || len(ws) == 0 {
		return nil
	}
	s, w := g.State.Piles[ss[0]].Cards, g.State.Piles[ws[0]].Cards
	if g.Def.Draw == 1 && g.Def.Passes == 0 {
		return append(append([]Card(nil), s...), w...)
	}
	stock := append([]Card(nil), s...)
	waste := append([]Card(nil), w...)
	recycles := g.State.Recycles
	var out []Card
	seen := map[[2]int]bool{}
	for {
		if len(waste) > 0 {
			out = append(out, waste[len(waste)-1])
		}
		key := [2]int{len(stock), recycles}
		if seen[key] {
			break
		}
		seen[key] = true
		if len(stock) == 0 {
			if len(waste) == 0 || (g.Def.Passes > 0 && recycles >= g.Def.Passes-1) {
				break
			}
			for k := len(waste) - 1; k >= 0; k-- {
				stock = append(stock, waste[k])
			}
			waste = waste[:0]
			recycles++
			if g.Def.Passes == 0 {
				// With unlimited passes the cycle repeats from here: the key check ends it.
				recycles = g.State.Recycles
			}
			continue
		}
		n := min(g.Def.Draw, len(stock))
		for k := 0; k < n; k++ {
			waste = append(waste, stock[len(stock)-1])
			stock = stock[:len(stock)-1]
		}
	}
	return out
}

// productive reports whether some move makes progress, by help klondike, "No more moves": a reachable card or a
// top card to a foundation or a column, or a run move that turns a card, empties a column
// usefully, or exposes a card that can go home.
func (g *Game) productive() bool {
	found, cols := g.pilesOf(Foundation), g.pilesOf(Tableau)
	fitsAny := func(c Card, targets []int) bool {
		for _, t := range targets {
			if g.fits(t, c, 1) {
				return true
			}
		}
		return false
	}
	if g.reachablePlays() {
		return true
	}
	for i := range g.Def.Piles {
		switch g.Def.Piles[i].Role {
		case Reserve, Cell:
			if p := &g.State.Piles[i]; !p.Empty() && (fitsAny(p.Top(), found) || fitsAny(p.Top(), cols)) {
				return true
			}
		}
	}
	for _, from := range cols {
		p := &g.State.Piles[from]
		if p.FaceUp() > 0 && fitsAny(p.Top(), found) {
			return true
		}
		max := g.takeable(from)
		for _, to := range cols {
			if to == from {
				continue
			}
			for n := 1; n <= max; n++ {
				if !g.canMove(from, to, n) {
					continue
				}
				rest := len(p.Cards) - n
				switch {
				case rest > 0 && rest == p.Down:
					return true // turns a face-down card
				case rest == 0 && !g.State.Piles[to].Empty():
					return true // empties a column (for a king, or for the reserve's next card)
				case rest > 0 && fitsAny(p.Cards[rest-1], found):
					return true // exposes a card that can go home
				}
			}
		}
	}
	return false
}
