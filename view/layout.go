package view

import (
	"math"
	"strconv"

	"solitaire/model"
)

// A layout draws a game's board above the status line, out of the building blocks below:
// stockRow (stock, waste, passes and foundations on one line), cellGrid and grid (cells and
// foundations aligned with the columns), pileRow (labelled piles on one line) and columns (the
// tableau printed top-down), and those of games.go. Its optional parts adjust the
// status line: defaults names settings worth showing even at their default value, and figures
// gives the free-space figures in place of the usual free cells, empty columns and longest run.
type layout struct {
	board    func(r *renderer)
	defaults map[string]string          // option key -> text shown while the option is at its default
	figures  func(r *renderer) []string // the status line's free-space figures
}

// layouts holds the boards that differ from the standard layout, by the layout the game's
// declaration names. A new game adds an entry here only when standard does not suit it (see
// games.go).
var layouts = map[model.Layout]layout{
	model.LayoutDealsReserves: {board: algerian},
	model.LayoutTwoWay:        {board: natali},
	model.LayoutReserveBeside: {board: osmosis},
	model.LayoutPileRows:      {board: fifteen, figures: fifteenFigures},
	model.LayoutStacks:        {defaults: map[string]string{"alternate": "same suit"}, figures: lapeauFigures},
	model.LayoutPeaks:         {board: peaks},
	model.LayoutFans:          {board: fans},
}

func layoutFor(kind model.Layout) layout {
	l := layouts[kind]
	if l.board == nil {
		l.board = standard
	}
	if l.figures == nil {
		l.figures = standardFigures
	}
	return l
}

// standard draws the board from the pile roles: a header line of stock, waste and foundations,
// or a header grid of free cells and foundations; a line of reserves; then the tableau columns.
// Klondike, FreeCell, Canfield and La Peau use it as it is.
//
//	S[18]  W: 7♣ 2♦ [K♥]  F1♠:A♠   F2♦:--   F3♣:3♣   F4♥:--
//
//	 R1    R2    R3    R4 |  F1    F2    F3    F4
//	 --    9♥    --    -- |  A♠    --    2♦    --
func standard(r *renderer) {
	cells := r.piles(model.Cell)
	found := r.piles(model.Foundation)
	stock := len(r.piles(model.Stock))+len(r.piles(model.Waste)) > 0
	switch {
	case stock && len(cells) == 0:
		r.stockRow(found)
	case stock:
		r.stockRow(nil)
		r.cellGrid(cells, found)
	case len(cells)+len(found) > 0:
		r.cellGrid(cells, found)
	}
	if res := r.piles(model.Reserve); len(res) > 0 {
		r.pileRow(res, 2)
	}
	if tab := r.piles(model.Tableau); len(tab) > 0 {
		r.gap()
		r.columns(tab)
	}
}

// gap writes a blank line between the header rows and the tableau, if there are header rows.
func (r *renderer) gap() {
	if len(r.out) > 0 {
		r.newline()
	}
}

// pitch is the distance between column starts for n columns: cards are right-aligned in
// 3-column fields, with 3 spaces between columns when they fit in the board's width (13
// columns fit 80), fewer on a narrower terminal, and 1 at the least (pitch 4).
func (r *renderer) pitch(n int) int {
	for p := 6; p > 4; p-- {
		if 1+n*p-(p-3) <= r.maxCols() {
			return p
		}
	}
	return 4
}

// maxCols is the widest a line may be: maxWidth, or the terminal's width when narrower
// (Style.Cols); no limit in a Wide style.
func (r *renderer) maxCols() int {
	if r.s.Wide {
		return math.MaxInt
	}
	if r.s.Cols > 0 {
		return min(r.s.Cols, maxWidth)
	}
	return maxWidth
}

// colStart is the first column of field k.
func colStart(k, pitch int) int { return 1 + k*pitch }

// columns draws tableau piles as columns under their labels, bottom card first: one row per
// depth, so each column's last line is its accessible card. An empty pile shows "--".
func (r *renderer) columns(idx []int) {
	if len(idx) == 0 {
		return
	}
	r.columnsAt(idx, r.pitch(len(idx)))
}

func (r *renderer) columnsAt(idx []int, pt int) {
	depth := 1
	for k, i := range idx {
		r.padTo(colStart(k, pt))
		r.labelField(r.g.Def.Piles[i].Name, 3)
		depth = max(depth, r.pile(i).Len())
	}
	r.newline()
	limit := r.cardRows()
	depth = min(depth, limit)
	for d := 0; d < depth; d++ {
		for k, i := range idx {
			p := r.pile(i)
			var gl glyph
			switch {
			case p.Len() > limit:
				gl = shortGlyph(p, d, limit)
			case d < p.Len():
				gl = cardGlyph(p, d)
			case d == 0:
				gl = glyph{kind: glyphEmpty}
			default:
				continue
			}
			r.padTo(colStart(k, pt))
			r.field(gl, 3)
		}
		r.newline()
	}
}

// minCardRows is the fewest rows a column is drawn in, however short the screen: its first
// card, the count of the cards left out and its top card.
const minCardRows = 3

// cardRows is how many rows the columns may take below their labels: all they need without a
// height limit (Style.Rows), else what is left of it after the lines drawn so far, the label
// line and the status line.
func (r *renderer) cardRows() int {
	if r.s.Rows <= 0 {
		return 1 << 30
	}
	used := 0
	for _, b := range r.out {
		if b == '\n' {
			used++
		}
	}
	return max(r.s.Rows-used-1, minCardRows)
}

// shortGlyph is what row d of a column taller than rows shows, in rows rows: the cards up to
// its first face-up card, a count of the cards left out (the middle of the face-up run, which
// holds no surprise: each card follows the one above), then as many of its last cards as fit,
// the top card always. When the face-up run is too short for that, the count takes the place
// of face-down cards too.
func shortGlyph(p *model.Pile, d, rows int) glyph {
	out := p.Len() - rows + 1 // the cards the count stands for
	at := p.Down + 1          // the row of the count
	if at+out > p.Len()-1 {
		at = p.Len() - 1 - out // keep the top card; the count covers face-down cards too
	}
	switch {
	case d < at:
		return cardGlyph(p, d)
	case d == at:
		return glyph{kind: glyphMore, n: uint16(out)}
	}
	return cardGlyph(p, d+out-1)
}

// grid draws piles at column positions: a row of labels over a row of top cards. slots holds a
// pile index per position, -1 for a gap; a bar separates the slots before bar from the rest.
func (r *renderer) grid(slots []int, pt, bar int) {
	for row := 0; row < 2; row++ {
		for k, i := range slots {
			if k == bar && bar > 0 && pt >= 6 {
				r.padTo(colStart(k, pt) - 2)
				r.label("|")
			}
			if i < 0 {
				continue
			}
			r.padTo(colStart(k, pt))
			if row == 0 {
				r.labelField(r.pileLabel(i), 3)
			} else {
				r.field(r.pileTop(i), 3)
			}
		}
		r.newline()
	}
}

// cellGrid draws the free cells from the left and the foundations at the right, over the
// tableau columns they line up with.
func (r *renderer) cellGrid(cells, found []int) {
	n := max(len(r.piles(model.Tableau)), len(cells)+len(found))
	slots := make([]int, 0, n)
	slots = append(slots, cells...)
	for len(slots)+len(found) < n {
		slots = append(slots, -1)
	}
	bar := len(slots)
	if len(cells) == 0 {
		bar = 0
	}
	slots = append(slots, found...)
	r.grid(slots, r.pitch(n), bar)
}

// pileLabel is a pile's name, with its suit for a foundation dedicated to one, or its
// direction in games with foundations built both ways (plain text; see pileName for the
// coloured form).
func (r *renderer) pileLabel(i int) string {
	spec := &r.g.Def.Piles[i]
	if spec.Role == model.Foundation && spec.FixedSuit {
		return spec.Name + r.direction(i) + r.suit(spec.Suit)
	}
	return spec.Name + r.direction(i)
}

func (r *renderer) suit(s model.Suit) string {
	if r.s.ASCII {
		return string(s.Letter())
	}
	return s.Symbol()
}

// direction is "↑" ("^") for a foundation built up and "↓" ("v") for one built down, in a game
// that has both kinds (Algerian, Natali); empty otherwise.
func (r *renderer) direction(i int) string {
	if !r.twoWay || r.g.Def.Piles[i].Role != model.Foundation {
		return ""
	}
	up := r.g.Def.Piles[i].Rule.Build == model.BuildUp
	switch {
	case r.s.ASCII && up:
		return "^"
	case r.s.ASCII:
		return "v"
	case up:
		return "↑"
	}
	return "↓"
}

// pileName writes a pile's name followed by suffix, dim, with the suit of a dedicated
// foundation between them in the suit's colour.
func (r *renderer) pileName(i int, suffix string) {
	spec := &r.g.Def.Piles[i]
	if spec.Role != model.Foundation || !spec.FixedSuit {
		r.label(spec.Name + r.direction(i) + suffix)
		return
	}
	r.label(spec.Name + r.direction(i))
	code := ""
	if spec.Suit.Red() {
		code = sgrRed
	}
	r.styled(code, r.suit(spec.Suit), 1)
	r.label(suffix)
}

// maxCard is the widest a card's face can be in this style.
func (r *renderer) maxCard() int {
	if r.s.ASCII {
		return 2
	}
	return 3
}

// pileRow writes piles on one line (wrapping if needed) as "F1♠:A♠", "R1:5♥ (4)": each
// pile's name and top card, and for a reserve the number of cards in it.
func (r *renderer) pileRow(idx []int, gap int) {
	r.spaces(1)
	r.flow(len(idx), gap, 1, func(k int) { r.pileItem(idx[k]) })
	r.newline()
}

func (r *renderer) pileItem(i int) {
	start := r.w
	r.pileName(i, ":")
	p := r.pile(i)
	r.glyph(r.pileTop(i))
	spec := &r.g.Def.Piles[i]
	width := visibleWidth(r.pileLabel(i)) + 1 + r.maxCard()
	if spec.Rule.TopOnly || spec.Role == model.Reserve {
		// Only the top card shows, so say how many cards the pile holds, that one included:
		// "R1:5♥ (4)". Every game counts the same way, as the stock's S[24]
		// does; Canfield once counted the cards beneath (+3), which read as one fewer.
		if !p.Empty() {
			r.text(" (" + strconv.Itoa(p.Len()) + ")")
		}
		width += 5
	}
	r.padTo(start + width)
}

// stockRow writes the stock count, the waste (the cards of the latest draw still showing, the
// playable one in brackets), the pass number when passes are limited, and then the piles in
// extra (normally the foundations), on one line; after foundations that start from a base
// rank, that rank (classic Canfield).
//
//	S[18]  W: 7♣ 2♦ [K♥]  pass 1/3  F1♠:A♠  F2♦:--  F3♣:3♣  F4♥:--
//	S[31]  W: 4♥ 9♠ [J♦]  F1:8♦  F2:--  F3:8♣  F4:--  base: 8
func (r *renderer) stockRow(extra []int) {
	type item struct{ kind, pile int }
	const (
		stockItem = iota
		wasteItem
		passItem
		pileItem
		baseItem
	)
	items := make([]item, 0, 5+len(extra))
	for _, i := range r.piles(model.Stock) {
		items = append(items, item{stockItem, i})
	}
	for _, i := range r.piles(model.Waste) {
		items = append(items, item{wasteItem, i})
	}
	if r.g.Def.Passes > 0 && len(r.piles(model.Stock)) > 0 {
		items = append(items, item{passItem, -1})
	}
	base := false
	for _, i := range extra {
		items = append(items, item{pileItem, i})
		base = base || r.g.Def.Piles[i].Rule.Empty == model.EmptyBase
	}
	if base && r.g.State.Base != 0 {
		items = append(items, item{baseItem, -1})
	}
	r.spaces(1)
	r.flow(len(items), 2, 1, func(k int) {
		switch it := items[k]; it.kind {
		case stockItem:
			r.stockItem(it.pile)
		case wasteItem:
			r.wasteItem(it.pile)
		case passItem:
			r.passItem()
		case baseItem:
			r.label("base: ")
			r.text(r.rank(r.g.State.Base))
		default:
			r.pileItem(it.pile)
		}
	})
	r.newline()
}

// stockItem writes "S[24]", or "S[--]" when the stock is empty.
func (r *renderer) stockItem(i int) {
	start := r.w
	r.label(r.g.Def.Piles[i].Name)
	r.text("[")
	if n := r.pile(i).Len(); n > 0 {
		r.text(strconv.Itoa(n))
	} else {
		r.glyph(glyph{kind: glyphEmpty})
	}
	r.text("]")
	if p := r.pile(i); p.FaceUp() > 0 {
		// A stock whose top card lies face up and plays (Pyramid): "S[24] [7♣]".
		r.text(" [")
		r.card(p.Top())
		r.text("]")
	}
	r.padTo(start + 3 + max(2, len(strconv.Itoa(52*r.g.Def.Decks))))
}

// wasteItem writes "W: 7♣ 2♦ [K♥]": up to three cards of the latest draw, the top one playable.
func (r *renderer) wasteItem(i int) {
	start := r.w
	p := r.pile(i)
	r.label(r.g.Def.Piles[i].Name + ":")
	r.text(" ")
	show := min(max(r.g.State.Fan, 1), 3, p.Len())
	if p.Empty() {
		r.glyph(glyph{kind: glyphEmpty})
	}
	for d := p.Len() - show; d < p.Len(); d++ {
		gl := cardGlyph(p, d)
		if d < p.Len()-1 {
			r.glyph(gl)
			r.text(" ")
			continue
		}
		r.text("[")
		r.glyph(gl)
		r.text("]")
	}
	fan := min(max(r.g.Def.Draw, 1), 3)
	r.padTo(start + 3 + (fan-1)*(r.maxCard()+1) + r.maxCard() + 2)
}

// passItem writes "pass 1/3": the trip through the stock under way and how many are allowed.
func (r *renderer) passItem() {
	start := r.w
	all := strconv.Itoa(r.g.Def.Passes)
	r.label("pass ")
	r.text(strconv.Itoa(min(r.g.State.Recycles+1, r.g.Def.Passes)) + "/" + all)
	r.padTo(start + 6 + 2*len(all))
}
