package model

import (
	"fmt"
	"sort"
)

// Suggestion is a suggested command and why it helps.
type Suggestion struct {
	Op     Op
	Reason Reason
	score  int
}

// Reason is why hint suggests a command, as a value: what the command does (Kind), with the
// card and the pile it does it with.
type Reason struct {
	Kind ReasonKind
	Card Card    // the card the command moves, or the one it uncovers
	Pile PileRef // the pile it turns a card up in, empties, or puts Card on
	On   Card    // the card it puts Card on
	N    int     // the cards it plays home (auto)
}

// ReasonKind is what a suggested command does.
type ReasonKind uint8

// What a command does, as hint says it.
const (
	ReasonHome          ReasonKind = iota // plays Card to its foundation
	ReasonBack                            // takes Card back from the foundation
	ReasonTurnsUp                         // turns up a face-down card in Pile
	ReasonEmpties                         // empties Pile
	ReasonIntoPlay                        // brings Card into play (from the waste or a reserve)
	ReasonFreesCell                       // frees a cell by placing Card on Pile
	ReasonUncovers                        // uncovers Card, which can go home
	ReasonParks                           // parks Card in a free cell
	ReasonToEmpty                         // moves Card to the empty Pile
	ReasonOnto                            // moves Card onto On
	ReasonDraw                            // a draw, for want of a better move
	ReasonTurnWaste                       // turns the waste over, for want of a better move
	ReasonDeal                            // deals the stock, for want of a better move
	ReasonWinDraws                        // a draw that a winning line needs
	ReasonWinTurnsWaste                   // turning the waste over that a winning line needs
	ReasonWinDeals                        // a deal that a winning line needs
	ReasonAuto                            // auto: plays N safe cards home
)

// String is the reason in words, cards in letters.
func (r Reason) String() string { return r.Words(Card.String) }

// Words puts the reason in words, each card written by w: "plays 7H to its foundation".
func (r Reason) Words(w CardWriter) string {
	switch r.Kind {
	case ReasonHome:
		return "plays " + w(r.Card) + " to its foundation"
	case ReasonBack:
		return "takes " + w(r.Card) + " back from the foundation"
	case ReasonTurnsUp:
		return "turns up a face-down card in " + r.Pile.String()
	case ReasonEmpties:
		return "empties " + r.Pile.String()
	case ReasonIntoPlay:
		return "brings " + w(r.Card) + " into play"
	case ReasonFreesCell:
		return "frees a cell by placing " + w(r.Card) + " on " + r.Pile.String()
	case ReasonUncovers:
		return "uncovers " + w(r.Card) + ", which can go home"
	case ReasonParks:
		return "parks " + w(r.Card) + " in a free cell"
	case ReasonToEmpty:
		return "moves " + w(r.Card) + " to the empty " + r.Pile.String()
	case ReasonOnto:
		return "moves " + w(r.Card) + " onto " + w(r.On)
	case ReasonDraw:
		return "nothing better on the board: draw from the stock"
	case ReasonTurnWaste:
		return "nothing better on the board: turn the waste over"
	case ReasonDeal:
		return "nothing better on the board: deal from the stock"
	case ReasonWinDraws:
		return "the win needs the next stock card"
	case ReasonWinTurnsWaste:
		return "turns the waste over: the win needs its cards again"
	case ReasonWinDeals:
		return "deals the stock: the win needs its cards"
	case ReasonAuto:
		return "plays " + Plural(r.N, "safe card") + " home"
	}
	return ""
}

// Suggest picks the most useful legal command, or false when there is none.
func (g *Game) Suggest() (Suggestion, bool) {
	var best Suggestion
	found := false
	for _, op := range g.Legal() {
		h, err := g.rate(op)
		if err != nil {
			continue // Legal's commands are legal; rate is the judge of that all the same
		}
		if !found || h.score > best.score {
			best, found = h, true
		}
	}
	return best, found
}

// Suggestions rates every legal command, the most useful first.
func (g *Game) Suggestions() []Suggestion {
	ops := g.Legal()
	out := make([]Suggestion, 0, len(ops))
	for _, op := range ops {
		if h, err := g.rate(op); err == nil {
			out = append(out, h)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// Reason says in a few words what a legal command does for the game, as hint explains it. A
// command that is not legal here is an error: a caller may hold a command from elsewhere (a
// remembered winning line), and its words would be about cards that are not there.
func (g *Game) Reason(op Op) (Reason, error) {
	h, err := g.rate(op)
	return h.Reason, err
}

// LineReason is Reason for a command of a winning line: the same words for a move, and for a
// draw what the win needs of it, without the heuristic's excuse ("nothing better on the
// board"). A draw from an empty stock turns the waste over, and says so: "the next stock card"
// would promise a card that is not there.
func (g *Game) LineReason(op Op) (Reason, error) {
	if _, ok := op.(Draw); !ok {
		return g.Reason(op)
	}
	if _, err := g.rate(op); err != nil {
		return Reason{}, err // no stock, or nothing left to draw
	}
	switch g.drawKind() {
	case drawTurnsWaste:
		return Reason{Kind: ReasonWinTurnsWaste}, nil
	case drawDeals:
		return Reason{Kind: ReasonWinDeals}, nil
	}
	return Reason{Kind: ReasonWinDraws}, nil
}

// drawKind is what draw does now.
type drawKind uint8

const (
	drawTurns      drawKind = iota // turns cards from the stock onto the waste
	drawTurnsWaste                 // the stock is empty: turns the waste over into it
	drawDeals                      // deals the stock onto piles (Algerian's StockDeal)
)

func (g *Game) drawKind() drawKind {
	switch s := g.pilesOf(Stock); {
	case g.Def.StockDeal != nil:
		return drawDeals
	case len(s) > 0 && g.State.Piles[s[0]].Empty():
		return drawTurnsWaste
	}
	return drawTurns
}

// rate scores one legal command: progress to the foundations and turned cards first,
// shuffles that reveal nothing last, and never the exact reverse of the last move. It checks
// the command first, so a command that does not fit the position (its piles, its count) is an
// error rather than a look at cards that are not there.
func (g *Game) rate(op Op) (Suggestion, error) {
	if _, ok := op.(Auto); ok {
		n := g.AutoCount()
		if n == 0 {
			return Suggestion{}, fmt.Errorf("auto: no card can safely go home now")
		}
		return Suggestion{Op: op, Reason: Reason{Kind: ReasonAuto, N: n}, score: 100}, nil
	}
	m, ok := op.(Move)
	if !ok {
		if _, draw := op.(Draw); !draw {
			return Suggestion{}, fmt.Errorf("%s is not a move to rate", op)
		}
		s := g.pilesOf(Stock)
		if len(s) == 0 {
			return Suggestion{}, fmt.Errorf("draw: %s has no stock", g.Info.Title)
		}
		if !g.canDraw() {
			return Suggestion{}, fmt.Errorf("draw: nothing is left to draw")
		}
		switch g.drawKind() {
		case drawTurnsWaste:
			return Suggestion{Op: op, Reason: Reason{Kind: ReasonTurnWaste}, score: 5}, nil
		case drawDeals:
			return Suggestion{Op: op, Reason: Reason{Kind: ReasonDeal}, score: 15}, nil
		}
		return Suggestion{Op: op, Reason: Reason{Kind: ReasonDraw}, score: 15}, nil
	}
	from, to := g.Def.pileIndex(m.From.String()), g.Def.pileIndex(m.To.String())
	if from < 0 || to < 0 || from == to {
		return Suggestion{}, fmt.Errorf("%s does not name two piles of %s", m, g.Info.Title)
	}
	src := &g.State.Piles[from]
	n, err := g.check(from, to, m.N)
	if err != nil {
		return Suggestion{}, fmt.Errorf("%s: %w", m, err)
	}
	card := src.Cards[len(src.Cards)-n]
	rest := len(src.Cards) - n
	fromRole, toRole := g.Def.Piles[from].Role, g.Def.Piles[to].Role
	h := Suggestion{Op: op, Reason: Reason{Card: card}}
	switch {
	case toRole == Foundation && fromRole != Foundation:
		h.score, h.Reason.Kind = 90, ReasonHome
		if g.safe(card) {
			h.score = 100
		}
	case fromRole == Foundation:
		h.score, h.Reason.Kind = 1, ReasonBack
	case rest > 0 && rest == src.Down:
		h.score, h.Reason = 80+src.Down, Reason{Kind: ReasonTurnsUp, Pile: m.From}
	case fromRole == Tableau && rest == 0 && toRole == Tableau && !g.State.Piles[to].Empty():
		h.score, h.Reason = 60, Reason{Kind: ReasonEmpties, Pile: m.From}
	case fromRole == Waste || fromRole == Reserve:
		h.score, h.Reason.Kind = 50, ReasonIntoPlay
	case fromRole == Cell && toRole == Tableau:
		h.score, h.Reason.Kind, h.Reason.Pile = 45, ReasonFreesCell, m.To
	case fromRole == Tableau && toRole == Tableau && rest > 0 && g.toFoundationOK(src.Cards[rest-1]):
		h.score, h.Reason = 70, Reason{Kind: ReasonUncovers, Card: src.Cards[rest-1]}
	case toRole == Cell:
		h.score, h.Reason.Kind = 10, ReasonParks
	case toRole == Tableau && g.State.Piles[to].Empty():
		h.score, h.Reason.Kind, h.Reason.Pile = 8, ReasonToEmpty, m.To
	default:
		h.score, h.Reason.Kind, h.Reason.On = 3, ReasonOnto, g.State.Piles[to].Top()
	}
	if last, ok := g.lastMove(); ok && last.From == m.To && last.To == m.From {
		h.score = -10 // just undoes the previous move
	}
	return h, nil
}

// toFoundationOK reports whether card c could be played to some foundation now.
func (g *Game) toFoundationOK(c Card) bool {
	for _, f := range g.pilesOf(Foundation) {
		if g.fits(f, c, 1) {
			return true
		}
	}
	return false
}

// lastMove is the most recent move in the history, if the last command was a move.
func (g *Game) lastMove() (Move, bool) {
	if len(g.undo) == 0 {
		return Move{}, false
	}
	m, ok := g.undo[len(g.undo)-1].op.(Move)
	return m, ok
}

// AutoCount is how many cards auto would play home now.
func (g *Game) AutoCount() int {
	t := &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State.Clone()}
	return len(t.playHome(t.safe))
}
