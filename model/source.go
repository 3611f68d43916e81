package model

import (
	"fmt"
	"strings"
)

// pickSource chooses the pile that a source letter alone (F, R) means among the piles all:
// the only one holding cards, else the only one whose cards can make the move m. "F alone is
// ambiguous" is said only when two or more could; otherwise the message says why none can.
func (g *Game) pickSource(m Move, all []int) (int, error) {
	full := g.nonEmpty(all)
	switch len(full) {
	case 0:
		return -1, fmt.Errorf("every %s is empty: nothing to move from %s", g.Def.Piles[all[0]].Role.Noun(), m.From)
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
		where := "anywhere"
		if !m.To.IsZero() {
			where = "to " + m.To.String()
		}
		return -1, fmt.Errorf("no card on %s can move %s", g.topsText(full, " or "), where)
	}
	return -1, fmt.Errorf("%s alone is ambiguous as a source: %s could move; name the pile, e.g. %s",
		m.From, g.topsText(fit, " and "), g.Def.Piles[fit[0]].Name)
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

// topsText names piles with their top cards, for messages: "F1 (AD), F2 (2C) or F3 (9H)".
func (g *Game) topsText(piles []int, last string) string {
	parts := make([]string, len(piles))
	for k, i := range piles {
		parts[k] = fmt.Sprintf("%s (%s)", g.Def.Piles[i].Name, g.describeTop(i))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + last + parts[len(parts)-1]
}
