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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			got, err := g.Reason(tt.op)
			switch {
			case tt.err && (err == nil || !strings.HasPrefix(err.Error(), tt.want)):
				t.Fatalf("Reason(%s) = %q, %v; want an error starting %q", tt.op, got, err, tt.want)
			case !tt.err && (err != nil || got != tt.want):
				t.Fatalf("Reason(%s) = %q, %v; want %q", tt.op, got, err, tt.want)
			}
		})
	}
}
