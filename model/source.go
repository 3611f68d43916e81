package model

// pickSource chooses the pile that a source letter alone (F, R) means among the piles all:
// the only one holding cards, else the only one whose cards can make the move m. "F alone is
// ambiguous" is said only when two or more could; otherwise the message says why none can.
func (g *Game) pickSource(m Move, all []int) (int, error) {
	full := g.nonEmpty(all)
	switch len(full) {
	case 0:
		return -1, &RefusalError{Kind: RefusedAllEmpty, From: m.From, To: m.To, Role: g.Def.Piles[all[0]].Role}
	case 1:
		return full[0], nil
	}
	var fit []int
	for _, i := range full {
		if g.reaches(i, m.To, m.N) {
			fit = append(fit, i)
		}
	}
	switch len(fit) {
	case 1:
		return fit[0], nil
	case 0:
		return -1, &RefusalError{Kind: RefusedNoSource, From: m.From, To: m.To, N: m.N, Tops: g.tops(full)}
	}
	return -1, &RefusalError{Kind: RefusedAmbiguous, From: m.From, To: m.To, N: m.N, Tops: g.tops(fit)}
}

// reaches reports whether n cards (0: any number) of pile from can go to a pile that to names,
// or, with to zero, to a pile a move without a destination tries.
func (g *Game) reaches(from int, to PileRef, n int) bool {
	tos := g.autoDestinations(from)
	if !to.IsZero() {
		var err error
		if tos, err = g.resolve(to); err != nil {
			return false
		}
	}
	for _, t := range tos {
		if t == from {
			continue
		}
		if _, err := g.check(from, t, n); err == nil {
			return true
		}
	}
	return false
}

// tops lists piles with their top cards, for a refusal that names them.
func (g *Game) tops(piles []int) []PileTop {
	out := make([]PileTop, len(piles))
	for k, i := range piles {
		out[k] = PileTop{Pile: g.Def.Ref(i), Top: g.State.Piles[i].Top()}
	}
	return out
}
