package model

import (
	"fmt"
	"strings"
)

// byCard turns a move that names its source by a card into one that names the pile.
func (g *Game) byCard(m Move) (Move, error) {
	if !m.Card.Valid() {
		return m, nil
	}
	from, n, err := g.cardSource(m.Card, m.To)
	if err != nil {
		return Move{}, err
	}
	return Move{From: g.Def.Ref(from), To: m.To, N: n}, nil
}

// cardSource finds the pile that holds card c where c can be lifted, with the cards lying on
// it, and returns the pile and the count; else it says why c cannot move. With two decks, the
// copy that can be lifted is taken; of two that can, the one that can go to a pile that to
// names (zero: anywhere), and two that both can are for the player to choose between.
func (g *Game) cardSource(c Card, to PileRef) (from, n int, err error) {
	var first error
	var froms, ns []int
	for i := range g.Def.Piles {
		for k, x := range g.State.Piles[i].Cards {
			if x != c {
				continue
			}
			n, why := g.liftable(i, k)
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
		a, b := g.Def.Piles[froms[fit[0]]].Name, g.Def.Piles[froms[fit[1]]].Name
		return 0, 0, fmt.Errorf("both %s can move, from %s and %s: name the pile, e.g. move %s", c, a, b, b)
	}
	switch {
	case len(froms) == 1:
		return froms[0], ns[0], nil
	case first != nil:
		return 0, 0, first
	}
	return 0, 0, fmt.Errorf("%s is not in this game", c)
}

// cmpOr is a when it is set, else b: the first error met.
func cmpOr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// liftable reports how many cards move when the card at place k of pile i is lifted with the
// cards on it, or why it cannot be: lifts decides, and this words its refusal for the card.
func (g *Game) liftable(i, k int) (int, error) {
	spec, p := &g.Def.Piles[i], &g.State.Piles[i]
	c, n := p.Cards[k], len(p.Cards)-k
	max, why := g.lifts(i, n)
	if why == Accepted {
		return n, nil
	}
	if spec.Role == Stock || k < p.Down {
		// One message for every hidden place, whatever the pile's own reason, so that it
		// tells the player nothing the table does not show.
		return 0, fmt.Errorf("%s is not face up yet: a hidden card cannot be named", c)
	}
	on := func() string { return cardList(p.Cards[k+1:]) } // the cards lying on c, if any
	switch why {
	case RefusedStays:
		return 0, fmt.Errorf("%s is in %s, and cards on the foundations stay there in this game", c, spec.Name)
	case RefusedOneAtATime:
		if spec.Role == Foundation {
			return 0, fmt.Errorf("%s is in %s under %s: only a foundation's top card comes back", c, spec.Name, on())
		}
		return 0, fmt.Errorf("%s is under %s in %s, and only the top card of %s moves", c, on(), spec.Name, spec.Name)
	case RefusedTopOrAll:
		if max == 1 {
			// The pile is no sequence, so its whole cannot go either.
			return 0, fmt.Errorf("%s is under %s in %s, and only the top card of %s moves", c, on(), spec.Name, spec.Name)
		}
		return 0, fmt.Errorf("%s is under %s in %s, which moves only its top card or the whole column here", c, on(), spec.Name)
	case RefusedRun:
		if max == 1 {
			are := "are"
			if n == 2 {
				are = "is" // one card lies on c: "QS is under 6H in C4, which is not in sequence with it"
			}
			return 0, fmt.Errorf("%s is under %s in %s, which %s not in sequence with it", c, on(), spec.Name, are)
		}
		return 0, fmt.Errorf("%s is under %s in %s, which are not in sequence with it (only the top %d move together)", c, on(), spec.Name, max)
	}
	return 0, g.liftError(i, n, max, why) // the pile's own reason: frozen, no take, ...
}

// cardList names cards for a message, bottom first: "5C", "5C and 4D", "5C, 4D, 3S and 6 more".
func cardList(cs []Card) string {
	const most = 4
	names := make([]string, 0, most)
	for _, c := range cs[:min(len(cs), most)] {
		names = append(names, c.String())
	}
	switch {
	case len(cs) > most:
		return strings.Join(names[:most-1], ", ") + fmt.Sprintf(" and %d more", len(cs)-most+1)
	case len(names) == 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
