package model

import "slices"

// byCard turns a move that names its source by a card into one that names the pile.
func (g *Game) byCard(m Move) (Move, error) {
	if m.Onto.Valid() {
		to, err := g.cardTop(m.Onto)
		if err != nil {
			return Move{}, err
		}
		m.To, m.Onto = g.Def.Ref(to), 0
	}
	if !m.Card.Valid() {
		return m, nil
	}
	from, n, err := g.cardSource(m.Card, m.To)
	if err != nil {
		return Move{}, err
	}
	return Move{From: g.Def.Ref(from), To: m.To, N: n}, nil
}

// cardTop finds the pile whose top card, face up, is c: the destination a command names by
// its card. With two decks, the first such pile.
func (g *Game) cardTop(c Card) (int, error) {
	for i := range g.Def.Piles {
		if p := &g.State.Piles[i]; p.Top() == c && !p.Empty() && g.FaceDown(i) < p.Len() {
			return i, nil
		}
	}
	for i := range g.Def.Piles {
		p := &g.State.Piles[i]
		for k, x := range p.Cards {
			if x == c && k >= g.FaceDown(i) {
				return 0, &RefusalError{Kind: RefusedNotTop, Card: c, ByCard: true, To: g.Def.Ref(i)}
			}
		}
	}
	return 0, &RefusalError{Kind: RefusedCardHidden, Card: c, ByCard: true}
}

// cardSource finds the pile that holds card c where c can be lifted, with the cards lying on
// it, and returns the pile and the count; else it says why c cannot move. With two decks, the
// copy that can be lifted is taken; of two that can, the one that can go to a pile that to
// names (zero: anywhere), and two that both can are for the player to choose between.
func (g *Game) cardSource(c Card, to PileRef) (from, n int, err error) {
	// Of the copies that cannot move, one in sight says why before one face down does: the
	// player means the card they see ("3S lies under 2D"), not a hidden copy.
	var first, hidden error
	var froms, ns []int
	for i := range g.Def.Piles {
		for k, x := range g.State.Piles[i].Cards {
			if x != c {
				continue
			}
			n, why := g.liftable(i, k)
			if e, ok := why.(*RefusalError); ok && e.Kind == RefusedCardHidden {
				hidden = cmpOr(hidden, why)
				continue
			}
			if why != nil {
				first = cmpOr(first, why)
				continue
			}
			froms, ns = append(froms, i), append(ns, n)
		}
	}
	if len(froms) > 1 {
		var fit []int
		for k, i := range froms {
			if g.reaches(i, to, ns[k]) {
				fit = append(fit, k)
			}
		}
		switch len(fit) {
		case 1:
			return froms[fit[0]], ns[fit[0]], nil
		case 0:
			return froms[0], ns[0], nil // the first copy's move explains the refusal
		}
		e := &RefusalError{Kind: RefusedBothCopies, Card: c, ByCard: true, To: to}
		for _, k := range fit {
			e.Piles = append(e.Piles, g.Def.Ref(froms[k]))
		}
		return 0, 0, e
	}
	switch {
	case len(froms) == 1:
		return froms[0], ns[0], nil
	case first != nil:
		return 0, 0, first
	case hidden != nil:
		return 0, 0, hidden
	}
	return 0, 0, &RefusalError{Kind: RefusedNoCard, Card: c, ByCard: true}
}

// cmpOr is a when it is set, else b: the first error met.
func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// liftable reports how many cards move when the card at place k of pile i is lifted with the
// cards on it, or why it cannot be: lifts decides, and this is its refusal as the command
// that names the card meets it.
func (g *Game) liftable(i, k int) (int, error) {
	spec, p := &g.Def.Piles[i], &g.State.Piles[i]
	c, n := p.Cards[k], len(p.Cards)-k
	max, why := g.lifts(i, n)
	if why == Accepted {
		return n, nil
	}
	if spec.Role == Stock && spec.Rule.Take == TakeNone || k < g.FaceDown(i) {
		// One refusal for every hidden place, whatever the pile's own reason, and no pile
		// named, so that it tells the player nothing the table does not show.
		return 0, &RefusalError{Kind: RefusedCardHidden, Card: c, ByCard: true}
	}
	switch why {
	case RefusedStays, RefusedOneAtATime, RefusedTopOrAll, RefusedRun:
		// The words say where c lies and what lies on it (RefusalError.Words).
		var on []Card // a copy: the error outlives this position
		if n > 1 {
			on = slices.Clone(p.Cards[k+1:])
		}
		return 0, &RefusalError{Kind: why, Card: c, ByCard: true, On: on, From: g.Def.Ref(i), N: n, Most: max}
	}
	return 0, g.liftError(i, n, max, why) // the pile's own reason: frozen, no take, ...
}
