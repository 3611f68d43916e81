package model

// Role says what part a pile plays on the board.
type Role uint8

// The pile roles.
const (
	Tableau Role = iota
	Foundation
	Cell
	Reserve
	Stock
	Waste
)

// Letter is the pile-name letter players type for piles of this role.
func (r Role) Letter() byte { return "CFRRSW"[r] }

// Noun names the role in messages.
func (r Role) Noun() string {
	return [...]string{"column", "foundation", "free cell", "reserve", "stock", "waste"}[r]
}

// Build says how a card may be placed on a non-empty pile.
type Build uint8

// The building rules.
const (
	BuildNone      Build = iota // nothing may be placed on a card here
	BuildDown                   // one rank lower than the top
	BuildUp                     // one rank higher than the top
	BuildUpDown                 // one rank higher or lower
	BuildSameRank               // the same rank as the top
	BuildAnyRank                // any rank (Osmosis' first foundation)
	BuildRankAbove              // a rank already in the previous pile (Osmosis)
	BuildSum13                  // a card whose rank and the top's total 13 (Pyramid: A=1, J=11, Q=12)
	BuildKing                   // a king, whatever lies there (Pyramid's discards)
)

// Match says which suits may follow each other.
type Match uint8

// The suit rules.
const (
	MatchAny Match = iota
	MatchAltColor
	MatchSameSuit
)

// Empty says what an empty pile accepts.
type Empty uint8

// The rules for empty piles.
const (
	EmptyAny       Empty = iota // any card or valid group
	EmptyNone                   // nothing: only the deal fills it
	EmptyKing                   // a King, or a group whose bottom card is a King
	EmptyAce                    // an Ace
	EmptyBase                   // a card of the game's base rank (classic Canfield)
	EmptyRankAbove              // a rank present in the previous pile (Osmosis)
	EmptyRun                    // a complete run from king down to ace, moved whole (Spider's foundations)
)

// Take says which cards may be lifted off a pile.
type Take uint8

// The rules for lifting cards.
const (
	TakeNone     Take = iota // nothing (stock: use draw)
	TakeTop                  // the top card only
	TakeRun                  // any face-up run that is a sequence under the pile's own rule
	TakeTopOrAll             // the top card or the whole pile, if it is a sequence
	TakeSameRank             // any top group of one rank
	TakeChain                // a same-suit up-or-down chain, which lands reversed
	TakeFaceUp               // any face-up card with every card on it, in any order (Yukon)
	TakeSuitRun              // any face-up run in order under the pile's rule whose cards are all one suit (Spider)
)

// Rule is a pile's declaration: what it accepts and what may be taken.
type Rule struct {
	Build    Build
	Match    Match
	Wrap     bool  // K and A are adjacent
	BaseStop bool  // with Wrap: sequences stop at the base rank, whose lower neighbour never lies on it
	Empty    Empty // what an empty pile accepts
	Capacity int   // most cards the pile may hold; 0 means no limit
	Single   bool  // accepts one card at a time only
	Take     Take
	AutoFlip bool // a face-down top card turns up by itself
	TopOnly  bool // only the top card shows: the rest lie face down (Algerian reserves)
	Freeze   bool // a full pile of one rank can no longer be moved from (Fifteen)
	Chained  bool // an empty pile opens only once the pile before it has cards (Osmosis)
	NewSuit  bool // an empty pile takes only a suit that no pile of its role holds yet (Osmosis)
	// PairOff: a card built on this pile leaves at once with the card it lands on, the two
	// onto the first foundation (Pyramid's pairs that total 13).
	PairOff bool
	// RunSuit: a run of two or more cards lands only on a card of its own suit, though single
	// cards build regardless of suit (Solvitaire's spider presets: help spider, runs-in-suit).
	RunSuit bool
}

// PileSpec declares one pile of a game.
type PileSpec struct {
	Name      string // e.g. "C3", "F1", "R2", "S", "W"
	Role      Role
	Rule      Rule
	FixedSuit bool // foundation dedicated to Suit
	Suit      Suit
	// CoveredBy names the piles that lie over this one (help tripeaks): while any of them
	// holds a card, nothing is taken from this one.
	CoveredBy []string
}

// Pile is the cards of one pile, bottom card first; the first Down cards are face down.
type Pile struct {
	Cards []Card
	Down  int
}

// Len is the number of cards.
func (p *Pile) Len() int { return len(p.Cards) }

// Empty reports whether the pile has no cards.
func (p *Pile) Empty() bool { return len(p.Cards) == 0 }

// Top is the top card, or 0 when the pile is empty.
func (p *Pile) Top() Card {
	if len(p.Cards) == 0 {
		return 0
	}
	return p.Cards[len(p.Cards)-1]
}

// FaceUp is the number of face-up cards.
func (p *Pile) FaceUp() int { return len(p.Cards) - p.Down }

// Follows reports whether card c may lie directly on card under, by the rule's build and match,
// the game's base rank being base (0 in games without one).
func (r *Rule) Follows(base Rank, under, c Card) bool {
	if !r.suitsMatch(under, c) {
		return false
	}
	ur, cr := int(under.Rank()), int(c.Rank())
	wrap := r.Wrap
	if wrap && r.BaseStop && base != 0 {
		// The ranks count from the base, as on the foundations (the base 1, the rank below it
		// 13), and do not wrap: no sequence runs across the base.
		ur, cr = (ur-int(base)+13)%13+1, (cr-int(base)+13)%13+1
		wrap = false
	}
	switch r.Build {
	case BuildDown:
		return cr == ur-1 || (wrap && ur == 1 && cr == 13)
	case BuildUp:
		return cr == ur+1 || (wrap && ur == 13 && cr == 1)
	case BuildUpDown:
		return cr == ur-1 || cr == ur+1 || (wrap && (ur == 1 && cr == 13 || ur == 13 && cr == 1))
	case BuildSameRank:
		return cr == ur
	case BuildAnyRank:
		return true
	case BuildSum13:
		return ur+cr == 13
	case BuildKing:
		return cr == 13
	}
	return false
}

// InRun reports whether card c may lie on card under within a run that moves together: it
// follows under by the rule, and where only runs of one suit move (TakeSuitRun) it is of
// under's suit.
func (r *Rule) InRun(base Rank, under, c Card) bool {
	return r.Follows(base, under, c) && (r.Take != TakeSuitRun || under.Suit() == c.Suit())
}

func (r *Rule) suitsMatch(a, b Card) bool {
	switch r.Match {
	case MatchAltColor:
		return a.Red() != b.Red()
	case MatchSameSuit:
		return a.Suit() == b.Suit()
	}
	return true
}

// isSequence reports whether each card follows the one beneath it by the rule.
func (r *Rule) isSequence(base Rank, cs []Card) bool {
	for k := 1; k < len(cs); k++ {
		if !r.Follows(base, cs[k-1], cs[k]) {
			return false
		}
	}
	return true
}
