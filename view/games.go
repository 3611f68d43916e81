package view

import (
	"strconv"

	"solitaire/model"
)

// The layouts of the games the standard layout does not suit (see layouts in layout.go).

// algerian draws the stock with the deals left, the up and down foundations over the columns,
// the reserves with their top cards and sizes, then the columns (help algerian).
//
//	S[56]   deals left: 4+final
//	F1↑   F2↑   F3↑   F4↑ | F5↓   F6↓   F7↓   F8↓
//	 2♣    --    --    -- |  K♦    K♣    --    --
//	R1:8♥ (5)    R2:4♣ (6)    R3:--        R4:10♦ (6)   R5:Q♠ (5)    R6:3♠ (6)
func algerian(r *renderer) {
	if stock := r.piles(model.Stock); len(stock) > 0 {
		r.spaces(1)
		r.stockItem(stock[0])
		r.spaces(2)
		r.dealsItem()
		r.newline()
	}
	r.twoWayGrid()
	if res := r.piles(model.Reserve); len(res) > 0 {
		r.pileRow(res, 2)
	}
	r.gap()
	r.columns(r.piles(model.Tableau))
}

// dealsItem writes "deals left: 4+final": the full deals of a stock dealt onto piles still to
// come, and whether a smaller final deal follows them.
func (r *renderer) dealsItem() {
	deals, final := r.g.DealsLeft()
	r.label("deals left: ")
	switch {
	case deals > 0 && final:
		r.text(strconv.Itoa(deals) + "+final")
	case final:
		r.text("final")
	case deals > 0:
		r.text(strconv.Itoa(deals))
	default:
		r.text("none")
	}
}

// twoWayGrid draws the foundations as a grid over the columns, a bar between those built up
// and those built down.
func (r *renderer) twoWayGrid() {
	found := r.piles(model.Foundation)
	bar := 0
	for k, i := range found {
		if k > 0 && r.g.Def.Piles[i].Rule.Build != r.g.Def.Piles[found[k-1]].Rule.Build {
			bar = k
			break
		}
	}
	r.grid(found, r.pitch(max(len(found), len(r.piles(model.Tableau)))), bar)
}

// natali draws Algerian's foundations under a stock and waste line, over the columns (help natali).
func natali(r *renderer) {
	r.stockRow(nil)
	r.twoWayGrid()
	r.gap()
	r.columns(r.piles(model.Tableau))
}

// osmosis draws the stock and waste, then each reserve on a line of its own beside a
// foundation (help osmosis). A foundation lays its cards out by rank, ace to king, each rank in
// the same place on every line, so that the ranks present in one foundation can be read off
// against the one above; an empty foundation says what it waits for.
//
//	S[24]  W: [9♠]
//
//	R1: ## ## 8♣          F1♥:  A♥  2♥  ·   4♥  ·   ·   ·   8♥  ·  10♥  ·   ·   ·
//	R2: ## ## ## Q♣       F2♦:  ·   2♦  ·   ·   ·   ·   ·   ·   ·   ·   ·   ·   ·
//	R3: --                F3:   --  (any rank in F2, new suit)
//	R4: ## ## ## 3♠       F4:   --  (opens after F3)
func osmosis(r *renderer) {
	r.stockRow(nil)
	r.gap()
	res, found := r.piles(model.Reserve), r.piles(model.Foundation)
	// the reserve column holds "R1: " and four cards (more if a pile has more)
	n := 4
	for _, i := range res {
		n = max(n, r.pile(i).Len())
	}
	fcol := 1 + 4 + n*(r.maxCard()+1) - 1 + 3
	for k := 0; k < max(len(res), len(found)); k++ {
		if k < len(res) {
			r.spaces(1)
			r.pileName(res[k], ": ")
			r.cardsLeftToRight(r.pile(res[k]))
		}
		if k < len(found) {
			r.padTo(fcol)
			r.rankRow(found[k])
		}
		r.newline()
	}
}

// cardsLeftToRight writes a pile's cards bottom first, one space apart, or "--" when empty.
func (r *renderer) cardsLeftToRight(p *model.Pile) {
	if p.Empty() {
		r.glyph(glyph{kind: glyphEmpty})
	}
	for d := range p.Len() {
		if d > 0 {
			r.spaces(1)
		}
		r.glyph(cardGlyph(p, d))
	}
}

// rankRow writes an Osmosis foundation: its name and suit (that of its first card), then a
// place for each rank, ace to king, holding the card of that rank or a dot.
func (r *renderer) rankRow(i int) {
	p := r.pile(i)
	start := r.w
	r.label(r.g.Def.Piles[i].Name)
	if !p.Empty() {
		code := ""
		if p.Cards[0].Red() {
			code = sgrRed
		}
		r.styled(code, r.suit(p.Cards[0].Suit()), 1)
	}
	r.label(":")
	slots := start + visibleWidth(r.g.Def.Piles[i].Name) + 3
	if p.Empty() || p.Down > 0 {
		r.padTo(slots + r.maxCard() - 2)
		r.cardsLeftToRight(p)
		if hint := r.waitsFor(i); hint != "" {
			r.spaces(2)
			r.label("(" + hint + ")")
		}
		return
	}
	var byRank [model.King + 1]model.Card
	for _, c := range p.Cards {
		byRank[c.Rank()] = c
	}
	dot := "·"
	if r.s.ASCII {
		dot = "."
	}
	w := r.maxCard()
	for k := model.Ace; k <= model.King; k++ {
		col := slots + int(k-1)*(w+1)
		if c := byRank[k]; c != 0 {
			r.padTo(col)
			r.field(glyph{kind: glyphUp, c: c}, w)
		} else {
			r.padTo(col + w - 2) // under a card's rank
			r.label(dot)
		}
	}
}

// waitsFor says what an empty foundation of Osmosis will open with, or "".
func (r *renderer) waitsFor(i int) string {
	rule := &r.g.Def.Piles[i].Rule
	if i == 0 || !r.pile(i).Empty() {
		return ""
	}
	above := r.g.Def.Piles[i-1].Name
	switch {
	case rule.Chained && r.pile(i-1).Empty():
		return "opens after " + above
	case rule.Empty == model.EmptyBase && r.g.State.Base != 0:
		return "opens with any " + r.rank(r.g.State.Base)
	case rule.Empty == model.EmptyRankAbove && rule.NewSuit:
		return "any rank in " + above + ", new suit"
	case rule.Empty == model.EmptyRankAbove:
		return "any rank in " + above
	}
	return ""
}

// fifteenPerRow is how many Fifteen piles share a line: 3, the seed's five rows of three.
const fifteenPerRow = 3

// fifteen draws the free cell, if any, then the piles in rows, each pile left to right from the
// bottom card in brackets; a complete pile that can no longer move is marked with a star (and
// dimmed in colour) (help fifteen).
//
//	C4  [K♥ 10♥]            C5  [Q♠ 7♦ 6♦ A♥]       C6  [A♦ 6♠]
//	C7  [J♠ J♥ J♦ J♣]*      C8  [7♥ A♣ 9♣ 7♣]       C9  [8♣ 9♦ 9♠]
func fifteen(r *renderer) {
	if cells := r.piles(model.Cell); len(cells) > 0 {
		r.pileRow(cells, 2)
		r.newline()
	}
	r.pileRows(r.piles(model.Tableau))
}

// fans is the board of many short piles (Fan, Black Hole): the foundations on one line, then
// the piles in rows as Fifteen's, each left to right, as many a line as the longest allows.
func fans(r *renderer) {
	r.pileRow(r.piles(model.Foundation), 2)
	r.newline()
	r.pileRows(r.piles(model.Tableau))
}

// pileRows writes piles in rows, each as its name and its cards left to right in brackets.
func (r *renderer) pileRows(tab []int) {
	lw := 0
	size := 4
	for _, i := range tab {
		lw = max(lw, len(r.g.Def.Piles[i].Name))
		size = max(size, r.pile(i).Len(), r.g.Def.Piles[i].Rule.Capacity)
	}
	// "C15 [10♠ 10♥ 10♦ 10♣]*" and two spaces
	pt := lw + 1 + 1 + size*(r.maxCard()+1) - 1 + 1 + 1 + 2
	perRow := fifteenPerRow
	for perRow > 1 && perRow*pt-2 > r.maxCols() {
		perRow-- // a narrow terminal: fewer piles a line
	}
	for k, i := range tab {
		col := 1 + (k%perRow)*pt
		r.padTo(col)
		r.label(r.g.Def.Piles[i].Name)
		r.padTo(col + lw + 1)
		r.bracketPile(i)
		if k%perRow == perRow-1 || k == len(tab)-1 {
			r.newline()
		}
	}
}

// bracketPile writes "[K♠ 4♦ 4♣ 9♥]", "[--]" for an empty pile, and "[7♠ 7♥ 7♦ 7♣]*" for a frozen one.
func (r *renderer) bracketPile(i int) {
	p := r.pile(i)
	if !r.frozen(i) {
		r.text("[")
		r.cardsLeftToRight(p)
		r.text("]")
		return
	}
	r.text("[")
	for d, c := range p.Cards {
		if d > 0 {
			r.spaces(1)
		}
		r.dimCard(c)
	}
	r.text("]")
	r.styled(sgrBold, "*", 1)
}

// frozen reports whether pile i is complete and may no longer be moved from (Fifteen).
func (r *renderer) frozen(i int) bool {
	rule := &r.g.Def.Piles[i].Rule
	return rule.Freeze && complete(r.pile(i), rule.Capacity)
}

// complete reports whether a pile holds capacity cards, all of one rank.
func complete(p *model.Pile, capacity int) bool {
	if capacity == 0 || p.Len() != capacity {
		return false
	}
	for _, c := range p.Cards {
		if c.Rank() != p.Cards[0].Rank() {
			return false
		}
	}
	return true
}

// fifteenFigures are the complete piles out of the thirteen needed and the empty piles.
func fifteenFigures(r *renderer) []string {
	done, empty := 0, 0
	for _, i := range r.piles(model.Tableau) {
		p := r.pile(i)
		if p.Empty() {
			empty++
		} else if complete(p, r.g.Def.Piles[i].Rule.Capacity) {
			done++
		}
	}
	return []string{"complete " + strconv.Itoa(done) + "/" + strconv.Itoa(13*r.g.Def.Decks), "empty piles " + strconv.Itoa(empty)}
}

// lapeauFigures are the empty stacks and the largest group that can move onto a card.
func lapeauFigures(r *renderer) []string {
	_, cols, run := r.g.FreeSpace()
	return []string{"empty stacks " + strconv.Itoa(cols), "max move " + runText(run)}
}

// peaks draws the stock row over rows of single cards that cover each other (TriPeaks, Pyramid),
// laid out from the declaration's covering alone (coverRows): each card sits between the two
// below it that cover it, under its pile name; a card that is gone leaves a blank. Where
// covered cards lie face down (TriPeaks) they show as ##; where all lie face up (Pyramid) the
// uncovered ones, those that play, are in brackets as the waste's top is, and the covered ones
// are dim.
//
//	   P1                P2                P3
//	   ##                ##                ##
//	P4    P5          P6    P7          P8    P9
func peaks(r *renderer) {
	r.stockRow(r.piles(model.Foundation))
	r.gap()
	rows, place := coverRows(r.g.Def, r.piles(model.Tableau))
	widest := 0
	for _, at := range place {
		widest = max(widest, at)
	}
	// The bottom row's pitch: 6, or 4 on a terminal too narrow for its last card and a bracket.
	pt := 6
	if 1+widest*pt/2+4 > r.maxCols() {
		pt = 4
	}
	brackets := !r.g.Def.CoveredFaceDown && pt == 6
	for _, row := range rows {
		for _, i := range row {
			r.padTo(1 + place[i]*pt/2)
			if !r.pile(i).Empty() {
				r.labelField(r.g.Def.Piles[i].Name, 3)
			}
		}
		r.newline()
		for _, i := range row {
			at := 1 + place[i]*pt/2 // the first column of the card's 3-column field
			r.padTo(at)
			p := r.pile(i)
			switch {
			case p.Empty():
			case r.g.FaceDown(i) > 0:
				r.field(glyph{kind: glyphDown}, 3)
			case r.g.Covered(i):
				r.spaces(3 - r.width(glyph{kind: glyphUp, c: p.Top()}))
				r.dimCard(p.Top())
			case brackets:
				r.padTo(at - 1 + 3 - r.width(glyph{kind: glyphUp, c: p.Top()}))
				r.text("[")
				r.card(p.Top())
				r.text("]")
			default:
				r.field(glyph{kind: glyphUp, c: p.Top()}, 3)
			}
		}
		r.newline()
	}
}

// coverRows lays out piles that cover each other (model.PileSpec.CoveredBy) as the table shows
// them: rows from the top, each pile in the row of its depth (how many piles lie between it and
// the uncovered bottom), in board order; place[i] is where pile i sits, in half pitches from the
// left: the bottom row's piles a pitch apart, every other pile midway between those over it.
func coverRows(d *model.Def, piles []int) (rows [][]int, place map[int]int) {
	depth, place := map[int]int{}, map[int]int{}
	var at func(i int) int // pile i's depth, worked out from the piles over it
	at = func(i int) int {
		if v, ok := depth[i]; ok {
			return v
		}
		v := 0
		for _, j := range d.Covers(i) {
			v = max(v, at(j)+1)
		}
		depth[i] = v
		return v
	}
	deepest := 0
	for _, i := range piles {
		deepest = max(deepest, at(i))
	}
	rows = make([][]int, deepest+1)
	for _, i := range piles {
		rows[deepest-depth[i]] = append(rows[deepest-depth[i]], i)
	}
	for k, i := range rows[deepest] {
		place[i] = 2 * k
	}
	for r := deepest - 1; r >= 0; r-- {
		for _, i := range rows[r] {
			sum := 0
			for _, j := range d.Covers(i) {
				sum += place[j]
			}
			place[i] = sum / max(1, len(d.Covers(i)))
		}
	}
	return rows, place
}

// dimCard writes a face-up card that cannot be played (Pyramid's covered cards, Fifteen's
// frozen piles): dim when coloured, plain otherwise.
func (r *renderer) dimCard(c model.Card) {
	code := sgrDim
	if c.Red() {
		code = sgrDim + ";" + sgrRed
	}
	r.styled(code, r.faces[c&63], cardWidth(c, r.s.ASCII))
}
