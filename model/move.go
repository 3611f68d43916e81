package model

import "fmt"

// pilesOf lists the indices of piles of one role, in board order.
func (g *Game) pilesOf(r Role) []int {
	var out []int
	for i := range g.Def.Piles {
		if g.Def.Piles[i].Role == r {
			out = append(out, i)
		}
	}
	return out
}

// named lists the indices of the piles whose names begin with a typed letter (E is another
// name for R), in board order: C columns, F foundations, R cells and reserves, S, W, P the
// cards of a peak or a pyramid.
func (g *Game) named(kind byte) []int {
	if kind == 'E' {
		kind = 'R'
	}
	var out []int
	for i := range g.Def.Piles {
		if g.Def.Piles[i].Name[0] == kind {
			out = append(out, i)
		}
	}
	return out
}

// Covered reports whether a pile that lies over pile i holds a card: then nothing is taken
// from pile i, or played on it (PileSpec.CoveredBy).
func (g *Game) Covered(i int) bool {
	for _, j := range g.Def.Covers(i) {
		if !g.State.Piles[j].Empty() {
			return true
		}
	}
	return false
}

// coverers lists the piles over pile i that hold cards.
func (g *Game) coverers(i int) []PileRef {
	var out []PileRef
	for _, j := range g.Def.Covers(i) {
		if !g.State.Piles[j].Empty() {
			out = append(out, g.Def.Ref(j))
		}
	}
	return out
}

// FaceDown is the number of pile i's cards that lie face down as the player sees them: its
// own, or all of them while it is covered where covered cards lie face down (TriPeaks).
func (g *Game) FaceDown(i int) int {
	p := &g.State.Piles[i]
	if g.Def.CoveredFaceDown && g.Covered(i) {
		return len(p.Cards)
	}
	return p.Down
}

// resolve turns a pile reference into the candidate pile indices it may mean.
func (g *Game) resolve(ref PileRef) ([]int, error) {
	all := g.named(ref.Kind)
	if len(all) == 0 {
		return nil, &RefusalError{Kind: RefusedNoPiles, Game: g.Info.Name}
	}
	if ref.Index == 0 {
		return all, nil
	}
	if ref.Index > len(all) || g.Def.Piles[all[0]].Name == string(ref.Kind) {
		piles := make([]PileRef, len(all)) // the piles there are, which the words name
		for k, i := range all {
			piles[k] = g.Def.Ref(i)
		}
		return nil, &RefusalError{Kind: RefusedNoPile, Game: g.Info.Name, Piles: piles}
	}
	return all[ref.Index-1 : ref.Index], nil
}

// resolveFrom and resolveTo are resolve for a move's source and destination: a reference that
// names no pile is refused as the side it is on.
func (g *Game) resolveFrom(ref PileRef) ([]int, error) {
	idx, err := g.resolve(ref)
	if e, ok := err.(*RefusalError); ok {
		e.From = ref
	}
	return idx, err
}

func (g *Game) resolveTo(ref PileRef) ([]int, error) {
	idx, err := g.resolve(ref)
	if e, ok := err.(*RefusalError); ok {
		e.To = ref
	}
	return idx, err
}

// applyMove validates and carries out a move.
func (g *Game) applyMove(m Move) (Result, error) {
	m, err := g.byCard(m)
	if err != nil {
		return Result{}, err
	}
	if m.N < 0 {
		return Result{}, &RefusalError{Kind: RefusedBadCount, N: m.N}
	}
	froms, err := g.resolveFrom(m.From)
	if err != nil {
		return Result{}, err
	}
	from := froms[0]
	if len(froms) > 1 {
		if from, err = g.pickSource(m, froms); err != nil {
			return Result{}, err
		}
	}
	if g.Def.Piles[from].Role == Stock && g.Def.Piles[from].Rule.Take == TakeNone {
		return Result{}, &RefusalError{Kind: RefusedFromStock, From: g.Def.Ref(from)}
	}
	if g.Covered(from) {
		// Said before any destination is tried: those would name the card that lies hidden.
		return Result{}, g.liftError(from, m.N, 0, RefusedCovered)
	}
	var tos []int
	if m.To.IsZero() {
		tos = g.autoDestinations(from)
	} else if tos, err = g.resolveTo(m.To); err != nil {
		return Result{}, err
	}
	if len(tos) == 1 && tos[0] == from {
		return Result{}, &RefusalError{Kind: RefusedSamePile, From: g.Def.Ref(from), To: g.Def.Ref(from)}
	}
	var first error
	firstBetter := false
	for _, to := range tos {
		if to == from {
			continue
		}
		n, err := g.check(from, to, m.N)
		if err == nil {
			before := g.State.Clone()
			g.moveCards(from, to, n)
			done := Move{From: g.Def.Ref(from), To: g.Def.Ref(to), N: g.writtenN(from, to, n, before)}
			return g.finish(done, before), nil
		}
		// Report the first foundation that holds (or is dedicated to) the card's suit, if any.
		if better := g.betterError(g.lifted(from, m.N), to); first == nil || (better && !firstBetter) {
			first, firstBetter = err, better
		}
	}
	if m.To.Kind == 'F' && m.To.Index == 0 && len(tos) > 1 {
		if err := g.noFoundation(from, m.N, tos); err != nil {
			return Result{}, err
		}
	}
	if first == nil {
		first = &RefusalError{Kind: RefusedNowhere, Card: g.State.Piles[from].Top(), From: g.Def.Ref(from)}
	}
	if m.To.IsZero() && len(tos) > 1 && !g.State.Piles[from].Empty() {
		return Result{}, &RefusalError{Kind: RefusedNoMove, Card: g.lifted(from, m.N), From: g.Def.Ref(from), N: m.N}
	}
	return Result{}, first
}

// noFoundation refuses a move to "F" (any foundation) of one card that no foundation takes,
// with what each foundation needs, those in a row that need the same thing together ("7D
// goes on no foundation: F1 needs 2C, F2-F4 need an ace"), and where a foundation keeps one
// suit only those of the card's suit; one that waits for the foundation before it to be
// started is left out. Naming only the first foundation tried ("cannot go to F1, which needs
// 2C") read as if F1 were the only one. nil when the refusal is another (the source
// gives no card, more than one card asked): check's own refusal says that.
func (g *Game) noFoundation(from, n int, tos []int) error {
	if n > 1 {
		return nil
	}
	if _, why := g.lifts(from, n); why != Accepted {
		return nil
	}
	c := g.moving(from, 1)
	var groups []PilesNeed
	last := -1 // the place in tos of the last pile grouped
	for k, to := range tos {
		if why := g.takes(to, c, 1); why != RefusedCard && why != RefusedFull {
			return nil
		}
		if spec := &g.Def.Piles[to]; spec.FixedSuit && spec.Suit != c.Suit() || g.need(to) == NeedStarted {
			continue // another suit's, or one that waits for the foundation before it (Osmosis)
		}
		need := g.needs(to)
		if l := len(groups) - 1; l >= 0 && last == k-1 && groups[l].Need.String() == need.String() {
			groups[l].Piles = append(groups[l].Piles, g.Def.Ref(to))
		} else {
			groups = append(groups, PilesNeed{Piles: []PileRef{g.Def.Ref(to)}, Need: need})
		}
		last = k
	}
	if len(groups) == 0 {
		return nil
	}
	return &RefusalError{Kind: RefusedNoFoundation, Card: c, From: g.Def.Ref(from), To: PileRef{Kind: 'F'}, N: 1, Needs: groups}
}

// lifted is the bottom card of the n top cards of pile from (n 0: the top card), the card a
// count or a card name lifts, for messages.
func (g *Game) lifted(from, n int) Card {
	p := &g.State.Piles[from]
	if n <= 0 || n > len(p.Cards) {
		return p.Top()
	}
	return p.Cards[len(p.Cards)-n]
}

// betterError says whether the failure at pile to is the most telling one to report:
// a foundation that holds the card's suit beats an empty one.
func (g *Game) betterError(c Card, to int) bool {
	p := &g.State.Piles[to]
	spec := &g.Def.Piles[to]
	if spec.Role != Foundation {
		return false
	}
	if spec.FixedSuit {
		return spec.Suit == c.Suit()
	}
	return !p.Empty() && p.Top().Suit() == c.Suit()
}

func (g *Game) nonEmpty(idx []int) []int {
	var out []int
	for _, i := range idx {
		if !g.State.Piles[i].Empty() {
			out = append(out, i)
		}
	}
	return out
}

// Ref is the canonical reference to pile i, as commands name it (C3, F1, R2, S, W).
func (d *Def) Ref(i int) PileRef {
	name := d.Piles[i].Name
	r := PileRef{Kind: name[0]}
	for _, ch := range name[1:] {
		r.Index = r.Index*10 + int(ch-'0')
	}
	return r
}

// writtenN is the count to write for a move: omitted when choosing would pick the same.
func (g *Game) writtenN(from, to, n int, before State) int {
	saved := g.State
	g.State = before
	auto, err := g.check(from, to, 0)
	g.State = saved
	if err == nil && auto == n {
		return 0
	}
	return n
}

// autoDestinations orders the piles tried when a move names no destination:
// a stock or waste that is built on (Golf, Pyramid), foundations, non-empty columns, empty
// columns, then free cells.
func (g *Game) autoDestinations(from int) []int {
	var f, full, empty, cells []int
	for i := range g.Def.Piles {
		if i == from {
			continue
		}
		switch g.Def.Piles[i].Role {
		case Waste, Stock:
			if g.Def.Piles[i].Rule.Build != BuildNone { // built on from the table (Golf, Pyramid)
				f = append(f, i)
			}
		case Foundation:
			f = append(f, i)
		case Tableau:
			if g.State.Piles[i].Empty() {
				empty = append(empty, i)
			} else {
				full = append(full, i)
			}
		case Cell:
			cells = append(cells, i)
		}
	}
	return append(append(append(f, full...), empty...), cells...)
}

// takeable is how many top cards of pile i may be lifted together, by its take rule.
func (g *Game) takeable(i int) int {
	most, _ := g.lifts(i, 0)
	return most
}

// lifts decides whether the top n cards of pile i may be lifted together (n 0: whether any
// may), and if not, why; it also returns the most that may be (0 when none). It is the one
// place the source side is decided: takeable (Legal, the dead-end test, hints) asks for the
// count, check and liftable word its refusal, each as its command names the cards.
func (g *Game) lifts(i, n int) (int, Refusal) {
	p := &g.State.Piles[i]
	spec := &g.Def.Piles[i]
	up := p.FaceUp()
	switch {
	case p.Empty():
		return 0, RefusedEmpty
	case spec.Role == Foundation && !g.Def.FoundationReturn:
		return 0, RefusedStays
	case g.Covered(i):
		return 0, RefusedCovered
	case up == 0:
		return 0, RefusedFaceDown
	case spec.Rule.Freeze && len(p.Cards) == spec.Rule.Capacity && sameRank(p.Cards):
		return 0, RefusedFrozen
	}
	seq := func() int { // length of the top run that moves together under the pile's own rule
		k := 1
		for k < up && spec.Rule.InRun(g.State.Base, p.Cards[len(p.Cards)-k-1], p.Cards[len(p.Cards)-k]) {
			k++
		}
		return k
	}
	most := 0
	switch spec.Rule.Take {
	case TakeTop:
		most = 1
	case TakeRun, TakeSameRank, TakeChain, TakeSuitRun:
		most = seq()
	case TakeTopOrAll:
		if most = seq(); most != len(p.Cards) {
			most = 1
		}
	case TakeFaceUp:
		most = up
	}
	switch {
	case most == 0:
		return 0, RefusedNoTake
	case n <= 0:
		return most, Accepted
	case n > len(p.Cards):
		return most, RefusedCount
	case n > up:
		return most, RefusedHidden
	case !g.countOK(i, n):
		return most, RefusedTopOrAll
	case n > most && spec.Rule.Take == TakeTop:
		return most, RefusedOneAtATime
	case n > most:
		return most, RefusedRun
	}
	return most, Accepted
}

// groupLimit is the most cards one move from pile from to pile to may carry.
func (g *Game) groupLimit(from, to int) int {
	if to >= 0 && g.Def.Piles[to].Role != Tableau {
		return 1 << 20
	}
	return g.Def.Group.Max(g.empties(from, to, true))
}

// empties counts the empty free cells and empty columns, leaving out piles from and to; with
// anyCard, only the columns that take any card (the room a group move has).
func (g *Game) empties(from, to int, anyCard bool) (cells, cols int) {
	for i := range g.Def.Piles {
		if i == from || i == to || !g.State.Piles[i].Empty() {
			continue
		}
		switch g.Def.Piles[i].Role {
		case Cell:
			cells++
		case Tableau:
			if !anyCard || g.Def.Piles[i].Rule.Empty == EmptyAny {
				cols++
			}
		}
	}
	return cells, cols
}

// Max is the most cards one move to a column may carry with the given free cells and empty
// columns (the destination not counted).
func (l GroupLimit) Max(cells, cols int) int {
	switch l {
	case GroupSingle:
		return 1
	case GroupFreeCell:
		return (cells + 1) << cols
	case GroupLinear:
		return cells + cols + 1
	case GroupPeauClassic:
		return cols*(cols+1)/2 + 1
	}
	return 1 << 20
}

// check validates moving n cards (0: choose the longest legal run) and returns the count.
func (g *Game) check(from, to, n int) (int, error) {
	max, why := g.lifts(from, n)
	if why != Accepted {
		return 0, g.liftError(from, n, max, why)
	}
	if n > 0 {
		if err := g.accepts(from, to, n); err != nil {
			return 0, err
		}
		if lim := g.groupLimit(from, to); n > lim {
			return 0, g.limitError(from, to, n, lim)
		}
		return n, nil
	}
	var firstErr, limitErr error
	lim := g.groupLimit(from, to)
	for k := max; k >= 1; k-- {
		if !g.countOK(from, k) {
			continue
		}
		err := g.accepts(from, to, k)
		if err == nil && k > lim {
			if limitErr == nil {
				limitErr = g.limitError(from, to, k, lim)
			}
			continue
		}
		if err == nil {
			return k, nil
		}
		if k == 1 || firstErr == nil && max == 1 {
			firstErr = err
		}
	}
	if limitErr != nil {
		return 0, limitErr
	}
	if max > 1 && g.State.Piles[to].Len() > 0 {
		need := g.needs(to)
		return 0, &RefusalError{Kind: RefusedNoneFits, From: g.Def.Ref(from), To: g.Def.Ref(to), Most: max, Need: &need}
	}
	return 0, firstErr
}

// liftError is why the top n cards of pile from cannot be lifted (lifts' refusal why; max the
// most that can), as a command naming the pile and a count is refused.
func (g *Game) liftError(from, n, max int, why Refusal) error {
	e := &RefusalError{Kind: why, From: g.Def.Ref(from), N: n, Most: max}
	p := &g.State.Piles[from]
	switch why {
	case RefusedCovered:
		e.Piles = g.coverers(from)
	case RefusedCount:
		e.Most = len(p.Cards)
	case RefusedHidden:
		e.Most = p.FaceUp()
	case RefusedRun:
		e.Suited = g.Def.Piles[from].Rule.Take == TakeSuitRun
	}
	return e
}

func (g *Game) limitError(from, to, n, lim int) error {
	return &RefusalError{Kind: RefusedLimit, From: g.Def.Ref(from), To: g.Def.Ref(to), N: n, Most: lim}
}

// moving is the card that would land directly on the destination when n cards leave pile from.
func (g *Game) moving(from, n int) Card {
	p := &g.State.Piles[from]
	if g.Def.Piles[from].Rule.Take == TakeChain {
		return p.Top() // a chain lands reversed: the old top goes first
	}
	return p.Cards[len(p.Cards)-n]
}

// accepts checks pile to's rules against n cards from pile from.
func (g *Game) accepts(from, to, n int) error {
	err := g.acceptsCard(to, g.moving(from, n), n)
	if e, ok := err.(*RefusalError); ok {
		e.From = g.Def.Ref(from)
	}
	return err
}

// need is the case that decides what pile i takes now.
func (g *Game) need(i int) NeedKind {
	r := &g.Def.Piles[i].Rule
	p := &g.State.Piles[i]
	switch {
	case r.Capacity > 0 && p.Len() >= r.Capacity:
		return NeedFull
	case p.Empty():
		switch {
		case r.Chained && i > 0 && g.State.Piles[i-1].Empty():
			return NeedStarted
		case r.Empty == EmptyAny:
			return NeedAny
		case r.Empty == EmptyKing:
			return NeedKing
		case r.Empty == EmptyAce:
			return NeedAce
		case r.Empty == EmptyBase:
			return NeedBase
		case r.Empty == EmptyRankAbove && i > 0:
			return NeedRankIn
		case r.Empty == EmptyRun:
			return NeedRun
		}
		return NeedDealt
	case r.Build == BuildNone || r.Build == BuildRankAbove && i == 0:
		return NeedNothing
	case p.FaceUp() == 0:
		return NeedFaceDown
	case r.Build == BuildRankAbove:
		return NeedSuitRankIn
	}
	return NeedFollows
}

// takes decides whether pile to takes n cards landing with card c on it, and if not, why. It
// is the one place the destination side is decided: Legal and the dead-end test ask fits,
// explanations ask acceptsCard, and both come here.
func (g *Game) takes(to int, c Card, n int) Refusal {
	ts := &g.Def.Piles[to]
	tp := &g.State.Piles[to]
	r := &ts.Rule
	switch {
	case g.Covered(to):
		return RefusedCovered
	case r.Single && n > 1:
		return RefusedSingle
	case r.Capacity > 0 && tp.Len()+n > r.Capacity:
		if tp.Len() >= r.Capacity {
			return RefusedFull
		}
		return RefusedRoom
	case ts.FixedSuit && c.Suit() != ts.Suit:
		return RefusedCard
	}
	ok := false
	switch g.need(to) {
	case NeedAny:
		ok = true
	case NeedKing:
		ok = c.Rank() == King
	case NeedAce:
		ok = c.Rank() == Ace
	case NeedRun:
		// A run that moves together, king first, of as many cards as there are ranks: the
		// whole suit from king to ace.
		ok = c.Rank() == King && n == int(King)
	case NeedBase:
		ok = c.Rank() == g.State.Base
	case NeedRankIn:
		ok = hasRank(g.State.Piles[to-1].Cards, c.Rank())
	case NeedSuitRankIn:
		ok = r.suitsMatch(tp.Cards[0], c) && hasRank(g.State.Piles[to-1].Cards, c.Rank())
	case NeedFollows:
		ok = r.Follows(g.State.Base, tp.Top(), c)
		if ok && r.RunSuit && n > 1 && tp.Top().Suit() != c.Suit() {
			return RefusedRunSuit
		}
	}
	if ok && tp.Empty() && r.NewSuit && g.suitOpened(ts.Role, c.Suit()) {
		ok = false // an empty pile that opens a suit: this one is open already
	}
	if !ok {
		return RefusedCard
	}
	return Accepted
}

// fits reports whether pile to takes n cards landing with card c on it.
func (g *Game) fits(to int, c Card, n int) bool { return g.takes(to, c, n) == Accepted }

// suitOpened reports whether a pile of the role already starts with a card of the suit.
func (g *Game) suitOpened(role Role, s Suit) bool {
	for i := range g.Def.Piles {
		if p := &g.State.Piles[i]; g.Def.Piles[i].Role == role && !p.Empty() && p.Cards[0].Suit() == s {
			return true
		}
	}
	return false
}

func hasRank(cs []Card, r Rank) bool {
	for _, c := range cs {
		if c.Rank() == r {
			return true
		}
	}
	return false
}

// canMove reports whether n cards (n within takeable) may go from pile from to pile to.
func (g *Game) canMove(from, to, n int) bool {
	return g.countOK(from, n) && g.fits(to, g.moving(from, n), n) && n <= g.groupLimit(from, to)
}

// countOK applies the take rules that allow some counts only: top card or whole pile.
func (g *Game) countOK(from, n int) bool {
	return g.Def.Piles[from].Rule.Take != TakeTopOrAll || n == 1 || n == len(g.State.Piles[from].Cards)
}

// acceptsCard explains takes: nil when pile to takes n cards landing with card c on it, else
// the refusal, with what the pile needs when the card is not it.
func (g *Game) acceptsCard(to int, c Card, n int) error {
	why := g.takes(to, c, n)
	switch why {
	case Accepted:
		return nil
	case RefusedCard:
		need := g.needs(to)
		return &RefusalError{Kind: RefusedCard, Card: c, To: g.Def.Ref(to), N: n, Need: &need}
	}
	e := &RefusalError{Kind: why, Card: c, To: g.Def.Ref(to), N: n}
	if why == RefusedCovered {
		e.Piles = g.coverers(to)
	}
	if why == RefusedRoom {
		e.Most = g.Def.Piles[to].Rule.Capacity - g.State.Piles[to].Len()
	}
	return e
}

// needs is what pile i accepts now, as a value: the case of its rule that takes decides by
// (need), with the cards, ranks or pile it names.
func (g *Game) needs(i int) Need {
	ts := &g.Def.Piles[i]
	tp := &g.State.Piles[i]
	n := Need{Kind: g.need(i)}
	switch n.Kind {
	case NeedStarted, NeedRankIn:
		n.Pile = g.Def.Ref(i - 1)
	case NeedAce:
		if ts.FixedSuit {
			n.Card = NewCard(Ace, ts.Suit)
		}
	case NeedBase:
		n.Rank = g.State.Base
	case NeedSuitRankIn:
		n.Suit, n.Pile = tp.Cards[0].Suit(), g.Def.Ref(i-1)
	case NeedFollows:
		n.Top, n.Match = tp.Top(), ts.Rule.Match
		if ts.Rule.Build == BuildAnyRank {
			n.Kind = NeedSuit
			break
		}
		for r := Ace; r <= King; r++ {
			for _, su := range Suits {
				if ts.Rule.Follows(g.State.Base, n.Top, NewCard(r, su)) {
					n.Ranks = append(n.Ranks, r)
					break
				}
			}
		}
		switch {
		case len(n.Ranks) == 0 && ts.Rule.BaseStop && n.Top.Rank() == g.State.Base:
			n.Kind = NeedBaseCard
		case len(n.Ranks) == 0:
			n.Kind = NeedNoCard
		}
	}
	return n
}

// Plural writes a count and a noun: "1 card", "3 cards", or with many given "3 cards are".
func Plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return fmt.Sprintf("%d %s", n, many[0])
	}
	return fmt.Sprintf("%d %ss", n, one)
}

// moveCards carries out a checked move and its automatic consequences.
func (g *Game) moveCards(from, to, n int) {
	g.transfer(from, to, n)
	if g.Def.Piles[to].Rule.PairOff {
		g.transfer(to, g.Def.PairsHome(), 2) // the pair leaves together (Rule.PairOff)
	}
	g.settle()
}

// transfer moves the top n cards of one pile onto another: reversed for a chain, in order otherwise.
func (g *Game) transfer(from, to, n int) {
	src, dst := &g.State.Piles[from], &g.State.Piles[to]
	cut := len(src.Cards) - n
	moved := src.Cards[cut:]
	if g.Def.Piles[from].Rule.Take == TakeChain {
		for k := len(moved) - 1; k >= 0; k-- {
			dst.Cards = append(dst.Cards, moved[k])
		}
	} else {
		dst.Cards = append(dst.Cards, moved...)
	}
	src.Cards = src.Cards[:cut]
	if g.Def.Piles[from].Role == Waste {
		g.State.Fan -= n
	}
}

// settle applies the rules that act by themselves after any change: face-down tops turn up,
// top-only piles hide all but their top, and empty columns are filled from the fill pile.
func (g *Game) settle() {
	g.flipTops()
	if g.Def.FillFrom != "" {
		src := g.Def.pileIndex(g.Def.FillFrom)
		for i := range g.Def.Piles {
			if g.Def.Piles[i].Role == Tableau && g.State.Piles[i].Empty() && !g.State.Piles[src].Empty() {
				g.transfer(src, i, 1)
				g.flipTops()
			}
		}
	}
	if ws := g.pilesOf(Waste); len(ws) > 0 {
		w := &g.State.Piles[ws[0]]
		g.State.Fan = min(max(g.State.Fan, 0), len(w.Cards))
		if g.State.Fan == 0 && !w.Empty() {
			g.State.Fan = 1
		}
	}
}

func (g *Game) flipTops() {
	for i := range g.State.Piles {
		p, r := &g.State.Piles[i], &g.Def.Piles[i].Rule
		p.Down = min(p.Down, len(p.Cards))
		switch {
		case r.TopOnly:
			p.Down = max(0, len(p.Cards)-1)
		case r.AutoFlip && p.Down == len(p.Cards) && p.Down > 0:
			p.Down--
		}
	}
}
