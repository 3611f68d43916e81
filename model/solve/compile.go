package solve

import (
	"fmt"
	"slices"
	"sync"

	"solitaire/model"
)

// The search state's fixed sizes: piles per game and cards per pile (two decks at most), and
// the card values: a card is a byte below cardSpace (model.Card: its rank and suit; the two
// copies of a card in two decks have one value), so a set of cards is a uint64, bit x for card
// value x, and so is a set of places in a column (board.starts): a column holds at most
// cardSpace cards, which compileFor checks a game's columns cannot pass.
const (
	cardSpace = 64
	maxPiles  = 32
	maxCards  = 104
	noPile    = 0xFF
)

// pile is one pile's declaration, compiled: the model's rule plus tables the search reads.
type pile struct {
	name      string
	role      model.Role
	rule      model.Rule
	fixedSuit bool
	suit      model.Suit
	follows   *[cardSpace]uint64 // follows[under] has bit c set when card c may lie on card under (shared by equal rules)
	runs      *[cardSpace]uint64 // the same for a run that moves together (model.Rule.InRun): follows but where runs keep one suit
	salt      uint64             // piles that may be swapped without changing the game share a salt
	chainPrev bool               // the pile's empty or build rule looks at the pile before it
	twins     []int              // earlier piles interchangeable with this one
	set       bool               // only which cards the pile holds counts, not their order (Osmosis' foundations)
	topKey    bool               // only the pile's top card counts: a waste built on from the table (compiled.wasteBuilt)
	wants     uint64             // the cards the pile takes when empty (a base-rank pile: worked out at load)
	cell, col uint8              // 1 for a free cell; 1 for a column that takes any card when empty
	source    bool               // auto may send the pile's top card home (compiled.sources)
	covers    []uint8            // the piles over this one (model.PileSpec.CoveredBy): it gives nothing while one holds a card
}

// emptyWants is the set of cards the pile takes when empty, the game's base rank being base.
// Chained piles and piles that take a rank above another pile's get a superset, which fits
// narrows down.
func (p *pile) emptyWants(base model.Rank) uint64 {
	var w uint64
	for x := 0; x < cardSpace; x++ {
		card := model.Card(x)
		if !card.Valid() || p.fixedSuit && card.Suit() != p.suit {
			continue
		}
		ok := false
		switch p.rule.Empty {
		case model.EmptyAny, model.EmptyRankAbove:
			ok = true
		case model.EmptyAce:
			ok = card.Rank() == model.Ace
		case model.EmptyKing, model.EmptyRun: // a run: the king it starts with (fits counts it)
			ok = card.Rank() == model.King
		case model.EmptyBase:
			ok = card.Rank() == base
		}
		if ok {
			w |= 1 << x
		}
	}
	return w
}

// Pile flags (compiled.flag).
const (
	fSource = 1 << iota // pile.source
	fSet                // pile.set
	fFound              // a foundation
	fCell               // a free cell
	fCol                // a column that takes any card when empty
	fPair               // the stock or the waste, keyed together (compiled.pair)
	fTop                // pile.topKey
)

// compiled is a game's declaration turned into tables: the solver's view of model.Def.
type compiled struct {
	def      *model.Def
	piles    []pile
	decks    int // copies of each card the game has (model.Def.Copies): 1 where every card is its own
	stock    int // pile index of the stock, or -1
	waste    int // pile index of the waste, or -1
	fill     int // the pile empty columns are filled from, or -1
	deal     *stockDeal
	found    []int    // foundation piles
	cells    []int    // free cells
	safeDeps []uint64 // safeDeps[c]: the cards that follow c in the tableau; c is safe home once all are home
	hasTab   bool     // the game has a tableau rule (safe needs one)
	// homeInOrder: model.Def.HomeInOrder, without which no card is safe home
	homeInOrder bool
	suited      bool // the columns move runs of one suit only (model.TakeSuitRun): preset.suited's searches
	// anySuit: the game has no stock and its columns build down regardless of suit, their runs
	// moving whatever their suits (Streets and Alleys, Beleaguered Castle): preset.anySuit's
	// searches
	anySuit bool
	// relays: such runs may lie on any suit and an empty column takes any card, so a run of
	// several suits can be moved a suit at a time through the empty columns (relays)
	relays bool
	faceUp bool // the columns move any face-up card with what lies on it (model.TakeFaceUp): preset.faceUp's searches
	// buries: the stock is turned once, a card at a time, onto a waste, and the game is won on
	// the foundations (Forty Thieves): a card the waste covers stays covered until those on it
	// are played, as a reserve's does; preset.buries' searches
	buries bool
	// dealtTo[i]: the stock deals onto pile i (model.Def.DealtTo): a whole pile moved to an
	// empty one of its kind is a move of its own there
	dealtTo [maxPiles]bool
	total   int  // cards in the game
	key     byte // the bits of a card the position key reads: all, or the rank alone (suits play no part)
	plain   bool // the engine's moves only: no safe moves sent home, no draws folded into plays
	noFold  bool // no card is sent home but by a move of the search's own (the polish's search)
	// noCycleFold: no card of a cyclic stock is sent home by itself, after the draws that reach
	// it (the polish's search, which counts those draws and chooses when to make them)
	noCycleFold bool
	cyclic      bool // draw 1 without a pass limit: every stock and waste card can be had, in a fixed cycle
	// wasteBuilt: the waste is built on from the table (Golf) and gives nothing back, so its
	// cards are no longer the stock's in the order dealt (neither cyclic nor pair), and a draw
	// is a move of its own, not a way to reach a card to play. A waste whose top pairs off
	// (Pyramid's) is not built on: its cards leave with their partners.
	wasteBuilt bool
	// stockPlays: the stock's top card plays too (Pyramid's lies face up and pairs), so the
	// draws before a play may change the stock's top as well as the waste's (search.generate).
	stockPlays bool
	// pair: one deck and a stock turned onto a waste, not cyclic. The waste's cards from its
	// bottom, then the stock's from its top, are the cards left in the order they were dealt
	// (drawing and turning the waste over keep that order, and cards only leave it), so the two
	// piles are keyed together by the cards they hold and how many are in the waste.
	pair bool
	// batchDraws: draws may be made several at once (turnPair): pair, and nothing acts by
	// itself after a draw (no pile filled from the waste, no stock or waste turning its top
	// up, no autoplay).
	batchDraws bool
	// cycleMerge: the places of the waste an empty waste's draws reach are keyed as one
	// (cycleStart). It needs batchDraws and no pass limit, and the plays of every card those
	// places show offered from each of them (not plain), so that they have the same moves.
	cycleMerge bool
	// clocked: a position is stored once, at the earliest time it is seen (board.clock,
	// hashSet.insertAt). It needs draws of one card folded into the plays they reach (batchDraws,
	// not plain), so that the same position earlier has every move it has later, and a pass
	// limit (without one, cycleMerge does more), small enough for the time to fit its bits.
	clocked  bool
	flips    []int             // piles whose face-down cards turn by themselves (auto-flip, top-only)
	flipMask uint32            // the same piles, as a set
	sources  []int             // piles whose top card auto may send home
	parents  [cardSpace]uint64 // parents[x]: the cards x may lie on in the tableau
	bold     bool              // the bolder safe rule holds (see safe)
	wraps    bool              // model.Def.Wraps: no rank is safe by itself
	// splitProof: a walk may leave out every move that takes a run off a card it lies on in
	// order onto another column's card without freeing a card the foundations want, and its
	// end is still a proof (dfs.prune, board.splitsIdle): a game with a stock, one deck,
	// columns declared alike that build down in alternate colours and move runs of any length
	// whole, as Klondike and Canfield (not classic Canfield, which moves a top card or a
	// whole column, nor with partial runs unless they stop at the base).
	splitProof bool
	seals      bool   // a position may be sealed (board.sealed, seal.go): checked before and during the search
	strands    bool   // a position may be stranded (board.stranded, strand.go): checked by the walks
	jams       bool   // a position may be jammed (board.jammed, jam.go): checked by every search
	fills      uint64 // the cards an empty column takes (seal.go, strand.go)
	anyFill    bool   // an empty column takes every card the game has
	tabs       []int  // tableau piles
	// pairedBefore[i]: the piles before pile i that pair off (model.Rule.PairOff), where pile i
	// does too: a pair between them is listed from the first.
	pairedBefore [maxPiles]uint32
	pairs        bool             // the game pairs off covered cards: pairsBlocked applies (pairs.go)
	pairsHome    int              // where pairs go (model.Def.PairsHome), or -1
	over         [maxPiles]uint32 // over[i]: the piles that lie over pile i, directly or not (pairs.go)
	isTab        [maxPiles]bool
	// What moveOne reads of each pile, in small arrays rather than the pile's declaration.
	flag [maxPiles]uint8
	salt [maxPiles]uint64
	// Piles the stock deals onto are each where they are while it has cards, and alike once
	// it is empty (Spider's columns): endSym lists those that then share endSalt's salt with
	// their class, for board.key.
	endSym  []int
	endSalt [maxPiles]uint64
	follows [maxPiles]*[cardSpace]uint64
	runs    [maxPiles]*[cardSpace]uint64
	cols    []int // tableau piles that take any card when empty

	exact *compiled // exactCopy's result, made when c is compiled
}

// stockDeal is model.StockDeal with pile indices.
type stockDeal struct {
	to, final       []int
	each, finalEach int
	full            bool // refused while a pile of to is empty (model.StockDeal.Full)
}

// compile builds the solver's tables from a game's declaration, for deals of base rank base
// where the rules read it (model.Def.BaseStops; 0 otherwise).
func compile(def *model.Def, base model.Rank) (*compiled, error) {
	zobrist() // every board is made from a compiled game, so its keys read the tables filled
	if len(def.Piles) > maxPiles {
		return nil, fmt.Errorf("the solver handles at most %d piles; this game has %d", maxPiles, len(def.Piles))
	}
	c := &compiled{def: def, decks: def.Copies(def.Cards()[0]), stock: -1, waste: -1, fill: -1, total: 52 * def.Decks,
		homeInOrder: def.HomeInOrder()}
	for i := range def.Piles {
		c.dealtTo[i] = def.DealtTo(i)
	}
	index := func(name string) int {
		for i := range def.Piles {
			if def.Piles[i].Name == name {
				return i
			}
		}
		return -1
	}
	if def.FillFrom != "" {
		c.fill = index(def.FillFrom)
	}
	distinct := make([]bool, len(def.Piles))
	dealt := make([]bool, len(def.Piles)) // piles the stock deals onto (distinct while it has cards)
	// Empty columns are filled lowest first (model.Game.settle). From a reserve that is never
	// refilled (Canfield) a column is filled the moment it empties, so which column that is
	// does not matter; from the waste (Natali's autofill) several may wait for the next card,
	// and then it does: the columns are not interchangeable.
	fillsLater := def.FillFrom != "" && def.Piles[index(def.FillFrom)].Role == model.Waste
	if sd := def.StockDeal; sd != nil {
		c.deal = &stockDeal{each: sd.Each, finalEach: sd.FinalEach, full: sd.Full}
		for _, n := range sd.To {
			c.deal.to = append(c.deal.to, index(n))
			dealt[index(n)] = true
		}
		for _, n := range sd.Final {
			c.deal.final = append(c.deal.final, index(n))
			dealt[index(n)] = true
		}
	}
	var tab *model.Rule
	tables := map[[cardSpace]uint64]*[cardSpace]uint64{}
	for i := range def.Piles {
		ps := &def.Piles[i]
		p := pile{name: ps.Name, role: ps.Role, rule: ps.Rule, fixedSuit: ps.FixedSuit, suit: ps.Suit}
		p.chainPrev = ps.Rule.Chained || ps.Rule.Empty == model.EmptyRankAbove || ps.Rule.Build == model.BuildRankAbove
		// A foundation that keeps its cards and takes by suit and rank present, not by the top
		// card's rank, is a set: the order its cards came in changes nothing ahead. So is a
		// discard pile that takes a king whatever lies there (Pyramid's, which the pairs join).
		p.set = ps.Role == model.Foundation && !def.FoundationReturn && c.decks == 1 &&
			(ps.Rule.Build == model.BuildRankAbove || ps.Rule.Build == model.BuildAnyRank || ps.Rule.Build == model.BuildKing)
		var follows, runs [cardSpace]uint64
		for under := 0; under < cardSpace; under++ {
			for card := 0; card < cardSpace; card++ {
				u, x := model.Card(under), model.Card(card)
				if u.Valid() && x.Valid() && ps.Rule.Follows(base, u, x) {
					follows[under] |= 1 << card
				}
				if u.Valid() && x.Valid() && ps.Rule.InRun(base, u, x) {
					runs[under] |= 1 << card
				}
			}
		}
		// One table per distinct rule: the search reads them all the time, and a few small
		// tables stay in the cache where one per pile would not.
		share := func(t *[cardSpace]uint64) *[cardSpace]uint64 {
			if tables[*t] == nil {
				tables[*t] = t
			}
			return tables[*t]
		}
		p.follows, p.runs = share(&follows), share(&runs)
		switch ps.Role {
		case model.Stock:
			c.stock = i
			distinct[i] = true
		case model.Waste:
			c.waste = i
			distinct[i] = true
		case model.Foundation:
			c.found = append(c.found, i)
		case model.Cell:
			c.cells = append(c.cells, i)
		case model.Tableau:
			if tab == nil {
				tab = &ps.Rule
			}
			c.tabs = append(c.tabs, i)
			c.isTab[i] = true
			distinct[i] = distinct[i] || fillsLater
			c.suited = c.suited || ps.Rule.Take == model.TakeSuitRun
			c.faceUp = c.faceUp || ps.Rule.Take == model.TakeFaceUp
			if ps.Rule.Empty == model.EmptyAny {
				c.cols = append(c.cols, i)
				c.relays = c.relays || ps.Rule.Take == model.TakeSuitRun && !ps.Rule.RunSuit
			}
		}
		for _, j := range def.Covers(i) {
			// Piles that cover or are covered are each where they are: none is another's twin.
			p.covers = append(p.covers, uint8(j))
			distinct[i], distinct[j] = true, true
		}
		if p.chainPrev {
			distinct[i] = true
			if i > 0 {
				distinct[i-1] = true
			}
		}
		if i == c.fill {
			distinct[i] = true
		}
		if ps.Rule.AutoFlip || ps.Rule.TopOnly {
			c.flips = append(c.flips, i)
			c.flipMask |= 1 << i
		}
		switch ps.Role {
		case model.Tableau, model.Cell, model.Reserve, model.Waste:
			c.sources = append(c.sources, i)
			p.source = true
		}
		p.wants = p.emptyWants(0)
		if ps.Role == model.Cell {
			p.cell = 1
		}
		if ps.Role == model.Tableau && ps.Rule.Empty == model.EmptyAny {
			p.col = 1
		}
		c.piles = append(c.piles, p)
	}
	for i := range c.piles {
		p := &c.piles[i]
		var f uint8
		if p.source {
			f |= fSource
		}
		if p.set {
			f |= fSet
		}
		if p.role == model.Foundation {
			f |= fFound
		}
		f |= p.cell*fCell | p.col*fCol
		c.flag[i], c.follows[i], c.runs[i] = f, p.follows, p.runs
	}
	// Piles with the same declaration are interchangeable: they share a salt, so the position
	// key does not depend on which of them holds which cards.
	for i := range c.piles {
		if dealt[i] && !distinct[i] && c.stock >= 0 {
			c.endSym = append(c.endSym, i)
			c.endSalt[i] = mix64(classKey(&def.Piles[i]))
		}
		distinct[i] = distinct[i] || dealt[i]
	}
	for i := range c.piles {
		if distinct[i] {
			c.piles[i].salt = mix64(uint64(i)*0x9E3779B97F4A7C15 + 0xA5A5)
			continue
		}
		c.piles[i].salt = mix64(classKey(&def.Piles[i]))
		for j := 0; j < i; j++ {
			if !distinct[j] && c.piles[j].salt == c.piles[i].salt {
				c.piles[i].twins = append(c.piles[i].twins, j)
			}
		}
	}
	for i := range c.piles {
		c.salt[i] = c.piles[i].salt
		for j := 0; j < i && c.piles[i].rule.PairOff; j++ {
			if c.piles[j].rule.PairOff {
				c.pairedBefore[i] |= 1 << j
			}
		}
	}
	// Where no rule looks at suits (Fifteen, Golf, Pyramid, Black Hole), cards of a rank are
	// interchangeable: the key reads ranks only, so positions that differ by swapping same-rank
	// cards are one. Foundations read suits, but for a discard that takes kings (Pyramid's) and
	// a hole built up or down whatever the suit (Black Hole's).
	c.key = 0xFF
	blind := true
	for i := range def.Piles {
		r := &def.Piles[i].Rule
		home := def.Piles[i].Role == model.Foundation && r.Build != model.BuildKing && r.Build != model.BuildUpDown
		if r.Match != model.MatchAny || def.Piles[i].FixedSuit || r.NewSuit || r.Build == model.BuildRankAbove || home {
			blind = false
		}
	}
	if blind {
		c.key = 0xFC
	}
	c.wasteBuilt = c.waste >= 0 && def.Piles[c.waste].Rule.Build != model.BuildNone && !def.Piles[c.waste].Rule.PairOff
	c.stockPlays = c.stock >= 0 && def.Piles[c.stock].Rule.Take != model.TakeNone
	c.cyclic = c.stock >= 0 && c.waste >= 0 && c.deal == nil && def.Draw == 1 && def.Passes == 0 && c.fill != c.waste && !c.wasteBuilt && !c.stockPlays
	c.pair = c.keyedPair()
	if c.wasteBuilt && def.Piles[c.waste].Rule.Take == model.TakeNone && def.Passes == 1 {
		// Nothing comes off the waste and no rule reads below its top, and the cards it holds
		// are those no other pile holds: two positions that differ only below its top are one.
		// (Pyramid's waste gives its top to pairs and is turned over: it is keyed whole.)
		c.piles[c.waste].topKey = true
		c.flag[c.waste] |= fTop
	}
	for _, f := range c.found {
		// The same of a foundation built up or down (Black Hole's hole) that keeps its cards:
		// its top is all any rule reads, and the cards under it are those no other pile holds.
		if r := &def.Piles[f].Rule; r.Build == model.BuildUpDown && !def.FoundationReturn && len(c.found) == 1 {
			c.piles[f].topKey = true
			c.flag[f] |= fTop
		}
	}
	if c.cyclic || c.pair {
		c.flag[c.stock] |= fPair
		c.flag[c.waste] |= fPair
	}
	c.buries = c.waste >= 0 && c.stock >= 0 && def.Passes == 1 && def.Draw == 1 && def.Win == model.WinFoundations
	c.batchDraws = c.drawsAtOnce()
	// Where the stock's top plays, a play is tagged with the draws from where the waste
	// stands, which differ between the places merged: no merging.
	c.cycleMerge = c.batchDraws && def.Passes == 0 && !c.stockPlays
	c.clocked = c.batchDraws && def.Draw == 1 && def.Passes > 0 && def.Passes <= 1<<(clockBits-6)
	c.pairOver()
	c.pairsHome = def.PairsHome()
	c.safeDeps = make([]uint64, 64)
	c.bold = tab != nil && c.decks == 1 && def.Win == model.WinFoundations && !tab.Wrap
	c.splitProof = c.stock >= 0 && c.decks == 1 && def.Group == model.GroupUnlimited && len(c.tabs) > 0
	for _, i := range c.tabs {
		r := &def.Piles[i].Rule
		if classKey(&def.Piles[i]) != classKey(&def.Piles[c.tabs[0]]) || r.Take != model.TakeRun || r.Build != model.BuildDown || r.Match != model.MatchAltColor {
			c.splitProof = false
		}
		// Where the columns wrap everywhere a run may pass 13 cards and hold a card's twin, and
		// then what lies on a card cannot trade places with what lies on its twin (nor can the
		// twin key swap the two): only runs that stop at the base are short enough.
		if r.Wrap && !r.BaseStop {
			c.splitProof = false
		}
	}
	for _, f := range c.found {
		if r := &c.piles[f].rule; r.Build == model.BuildRankAbove || r.Chained || r.NewSuit || r.Wrap || r.Empty != model.EmptyAce {
			c.bold = false
		}
	}
	if tab != nil {
		for p := 0; p < cardSpace; p++ {
			for x := 0; x < cardSpace; x++ {
				if model.Card(p).Valid() && model.Card(x).Valid() && tab.Follows(base, model.Card(p), model.Card(x)) {
					c.parents[x] |= 1 << p
				}
			}
		}
		c.hasTab, c.wraps = true, def.Wraps()
		for card := 0; card < cardSpace; card++ {
			x := model.Card(card)
			if !x.Valid() {
				continue
			}
			for dep := 0; dep < cardSpace; dep++ {
				d := model.Card(dep)
				// A card the game does not have (clubs in two-suit Spider) waits for nothing.
				if d.Valid() && def.Copies(d) > 0 && d != x && (d.Rank() >= 2 || c.wraps) && tab.Follows(base, x, d) {
					c.safeDeps[card] |= 1 << dep
				}
			}
		}
	}
	c.anySuit = c.stock < 0 && len(c.tabs) > 0 && !c.suited && !c.faceUp
	for _, i := range c.tabs {
		if r := &def.Piles[i].Rule; r.Build != model.BuildDown || r.Match != model.MatchAny {
			c.anySuit = false
		}
	}
	for _, i := range c.tabs {
		c.fills |= c.piles[i].wants
	}
	c.anyFill = len(c.tabs) > 0
	for _, x := range def.Cards() {
		c.anyFill = c.anyFill && c.fills&(1<<x) != 0
	}
	c.seals = c.sealsDeals()
	c.strands = c.strandsDeals()
	c.jams = c.jamsDeals()
	c.exactCopy()
	return c, nil
}

// drawsAtOnce says whether draws may be made several at once (compiled.batchDraws): the stock
// and waste are keyed together and nothing acts by itself after a draw but a stock that shows
// its top (Pyramid's, whose top board.rotate leaves face up).
func (c *compiled) drawsAtOnce() bool {
	topOnly := c.stock >= 0 && c.piles[c.stock].rule.TopOnly
	return c.pair && c.fill != c.waste && !c.def.AutoPlay && (topOnly || !slices.Contains(c.flips, c.stock)) && !slices.Contains(c.flips, c.waste)
}

// keyedPair says whether the stock and waste are keyed together (compiled.pair): one deck,
// a stock turned onto a waste that no other pile adds to, and not cyclic.
func (c *compiled) keyedPair() bool {
	return c.stock >= 0 && c.waste >= 0 && c.deal == nil && c.decks == 1 && !c.cyclic && !c.wasteBuilt
}

// classKey folds a pile's declaration into a number: equal declarations give equal keys.
func classKey(ps *model.PileSpec) uint64 {
	r := ps.Rule
	k := uint64(ps.Role)
	for _, v := range []uint64{uint64(r.Build), uint64(r.Match), b2u(r.Wrap), b2u(r.BaseStop), uint64(r.Empty), uint64(r.Capacity),
		b2u(r.Single), uint64(r.Take), b2u(r.AutoFlip), b2u(r.TopOnly), b2u(r.Freeze), b2u(r.Chained), b2u(r.NewSuit),
		b2u(ps.FixedSuit), uint64(ps.Suit)} {
		k = k*131 + v + 1
	}
	return k
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// mix64 is SplitMix64's finaliser: a bijection that spreads every input bit over the output.
func mix64(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xBF58476D1CE4E5B9
	z ^= z >> 27
	z *= 0x94D049BB133111EB
	z ^= z >> 31
	return z
}

// Zobrist tables: a random number per card and height in a pile, per face-down count, and per
// recycle. zobrist fills them when the first game is compiled, not when the program starts,
// which most runs never need (they are about 100 KiB).
var (
	zCard [maxCards + 1][cardSpace]uint64 // by height, then card: the low heights, used most, lie together
	zDown [maxCards + 1]uint64
	zRecy [256]uint64
	zPos  [maxCards + 1]uint64 // per count of cards in the waste (compiled.pair)
)

var zobrist = sync.OnceFunc(func() {
	s := uint64(0x5EED5EED12345678)
	next := func() uint64 { s += 0x9E3779B97F4A7C15; return mix64(s) }
	for c := 0; c < cardSpace; c++ {
		for k := range zCard {
			zCard[k][c] = next()
		}
	}
	for k := range zDown {
		zDown[k] = next()
	}
	for k := range zRecy {
		zRecy[k] = next()
	}
	for k := range zPos {
		zPos[k] = next()
	}
})

// exactCopy is c for the search that shortens a line (polish): every card goes home by a move
// of its own, which counts as the command it is, and the key tells apart the places of the
// stock, since from each the draws a play needs differ.
func (c *compiled) exactCopy() *compiled {
	if c.exact != nil {
		return c.exact
	}
	{
		p := *c
		// Where the game finishes by itself, a card sent home early is a command the finish
		// would have saved; elsewhere every card goes home by a command of its own anyway.
		p.noFold, p.noCycleFold, p.cycleMerge, p.clocked = c.def.AutoFinish, true, false, false
		p.pair = p.keyedPair()
		p.flag = c.flag
		if p.stock >= 0 && p.waste >= 0 {
			p.flag[p.stock] &^= fPair
			p.flag[p.waste] &^= fPair
		}
		if p.pair || p.cyclic {
			p.flag[p.stock] |= fPair
			p.flag[p.waste] |= fPair
		}
		p.batchDraws = p.drawsAtOnce()
		c.exact = &p
	}
	return c.exact
}

// plainCopy is c without the solver's game knowledge: what the soundness test compares with.
func (c *compiled) plainCopy() *compiled {
	p := *c
	p.plain, p.cyclic, p.cycleMerge, p.clocked, p.key = true, false, false, false, 0xFF
	p.pair = p.stock >= 0 && p.waste >= 0 && p.deal == nil && p.decks == 1 && !p.wasteBuilt
	p.flag = c.flag
	if p.pair {
		p.flag[p.stock] |= fPair
		p.flag[p.waste] |= fPair
	}
	return &p
}

// checkHeights says whether every column of st holds at most cardSpace cards, as the search
// keeps its places as bits of a uint64 (board.starts). A column may grow past that in a game of
// two decks (Spider: five face-down cards and six runs of thirteen); the search then leaves out
// the moves that would pile it so high and proves no loss (board.capped, LimitHeight).
func (c *compiled) checkHeights(st *model.State) error {
	for _, i := range c.tabs {
		if h := len(st.Piles[i].Cards); h > cardSpace {
			return fmt.Errorf("a column of this position (%s) holds %d cards, more than the %d the solver holds", c.piles[i].name, h, cardSpace)
		}
	}
	return nil
}
