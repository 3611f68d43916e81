package model

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
	DeadProductive                // no productive move, Klondike-style (rules.md 1.7)
)

// Def is a game declaration: its piles with their rules, its deal and its few policies.
// Options change the declaration, never the engine.
type Def struct {
	Decks            int
	Piles            []PileSpec
	Draw             int // cards turned per draw; 0 if the game has no waste
	Passes           int // trips through the stock; 0 means unlimited
	Group            GroupLimit
	FoundationReturn bool // a foundation's top card may be played elsewhere
	AutoFinish       bool // finish by itself once every column is an ordered sequence
	DeadEnd          DeadEnd
	// Deal lays a shuffled deck out on the piles.
	Deal func(deck []Card, piles []Pile)
}

// index returns the position of the first pile of the role, and how many there are.
func (d *Def) span(r Role) (first, n int) {
	first = -1
	for i := range d.Piles {
		if d.Piles[i].Role == r {
			if first < 0 {
				first = i
			}
			n++
		}
	}
	return first, n
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

// piles makes a spec list: n piles of one role named prefix1..prefixN.
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
