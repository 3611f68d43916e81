package model

import (
	"fmt"
	"strings"
)

// byCard turns a move that names its source by a card (or by a FreeCell-notation token) into
// one that names the pile: FreeCell notation means its piles in FreeCell, and elsewhere the card
// it spells ("3h", the three of hearts), if it spells one.
func (g *Game) byCard(m Move) (Move, error) {
	if m.Notation != "" {
		if g.Def.FreeCellNotation {
			return Move{From: m.From, To: m.To, N: m.N}, nil
		}
		if !m.Card.Valid() {
			pile := Move{From: m.From, To: m.To, N: m.N}
			return Move{}, fmt.Errorf("%s is FreeCell's notation, which only FreeCell reads: write %s", m.Notation, pile)
		}
		m.To = PileRef{}
	}
	if !m.Card.Valid() {
		return m, nil
	}
	from, n, err := g.cardSource(m.Card)
	if err != nil {
		return Move{}, err
	}
	return Move{From: g.Def.Ref(from), To: m.To, N: n}, nil
}

// cardSource finds the pile that holds card c where c can be lifted, with the cards lying on
// it, and returns the pile and the count; else it says why c cannot move. With two decks,
// the copy that can move is taken, and two that can are for the player to choose between.
func (g *Game) cardSource(c Card) (from, n int, err error) {
	from, n = -1, 0
	var first error
	found := 0
	for i := range g.Def.Piles {
		p := &g.State.Piles[i]
		for k, x := range p.Cards {
			if x != c {
				continue
			}
			found++
			if k, why := g.liftable(i, k); why != nil {
				if first == nil {
					first = why
				}
				continue
			} else if from >= 0 {
				return 0, 0, fmt.Errorf("both %s can move, from %s and %s: name the pile, e.g. move %s", c, g.Def.Piles[from].Name, g.Def.Piles[i].Name, g.Def.Piles[i].Name)
			} else {
				from, n = i, k
			}
		}
	}
	switch {
	case from >= 0:
		return from, n, nil
	case first != nil:
		return 0, 0, first
	case found == 0:
		return 0, 0, fmt.Errorf("%s is not in this game", c)
	}
	return 0, 0, fmt.Errorf("%s cannot move", c)
}

// liftable reports how many cards move when the card at place k of pile i is lifted with the
// cards on it, or why it cannot be.
func (g *Game) liftable(i, k int) (int, error) {
	spec, p := &g.Def.Piles[i], &g.State.Piles[i]
	c, n := p.Cards[k], len(p.Cards)-k
	switch {
	case spec.Role == Stock:
		return 0, fmt.Errorf("%s is in the stock", c)
	case k < p.Down:
		return 0, fmt.Errorf("%s is face down in %s", c, spec.Name)
	case spec.Role == Foundation && (!g.Def.FoundationReturn || n > 1):
		return 0, fmt.Errorf("%s is on the foundation %s", c, spec.Name)
	}
	if max := g.takeable(i); n > max {
		above := make([]string, 0, n-1)
		for _, x := range p.Cards[k+1:] {
			above = append(above, x.String())
		}
		why := "which do not move with it"
		if max > 0 && spec.Rule.Take != TakeTop {
			why = fmt.Sprintf("and only the top %s of %s move together", Plural(max, "card"), spec.Name)
		}
		return 0, fmt.Errorf("%s lies under %s in %s, %s", c, strings.Join(above, " "), spec.Name, why)
	}
	return n, nil
}
