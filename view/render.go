package view

import (
	"strconv"
	"strings"
	"time"

	"solitaire/model"
)

// ANSI SGR parameters.
const (
	sgrReset = "\x1b[0m"
	sgrRed   = "31"
	sgrDim   = "2"
	sgrBold  = "1"
	sgrWin   = "1;32"
	sgrWarn  = "1;33"
)

// renderer builds text line by line, keeping count of the visible width of the current line
// (escape codes and multi-byte suit symbols do not count as extra columns).
type renderer struct {
	g     *model.Game
	s     Style
	faces *[64]string
	out   []byte // finished lines
	line  []byte // the line being built
	w     int    // visible width of line
	roles [model.Waste + 1][]int
	// twoWay is set in games with foundations built up and others built down (Algerian).
	twoWay bool
}

func newRenderer(g *model.Game, s Style, size int) *renderer {
	r := &renderer{g: g, s: s, faces: faces(s.ASCII), out: make([]byte, 0, size), line: make([]byte, 0, 256)}
	var up, down bool
	for i := range g.Def.Piles {
		spec := &g.Def.Piles[i]
		if int(spec.Role) < len(r.roles) {
			r.roles[spec.Role] = append(r.roles[spec.Role], i)
		}
		if spec.Role == model.Foundation {
			up = up || spec.Rule.Build == model.BuildUp
			down = down || spec.Rule.Build == model.BuildDown
		}
	}
	r.twoWay = up && down
	return r
}

// piles lists the indices of the piles of a role, in board order.
func (r *renderer) piles(role model.Role) []int { return r.roles[role] }

func (r *renderer) pile(i int) *model.Pile { return &r.g.State.Piles[i] }

// text writes plain ASCII text.
func (r *renderer) text(s string) {
	r.line = append(r.line, s...)
	r.w += len(s)
}

// styled writes s, w columns wide, wrapped in the SGR code when colour is on.
func (r *renderer) styled(code, s string, w int) {
	if r.s.Color && code != "" && s != "" {
		r.line = append(r.line, "\x1b["...)
		r.line = append(r.line, code...)
		r.line = append(r.line, 'm')
		r.line = append(r.line, s...)
		r.line = append(r.line, sgrReset...)
	} else {
		r.line = append(r.line, s...)
	}
	r.w += w
}

// label writes a pile label or other secondary ASCII text, dim when coloured.
func (r *renderer) label(s string) { r.styled(sgrDim, s, visibleWidth(s)) }

// spaces writes n spaces (none if n <= 0).
func (r *renderer) spaces(n int) {
	for k := 0; k < n; k++ {
		r.line = append(r.line, ' ')
	}
	r.w += max(n, 0)
}

// padTo writes spaces up to column col (nothing if the line is already that wide).
func (r *renderer) padTo(col int) { r.spaces(col - r.w) }

// newline finishes the current line, dropping trailing spaces.
func (r *renderer) newline() {
	r.out = append(r.out, trimRightSpaces(r.line)...)
	r.out = append(r.out, '\n')
	r.line, r.w = r.line[:0], 0
}

func trimRightSpaces(b []byte) []byte {
	n := len(b)
	for n > 0 && b[n-1] == ' ' {
		n--
	}
	return b[:n]
}

// trimmedWidth is the visible width of the current line without its trailing spaces.
func (r *renderer) trimmedWidth() int {
	return r.w - (len(r.line) - len(trimRightSpaces(r.line)))
}

// A glyph is what one card position shows.
type glyph struct {
	kind uint8
	c    model.Card
	n    uint16 // glyphMore: the cards left out
}

const (
	glyphBlank uint8 = iota // nothing at all
	glyphEmpty              // "--": an empty pile
	glyphDown               // "##": a face-down card
	glyphUp                 // a face-up card
	glyphMore               // "…5" ("+5" in ASCII): 5 cards of a tall column left out
)

// topGlyph is what a pile shows when only its top card is drawn.
func topGlyph(p *model.Pile) glyph {
	switch {
	case p.Empty():
		return glyph{kind: glyphEmpty}
	case p.FaceUp() == 0:
		return glyph{kind: glyphDown}
	}
	return glyph{kind: glyphUp, c: p.Top()}
}

// pileTop is what pile i shows as its top: topGlyph, but for a foundation of whole runs
// (Spider's), the king its run starts with, which names the suit gathered.
func (r *renderer) pileTop(i int) glyph {
	p := r.pile(i)
	if r.g.Def.Piles[i].Rule.Empty == model.EmptyRun && !p.Empty() {
		return glyph{kind: glyphUp, c: p.Cards[0]}
	}
	return topGlyph(p)
}

// cardGlyph is what position d (0 = bottom) of a pile shows.
func cardGlyph(p *model.Pile, d int) glyph {
	if d < p.Down {
		return glyph{kind: glyphDown}
	}
	return glyph{kind: glyphUp, c: p.Cards[d]}
}

// width is the visible width of a glyph.
func (r *renderer) width(gl glyph) int {
	switch gl.kind {
	case glyphBlank:
		return 0
	case glyphUp:
		return cardWidth(gl.c, r.s.ASCII)
	case glyphMore:
		return 1 + len(strconv.Itoa(int(gl.n)))
	}
	return 2
}

// glyph writes one glyph.
func (r *renderer) glyph(gl glyph) {
	switch gl.kind {
	case glyphEmpty:
		r.styled(sgrDim, "--", 2)
	case glyphDown:
		r.styled(sgrDim, "##", 2)
	case glyphUp:
		r.card(gl.c)
	case glyphMore:
		mark := "…"
		if r.s.ASCII {
			mark = "+"
		}
		r.styled(sgrDim, mark+strconv.Itoa(int(gl.n)), r.width(gl))
	}
}

// card writes a face-up card, red suits in red.
func (r *renderer) card(c model.Card) {
	code := ""
	if c.Red() {
		code = sgrRed
	}
	r.styled(code, r.faces[c&63], cardWidth(c, r.s.ASCII))
}

// rank is a rank in text: "A", "2" to "10", "J", "Q", "K" (a ten is "10" even in ASCII style,
// where it stands alone rather than beside a suit letter).
func (r *renderer) rank(k model.Rank) string {
	f := faceTables[0][model.NewCard(k, model.Spades)]
	return f[:len(f)-len(model.Spades.Symbol())]
}

// cardWidth is the visible width of a card's face: 2, or 3 for a Unicode ten.
func cardWidth(c model.Card, ascii bool) int {
	if !ascii && c.Rank() == 10 {
		return 3
	}
	return 2
}

// field writes a glyph right-aligned in a field of width columns, so that suits line up.
func (r *renderer) field(gl glyph, width int) {
	r.spaces(width - r.width(gl))
	r.glyph(gl)
}

// labelField writes a label right-aligned in a field of width columns.
func (r *renderer) labelField(s string, width int) {
	r.spaces(width - visibleWidth(s))
	r.label(s)
}

// flow writes n items drawn by item(k), separated by gap spaces (also from text already on the
// line), wrapping to a new line indented by indent before an item that would go past maxWidth.
func (r *renderer) flow(n, gap, indent int, item func(k int)) {
	fresh := r.trimmedWidth() == 0 // nothing on the line yet: no gap, no wrap
	for k := 0; k < n; k++ {
		markB, markW := len(r.line), r.w
		if !fresh {
			r.spaces(gap)
		}
		startB, startW := len(r.line), r.w
		item(k)
		if fresh || r.trimmedWidth() <= r.maxCols() {
			fresh = false
			continue
		}
		seg := append([]byte(nil), r.line[startB:]...)
		segW := r.w - startW
		r.line, r.w = r.line[:markB], markW
		r.newline()
		r.spaces(indent)
		r.line = append(r.line, seg...)
		r.w += segW
	}
}

// words writes text word-wrapped to maxWidth, each line in the given SGR code.
func (r *renderer) words(text, code string) {
	rest := strings.Join(strings.Fields(text), " ")
	for rest != "" {
		cut := len(rest)
		if visibleWidth(rest) > r.maxCols() {
			// the last space that leaves at most maxWidth columns, else the first space
			cut = -1
			for i := 0; i < len(rest); i++ {
				if rest[i] != ' ' {
					continue
				}
				if cut >= 0 && visibleWidth(rest[:i]) > r.maxCols() {
					break
				}
				cut = i
			}
			if cut < 0 {
				cut = len(rest)
			}
		}
		r.styled(code, rest[:cut], visibleWidth(rest[:cut]))
		r.newline()
		rest = strings.TrimPrefix(rest[cut:], " ")
	}
}

// autoLine lists the cards played home automatically: "auto: A♥→F1 2♥→F1", or "purge: ..."
// when the purge command sent them.
func (r *renderer) autoLine(moves []model.Move, op model.Op) {
	cards, firsts := autoRuns(r.g, moves)
	arrow, aw := "→", 1
	if r.s.ASCII {
		arrow, aw = "->", 2
	}
	label := "auto:"
	if _, ok := op.(model.Purge); ok {
		label = "purge:"
	}
	r.label(label)
	r.flow(len(moves), 1, 6, func(k int) {
		m := moves[k]
		if cards[k].Valid() && firsts[k].Valid() {
			// A run: its first card to its top, "K♠..A♠→F1".
			r.card(firsts[k])
			r.text("..")
			r.card(cards[k])
		} else if cards[k].Valid() {
			r.card(cards[k])
		} else {
			r.text(m.From.String())
		}
		r.styled("", arrow, aw)
		r.text(m.To.String())
	})
	r.newline()
}

// autoRuns finds the card each automatic move carried: the moves placed the top cards of their
// destinations, the last move to a pile its top card; a move of a run (Spider's runs home)
// carried the cards from its first to its top, and firsts has that first card (zero for a move
// of one card). Zero where that cannot be known.
func autoRuns(g *model.Game, moves []model.Move) (tops, firsts []model.Card) {
	out := make([]model.Card, len(moves))
	firsts = make([]model.Card, len(moves))
	later := make(map[string]int, 4)
	for k := len(moves) - 1; k >= 0; k-- {
		name := moves[k].To.String()
		p, _, ok := g.Pile(name)
		if !ok {
			continue
		}
		n, carried := later[name], max(moves[k].N, 1)
		if n < p.FaceUp() {
			out[k] = p.Cards[p.Len()-1-n]
		}
		if carried > 1 && n+carried <= p.FaceUp() {
			firsts[k] = p.Cards[p.Len()-n-carried]
		}
		later[name] = n + carried
	}
	return out, firsts
}

// status writes the status line: game and deal, options, moves, time (none for noClock), and free space.
func (r *renderer) status(l layout, elapsed time.Duration, note string) {
	g := r.g
	parts := make([]string, 0, 12)
	id := " seed " + strconv.FormatUint(g.Config.Seed, 10)
	switch {
	case g.Config.Deal != 0:
		id = " deal #" + strconv.FormatInt(g.Config.Deal, 10)
	case g.Config.Seed == 0:
		id = " position" // loaded from a file: no number deals it
	}
	parts = append(parts, g.Info.Title+id)
	for i := range g.Info.Specs {
		spec := &g.Info.Specs[i]
		v, ok := g.Config.Options[spec.Key]
		if ok && v != spec.Default {
			parts = append(parts, optionText(spec, v))
		} else if spec.Kind == model.OptPasses && g.Def.Passes > 0 {
			// A limit the option left unlimited: Vegas scoring's.
			parts = append(parts, optionText(spec, strconv.Itoa(g.Def.Passes)))
		} else if text := l.defaults[spec.Key]; text != "" {
			parts = append(parts, text)
		}
	}
	parts = append(parts, "moves "+strconv.Itoa(g.Moves()))
	if sc := g.Score(); sc.System != "" {
		parts = append(parts, ScoreText(sc))
	}
	if elapsed != noClock {
		parts = append(parts, Duration(elapsed))
	}
	if g.Won() {
		parts = append(parts, "won")
	} else {
		parts = append(parts, l.figures(r)...)
	}
	if note != "" {
		parts = append(parts, note)
	}
	r.spaces(1)
	r.flow(len(parts), 2, 1, func(k int) {
		code := ""
		if k == 0 || parts[k] == "won" {
			code = sgrBold
		}
		r.styled(code, parts[k], visibleWidth(parts[k]))
	})
	r.newline()
}

// standardFigures are the free cells (if any), the empty columns and the longest run that may
// move, in games with free cells or a limit on group moves; none in others.
func standardFigures(r *renderer) []string {
	if len(r.piles(model.Cell)) == 0 && r.g.Def.Group == model.GroupUnlimited {
		return nil
	}
	cells, cols, run := r.g.FreeSpace()
	var out []string
	if len(r.piles(model.Cell)) > 0 {
		out = append(out, "free cells "+strconv.Itoa(cells))
	}
	return append(out, "empty cols "+strconv.Itoa(cols), "max run "+runText(run))
}

func runText(run int) string {
	if run >= 1<<20 {
		return "any"
	}
	return strconv.Itoa(run)
}
