package model

import "testing"

// TestCellGameRules: Eight Off's and Seahaven Towers' columns, built down by suit with kings
// alone in empty columns; a run moves only as the single moves the free cells allow (empty
// columns, which take kings only, do not count); cards stay home.
func TestCellGameRules(t *testing.T) {
	for _, tt := range []struct {
		game  string
		full  map[string]string // every column taken
		cells map[string]string // every cell but one taken
	}{
		{"eightoff", map[string]string{"C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D"},
			map[string]string{"R1": "KC", "R2": "KD", "R3": "KH", "R4": "QC", "R5": "QD", "R6": "QH", "R7": "JC"}},
		{"seahaven", map[string]string{"C3": "2C", "C4": "2D", "C5": "2H", "C6": "2S", "C7": "3C", "C8": "3D", "C9": "3H", "C10": "3S"},
			map[string]string{"R1": "KC", "R2": "KD", "R3": "KH"}},
	} {
		at := func(extra map[string]string) map[string]string { return over(tt.full, extra) }
		allBut := func(col string, extra map[string]string) map[string]string {
			m := at(extra)
			delete(m, col)
			return m
		}
		runRuleCases(t, tt.game, []ruleCase{
			{name: "builds by suit", piles: at(map[string]string{"C1": "9H", "C2": "TS"}), op: mv("C1", "C2", 0), err: "9H cannot go to C2, which needs 9S"},
			{name: "the same suit goes", piles: at(map[string]string{"C1": "9S", "C2": "TS"}), op: mv("C1", "C2", 0),
				want: map[string]string{"C1": "", "C2": "TS 9S"}},
			{name: "an empty column takes a king", piles: allBut("C2", map[string]string{"C1": "KS"}), op: mv("C1", "C2", 0),
				want: map[string]string{"C1": "", "C2": "KS"}},
			{name: "and nothing else", piles: allBut("C2", map[string]string{"C1": "QS"}), op: mv("C1", "C2", 0), err: "needs a king"},
			{name: "a card to a cell", piles: at(map[string]string{"C1": "9H", "C2": "TS"}), op: mv("C1", "R", 0),
				want: map[string]string{"C1": "", "R1": "9H"}},
			{name: "one free cell: a run of two", piles: at(over(tt.cells, map[string]string{"C1": "9S 8S", "C2": "TS"})), op: mv("C1", "C2", 2),
				want: map[string]string{"C1": "", "C2": "TS 9S 8S"}},
			{name: "one free cell: not three", piles: at(over(tt.cells, map[string]string{"C1": "9S 8S 7S", "C2": "TS"})), op: mv("C1", "C2", 3),
				err: "free space allows 2"},
			{name: "an empty column adds nothing", piles: allBut("C3", over(tt.cells, map[string]string{"C1": "9S 8S 7S", "C2": "TS"})), op: mv("C1", "C2", 3),
				err: "free space allows 2"},
			{name: "cards stay on the foundations", piles: at(map[string]string{"F1": "AS 2S", "C1": "9H", "C2": "TS"}), op: mv("F1", "R1", 0), err: "stay there"},
		})
	}
}

// TestCellGameDeals: Eight Off deals 48 cards in eight columns of six and its last four into
// R1-R4 of eight cells; Seahaven Towers 50 in ten columns of five and its last two into R1-R2
// of four.
func TestCellGameDeals(t *testing.T) {
	for _, tt := range []struct {
		game                       string
		cols, depth, cells, filled int
	}{
		{"eightoff", 8, 6, 8, 4},
		{"seahaven", 10, 5, 4, 2},
	} {
		g, err := NewGame(Config{Game: tt.game, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		cols, cells, filled := 0, 0, 0
		for i, spec := range g.Def.Piles {
			p := &g.State.Piles[i]
			switch spec.Role {
			case Tableau:
				cols++
				if p.Len() != tt.depth || p.Down != 0 {
					t.Errorf("%s: %s holds %d cards (%d face down), want %d face up", tt.game, spec.Name, p.Len(), p.Down, tt.depth)
				}
			case Cell:
				cells++
				if p.Len() == 1 {
					filled++
					if spec.Name != "R"+itoa(filled) {
						t.Errorf("%s: %s is filled before a cell to its left", tt.game, spec.Name)
					}
				}
			case Foundation:
				if !p.Empty() {
					t.Errorf("%s: %s starts with cards", tt.game, spec.Name)
				}
			}
		}
		if cols != tt.cols || cells != tt.cells || filled != tt.filled {
			t.Errorf("%s: %d columns, %d cells, %d filled; want %d, %d, %d", tt.game, cols, cells, filled, tt.cols, tt.cells, tt.filled)
		}
	}
}
