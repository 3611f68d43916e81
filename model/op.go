package model

import (
	"fmt"
	"strconv"
	"strings"
)

// PileRef names a pile as the player typed it: a kind letter and a 1-based index.
// Index 0 means "unspecified": F alone is the foundation that fits, R alone the first empty cell.
type PileRef struct {
	Kind  byte // 'C', 'F', 'R', 'S' or 'W'
	Index int
}

// String gives the canonical pile name, e.g. "C3" or "F".
func (p PileRef) String() string {
	if p.Kind == 0 {
		return ""
	}
	if p.Index == 0 {
		return string(p.Kind)
	}
	return string(p.Kind) + strconv.Itoa(p.Index)
}

// IsZero reports whether no pile is named.
func (p PileRef) IsZero() bool { return p.Kind == 0 }

// Op is a command that plays or asks about the game, as the parser produces it and String
// writes it. Commands about the session (new, load, save, help, ...) are the
// controller's: see parser.Session.
type Op interface {
	// String is the canonical command text, which parses back to the same Op.
	String() string
	isOp()
}

// Move moves N cards (0: choose) from one pile to another (To zero: choose). Card, when set,
// names the source by a card instead: the pile that holds it, with the cards lying on it; and
// Onto names the destination by a card: the pile it is the top of ("7H 6C" in Pyramid).
type Move struct {
	From, To PileRef
	N        int
	Card     Card
	Onto     Card
}

// Draw deals from the stock, or recycles the waste when the stock is empty.
type Draw struct{}

// Undo takes back N steps.
type Undo struct{ N int }

// Redo replays N undone steps.
type Redo struct{ N int }

// Restart goes back to the start of the same deal.
type Restart struct{}

// Option is one key=value pair, as typed.
type Option struct{ Key, Value string }

// Auto plays every safe card to the foundations.
type Auto struct{}

// Moves lists the legal moves.
type Moves struct{}

// Hint suggests the most useful legal move.
type Hint struct{}

// Purge sends every card that has become useless in play to the foundations (La Peau).
type Purge struct{}

// Policy switches La Peau's stacking policy before the first move.
type Policy struct{ Name string }

func (Move) isOp()    {}
func (Draw) isOp()    {}
func (Undo) isOp()    {}
func (Redo) isOp()    {}
func (Restart) isOp() {}
func (Auto) isOp()    {}
func (Moves) isOp()   {}
func (Hint) isOp()    {}
func (Purge) isOp()   {}
func (Policy) isOp()  {}

func (m Move) String() string { return m.Words(Card.String) }

// Words writes the move as String does, its card (if it names one) written by w: an echo of
// the command shows the card as the board draws it.
func (m Move) Words(w CardWriter) string {
	var b strings.Builder
	b.WriteString("move ")
	if m.Card.Valid() {
		b.WriteString(w(m.Card))
	} else {
		b.WriteString(m.From.String())
	}
	if !m.To.IsZero() {
		b.WriteString(" " + m.To.String())
	}
	if m.Onto.Valid() {
		b.WriteString(" " + w(m.Onto))
	}
	if m.N > 0 {
		b.WriteString(" " + strconv.Itoa(m.N))
	}
	return b.String()
}

func (Draw) String() string { return "draw" }

func (u Undo) String() string { return countedString("undo", u.N) }

func (r Redo) String() string { return countedString("redo", r.N) }

func countedString(verb string, n int) string {
	if n <= 1 {
		return verb
	}
	return fmt.Sprintf("%s %d", verb, n)
}

func (Restart) String() string  { return "restart" }
func (Auto) String() string     { return "auto" }
func (Moves) String() string    { return "moves" }
func (Hint) String() string     { return "hint" }
func (Purge) String() string    { return "purge" }
func (p Policy) String() string { return "policy " + p.Name }
