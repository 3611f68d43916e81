// Package model holds cards, piles, games, rules and history. It is pure: no I/O.
package model

import (
	"fmt"
	"strings"
)

// Suit is one of the four suits, in Microsoft FreeCell order (clubs first).
type Suit uint8

// The suits. The order is the one the Microsoft deal algorithm uses.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// Suits lists all suits in their natural order.
var Suits = [4]Suit{Clubs, Diamonds, Hearts, Spades}

// Letter is the ASCII letter of the suit: C, D, H or S.
func (s Suit) Letter() byte { return "CDHS"[s&3] }

// Symbol is the Unicode symbol of the suit.
func (s Suit) Symbol() string { return [4]string{"♣", "♦", "♥", "♠"}[s&3] }

// Red reports whether the suit is hearts or diamonds.
func (s Suit) Red() bool { return s == Diamonds || s == Hearts }

// Rank is a card's rank, Ace=1 to King=13.
type Rank uint8

// Named ranks.
const (
	Ace   Rank = 1
	Jack  Rank = 11
	Queen Rank = 12
	King  Rank = 13
)

// Letter is the one-character rank: A 2..9 T J Q K.
func (r Rank) Letter() byte {
	if r < 1 || r > 13 {
		return '?'
	}
	return "?A23456789TJQK"[r]
}

// Card is a rank and suit packed in a byte; the zero Card is "no card".
type Card uint8

// NewCard makes a card from a rank and a suit.
func NewCard(r Rank, s Suit) Card { return Card(uint8(r)<<2 | uint8(s&3)) }

// Rank is the card's rank.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit is the card's suit.
func (c Card) Suit() Suit { return Suit(c & 3) }

// Red reports whether the card is a heart or a diamond.
func (c Card) Red() bool { return c.Suit().Red() }

// Valid reports whether the card is a real card.
func (c Card) Valid() bool { return c.Rank() >= 1 && c.Rank() <= 13 }

// String gives the two-letter name, e.g. "TH" for the ten of hearts.
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return string([]byte{c.Rank().Letter(), c.Suit().Letter()})
}

// suitSymbols turns the suit symbols the board shows (and their white forms, and the emoji
// selector a phone may add) into letters.
var suitSymbols = strings.NewReplacer("♣", "C", "♧", "C", "♦", "D", "♢", "D", "♥", "H", "♡", "H", "♠", "S", "♤", "S", "\uFE0F", "")

// ParseCard reads a card's name, rank then suit ("TH", "10h", "as"), the suit also as the board
// draws it ("7♥").
func ParseCard(s string) (Card, error) {
	u := strings.ToUpper(suitSymbols.Replace(strings.TrimSpace(s)))
	if len(u) < 2 {
		return 0, fmt.Errorf("card %q: want rank then suit, like TH or 9S", s)
	}
	rs, ss := u[:len(u)-1], u[len(u)-1]
	var r Rank
	switch rs {
	case "10":
		r = 10
	default:
		if len(rs) != 1 {
			return 0, fmt.Errorf("card %q: unknown rank %q", s, rs)
		}
		i := strings.IndexByte("A23456789TJQK", rs[0])
		if i < 0 {
			return 0, fmt.Errorf("card %q: unknown rank %q (use A 2-9 T J Q K)", s, rs)
		}
		r = Rank(i + 1)
	}
	i := strings.IndexByte("CDHS", ss)
	if i < 0 {
		return 0, fmt.Errorf("card %q: unknown suit %q (use C D H S)", s, string(ss))
	}
	return NewCard(r, Suit(i)), nil
}

// NewDeck returns n decks in a fixed order: for each deck, ranks A..K, each in suit order C D H S.
func NewDeck(n int) []Card {
	d := make([]Card, 0, 52*n)
	for k := 0; k < n; k++ {
		for r := Ace; r <= King; r++ {
			for _, s := range Suits {
				d = append(d, NewCard(r, s))
			}
		}
	}
	return d
}
