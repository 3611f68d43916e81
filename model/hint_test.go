package model

import (
	"strings"
	"testing"
)

// TestReasonOfACommandThatDoesNotFit: Reason words a legal command and refuses one that does
// not fit the position, never reading past a pile's cards. A hint holding a remembered line
// once asked it about a La Peau move found under the alternate policy after a switch to
// same-suit, and the look at the card lifted indexed past the pile (a panic).
func TestReasonOfACommandThatDoesNotFit(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		op    Op
		want  string // the reason, or with err the start of the error
		err   bool
	}{
		{name: "a legal move", game: "freecell", piles: map[string]string{"C1": "KH 7C", "C2": "8D"},
			op: mv("C1", "C2", 0), want: "moves 7C onto 8D"},
		{name: "lapeau: the alternate policy's move under same-suit", game: "lapeau", opts: Options{"alternate": "false"},
			piles: map[string]string{"C8": "4S 3H 2D 7C", "C11": "8D"}, op: mv("C8", "C11", 0), want: "move C8 C11:", err: true},
		{name: "a count the pile does not hold", game: "freecell", piles: map[string]string{"C1": "8D 7C", "C2": "9H"},
			op: mv("C1", "C2", 5), want: "move C1 C2 5:", err: true},
		{name: "an empty source", game: "freecell", piles: map[string]string{"C2": "9H"},
			op: mv("C1", "C2", 0), want: "move C1 C2:", err: true},
		{name: "a pile the game lacks", game: "freecell", piles: map[string]string{"C1": "8D"},
			op: mv("C1", "C12", 0), want: "move C1 C12 does not name two piles of FreeCell", err: true},
		{name: "F alone names no one pile", game: "freecell", piles: map[string]string{"C1": "AD"},
			op: mv("C1", "F", 0), want: "move C1 F does not name two piles", err: true},
		{name: "a draw without a stock", game: "freecell", piles: map[string]string{"C1": "AD"},
			op: Draw{}, want: "draw: FreeCell has no stock", err: true},
		{name: "a draw", game: "klondike", piles: map[string]string{"S": "| 5D 6D"},
			op: Draw{}, want: "nothing better on the board: draw from the stock"},
		{name: "auto counts the safe cards it plays", game: "freecell", piles: map[string]string{"C1": "9H 2D", "C2": "AD", "C3": "AS KC"},
			op: Auto{}, want: "plays 2 safe cards home"},
		{name: "auto with no safe card", game: "freecell", piles: map[string]string{"C1": "9H 3D"},
			op: Auto{}, want: "auto: no card can safely go home now", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			got, err := g.Reason(tt.op)
			switch {
			case tt.err && (err == nil || !strings.HasPrefix(err.Error(), tt.want)):
				t.Fatalf("Reason(%s) = %q, %v; want an error starting %q", tt.op, got, err, tt.want)
			case !tt.err && (err != nil || got.String() != tt.want):
				t.Fatalf("Reason(%s) = %q, %v; want %q", tt.op, got, err, tt.want)
			}
		})
	}
}

// TestLineReasonOfADraw: a draw on a winning line says what it does and that the win needs it:
// from an empty stock it turns the waste over (once, the hint said "the win needs the next
// stock card" there, and the draw turned the waste over), and Algerian's deals the stock.
func TestLineReasonOfADraw(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		piles map[string]string
		want  string
		err   bool
	}{
		{"a stock card", "klondike", map[string]string{"S": "| 5D 6D", "W": "7C"}, "the win needs the next stock card", false},
		{"an empty stock", "klondike", map[string]string{"W": "7C 5D"}, "turns the waste over: the win needs its cards again", false},
		{"nothing to draw", "klondike", map[string]string{"C1": "7C"}, "draw: nothing is left to draw", true},
		{"algerian deals", "algerian", map[string]string{"S": "| 5D 6D 7D 8D 9D TD JD QD KD 5C 6C 7C"}, "deals the stock: the win needs its cards", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, nil, tt.piles)
			got, err := g.LineReason(Draw{})
			if tt.err {
				if err == nil || err.Error() != tt.want {
					t.Fatalf("LineReason(draw) = %q, %v; want the error %q", got, err, tt.want)
				}
				return
			}
			if err != nil || got.String() != tt.want {
				t.Fatalf("LineReason(draw) = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	g := layout(t, "klondike", nil, map[string]string{"W": "7C 5D"})
	if got, err := g.Reason(Draw{}); err != nil || got.String() != "nothing better on the board: turn the waste over" {
		t.Errorf("Reason(draw) from an empty stock = %q, %v", got, err)
	}
}

// TestDeadEndLeft: at a dead end, DeadEndLeft names every kind of command Legal still lists,
// so that "no move is left but ..." never denies a command moves shows; elsewhere it is "".
func TestDeadEndLeft(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		want  string
	}{
		// A Canfield position met in play, in small: the stock holds nothing that plays, and
		// the foundation's 8D may come back onto the column's 9S.
		{"canfield: a draw and a foundation return", "canfield", nil,
			map[string]string{"S": "| 5C 4H", "W": "7C", "F1": "AD 2D 3D 4D 5D 6D 7D 8D", "F2": "AC",
				"C1": "9S", "C2": "KH", "C3": "KC", "C4": "JC"},
			"drawing (no card it turns up can be played) and taking cards back from the foundations"},
		{"klondike: a sideways move", "klondike", nil,
			map[string]string{"C1": "KS QH JS", "C2": "KC QD", "F1": "AC"},
			"sideways moves that reveal nothing"},
		{"freecell: foundation returns only", "freecell", nil,
			map[string]string{"R1": "KD", "R2": "KC", "R3": "KH", "R4": "KS", "F1": "AS", "F2": "AH 2H",
				"C1": "QD", "C2": "QC", "C3": "QH", "C4": "3S", "C5": "4C", "C6": "6C", "C7": "8H", "C8": "TS"},
			"taking cards back from the foundations"},
		{"no dead end", "klondike", nil, map[string]string{"C1": "AS"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			g.State.Base = Ace // Canfield's foundations start at the deal's base rank
			if got := g.DeadEndLeft(); got != tt.want {
				t.Errorf("DeadEndLeft = %q, want %q; legal: %v", got, tt.want, g.Legal())
			}
			if tt.want != "" && len(g.Legal()) == 0 {
				t.Errorf("no legal command: the premise changed")
			}
		})
	}
}
