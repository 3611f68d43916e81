package model

import (
	"strings"
	"testing"
)

// layout makes a game whose piles hold exactly the cards listed; cards before "|" are face down.
// Unlisted piles are empty. The card set need not be a whole deck: these tests look at one rule each.
func layout(t *testing.T, game string, opts Options, piles map[string]string) *Game {
	t.Helper()
	g, err := NewGame(Config{Game: game, Seed: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.State.Piles {
		g.State.Piles[i] = Pile{}
	}
	for name, spec := range piles {
		p, _, ok := g.Pile(name)
		if !ok {
			t.Fatalf("no pile %s in %s", name, game)
		}
		*p = parsePile(t, spec)
	}
	g.start = g.State.Clone()
	return g
}

func parsePile(t *testing.T, spec string) Pile {
	t.Helper()
	var p Pile
	down := strings.Contains(spec, "|")
	for _, f := range strings.Fields(spec) {
		if f == "|" {
			down = false
			continue
		}
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		p.Cards = append(p.Cards, c)
		if down {
			p.Down++
		}
	}
	return p
}

// pileText shows a pile the way parsePile reads it.
func pileText(p *Pile) string {
	var parts []string
	for i, c := range p.Cards {
		if i == p.Down && p.Down > 0 {
			parts = append(parts, "|")
		}
		parts = append(parts, c.String())
	}
	if p.Down > 0 && p.Down == len(p.Cards) {
		parts = append(parts, "|")
	}
	return strings.Join(parts, " ")
}

type ruleCase struct {
	name  string
	opts  Options
	piles map[string]string
	op    Op
	err   string            // substring of the expected error; "" means the command is legal
	want  map[string]string // piles after the command (only those listed are checked)
	base  Rank              // the base rank, for games that have one
}

func runRuleCases(t *testing.T, game string, cases []ruleCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := layout(t, game, tc.opts, tc.piles)
			g.State.Base = tc.base
			before := g.State.Clone()
			_, err := g.Apply(tc.op)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("%s: error %v, want one containing %q", tc.op, err, tc.err)
				}
				if !g.State.Equal(&before) {
					t.Fatalf("%s: a refused command changed the board", tc.op)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.op, err)
			}
			for name, want := range tc.want {
				p, _, _ := g.Pile(name)
				if got := pileText(p); got != want {
					t.Errorf("%s after %s = %q, want %q", name, tc.op, got, want)
				}
			}
		})
	}
}

func mv(from, to string, n int) Move {
	ref := func(s string) PileRef {
		if s == "" {
			return PileRef{}
		}
		r := PileRef{Kind: s[0]}
		for _, ch := range s[1:] {
			r.Index = r.Index*10 + int(ch-'0')
		}
		return r
	}
	return Move{From: ref(from), To: ref(to), N: n}
}

func TestKlondikeRules(t *testing.T) {
	runRuleCases(t, "klondike", []ruleCase{
		{name: "alternate colour one lower", piles: map[string]string{"C1": "5H", "C2": "6S"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "", "C2": "6S 5H"}},
		{name: "same colour refused", piles: map[string]string{"C1": "5H", "C2": "6D"}, op: mv("C1", "C2", 0),
			err: "5H cannot go to C2, which needs a black 5"},
		{name: "two lower refused", piles: map[string]string{"C1": "4H", "C2": "6S"}, op: mv("C1", "C2", 0), err: "needs a red 5"},
		{name: "nothing on an ace", piles: map[string]string{"C1": "KH", "C2": "AS"}, op: mv("C1", "C2", 0), err: "no card goes on AS"},
		{name: "king to empty column", piles: map[string]string{"C1": "3C | KH"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "3C", "C2": "KH"}},
		{name: "queen to empty column refused", piles: map[string]string{"C1": "QH"}, op: mv("C1", "C2", 0), err: "which needs a king"},
		{name: "any card on empty with the option", opts: Options{"any-card-on-empty": "true"}, piles: map[string]string{"C1": "QH"},
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "QH"}},
		{name: "face-up run moves whole and flips", piles: map[string]string{"C1": "2C 3C | 9H 8S 7D", "C2": "TC"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "2C | 3C", "C2": "TC 9H 8S 7D"}},
		{name: "part of a run", piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D"}, op: mv("C1", "C2", 0),
			want: map[string]string{"C1": "9H", "C2": "9D 8S 7D"}},
		{name: "explicit count", piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D"}, op: mv("C1", "C2", 2),
			want: map[string]string{"C2": "9D 8S 7D"}},
		{name: "explicit count that does not fit", piles: map[string]string{"C1": "9H 8S 7D", "C2": "9D"}, op: mv("C1", "C2", 1),
			err: "7D cannot go to C2, which needs a black 8"},
		{name: "no card of the run fits", piles: map[string]string{"C1": "9H 8S 7D", "C2": "5D"}, op: mv("C1", "C2", 0),
			err: "no card of C1's top 3 fits on C2, which needs a black 4"},
		{name: "count larger than the pile", piles: map[string]string{"C1": "9H 8S", "C2": "9C"}, op: mv("C1", "C2", 5), err: "C1 has only 2 cards"},
		{name: "count reaching face-down cards", piles: map[string]string{"C1": "4D | 9H 8S", "C2": "TC"}, op: mv("C1", "C2", 3),
			err: "only 2 cards are face up"},
		{name: "king run to empty", piles: map[string]string{"C1": "5D | KS QH JC"}, op: mv("C1", "C3", 0),
			want: map[string]string{"C1": "5D", "C3": "KS QH JC"}},
		{name: "ace to its fixed foundation", piles: map[string]string{"C1": "AS"}, op: mv("C1", "F1", 0), want: map[string]string{"F1": "AS"}},
		{name: "ace to the wrong suit's foundation", piles: map[string]string{"C1": "AH"}, op: mv("C1", "F1", 0), err: "AH cannot go to F1, which needs AS"},
		{name: "F alone finds the suit", piles: map[string]string{"C1": "AH"}, op: mv("C1", "F", 0), want: map[string]string{"F4": "AH"}},
		{name: "F alone reports the suit's foundation", piles: map[string]string{"C1": "7S", "F1": "AS"}, op: mv("C1", "F", 0),
			err: "7S goes on no foundation: F1 needs 2S"},
		{name: "next card of the suit", piles: map[string]string{"W": "2D", "F2": "AD"}, op: mv("W", "F2", 0), want: map[string]string{"F2": "AD 2D", "W": ""}},
		{name: "foundation takes single cards", piles: map[string]string{"C1": "3H 2S", "F1": "AS"}, op: mv("C1", "F1", 2), err: "one card at a time"},
		{name: "foundation card comes back", piles: map[string]string{"F4": "AH 2H 3H", "C1": "4S"}, op: mv("F4", "C1", 0),
			want: map[string]string{"F4": "AH 2H", "C1": "4S 3H"}},
		{name: "foundation return switched off", opts: Options{"no-foundation-return": "true"}, piles: map[string]string{"F4": "AH 2H 3H", "C1": "4S"},
			op: mv("F4", "C1", 0), err: "stay there"},
		{name: "waste top to column", piles: map[string]string{"W": "3C 8D", "C1": "9S"}, op: mv("W", "C1", 0), want: map[string]string{"W": "3C", "C1": "9S 8D"}},
		{name: "waste gives one card only", piles: map[string]string{"W": "9D 8C", "C1": "TS"}, op: mv("W", "C1", 2), err: "one card at a time"},
		{name: "no moving from the stock", piles: map[string]string{"S": "| 8D"}, op: mv("S", "C1", 0), err: "draw, not move"},
		{name: "face-down top cannot move", piles: map[string]string{"C1": "8D |", "C2": "9S"}, op: mv("C1", "C2", 0), err: "face down"},
		{name: "empty source", piles: map[string]string{"C2": "9S"}, op: mv("C1", "C2", 0), err: "C1 is empty"},
		{name: "no such column", op: mv("C9", "C1", 0), err: "klondike has no pile C9 (columns are C1-C7)"},
		{name: "no free cells in klondike", piles: map[string]string{"C1": "9S"}, op: mv("C1", "R1", 0), err: "klondike has no free cells"},
		{name: "same pile twice", piles: map[string]string{"C1": "9S"}, op: mv("C1", "C1", 0), err: "both the source and the destination"},
		{name: "auto destination prefers the foundation", piles: map[string]string{"C1": "2S", "F1": "AS", "C2": "3H"}, op: mv("C1", "", 0),
			want: map[string]string{"F1": "AS 2S", "C2": "3H"}},
		{name: "auto destination then a column", piles: map[string]string{"C1": "2S", "C2": "3H"}, op: mv("C1", "", 0), want: map[string]string{"C2": "3H 2S"}},
		{name: "auto destination then an empty column", piles: map[string]string{"C1": "4D | KS", "C2": "3H"}, op: mv("C1", "", 0),
			want: map[string]string{"C2": "3H", "C3": "KS"}},
		{name: "auto destination with nowhere to go", piles: map[string]string{"C1": "5S", "C2": "3H"}, op: mv("C1", "", 0), err: "no legal move for 5S from C1"},
	})
}

// freecellFull is a FreeCell layout whose columns C3-C8 are taken, so that no empty column
// counts in a group move; with adds piles to it.
var freecellFull = map[string]string{"C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"}

// with is freecellFull with the piles of extra.
func with(extra map[string]string) map[string]string { return over(freecellFull, extra) }

// over is the layout base with the piles of extra in place of its own.
func over(base, extra map[string]string) map[string]string {
	m := map[string]string{}
	for k, v := range base {
		m[k] = v
	}
	for k, v := range extra {
		m[k] = v
	}
	return m
}

func TestFreeCellRules(t *testing.T) {
	runRuleCases(t, "freecell", []ruleCase{
		{name: "card to a free cell", piles: with(map[string]string{"C1": "9H"}), op: mv("C1", "R2", 0), want: map[string]string{"R2": "9H", "C1": ""}},
		{name: "R alone takes the first empty cell", piles: with(map[string]string{"C1": "9H", "R1": "KS"}), op: mv("C1", "R", 0),
			want: map[string]string{"R1": "KS", "R2": "9H"}},
		{name: "a cell holds one card", piles: with(map[string]string{"C1": "9H", "R1": "KS"}), op: mv("C1", "R1", 0), err: "R1 is full"},
		{name: "cells full", piles: with(map[string]string{"C1": "9H", "R1": "KS", "R2": "KH", "R3": "KD", "R4": "KC"}), op: mv("C1", "R", 0),
			err: "is full"},
		{name: "cell to column", piles: with(map[string]string{"R3": "8D", "C1": "9S"}), op: mv("R3", "C1", 0), want: map[string]string{"R3": "", "C1": "9S 8D"}},
		{name: "any ace opens any foundation", piles: with(map[string]string{"C1": "AH"}), op: mv("C1", "F3", 0), want: map[string]string{"F3": "AH"}},
		{name: "F alone picks the suit's foundation", piles: with(map[string]string{"C1": "2H", "F1": "AS", "F2": "AH"}), op: mv("C1", "F", 0),
			want: map[string]string{"F2": "AH 2H"}},
		{name: "F alone with no fit", piles: with(map[string]string{"C1": "3H", "F2": "AH"}), op: mv("C1", "F", 0), err: "3H goes on no foundation: F1 needs an ace, F2 needs 2H, F3 and F4 need an ace"},
		{name: "empty column takes any card", piles: map[string]string{"C1": "9H", "C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"},
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "9H"}},
		{name: "run of 5 with 4 cells and no empty column", piles: with(map[string]string{"C1": "9H 8S 7H 6S 5H", "C2": "TC"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "TC 9H 8S 7H 6S 5H"}},
		{name: "run of 6 exceeds (4+1)·2^0", piles: with(map[string]string{"C1": "TD 9C 8H 7C 6H 5C", "C2": "JS"}), op: mv("C1", "C2", 0),
			err: "6 cards cannot move at once here: free space allows 5"},
		{name: "run of 3 with 1 cell and 1 empty column", piles: map[string]string{"C1": "9H 8S 7H", "C2": "TC", "R1": "KS", "R2": "KH", "R3": "KD",
			"C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"}, op: mv("C1", "C2", 0), want: map[string]string{"C2": "TC 9H 8S 7H"}},
		{name: "run of 3 with 1 cell and no empty column", piles: map[string]string{"C1": "KH QC JD TC 9H", "C2": "5C", "R1": "KS", "R2": "AH", "R3": "KD",
			"C3": "QS", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"}, op: mv("C1", "C3", 3), err: "free space allows 2"},
		{name: "empty destination is not counted", piles: map[string]string{"C1": "9H 8S 7H", "R1": "KS", "R2": "KH", "R3": "KD", "R4": "KC",
			"C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"}, op: mv("C1", "C2", 2), err: "free space allows 1"},
		{name: "to empty column, N omitted moves the longest legal run", piles: map[string]string{"C1": "KD 9H 8S 7H",
			"C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"}, op: mv("C1", "C2", 0), want: map[string]string{"C1": "KD", "C2": "9H 8S 7H"}},
		{name: "linear supermove", opts: Options{"supermove": "linear"}, piles: map[string]string{"C1": "KD 9H 8S 7H 6C 5D 4C", "C2": "TC", "R1": "KS",
			"C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"}, op: mv("C1", "C2", 0), err: "free space allows 5"},
		{name: "no supermove", opts: Options{"supermove": "none"}, piles: with(map[string]string{"C1": "9H 8S", "C2": "TC"}), op: mv("C1", "C2", 0),
			err: "free space allows 1"},
		{name: "relaxed has no limit", opts: Options{"supermove": "relaxed", "cells": "0"}, piles: with(map[string]string{"C1": "TD 9C 8H 7C 6H 5C", "C2": "JS"}),
			op: mv("C1", "C2", 0), want: map[string]string{"C2": "JS TD 9C 8H 7C 6H 5C"}},
		{name: "fewer cells", opts: Options{"cells": "2"}, piles: with(map[string]string{"C1": "9H"}), op: mv("C1", "R3", 0), err: "freecell has no pile R3 (free cells or reserves are R1-R2)"},
		{name: "no cells at all", opts: Options{"cells": "0"}, piles: with(map[string]string{"C1": "9H"}), op: mv("C1", "R", 0), err: "freecell has no free cells"},
		{name: "baker's game builds by suit", opts: Options{"bakers": "true"}, piles: with(map[string]string{"C1": "9H", "C2": "TS"}), op: mv("C1", "C2", 0),
			err: "9H cannot go to C2, which needs 9S"},
		{name: "baker's game accepts the suit", opts: Options{"bakers": "true"}, piles: with(map[string]string{"C1": "9S", "C2": "TS"}), op: mv("C1", "C2", 0),
			want: map[string]string{"C2": "TS 9S"}},
		{name: "kings only", opts: Options{"kings-only": "true"}, piles: map[string]string{"C1": "9S", "C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"},
			op: mv("C1", "C2", 0), err: "needs a king"},
		{name: "foundation card back to a cell", piles: with(map[string]string{"F1": "AS 2S"}), op: mv("F1", "R1", 0), want: map[string]string{"R1": "2S", "F1": "AS"}},
		{name: "foundation return switched off", opts: Options{"no-foundation-return": "true"}, piles: with(map[string]string{"F1": "AS 2S"}), op: mv("F1", "R1", 0), err: "stay there"},
		{name: "E is R", piles: with(map[string]string{"C1": "9H"}), op: Move{From: PileRef{Kind: 'C', Index: 1}, To: PileRef{Kind: 'E', Index: 1}},
			want: map[string]string{"R1": "9H"}},
		{name: "no stock", op: Draw{}, err: "freecell has no stock"},
		{name: "auto destination: cell last", piles: with(map[string]string{"C1": "9H", "C2": "5S"}), op: mv("C1", "", 0), want: map[string]string{"R1": "9H"}},
	})
}

func TestSupermoveTable(t *testing.T) {
	// help freecell: (F+1)·2^E, E counting empty columns other than source and destination.
	for cells := 0; cells <= 4; cells++ {
		for empty := 0; empty <= 3; empty++ {
			g := layout(t, "freecell", Options{"cells": itoa(max(cells, 0))}, nil)
			for i := 1; i <= 8-empty; i++ {
				p, _, _ := g.Pile("C" + itoa(i))
				p.Cards = []Card{NewCard(King, Spades)}
			}
			want := (cells + 1) << empty
			if _, _, got := g.FreeSpace(); got != want {
				t.Errorf("F=%d E=%d: limit %d, want %d", cells, empty, got, want)
			}
		}
	}
}

func TestDrawAndPasses(t *testing.T) {
	tests := []struct {
		name     string
		opts     Options
		draws    int
		stock    string
		waste    string
		fan      int
		err      string
		recycles int
	}{
		{name: "draw 1", draws: 1, stock: "4C 3C 2C |", waste: "AC", fan: 1},
		{name: "draw 3 turns three", opts: Options{"draw": "3"}, draws: 1, stock: "4C |", waste: "AC 2C 3C", fan: 3},
		{name: "draw 3 with fewer left", opts: Options{"draw": "3"}, draws: 2, stock: "", waste: "AC 2C 3C 4C", fan: 1},
		{name: "recycle keeps the order", draws: 5, stock: "4C 3C 2C AC |", waste: "", recycles: 1},
		{name: "draw after recycle turns the first card again", draws: 6, stock: "4C 3C 2C |", waste: "AC", recycles: 1, fan: 1},
		{name: "one pass: no recycle", opts: Options{"passes": "1"}, draws: 5, err: "no passes are left"},
		{name: "two passes: one recycle", opts: Options{"passes": "2"}, draws: 9, stock: "", waste: "AC 2C 3C 4C", recycles: 1, fan: 1},
		{name: "two passes: no second recycle", opts: Options{"passes": "2"}, draws: 10, err: "no passes are left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, "klondike", tt.opts, map[string]string{"S": "4C 3C 2C AC |", "C1": "KH"})
			var err error
			for i := 0; i < tt.draws && err == nil; i++ {
				_, err = g.Apply(Draw{})
			}
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s, _, _ := g.Pile("S")
			w, _, _ := g.Pile("W")
			if got := pileText(s); got != tt.stock {
				t.Errorf("stock %q, want %q", got, tt.stock)
			}
			if got := pileText(w); got != tt.waste {
				t.Errorf("waste %q, want %q", got, tt.waste)
			}
			if g.State.Recycles != tt.recycles || g.State.Fan != tt.fan {
				t.Errorf("recycles %d fan %d, want %d %d", g.State.Recycles, g.State.Fan, tt.recycles, tt.fan)
			}
		})
	}
}

func TestEmptyStockAndWaste(t *testing.T) {
	g := layout(t, "klondike", nil, map[string]string{"C1": "KH"})
	if _, err := g.Apply(Draw{}); err == nil || !strings.Contains(err.Error(), "both empty") {
		t.Fatalf("draw on nothing: %v", err)
	}
}

func TestUndoRedo(t *testing.T) {
	g := layout(t, "klondike", nil, map[string]string{"C1": "2C | 9H 8S", "C2": "TC", "C3": "3D", "S": "5H 6H |"})
	s0 := g.State.Clone()
	mustApply(t, g, mv("C1", "C2", 0)) // a group move and a flip: one step
	s1 := g.State.Clone()
	mustApply(t, g, Draw{})
	s2 := g.State.Clone()
	mustApply(t, g, Undo{N: 2})
	if !g.State.Equal(&s0) {
		t.Fatal("undo 2 did not restore the deal")
	}
	mustApply(t, g, Redo{})
	if !g.State.Equal(&s1) {
		t.Fatal("redo did not restore the group move")
	}
	mustApply(t, g, Redo{})
	if !g.State.Equal(&s2) {
		t.Fatal("second redo did not restore the draw")
	}
	if _, err := g.Apply(Redo{}); err == nil || err.Error() != "nothing to redo" {
		t.Fatalf("redo past the end: %v", err)
	}
	mustApply(t, g, Undo{})
	mustApply(t, g, mv("C1", "C3", 0)) // a new move drops the redo list
	if g.CanRedo() != 0 {
		t.Fatal("a new move after undo kept the redo list")
	}
	if _, err := g.Apply(Undo{N: 5}); err == nil || !strings.Contains(err.Error(), "only 2 steps can be undone") {
		t.Fatalf("undo 5: %v", err)
	}
	mustApply(t, g, Undo{N: 2})
	if _, err := g.Apply(Undo{}); err == nil || err.Error() != "nothing to undo" {
		t.Fatalf("undo at the start: %v", err)
	}
	mustApply(t, g, Draw{})
	mustApply(t, g, mv("C1", "C2", 0))
	moved := g.State.Clone()
	mustApply(t, g, Restart{})
	if !g.State.Equal(&s0) || g.Moves() != 0 || g.CanRedo() != 0 {
		t.Fatal("restart did not return to the deal")
	}
	// A restart is one step: undo takes it back, with the moves before it; redo restarts again.
	if r := mustApply(t, g, Undo{}); !g.State.Equal(&moved) || g.Moves() != 2 || r.Changed != true {
		t.Fatalf("undo after restart: moves %d, same position %v", g.Moves(), g.State.Equal(&moved))
	}
	mustApply(t, g, Undo{N: 2})
	if !g.State.Equal(&s0) {
		t.Fatal("undo through the history before a restart")
	}
	mustApply(t, g, Redo{N: 3})
	if !g.State.Equal(&s0) || g.Moves() != 0 || g.MoveCount() != 3 {
		t.Fatalf("redo of a restart: moves %d of %d", g.Moves(), g.MoveCount())
	}
	// At the start already, restart records nothing.
	if r := mustApply(t, g, Restart{}); r.Changed || g.MoveCount() != 3 || r.Note == "" {
		t.Fatalf("restart at the start: %+v, history %d", r, g.MoveCount())
	}
}

// homeText shows foundations F1..Fn as pileText does, separated by " | ".
func homeText(g *Game, n int) string {
	var fs []string
	for i := 1; i <= n; i++ {
		p, _, _ := g.Pile("F" + itoa(i))
		fs = append(fs, pileText(p))
	}
	return strings.Join(fs, " | ")
}

// applyNotice applies op and, when note is given, checks that op was accepted as a notice that
// nothing could be done: that note, the board and the history untouched. It reports whether op
// did something.
func applyNotice(t *testing.T, g *Game, op Op, note string) bool {
	t.Helper()
	before, steps := g.State.Clone(), g.CanUndo()
	r := mustApply(t, g, op)
	if note == "" {
		return true
	}
	if r.Note != note || r.Changed || !g.State.Equal(&before) || g.CanUndo() != steps {
		t.Fatalf("%s: %+v, want the notice %q and nothing changed", op, r, note)
	}
	return false
}

func mustApply(t *testing.T, g *Game, op Op) Result {
	t.Helper()
	r, err := g.Apply(op)
	if err != nil {
		t.Fatalf("%s: %v", op, err)
	}
	return r
}

func TestAutoFinish(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		op    Op
		won   bool
	}{
		{name: "klondike: last face-down card turned", game: "klondike", piles: map[string]string{
			"F1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "F2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
			"F3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", "F4": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
			"C1": "KD | KS", "C2": "KC QH", "C3": "KH QC"}, op: mv("C1", "C4", 0), won: true},
		{name: "klondike draw 1: stock left is fine", game: "klondike", piles: map[string]string{
			"F1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "F2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
			"F3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", "F4": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
			"C1": "KD | KS", "C2": "KC", "S": "QC JH |", "W": "QH KH"}, op: mv("C1", "C4", 0), won: true},
		{name: "klondike draw 3: stock left waits", game: "klondike", opts: Options{"draw": "3"}, piles: map[string]string{
			"F1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "F2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
			"F3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", "F4": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
			"C1": "KD | KS", "C2": "KC", "S": "QC JH |", "W": "QH KH"}, op: mv("C1", "C4", 0), won: false},
		{name: "freecell: every column in sequence", game: "freecell", piles: map[string]string{
			"F1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "F2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
			"F3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC", "F4": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
			"C1": "KD", "C2": "KC QH", "C3": "KH QC", "C4": "QS KS"}, op: mv("C4", "R1", 0), won: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			r := mustApply(t, g, tt.op)
			if r.Won != tt.won || g.Won() != tt.won {
				t.Fatalf("won = %v (result %v), want %v", g.Won(), r.Won, tt.won)
			}
			if tt.won && len(r.Auto) == 0 {
				t.Fatal("won without auto moves")
			}
			if tt.won {
				mustApply(t, g, Undo{})
				if g.Won() {
					t.Fatal("undo did not take back the move and its auto-finish as one step")
				}
			}
		})
	}
}

func TestCommandsAfterWin(t *testing.T) {
	g := layout(t, "freecell", nil, map[string]string{
		"F1": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "F2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
		"F3": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC", "F4": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
		"C1": "KD", "C2": "KC", "C3": "KH", "C4": "KS"})
	mustApply(t, g, Auto{})
	if !g.Won() {
		t.Fatal("auto did not win")
	}
	for _, op := range []Op{mv("F1", "C1", 0), Draw{}, Auto{}} {
		if _, err := g.Apply(op); err == nil || !strings.Contains(err.Error(), "won") {
			t.Errorf("%s after the win: %v", op, err)
		}
	}
	if len(g.Legal()) != 0 || g.DeadEnd() {
		t.Error("a won game has legal moves or a dead end")
	}
}

// TestSafeWraps: where the columns wrap (classic Canfield), an ace or a two is safe only as any
// other card is: a black ace may be the only place a red king can land.
func TestSafeWraps(t *testing.T) {
	tests := []struct {
		card  string
		piles map[string]string
		safe  bool
	}{
		{"AS", map[string]string{"F1": "5S 6S 7S 8S 9S TS JS QS KS", "C1": "AS", "C2": "KH"}, false},
		{"AS", map[string]string{"F1": "5S 6S 7S 8S 9S TS JS QS KS", "F2": "5H 6H 7H 8H 9H TH JH QH KH", "F3": "5D 6D 7D 8D 9D TD JD QD KD", "C1": "AS"}, true},
		{"2H", map[string]string{"F1": "5H 6H 7H 8H 9H TH JH QH KH AH", "C1": "2H", "C2": "AS"}, false},
		{"2H", map[string]string{"F1": "5H 6H 7H 8H 9H TH JH QH KH AH", "F2": "5S 6S 7S 8S 9S TS JS QS KS AS", "F3": "5C 6C 7C 8C 9C TC JC QC KC AC", "C1": "2H"}, true},
	}
	for _, tt := range tests {
		g := layout(t, "canfield", Options{"classic": "true"}, tt.piles)
		g.State.Base = 5
		c, err := ParseCard(tt.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Safe(c); got != tt.safe {
			t.Errorf("%s with %v: safe %v, want %v", tt.card, tt.piles, got, tt.safe)
		}
	}
}

func TestSafeAuto(t *testing.T) {
	tests := []struct {
		name  string
		piles map[string]string
		home  string // cards expected on the foundations afterwards, in order of the piles F1..F4
		note  string // nothing to do: the notice, and nothing changes
	}{
		{name: "aces and twos always", piles: map[string]string{"C1": "2H AH", "C2": "KS"}, home: "| | | AH 2H"},
		{name: "a three waits for the other colour's twos", piles: map[string]string{"C1": "3H", "F4": "AH 2H", "F1": "AS 2S", "C2": "KC"},
			note: "no card can safely go to the foundations now"},
		{name: "a three goes when both black twos are home", piles: map[string]string{"C1": "3H", "F4": "AH 2H", "F1": "AS 2S", "F3": "AC 2C", "C2": "KD"},
			home: "AS 2S | | AC 2C | AH 2H 3H"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, "klondike", nil, tt.piles)
			if !applyNotice(t, g, Auto{}, tt.note) {
				return
			}
			if got := homeText(g, 4); strings.Join(strings.Fields(got), " ") != tt.home {
				t.Errorf("foundations %q, want %q", got, tt.home)
			}
		})
	}
}

func TestDeadEnd(t *testing.T) {
	tests := []struct {
		name  string
		game  string
		opts  Options
		piles map[string]string
		dead  bool
	}{
		{name: "klondike: waste card fits a column", game: "klondike", piles: map[string]string{"C1": "9S", "W": "8H"}},
		{name: "klondike: a stock card reachable in draw 1", game: "klondike", piles: map[string]string{"C1": "9S", "S": "8H 3C |", "W": "4C"}},
		{name: "klondike: nothing fits anywhere", game: "klondike", piles: map[string]string{"C1": "9S", "C2": "4H", "S": "3H |", "W": "QD"}, dead: true},
		{name: "klondike: only sideways moves", game: "klondike", piles: map[string]string{"C1": "KS QH", "C2": "KC", "C3": "5D"}, dead: true},
		{name: "klondike: a move that turns a card", game: "klondike", piles: map[string]string{"C1": "2D | QH", "C2": "KC", "C3": "5D"}},
		{name: "klondike draw 3: buried card unreachable", game: "klondike", opts: Options{"draw": "3", "passes": "1"},
			piles: map[string]string{"C1": "9S", "S": "2D 8H 3C 4D 5D 6D |", "W": "4C"}, dead: true},
		{name: "klondike draw 3: reachable third card", game: "klondike", opts: Options{"draw": "3", "passes": "1"},
			piles: map[string]string{"C1": "9S", "S": "2C 3C 8H 4D 5D |", "W": "4C"}},
		{name: "freecell: a free cell is a move", game: "freecell", piles: map[string]string{"C1": "9S", "C2": "4H", "C3": "4D", "C4": "4C", "C5": "4S", "C6": "5D", "C7": "6D", "C8": "7D"}},
		{name: "freecell: blocked", game: "freecell", piles: map[string]string{"C1": "9H", "C2": "4H", "C3": "4D", "C4": "JD", "C5": "7H", "C6": "2D", "C7": "QH", "C8": "6D",
			"R1": "KS", "R2": "KH", "R3": "KD", "R4": "KC"}, dead: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := layout(t, tt.game, tt.opts, tt.piles)
			if got := g.DeadEnd(); got != tt.dead {
				t.Errorf("DeadEnd = %v, want %v", got, tt.dead)
			}
		})
	}
}

func TestOptionsValidation(t *testing.T) {
	tests := []struct {
		game string
		opts []Option
		err  string
	}{
		{"klondike", []Option{{"draw", "3"}, {"passes", "3"}}, ""},
		{"klondike", []Option{{"draw", "2"}}, `option draw: "2" is not one of 1, 3`},
		{"klondike", []Option{{"passes", "0"}}, "option passes: 0 passes would leave no trip through the stock; give 1 or more, or unlimited (e.g. passes=3, passes=unlimited)"},
		{"canfield", []Option{{"passes", "unlimited"}}, ""},
		{"klondike", []Option{{"passes", "many"}}, "not a number of passes"},
		{"klondike", []Option{{"cells", "2"}}, `klondike has no option "cells"`},
		{"freecell", []Option{{"cells", "5"}}, "not a number from 0 to 4"},
		{"freecell", []Option{{"supermove", "linear"}, {"bakers", "yes"}}, ""},
		{"freecell", []Option{{"bakers", "maybe"}}, "not true or false"},
	}
	for _, tt := range tests {
		info, err := LookupGame(tt.game)
		if err != nil {
			t.Fatal(err)
		}
		_, err = info.Options(tt.opts)
		if (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("%s %v: error %v, want %q", tt.game, tt.opts, err, tt.err)
		}
	}
	if _, err := LookupGame("solitare"); err == nil || !strings.Contains(err.Error(), "klondike, freecell") {
		t.Errorf("unknown game: %v", err)
	}
}

func TestCardNames(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string
		err  bool
	}{{"TH", "TH", false}, {"10h", "TH", false}, {"as", "AS", false}, {"KC", "KC", false}, {"1S", "", true}, {"AX", "", true}, {"", "", true}} {
		c, err := ParseCard(tt.in)
		if (err != nil) != tt.err || (!tt.err && c.String() != tt.want) {
			t.Errorf("ParseCard(%q) = %v, %v", tt.in, c, err)
		}
	}
}

// TestUndoRedoSay: undo and redo say which commands they took back or played again.
func TestUndoRedoSay(t *testing.T) {
	g, err := NewGame(Config{Game: "klondike", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for range 7 {
		mustApply(t, g, Draw{})
	}
	steps := []struct {
		op   Op
		note string
	}{
		{Undo{}, "undid: draw"},
		{Undo{N: 2}, "undid 2: draw, draw"},
		{Redo{N: 3}, "redid 3: draw, draw, draw"},
		{Undo{N: 7}, "undid 7: draw, draw, draw, draw, draw, ..."},
	}
	for _, st := range steps {
		if r := mustApply(t, g, st.op); r.Note != st.note {
			t.Errorf("%s: note %q, want %q", st.op, r.Note, st.note)
		}
	}
}

// TestFollowsEveryRule holds Rule.Follows to the invariants' own reading of the rules
// (invFollows) for every build, match, wrap and base stop, every base and every pair of cards.
func TestFollowsEveryRule(t *testing.T) {
	deck := NewDeck(1)
	checked := 0
	for _, build := range []Build{BuildDown, BuildUp, BuildUpDown, BuildSameRank, BuildAnyRank} {
		for _, match := range []Match{MatchAny, MatchAltColor, MatchSameSuit} {
			for _, flags := range [][2]bool{{false, false}, {true, false}, {true, true}} {
				rule := Rule{Build: build, Match: match, Wrap: flags[0], BaseStop: flags[1]}
				for base := Rank(0); base <= King; base++ {
					for _, u := range deck {
						for _, c := range deck {
							if got, want := rule.Follows(base, u, c), invFollows(&rule, base, u, c); got != want {
								t.Fatalf("%+v, base %d: %s on %s: Follows %v, want %v", rule, base, c, u, got, want)
							}
							checked++
						}
					}
				}
			}
		}
	}
	t.Logf("%d rule, base and card combinations", checked)
}
