package notation

import (
	"fmt"
	"strings"

	"solitaire/model"
)

// fcSuits is the order fc-solve lists the foundations in.
const fcSuits = "HCDS"

// ParseBoard reads a FreeCell position in fc-solve's board text: one column per line, bottom
// card first (a leading ":" is allowed), and optional "Freecells:" and "Foundations:" lines,
// such as "Foundations: H-5 C-0 D-A S-2" (each suit's top rank, 0 for none) and
// "Freecells:  8H  -  -  -" (a card or - for each cell). Cards are rank then suit: A 2-9 T
// (or 10) J Q K, and C D H S, in either case. The position is a FreeCell game with as many
// free cells as the line lists (four when there is none); LoadPosition checks its cards.
func ParseBoard(text string) (model.Position, error) {
	pos := model.Position{Game: "freecell", Options: model.Options{}}
	var cols [][]string
	var cells []string
	found := map[byte]int{}
	sawCells := false
	for n, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		lower := strings.ToLower(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(lower, "foundations:"):
			for _, f := range strings.Fields(line[len("foundations:"):]) {
				suit, rank, err := foundation(f)
				if err != nil {
					return pos, fmt.Errorf("line %d: %w", n+1, err)
				}
				found[suit] = rank
			}
		case strings.HasPrefix(lower, "freecells:"):
			sawCells = true
			for _, f := range strings.Fields(line[len("freecells:"):]) {
				if f == "-" {
					f = ""
				}
				cells = append(cells, f)
			}
			if len(cells) > 4 {
				return pos, fmt.Errorf("line %d: %d free cells; FreeCell has at most 4", n+1, len(cells))
			}
		default:
			line = strings.TrimPrefix(line, ":")
			cols = append(cols, strings.Fields(line))
		}
	}
	if len(cols) != 8 {
		return pos, fmt.Errorf("the board has %d columns; FreeCell has 8, one per line", len(cols))
	}
	for i, cs := range cols {
		pos.Piles = append(pos.Piles, model.PilePosition{Name: fmt.Sprintf("C%d", i+1), Cards: cs})
	}
	if sawCells {
		pos.Options["cells"] = fmt.Sprint(len(cells))
	}
	for i, c := range cells {
		p := model.PilePosition{Name: fmt.Sprintf("R%d", i+1)}
		if c != "" {
			p.Cards = []string{c}
		}
		pos.Piles = append(pos.Piles, p)
	}
	k := 0
	for _, s := range []byte(fcSuits) {
		rank := found[s]
		if rank == 0 {
			continue
		}
		k++
		p := model.PilePosition{Name: fmt.Sprintf("F%d", k)}
		for r := 1; r <= rank; r++ {
			p.Cards = append(p.Cards, string([]byte{model.Rank(r).Letter(), s}))
		}
		pos.Piles = append(pos.Piles, p)
	}
	return pos, nil
}

// foundation reads one entry of the Foundations line, such as "H-5", "S-A" or "D-0".
func foundation(f string) (suit byte, rank int, err error) {
	u := strings.ToUpper(f)
	s, r, ok := strings.Cut(u, "-")
	if !ok || len(s) != 1 || !strings.Contains(fcSuits, s) {
		return 0, 0, fmt.Errorf("foundation %q: write the suit, a dash and the top rank, such as H-5, S-A or D-0", f)
	}
	if r == "0" {
		return s[0], 0, nil
	}
	c, err := model.ParseCard(r + s)
	if err != nil {
		return 0, 0, fmt.Errorf("foundation %q: %v", f, err)
	}
	return s[0], int(c.Rank()), nil
}

// FormatBoard writes g's position, a FreeCell game, in fc-solve's board text, which fc-solve
// and ParseBoard read back.
func FormatBoard(g *model.Game) (string, error) {
	if g.Info.Name != "freecell" {
		return "", fmt.Errorf("fc-solve's board text is for FreeCell, not %s", g.Info.Title)
	}
	var b strings.Builder
	tops := map[model.Suit]model.Rank{}
	var cells, cols []string
	for i, spec := range g.Def.Piles {
		p := &g.State.Piles[i]
		switch spec.Role {
		case model.Foundation:
			if len(p.Cards) > 0 {
				top := p.Cards[len(p.Cards)-1]
				tops[top.Suit()] = top.Rank()
			}
		case model.Cell:
			c := "-"
			if len(p.Cards) > 0 {
				c = p.Cards[0].String()
			}
			cells = append(cells, c)
		case model.Tableau:
			words := make([]string, len(p.Cards))
			for k, c := range p.Cards {
				words[k] = c.String()
			}
			cols = append(cols, strings.TrimSpace(": "+strings.Join(words, " ")))
		}
	}
	b.WriteString("Foundations:")
	for _, s := range []byte(fcSuits) {
		suit := model.Suit(strings.IndexByte("CDHS", s))
		r := tops[suit]
		mark := "0"
		if r > 0 {
			mark = string(r.Letter())
		}
		fmt.Fprintf(&b, " %c-%s", s, mark)
	}
	b.WriteString("\nFreecells:")
	for _, c := range cells {
		b.WriteString(" " + c)
	}
	b.WriteString("\n")
	for _, c := range cols {
		b.WriteString(c + "\n")
	}
	return b.String(), nil
}
