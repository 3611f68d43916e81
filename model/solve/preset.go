package solve

import (
	"fmt"
	"slices"
)

// A preset is a named way of searching, as fc-solve's presets are: which searches take turns
// and in what order, their budgets, and which of the solver's knowledge they use. It is data:
// search builds its searches from it, and a test or a measurement passes another through
// Options rather than changing the solver.
type preset struct {
	name string

	// alone: the first search of the list runs by itself on the whole budget (no turns, no
	// proof at the end); a measuring tool.
	alone bool

	// Games with a stock: the searches that take turns (the first walk is the one that goes on
	// to prove a deal lost), and the positions each stores in its first turn (later turns grow
	// by half).
	stock      []searchSpec
	firstQuota int
	// suited: in place of stock's searches, those of a game whose runs move only in one suit
	// (Spider), if set; suitedStockless: in place of stockless' searches where such a game
	// has no stock (Simple Simon)
	suited, suitedStockless []searchSpec
	// suitedStaged: where runs move in one suit and there is a stock, the searches that
	// follow suited's once suitedEarly parts of a hundred of the time limit (or of the
	// positions, without one) are spent, their tables let go, if set
	suitedStaged []searchSpec
	// suitedStagedOwn: in place of suitedStaged where every card is its own (compiled.decks
	// is 1: Spiderette), if set
	suitedStagedOwn []searchSpec
	suitedEarly     int
	// suitedCull: while the staged searches take turns, where the tables reach this many parts
	// of a hundred of the memory bound, the one that has come least far is let go
	// (searcher.cull), so that the others go on (0: never)
	suitedCull int
	// faceUp: in place of stockless' searches, those of a game without a stock whose columns
	// move any face-up card with what lies on it (Yukon), if set
	faceUp []searchSpec
	// anySuit: in place of stockless' searches, those of a game without a stock whose columns
	// build regardless of suit (compiled.anySuit), if set
	anySuit []searchSpec
	// buries: in place of stock's searches, those of a game whose stock is turned once, a
	// card at a time, onto a waste (Forty Thieves: compiled.buries), if set
	buries []searchSpec

	// Games without a stock (FreeCell): first the turns of the compound walks (prelude, each a
	// plan of fcPlans and a quota), where compound moves are sound (compiled.metaOK); then the
	// searches, each with a first turn of its own length (stocklessPrelude), then turns from
	// stocklessQuota on.
	prelude          []turn
	stockless        []searchSpec
	stocklessPrelude []int
	stocklessQuota   int

	// The portfolio's share of the budget: at most fastStates positions (a fifth of the
	// budget, a third of the time), and at most fastProof where the proving walk leaves out
	// idle splits (compiled.splitProof); then the proving walk goes on with the rest.
	fastStates, fastProof int
	fastTime              int // the portfolio's share of the time limit, in parts of a hundred (0: a third)
	// suitedFast: where runs move in one suit and there is a stock (Spider), the portfolio's
	// share instead, in positions and in parts of a hundred of the time limit (fastStates'
	// third otherwise): a walk rarely proves such a deal lost, and the searches win late.
	suitedFast, suitedFastTime int

	splitProof  bool // where compiled.splitProof, the proving walk leaves out idle splits (dfs.prune)
	twins       bool // ... and merges positions that differ by twins' tails (dfs.twins)
	sharedWalks int  // walks that prove together on one table (dfs.crew; 1: the proving walk alone)
	pruneLonely bool // pruned best-first searches also leave out lone cards put in an empty column while a cell is free
	trials      int  // a compound walk's rated group: how many moves are tried on the board to be rated (0: all)
}

// searchSpec is one search of a preset: a best-first search (befs) under eval's weights w and
// a weight dw per move, or a depth-first walk (dfs) ordering its moves by promise.
type searchSpec struct {
	walk bool

	w     weights // best-first: eval's weights
	dw    int32   // best-first: a move's weight against them
	prune bool    // best-first: leave out moves that rarely help (befs.prune)
	lean  bool    // best-first: leave out only moves homeward and wasteful name (befs.lean)
	digs  bool    // best-first: offer digs (befs.digs)
	relay bool    // best-first: offer relays (befs.relay)
	joins bool    // best-first: offer joins (befs.joins)
	// spreads: best-first: offer spreads (befs.spreads)
	spreads bool
	// sideways: best-first: leave out sideways moves of runs that move in one suit (befs.sideways)
	sideways bool
	noise    uint64 // best-first: nonzero seeds a pseudo-random term in the priorities
	// stage, beam: best-first, with a stock dealt once through: play each deal out before the
	// next (befs.stage): positions a stage, and the draws let go at once
	stage, beam int

	jitter uint64 // walk: a seed that breaks ties between moves of equal promise
	// streamlined: walk: send any card home at once and key positions by their ranks alone
	// (dfs.streamlined), as Solvitaire's streamliners: it only wins
	streamlined bool
	depth       int // walk: the depth past which it goes back (0: none)
}

// The searches of the default preset. The first best-first search's weights in a game without
// a stock: an empty column counts for less, a break in a column for more, a move made for a
// little less.
var (
	bestSpec = searchSpec{w: defaultWeights, dw: defaultDepthWeight, prune: true}
	// Where runs move in one suit, a best-first search that barely counts the moves made and
	// leaves out sideways moves (befs.sideways) goes deep fast: Spider's lines are long.
	suitedBest = searchSpec{w: defaultWeights, dw: 1, sideways: true}
	altSpec    = searchSpec{w: altWeights, dw: 1}
	// Where runs move in one suit (Spider), best-first searches that barely count the moves
	// made, leave out sideways moves and count a card in the stock about as much as the break
	// it makes when it is dealt. Which deals each wins within a few seconds varies widely
	// with its weights and with a pseudo-random term, and the portfolio wins what any of them
	// does: so three of them, and each again under other terms (spiderNoise).
	spiderDeep  = searchSpec{w: weights{home: 60, emptyCol: 60, down: 60, brk: 30, cell: 20, reserve: 30, depth: 10}, dw: 1, sideways: true}
	spiderWide  = searchSpec{w: weights{home: 60, emptyCol: 60, down: 40, brk: 30, cell: 20, reserve: 30, depth: 10}, dw: 1, sideways: true}
	spiderLoose = searchSpec{w: weights{home: 60, emptyCol: 60, down: 40, brk: 30, cell: 20, reserve: 20, depth: 10}, dw: 1, sideways: true}
	proveSpec   = searchSpec{walk: true}
	walkSpec    = searchSpec{walk: true, jitter: 1, depth: 3000}
	// streamlinedWalk is a walk under Solvitaire's streamliners (dfs.streamlined): it only wins.
	streamlinedWalk = searchSpec{walk: true, jitter: 1, streamlined: true}
	stocklessBest   = searchSpec{w: stocklessWeights, dw: stocklessDepthWeight, prune: true}
	// stocklessSearches are the best-first searches of a game without a stock, before its walk.
	stocklessSearches = []searchSpec{stocklessBest, withNoise(stocklessBest, noiseSeed), withDigs(stocklessBest),
		{w: altWeights, dw: 1, lean: true}}
)

// presets are the named presets; the first is the default.
var presets = []*preset{
	{
		name: "default",
		// Best-first searches under two sets of weights and walks under two orders.
		stock: []searchSpec{bestSpec, proveSpec, altSpec, walkSpec},
		// Every best-first search is offered spreads (befs.spreads): of four-suit seeds 1-300
		// at 10 s, 293 won against 292, of 301-600 293 against 291, of 1-1000 972 against
		// 969 (13 of the 31 left undecided won, 10 won late lost); offered only to the
		// staged searches, 291 of 1-300. Spiderette: 859 won and 30 lost, against 856 and
		// 30; two-suit 999 again.
		suited: spread(slices.Concat([]searchSpec{spiderDeep, spiderWide, proveSpec, spiderLoose}, spiderNoisy)),
		// After a tenth of the time, the same searches by stages (befs.stage; within a stage
		// the stock's weight counts for nothing, so spiderLoose would be spiderWide): they
		// play each deal out before the next, and win most four-suit deals, which the others
		// rarely do (seeds 1-100 at 10 s: 85 won, against 27), where one and two suits are
		// mostly won in the tenth.
		// Each staged search runs twice, by turns: offering relays (befs.relay), then not
		// (once, where no relay can be offered: compiled.relays).
		// Of four-suit seeds 301-500 at 10 s, 192 won, against 183 without relays and 190
		// with relays in every staged search (which wins 2 of 3 deals the others leave
		// undecided, and loses some they win late); seeds 1-1000, 947 against 907. Relays
		// whose top runs wait on other columns where the empty columns cannot carry them all
		// (so offered with no empty column) won 191 of 301-500, and fewer of the hard deals:
		// tried, not kept. Other stages for the searches offered relays, on 48 deals (24
		// undecided without relays, 24 won late): 37 won with 3000 positions and 8 draws,
		// 34 with 1000 and 8, 32 with 10000 and 4.
		// Every second search offered relays counting a run that lies in rank order on
		// another suit as half a break (relays mend it in one move) won 9 of the 53 deals
		// of 1-1000 left undecided at 10 s (against 1) and 55 of the 60 won last (against
		// 59), but of seeds 1-612 it left 33 undecided, against 27: it loses deals won in 2
		// to 7 s (10, against 4 gained). Tried, not kept; so were the same in every search
		// offered relays, at 22 of 30, and only while an empty column is free or none is.
		// Every staged search is offered joins (befs.joins): of four-suit seeds 1-1000 at
		// 10 s, 969 won against 947 (32 of the 53 left undecided won, 10 won late lost);
		// two-suit 999 against 1000 (seed 8, won in 8.6 s before); Spiderette 856 won and
		// 30 lost against 859 and 30.
		suitedStaged: spiderStaged(spiderNoise, false),
		// Where every card is its own, the staged searches not offered relays dig (dug): of
		// Spiderette's seeds 1-1000 at 10 s, 873 won and 31 lost, and run again 867 and 30,
		// against 866 and 30, and 862 and 30: 8 deals won in both runs were won in neither
		// without, 2 the other way. With two decks a buried card has a twin to do its work,
		// and digging costs more than it gains: four-suit Spider 964 won, against 974.
		suitedStagedOwn: spiderStaged(spiderNoise, true),
		// (Staged from 3 parts of a hundred of the time instead: of four-suit seeds 1-300
		// at 10 s, 285 won against 286, the same deals undecided but one.)
		suitedEarly: 10,
		suitedCull:  75,
		// Offered relays: of Simple Simon's seeds 1-1000 at 10 s, 921 won and 10 undecided,
		// against 919 and 12 (5 of those 12 won, in under a second; 3 won late lost).
		suitedStockless: relayed([]searchSpec{suitedBest, proveSpec, withSideways(altSpec), bestSpec}),
		suitedFast:      1 << 40, suitedFastTime: 100, // no bound: the walk takes its turns with them
		firstQuota: 3000,
		// How long a best-first search takes varies wildly from deal to deal, and little
		// between searches that differ only a little, so without a stock the portfolio is
		// searches of one kind made to differ: the pruned one, the same with a pseudo-random
		// term, the same offered digs, the lean one under other weights, and the walk that
		// goes on alone at the end, so that what it has seen by then counts towards a proof.
		prelude:   fcPrelude,
		stockless: slices.Concat(stocklessSearches, []searchSpec{proveSpec}),
		// Where the stock is turned once onto a waste, the stock's searches with each waste
		// card counted near a card home (wasteWeight): Forty Thieves' seeds 1-20 at 10 s, 9
		// won against none.
		buries: []searchSpec{buried(bestSpec), proveSpec, buried(altSpec), walkSpec},
		// Where the columns build regardless of suit (Streets and Alleys, Beleaguered
		// Castle), first a walk under Solvitaire's streamliners (dfs.streamlined: any card home
		// at once, positions keyed by their ranks alone), which wins in a fraction of a second
		// many deals the other searches leave undecided at 10 s: of Streets and Alleys' seeds
		// 1-1000, 522 won, 473 lost and 5 undecided, against 499, 473 and 28; Beleaguered
		// Castle's all decided, against 5 undecided. A best-first search sending cards home
		// at once, or a walk doing so without the ranks' key, won none and 7 of those 28.
		anySuit: slices.Concat([]searchSpec{streamlinedWalk}, stocklessSearches, []searchSpec{proveSpec}),
		// Yukon's deals are won quickly or not at all by a given search, so it runs these and
		// sixteen more, pruned and not by turns, each with a pseudo-random term: of seeds
		// 1-100, 91 decided at 10 s against 89 with none, and 5 of the 14 that none decides.
		faceUp: slices.Concat(stocklessSearches,
			noisy([]searchSpec{stocklessBest, unpruned(stocklessBest)}, noiseSeeds(16)), []searchSpec{proveSpec}),
		stocklessPrelude: []int{1000, 1000, 1000, 300},
		stocklessQuota:   1000,
		fastStates:       1_000_000,
		fastProof:        100_000,
		splitProof:       true,
		twins:            true,
		sharedWalks:      3,
		pruneLonely:      true,
		trials:           3,
	},
	{
		name:      "best-first",
		alone:     true,
		stock:     []searchSpec{bestSpec},
		stockless: []searchSpec{stocklessBest},
	},
	{
		// The proving walk alone, with the solver's knowledge: what the proofs rest on.
		name:        "walk",
		stock:       []searchSpec{proveSpec},
		firstQuota:  3000,
		stockless:   []searchSpec{proveSpec},
		fastStates:  1_000_000,
		fastProof:   100_000,
		splitProof:  true,
		twins:       true,
		sharedWalks: 1,
		pruneLonely: true,
		trials:      3,
	},
}

// noiseSeed seeds the pseudo-random term of the best-first search that has one.
const noiseSeed = 0xD6E8FEB86659FD93

// spiderNoise seeds the pseudo-random terms of Spider's further searches (noisy), each about
// as good as a fresh start: of two-suit seeds 101-160 at 10 s, the three searches and the
// walk win 52, with two of these 57, with eight 58 (Spiderette's seeds 1-40: 33 decided with
// four or eight).
var spiderNoise = []uint64{0xD6E8FEB86659FD93, 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB,
	0xD1B54A32D192ED03, 0xAEF17502108EF2D9, 0x8CB92BA72F3D8DD7, 0x0E9846AF9B1A615D}

// spiderNoisy is Spider's three searches again under spiderNoise, by turns: in its list with
// a stock, and by stages in the list that follows it.
var spiderNoisy = noisy([]searchSpec{spiderDeep, spiderWide, spiderLoose}, spiderNoise)

// wasteWeight is what a card in a waste turned once weighs beyond its one, in buried's
// searches (weights.waste). A card the waste covers stays covered until every card on it has
// been played: of Forty Thieves' seeds 1-20 at 10 s, 6 won with 7 (a reserve card's 8), 7
// with 19, 9 with 39 and 8 with 59.
const wasteWeight = 39

// buried is spec with the waste's cards weighed by wasteWeight.
func buried(spec searchSpec) searchSpec {
	spec.w.waste = wasteWeight
	return spec
}

// spiderStage and spiderBeam are the staged searches' knobs (befs.stage, befs.beam): a stage
// lets its best 8 deals go once 3000 positions have found no better one. (Every search
// staged, of four-suit seeds 21-60: 34 won with these, 29 with 1000 positions.) Every staged
// search takes the same knobs: with others taken in turn (1000 and 16, 3000 and 8, 10000 and
// 4, 30000 and 2), 14 of 48 four-suit deals these leave undecided at 10 s were won, but of
// seeds 1-230, 12 deals these win in 2-5 s were lost, and one gained.
const spiderStage, spiderBeam = 3000, 8

// spiderStaged is Spider's searches by stages (befs.stage), the three again under seeds' terms,
// each offered joins and spreads, and each run twice by turns: offered relays, then not, and
// digging (dug) if dig.
func spiderStaged(seeds []uint64, dig bool) []searchSpec {
	list := staged(slices.Concat([]searchSpec{spiderDeep, spiderWide},
		noisy([]searchSpec{spiderDeep, spiderWide, spiderLoose}, seeds)), spiderStage, spiderBeam)
	second := list
	if dig {
		second = dug(list)
	}
	return spread(joined(alternate(relayed(list), second)))
}

// dugDown is what a face-down card weighs in dug's searches (weights.down), against 60 or 40 in
// the others. On Spiderette's deals left undecided, the searches rarely send a run home: of
// the first 20 (seeds 3-218), the furthest any came in 10 s had the stock dealt, no run home
// (one on seed 127) and 3 to 15 cards face down. There every card is its own, so each buried
// card is one a run home needs. Counting those for more digs them out first: with every
// staged search not offered relays counting 100, 8 of the 104 deals of 1-1000 left undecided
// were won, and 4 of the 185 won in 1-10 s were lost (every staged search counting 100: of
// the first 40 of each, 4 won and 3 lost).
const dugDown = 100

// dug is specs, each best-first search counting a face-down card dugDown.
func dug(specs []searchSpec) []searchSpec {
	return offering(specs, func(s *searchSpec) { s.w.down = dugDown })
}

// stagedFor is the preset's staged searches in a game with copies of each card (compiled.decks)
// that offers relays or not (compiled.relays). Where none is ever offered (--runs-in-suit),
// the searches offered them, undug, run alone, once each, as the rows under those rules were
// measured.
func (p *preset) stagedFor(copies int, relays bool) []searchSpec {
	list := p.suitedStaged
	if copies == 1 && p.suitedStagedOwn != nil {
		list = p.suitedStagedOwn
	}
	if relays {
		return list
	}
	return slices.DeleteFunc(slices.Clone(list), func(sp searchSpec) bool { return !sp.relay })
}

// spread is specs, each best-first search offering spreads (befs.spreads).
func spread(specs []searchSpec) []searchSpec {
	return offering(specs, func(s *searchSpec) { s.spreads = true })
}

// joined is specs, each best-first search offering joins (befs.joins).
func joined(specs []searchSpec) []searchSpec {
	return offering(specs, func(s *searchSpec) { s.joins = true })
}

// relayed is specs, each best-first search offering relays (befs.relay).
func relayed(specs []searchSpec) []searchSpec {
	return offering(specs, func(s *searchSpec) { s.relay = true })
}

// offering is specs with set applied to each best-first search: the walks take no compound
// moves.
func offering(specs []searchSpec, set func(*searchSpec)) []searchSpec {
	out := slices.Clone(specs)
	for i := range out {
		if !out[i].walk {
			set(&out[i])
		}
	}
	return out
}

// alternate is a's and b's searches by turns: a's first, then b's first, and so on.
func alternate(a, b []searchSpec) []searchSpec {
	var out []searchSpec
	for i := range max(len(a), len(b)) {
		if i < len(a) {
			out = append(out, a[i])
		}
		if i < len(b) {
			out = append(out, b[i])
		}
	}
	return out
}

// staged is specs, each by stages of stage positions letting beam draws go (befs.stage).
func staged(specs []searchSpec, stage, beam int) []searchSpec {
	out := slices.Clone(specs)
	for i := range out {
		out[i].stage, out[i].beam = stage, beam
	}
	return out
}

// noiseSeeds is n seeds for noisy: multiples of the golden ratio's 64-bit fraction, odd.
func noiseSeeds(n int) []uint64 {
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = 0x9E3779B97F4A7C15*uint64(i+1) | 1
	}
	return seeds
}

func unpruned(s searchSpec) searchSpec { s.prune = false; return s }

// noisy is specs taken in turn, each with the next of seeds as its pseudo-random term.
func noisy(specs []searchSpec, seeds []uint64) []searchSpec {
	out := make([]searchSpec, len(seeds))
	for i, seed := range seeds {
		out[i] = withNoise(specs[i%len(specs)], seed)
	}
	return out
}

func withNoise(s searchSpec, seed uint64) searchSpec { s.noise = seed; return s }
func withDigs(s searchSpec) searchSpec               { s.digs = true; return s }
func withSideways(s searchSpec) searchSpec           { s.sideways = true; return s }

// Presets lists the presets' names, the default first.
func Presets() []string {
	var names []string
	for _, p := range presets {
		names = append(names, p.name)
	}
	return names
}

// presetFor is the preset opt names (the default if none), or an error.
func presetFor(opt Options) (*preset, error) {
	if opt.preset != nil {
		return opt.preset, nil
	}
	if opt.Preset == "" {
		return presets[0], nil
	}
	for _, p := range presets {
		if p.name == opt.Preset {
			return p, nil
		}
	}
	return nil, fmt.Errorf("the solver has no preset %q (it has %v)", opt.Preset, Presets())
}

// clone is a copy of p that can be changed without changing p: a test's variation.
func (p *preset) clone() *preset {
	c := *p
	c.stock = append([]searchSpec(nil), p.stock...)
	c.stockless = append([]searchSpec(nil), p.stockless...)
	c.suited = append([]searchSpec(nil), p.suited...)
	c.suitedStockless = append([]searchSpec(nil), p.suitedStockless...)
	c.suitedStaged = append([]searchSpec(nil), p.suitedStaged...)
	c.suitedStagedOwn = append([]searchSpec(nil), p.suitedStagedOwn...)
	c.faceUp = append([]searchSpec(nil), p.faceUp...)
	c.buries = append([]searchSpec(nil), p.buries...)
	c.anySuit = append([]searchSpec(nil), p.anySuit...)
	c.prelude = append([]turn(nil), p.prelude...)
	c.stocklessPrelude = append([]int(nil), p.stocklessPrelude...)
	return &c
}
