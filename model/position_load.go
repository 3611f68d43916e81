package model

import (
	"fmt"
	"slices"
	"strings"
)

// LoadPosition builds a game whose start is the given position, in the shape `--format json`
// prints, except that every card is named: face-down cards too, never "??". Piles not listed are
// empty and a missing face_down is 0. overrides are options that win over the position's own.
// The fields Seed, Deal, Moves and Won are ignored: the game has no seed, no history and starts,
// and restarts, at the position. The position is checked against the game's rules: pile names,
// a whole deck (two for two-deck games), face-down cards only where the game has them, and
// foundations, cells and capped piles that play could have produced.
func LoadPosition(pos Position, overrides []Option) (*Game, error) {
	if strings.TrimSpace(pos.Game) == "" {
		return nil, fmt.Errorf("the position names no game")
	}
	info, err := LookupGame(pos.Game)
	if err != nil {
		return nil, err
	}
	pairs := make([]Option, 0, len(pos.Options)+len(overrides))
	for _, k := range pos.Options.Keys() {
		pairs = append(pairs, Option{Key: k, Value: pos.Options[k]})
	}
	opts, err := info.Options(append(pairs, overrides...))
	if err != nil {
		return nil, err
	}
	g := &Game{Info: info, Def: info.define(opts).link(), Config: Config{Game: info.Name, Options: opts}}
	g.State = State{Piles: make([]Pile, len(g.Def.Piles))}
	if pos.Base != 0 {
		if g.dealtFoundation() < 0 {
			return nil, fmt.Errorf("base %d: %s has no base rank", pos.Base, info.Name)
		}
		if pos.Base < 1 || pos.Base > 13 {
			return nil, fmt.Errorf("base %d: a base rank is from 1 (ace) to 13 (king)", pos.Base)
		}
		g.State.Base = Rank(pos.Base)
	}
	if pos.Recycles != 0 {
		if pos.Recycles < 0 || g.Def.Draw == 0 || (g.Def.Passes > 0 && pos.Recycles > g.Def.Passes-1) {
			return nil, fmt.Errorf("recycles %d: %s allows %s", pos.Recycles, info.Name, passesText(g.Def))
		}
		g.State.Recycles = pos.Recycles
	}
	if err := g.placePiles(pos.Piles); err != nil {
		return nil, err
	}
	if err := g.checkDeck(); err != nil {
		return nil, err
	}
	if err := g.checkPiles(); err != nil {
		return nil, err
	}
	g.settle()
	g.start = g.State.Clone()
	return g, nil
}

// placePiles lays the listed piles out on the board, checking names, cards and face-down counts.
func (g *Game) placePiles(ps []PilePosition) error {
	seen := make([]bool, len(g.Def.Piles))
	var saidDown []int // piles whose cards the file says lie face down because covered (TriPeaks)
	for _, pp := range ps {
		name := strings.ToUpper(strings.TrimSpace(pp.Name))
		i := g.Def.pileIndex(name)
		if i < 0 && len(pp.Cards) == 0 && pp.FaceDown == 0 {
			continue // an empty pile the game does not have, e.g. R4 loaded with fewer cells
		}
		if i < 0 {
			return fmt.Errorf("pile %s: %s has no such pile; its piles are %s", pileLabel(pp.Name), g.Info.Name, g.pileList())
		}
		if seen[i] {
			return fmt.Errorf("pile %s is listed twice", name)
		}
		seen[i] = true
		cards := make([]Card, len(pp.Cards))
		for k, s := range pp.Cards {
			if strings.TrimSpace(s) == "??" {
				return fmt.Errorf("pile %s, card %d: %q hides a card; a position must name every card, face-down ones too", name, k+1, s)
			}
			c, err := ParseCard(s)
			if err != nil {
				return fmt.Errorf("pile %s, card %d: %w", name, k+1, err)
			}
			cards[k] = c
		}
		down, err := g.faceDown(i, pp.FaceDown, len(cards))
		if err != nil {
			return err
		}
		g.State.Piles[i] = Pile{Cards: cards, Down: down}
		if g.Def.CoveredFaceDown && len(cards) > 0 && pp.FaceDown == len(cards) && down == 0 {
			saidDown = append(saidDown, i)
		}
	}
	for _, i := range saidDown {
		// Known only once every pile is laid out: a card shows face down only while covered.
		if !g.Covered(i) {
			return fmt.Errorf("pile %s: face_down is %d, but nothing covers it, so its card is face up: leave face_down out or make it 0",
				g.Def.Piles[i].Name, g.State.Piles[i].Len())
		}
	}
	return nil
}

// faceDown checks a pile's face-down count and returns the one to use: stocks lie all face down
// and top-only piles (Algerian reserves) show their top card, whatever the count says, as long as
// it is 0 (not given) or right; elsewhere only piles whose top card turns up by itself may hold
// face-down cards, under at least one face-up card.
func (g *Game) faceDown(i, n, cards int) (int, error) {
	spec := &g.Def.Piles[i]
	if n < 0 || n > cards {
		return 0, fmt.Errorf("pile %s: face_down is %d, but the pile has %s", spec.Name, n, Plural(cards, "card"))
	}
	switch {
	case spec.Role == Stock && !spec.Rule.TopOnly:
		if n != 0 && n != cards {
			return 0, fmt.Errorf("pile %s: face_down is %d, but the cards of a stock are all face down: leave face_down out or make it %d",
				spec.Name, n, cards)
		}
		return cards, nil
	case spec.Rule.TopOnly:
		if want := max(0, cards-1); n != 0 && n != want {
			return 0, fmt.Errorf("pile %s: face_down is %d, but only the top card of a %s is face up in %s: leave face_down out or make it %d",
				spec.Name, n, spec.Role.Noun(), g.Info.Name, want)
		}
		return max(0, cards-1), nil
	case g.Def.CoveredFaceDown && len(spec.CoveredBy) > 0:
		// A covered card shows face down (Def.CoveredFaceDown), as positions print it, but the
		// state keeps it face up: the count says nothing the piles over it do not.
		if n != 0 && n != cards {
			return 0, fmt.Errorf("pile %s: face_down is %d, but its %s face down only while covered: leave face_down out or make it %d",
				spec.Name, n, Plural(cards, "card lies", "cards lie"), cards)
		}
		return 0, nil
	}
	if n == 0 {
		return 0, nil
	}
	if !spec.Rule.AutoFlip {
		return 0, fmt.Errorf("pile %s: face_down is %d, but a %s holds no face-down cards in %s", spec.Name, n, spec.Role.Noun(), g.Info.Name)
	}
	if n == cards {
		return 0, fmt.Errorf("pile %s: all %s face down, but the top card of a %s turns face up by itself in %s",
			spec.Name, Plural(cards, "card is", "cards are"), spec.Role.Noun(), g.Info.Name)
	}
	return n, nil
}

// pileLabel shows a pile name from a position file, quoted when it is not a plain word.
func pileLabel(s string) string {
	for _, r := range s {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return fmt.Sprintf("%q", s)
		}
	}
	if s == "" {
		return `""`
	}
	return s
}

// pileList names the game's piles in board order, runs of one letter as ranges: "S, W, F1-F4, C1-C7".
func (g *Game) pileList() string {
	var parts []string
	ps := g.Def.Piles
	for i := 0; i < len(ps); {
		j := i
		for j+1 < len(ps) && ps[j+1].Name[0] == ps[i].Name[0] && len(ps[j+1].Name) > 1 && len(ps[i].Name) > 1 {
			j++
		}
		if j > i {
			parts = append(parts, ps[i].Name+"-"+ps[j].Name)
		} else {
			parts = append(parts, ps[i].Name)
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// checkDeck checks that the cards are the game's whole deck (Def.Cards): every card as often as the deck holds it.
func (g *Game) checkDeck() error {
	count := make(map[Card]int, 52)
	total := 0
	for i := range g.State.Piles {
		for _, c := range g.State.Piles[i].Cards {
			count[c]++
			total++
		}
	}
	e := &DeckError{Decks: g.Def.Decks, Suits: g.Def.Suits, Total: total}
	extra := map[int][]Card{} // times present -> cards
	var times []int
	for _, c := range NewDeck(1) {
		n, want := count[c], g.Def.Copies(c)
		for k := n; k < want; k++ {
			e.Missing = append(e.Missing, c)
		}
		if n > want {
			if extra[n] == nil {
				times = append(times, n)
			}
			extra[n] = append(extra[n], c)
		}
	}
	if len(e.Missing) == 0 && len(extra) == 0 {
		return nil
	}
	slices.Sort(times)
	for _, n := range times {
		e.Extra = append(e.Extra, Extra{Times: n, Cards: extra[n]})
	}
	return e
}

// checkPiles checks what the game's rules say about each pile: capacities, foundations built in
// order from what an empty one accepts, the base rank where the game deals one, and columns
// left empty that the game would have filled by itself.
func (g *Game) checkPiles() error {
	for i := range g.Def.Piles {
		spec, p := &g.Def.Piles[i], &g.State.Piles[i]
		if c := spec.Rule.Capacity; c > 0 && p.Len() > c {
			return fmt.Errorf("pile %s: %s, but a %s holds at most %s in %s", spec.Name, Plural(p.Len(), "card"),
				spec.Role.Noun(), Plural(c, "card"), g.Info.Name)
		}
	}
	if err := g.deriveBase(); err != nil {
		return err
	}
	for _, i := range g.pilesOf(Foundation) {
		if err := g.checkFoundation(i); err != nil {
			return err
		}
	}
	if g.Def.FillFrom != "" {
		src := g.Def.pileIndex(g.Def.FillFrom)
		for _, i := range g.pilesOf(Tableau) {
			if g.State.Piles[i].Empty() && !g.State.Piles[src].Empty() {
				return fmt.Errorf("pile %s is empty, but %s still has cards, and in %s an empty column is filled from it at once",
					g.Def.Piles[i].Name, g.Def.FillFrom, g.Info.Name)
			}
		}
	}
	if g.Def.RunsHome {
		for _, i := range g.pilesOf(Tableau) {
			if g.takeable(i) >= int(King) {
				return fmt.Errorf("pile %s ends in a complete run from king to ace, which %s sends home at once", g.Def.Piles[i].Name, g.Info.Name)
			}
		}
	}
	// Anything else the game does by itself would change the position: refuse rather than alter it.
	saved := g.State
	g.State = saved.Clone()
	g.settle()
	settled := g.State
	g.State = saved
	if !settled.Equal(&saved) {
		for i := range saved.Piles {
			a, b := &saved.Piles[i], &settled.Piles[i]
			if a.Down != b.Down || a.Len() != b.Len() {
				return fmt.Errorf("pile %s is not as %s leaves it after a move", g.Def.Piles[i].Name, g.Info.Name)
			}
		}
		return fmt.Errorf("the position is not as %s leaves it after a move", g.Info.Name)
	}
	return nil
}

// deriveBase sets the base rank in games that deal one (classic Canfield, Osmosis): it is the
// rank of the card the deal puts on a foundation, which must be the bottom card of that foundation
// (or, if that one has been emptied again, of the first foundation that holds cards).
func (g *Game) deriveBase() error {
	dealt := g.dealtFoundation()
	if dealt < 0 {
		return nil
	}
	empty := func() error {
		return fmt.Errorf("pile %s is empty, but in %s the deal puts the card that sets the foundations' base rank there",
			g.Def.Piles[dealt].Name, g.Info.Name)
	}
	first := &g.State.Piles[dealt]
	if first.Empty() && !g.Def.FoundationReturn {
		return empty() // its cards never leave, so it cannot be empty
	}
	if g.State.Base != 0 { // given by the position: it must agree with the base card
		if !first.Empty() && first.Cards[0].Rank() != g.State.Base {
			return &BaseCardError{Base: g.State.Base, Pile: g.Def.Ref(dealt), Card: first.Cards[0]}
		}
		return nil
	}
	order := append([]int{dealt}, g.pilesOf(Foundation)...)
	for _, i := range order {
		if p := &g.State.Piles[i]; !p.Empty() {
			g.State.Base = p.Cards[0].Rank()
			return nil
		}
	}
	return empty()
}

// dealtFoundation is the foundation on which a deal puts the base card, in games with a base
// rank, or -1. It deals an unshuffled deck to find out, so it follows the game's own Deal.
func (g *Game) dealtFoundation() int {
	piles := make([]Pile, len(g.Def.Piles))
	if g.Def.Deal(g.Def.Cards(), piles) == 0 {
		return -1
	}
	for _, i := range g.pilesOf(Foundation) {
		if !piles[i].Empty() {
			return i
		}
	}
	return -1
}

// checkFoundation rebuilds foundation i card by card with the engine's own acceptance test,
// the other piles as they are in the position.
func (g *Game) checkFoundation(i int) error {
	spec := &g.Def.Piles[i]
	p := &g.State.Piles[i]
	cards := p.Cards
	defer func() { *p = Pile{Cards: cards} }()
	*p = Pile{Cards: make([]Card, 0, len(cards))}
	if i == g.Def.PairsHome() {
		// Pairs that made 13 came here together, and kings alone (Pyramid).
		for k := 0; k < len(cards); k++ {
			if c := cards[k]; c.Rank() != King {
				if k+1 == len(cards) || int(c.Rank())+int(cards[k+1].Rank()) != 13 {
					return fmt.Errorf("pile %s, card %d: %s is neither a king nor one of a pair that makes 13 with the card after it", spec.Name, k+1, c)
				}
				k++
			}
		}
		return nil
	}
	if spec.Rule.Empty == EmptyRun && len(cards) > 0 {
		// One whole run, come home at once: a king, then each rank down to the ace in its suit.
		for k, c := range cards {
			if len(cards) != int(King) || c.Rank() != King-Rank(k) || c.Suit() != cards[0].Suit() {
				return fmt.Errorf("pile %s, card %d: %s, but a foundation of %s holds one complete run from king to ace in one suit, or nothing",
					spec.Name, k+1, c, g.Info.Name)
			}
		}
		return nil
	}
	for k, c := range cards {
		// A foundation that nothing may start (Osmosis' first) was started by the deal.
		dealt := k == 0 && spec.Rule.Empty == EmptyNone
		if !dealt && !g.fits(i, c, 1) {
			// fits is takes' Accepted, so acceptsCard gives its refusal.
			return fmt.Errorf("pile %s, card %d: %w", spec.Name, k+1, g.acceptsCard(i, c, 1))
		}
		p.Cards = append(p.Cards, c)
	}
	return nil
}

// passesText says how many times a game's waste may be turned over.
func passesText(d *Def) string {
	switch {
	case d.Draw == 0:
		return "no recycling: it has no waste"
	case d.Passes == 0:
		return "any number of recycles"
	}
	return Plural(d.Passes-1, "recycle")
}
