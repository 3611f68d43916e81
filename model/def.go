package model

import "slices"

// GroupLimit says how many cards one move between columns may carry.
type GroupLimit uint8

// The group-move limits.
const (
	GroupUnlimited   GroupLimit = iota // any run the source allows
	GroupSingle                        // one card at a time
	GroupFreeCell                      // (F+1)·2^E: free cells F, empty columns E
	GroupLinear                        // F+E+1
	GroupPeauClassic                   // S(S+1)/2+1 with S empty columns (La Peau's original program)
)

// DeadEnd says how the "no more moves" notice is decided.
type DeadEnd uint8

// The dead-end tests.
const (
	DeadNoLegal    DeadEnd = iota // no legal move at all (foundation returns ignored)
	DeadProductive                // no productive move, Klondike-style (help klondike, "No more moves")
	DeadStock                     // no legal move and no stock card that drawing can reach is playable
	DeadAnyMove                   // no legal command at all, foundation moves included (Algerian)
)

// WinRule says when a game is won.
type WinRule uint8

// The win rules.
const (
	WinFoundations WinRule = iota // every card on the foundations
	WinQuads                      // every column empty or four cards of one rank (Fifteen)
	WinSequences                  // every card home or in a column that runs down from a king (La Peau's no-done styles)
	WinCleared                    // every column empty, wherever its cards went (Golf: onto the waste)
)

// StockDeal says where draw deals the stock when it feeds piles instead of a waste (Algerian).
type StockDeal struct {
	To        []string // piles dealt to, in order
	Each      int      // cards each of them gets per deal
	Final     []string // when fewer than len(To)*Each cards remain, these piles get them instead
	FinalEach int      // cards each final pile gets
	// Full: a deal is refused while a pile it deals to is empty (Spider); an option may
	// lift that.
	Full bool
}

// Layout names the shape of a game's board for the view: where the stock, foundations,
// reserves and columns go. Most games use the standard one, built from the pile roles.
type Layout uint8

// The layouts.
const (
	LayoutStandard      Layout = iota // stock, waste and foundations (or cells and foundations) over the columns
	LayoutDealsReserves               // stock with its deals left, two-way foundations, reserves by size, columns (Algerian)
	LayoutTwoWay                      // stock and waste, two-way foundations, columns (Natali)
	LayoutReserveBeside               // each reserve beside its foundation, laid out by rank (Osmosis)
	LayoutPileRows                    // small piles in rows of three (Fifteen)
	LayoutStacks                      // the standard board, counted in stacks (La Peau)
	LayoutPeaks                       // stock and waste over rows of single cards that cover each other (TriPeaks, Pyramid)
	LayoutFans                        // the foundations over many short piles laid out in rows, left to right (Fan, Black Hole)
)

// Def is a game declaration: its piles with their rules, its deal and its few policies.
// Options change the declaration, never the engine.
type Def struct {
	Layout Layout // how the view draws the board
	Decks  int
	// Suits are the suits the decks hold, nil for all four: with fewer, each suit is there
	// more often, so that the cards still number 52 a deck (Spider's one- and two-suit games).
	Suits            []Suit
	Piles            []PileSpec
	Draw             int // cards turned per draw; 0 if the game has no waste
	Passes           int // trips through the stock; 0 means unlimited
	Group            GroupLimit
	FoundationReturn bool // a foundation's top card may be played elsewhere
	AutoFinish       bool // finish by itself once every column is an ordered sequence
	AutoPlay         bool // after every command, safe cards go home by themselves
	DeadEnd          DeadEnd
	Win              WinRule
	FillFrom         string     // an empty column is filled at once from this pile's top (Canfield's reserve)
	StockDeal        *StockDeal // draw deals onto piles rather than a waste
	Purge            bool       // the purge command is part of the game (La Peau)
	// RunsHome: after every command, a complete run from king to ace that a foundation takes
	// (EmptyRun) goes there by itself (Spider); else moving it is the player's command.
	RunsHome bool
	// ScoreStart and Points are the game's own scoring, where it keeps one and is not
	// Windows' Klondike score: the points a deal starts with and those each event earns.
	ScoreStart int
	Points     map[ScoreEvent]int
	// CoveredFaceDown: a covered card lies face down until every pile over it is empty
	// (TriPeaks). It is shown so and hidden in positions; the state keeps it face up, so
	// that turning it is no move of its own and undo needs nothing to turn it back.
	CoveredFaceDown bool
	// Deal lays a shuffled deck out on the piles and returns the base rank, if the game has one.
	Deal func(deck []Card, piles []Pile) Rank

	covers [][]int // covers[i]: the indices of Piles[i].CoveredBy (link)
}

// Cards is the game's cards, unshuffled: Decks decks of its suits, in NewDeck's order.
func (d *Def) Cards() []Card {
	if len(d.Suits) == 0 {
		return NewDeck(d.Decks)
	}
	out := make([]Card, 0, 52*d.Decks)
	for k := 0; k < 4*d.Decks/len(d.Suits); k++ {
		for r := Ace; r <= King; r++ {
			for _, s := range d.Suits {
				out = append(out, NewCard(r, s))
			}
		}
	}
	return out
}

// Copies is how many times each card is in the game (0 for a suit it leaves out).
func (d *Def) Copies(c Card) int {
	if len(d.Suits) == 0 {
		return d.Decks
	}
	for _, s := range d.Suits {
		if s == c.Suit() {
			return 4 * d.Decks / len(d.Suits)
		}
	}
	return 0
}

// link resolves the names the declaration refers to by (CoveredBy) into pile indices, once,
// when the declaration is made.
func (d *Def) link() *Def {
	for i := range d.Piles {
		for _, name := range d.Piles[i].CoveredBy {
			if d.covers == nil {
				d.covers = make([][]int, len(d.Piles))
			}
			d.covers[i] = append(d.covers[i], d.pileIndex(name))
		}
	}
	return d
}

// PairsHome is the pile pairs leave for in a game of pairs (Rule.PairOff: the first
// foundation), or -1.
func (d *Def) PairsHome() int {
	for i := range d.Piles {
		if d.Piles[i].Rule.PairOff {
			for j := range d.Piles {
				if d.Piles[j].Role == Foundation {
					return j
				}
			}
		}
	}
	return -1
}

// Covers lists the piles that lie over pile i (PileSpec.CoveredBy), as indices.
func (d *Def) Covers(i int) []int {
	if d.covers == nil {
		return nil
	}
	return d.covers[i]
}

// pileIndex finds the pile called name, or -1.
func (d *Def) pileIndex(name string) int {
	for i := range d.Piles {
		if d.Piles[i].Name == name {
			return i
		}
	}
	return -1
}

// tableauRule is the building rule of the game's columns, used for safe auto-play.
func (d *Def) tableauRule() *Rule {
	for i := range d.Piles {
		if d.Piles[i].Role == Tableau {
			return &d.Piles[i].Rule
		}
	}
	return nil
}

// Wraps reports whether one deck's columns build round the corner, a king on an ace (classic
// Canfield): then no rank is safe to send home by itself. Two-deck games with two-way
// foundations (Algerian, Natali) keep auto's rule for aces and twos as it was: not proved
// safe there (see docs/winnability.md).
func (d *Def) Wraps() bool {
	tr := d.tableauRule()
	return tr != nil && tr.Wrap && d.Decks == 1
}

// DealtTo reports whether every deal of the stock goes onto pile i (StockDeal.To): then which
// pile holds a run decides which cards are dealt onto it, and the pile is not interchangeable
// with its kin (Spider's columns). A pile only the final deal reaches (Algerian's columns) is
// taken as interchangeable still: one card at the very end seldom tells them apart, and the
// Algerian figures prove no deal lost (docs/winnability.md).
func (d *Def) DealtTo(i int) bool {
	return d.StockDeal != nil && slices.Contains(d.StockDeal.To, d.Piles[i].Name)
}

// HomeInOrder reports whether every foundation builds one way, so that a card sent home there
// blocks no choice but the tableau's: where one builds up or down (Black Hole's hole), which
// card goes home is the whole game, and none is safe.
func (d *Def) HomeInOrder() bool {
	for i := range d.Piles {
		if r := &d.Piles[i].Rule; d.Piles[i].Role == Foundation && r.Build == BuildUpDown {
			return false
		}
	}
	return true
}

// BaseStops reports whether some pile's rule reads the game's base rank (Rule.BaseStop), so
// that deals of one option set with different bases build differently.
func (d *Def) BaseStops() bool {
	for i := range d.Piles {
		if d.Piles[i].Rule.BaseStop {
			return true
		}
	}
	return false
}

// piles makes a spec list: n piles of one role named prefix1..prefixN.
// homeRule is the foundation most games have: an ace, then up in its suit to the king, a card
// at a time.
var homeRule = Rule{Build: BuildUp, Match: MatchSameSuit, Empty: EmptyAce, Single: true, Take: TakeTop}

// suitFoundations declares foundations F1.. dedicated to suits, in that order, built by rule.
func suitFoundations(rule Rule, suits ...Suit) []PileSpec {
	ps := piles("F", Foundation, len(suits), rule)
	for i, s := range suits {
		ps[i].FixedSuit, ps[i].Suit = true, s
	}
	return ps
}

func piles(prefix string, role Role, n int, rule Rule) []PileSpec {
	ps := make([]PileSpec, n)
	for i := range ps {
		ps[i] = PileSpec{Name: prefix + itoa(i+1), Role: role, Rule: rule}
	}
	return ps
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// of returns the piles of one role, in board order, from a pile list laid out by d.
func (d *Def) of(ps []Pile, r Role) []*Pile {
	var out []*Pile
	for i := range d.Piles {
		if d.Piles[i].Role == r {
			out = append(out, &ps[i])
		}
	}
	return out
}

// dealRows deals cards row by row from the left: in each row, every pile that is to get more
// cards gets one. counts[i] is how many cards pile i gets. It returns the undealt cards.
func dealRows(deck []Card, ps []*Pile, counts []int) []Card {
	for row := 0; ; row++ {
		dealt := false
		for i, p := range ps {
			if row < counts[i] {
				p.Cards = append(p.Cards, deck[0])
				deck = deck[1:]
				dealt = true
			}
		}
		if !dealt {
			return deck
		}
	}
}

// repeat is a count list of n equal counts.
func repeat(count, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = count
	}
	return out
}

// toStock puts the rest of the deck face down on the stock, the last card on top.
func toStock(p *Pile, rest []Card) {
	p.Cards = append(p.Cards, rest...)
	p.Down = len(p.Cards)
}
