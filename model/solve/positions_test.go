package solve

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

// Small positions whose answer is known: lost ones must be proved Unsolvable, near wins must
// be Solved with the short line, and a won game is Solved with no command. Each position is
// loaded through model.LoadPosition, which checks it could arise in play (a whole deck,
// foundations in order, face-down cards only where the game has them), and each premise is
// checked again by the engine's own exhaustive search (prove_test.go) before the solver is
// asked, so that a wrong premise is reported as such and not as a solver bug.

// layout builds a position: piles by name, cards bottom first, those before "|" face down.
func layout(game, opts string, piles map[string]string) model.Position {
	pos := model.Position{Game: game, Options: parseOptions(opts)}
	names := make([]string, 0, len(piles))
	for name := range piles {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		down, up, ok := strings.Cut(piles[name], "|")
		if !ok {
			down, up = "", down
		}
		cards := append(strings.Fields(down), strings.Fields(up)...)
		pos.Piles = append(pos.Piles, model.PilePosition{Name: name, Cards: cards, FaceDown: len(strings.Fields(down))})
	}
	return pos
}

// suit lists the cards of a suit from rank a to rank b, upwards or downwards: suit('H', 1, 12)
// is "AH 2H ... QH", suit('S', 13, 2) is "KS QS ... 2S".
func suit(s byte, a, b int) string {
	var cs []string
	step := 1
	if b < a {
		step = -1
	}
	for r := a; ; r += step {
		cs = append(cs, string("?A23456789TJQK"[r])+string(s))
		if r == b {
			break
		}
	}
	return strings.Join(cs, " ")
}

// positionText shows a position pile by pile, for messages.
func positionText(g *model.Game) string {
	var b strings.Builder
	for i := range g.State.Piles {
		p := &g.State.Piles[i]
		var cs []string
		for k, c := range p.Cards {
			if k == p.Down && p.Down > 0 {
				cs = append(cs, "|")
			}
			cs = append(cs, c.String())
		}
		if len(cs) > 0 {
			fmt.Fprintf(&b, "  %-3s %s\n", g.Def.Piles[i].Name, strings.Join(cs, " "))
		}
	}
	return b.String()
}

// loadCase loads a position or fails the test: the position itself is then wrong.
func loadCase(t *testing.T, name string, pos model.Position) *model.Game {
	t.Helper()
	g, err := model.LoadPosition(pos, nil)
	if err != nil {
		t.Fatalf("%s: the position does not load: %v", name, err)
	}
	return g
}

// positionBoard loads the position of the game and piles given, and the solver's board of it.
func positionBoard(t *testing.T, name, game string, piles map[string]string) (*model.Game, *board) {
	t.Helper()
	g := loadCase(t, name, layout(game, "", piles))
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	var b board
	b.load(c, &g.State)
	return g, &b
}

// positionOptions are roomy limits: the positions are small, so no limit should be reached.
var positionOptions = Options{MaxStates: 1_000_000, TimeLimit: 20 * time.Second}

type lostCase struct {
	name, game, opts string
	piles            map[string]string
	seed             uint64 // without piles: this seed's deal
	why              string // the argument that no win exists
	tooBig           bool   // the engine's search cannot finish: the argument alone is the premise
}

var lostCases = []lostCase{
	{
		name: "freecell no cells, kings and dead cards on top", game: "freecell", opts: "cells=0",
		why: "no free cell and no empty column, so only top cards move, one at a time; the four kings fit on nothing, " +
			"5S and 5C find no red 6 on top, 9H and 9D no black 10, and every ace is buried: no move exists",
		piles: map[string]string{
			"C1": "2S 3S 4S 5H AS 6C KS", "C2": "2C 3C 4C 6H AC 6D KC",
			"C3": "2H 3H 4H 5D AH 7C KH", "C4": "2D 3D 4D 6S AD 7D KD",
			"C5": "7S 8S 9S TS 5S", "C6": "JS QS 7H 8H 5C", "C7": "8C 9C TC JC QC 9H", "C8": "TH JH QH 8D TD JD QD 9D",
		},
	},
	{
		name: "freecell one cell, aces under two red cards", game: "freecell", opts: "cells=1",
		why: "the two top cards of every column are red, so none of them can take another, and every ace lies " +
			"third from the top: the one cell frees one card, the card under it fits nowhere, and no column empties",
		piles: map[string]string{
			"C1": "2S 3S 4S 5S AS 9H KH", "C2": "6S 7S 8S 9S AH 8H QH",
			"C3": "TS JS QS KS AD 7H JH", "C4": "2C 3C 4C 5C AC 6H TH",
			"C5": "6C 7C 8C 9C 9D KD", "C6": "TC JC QC KC 8D QD",
			"C7": "2H 3H 4H 5H 7D JD", "C8": "2D 3D 4D 5D 6D TD",
		},
	},
	{
		name: "fifteen full and frozen", game: "fifteen",
		why: "no column is empty; the eleven full columns take nothing, and the tops of the four short ones (A, 2, 3, 4) " +
			"are ranks that no other top has, so no card can move anywhere, and C6 to C11 hold mixed ranks",
		piles: map[string]string{
			"C1": "KS KH KD KC", "C2": "QS QH QD QC", "C3": "JS JH JD JC", "C4": "TS TH TD TC", "C5": "9S 9H 9D 9C",
			"C6": "AH 2H 3H 5H", "C7": "4H AD 2D 6H", "C8": "3D 4D AC 7H", "C9": "2C 3C 4C 8H",
			"C10": "5D 6D 7D 8D", "C11": "5C 6C 7C 8C",
			"C12": "5S AS", "C13": "6S 2S", "C14": "7S 3S", "C15": "8S 4S",
		},
	},
	{
		name: "fifteen full and frozen, no-freeze", game: "fifteen", opts: "no-freeze",
		why: "as above: a complete pile may move now, but only to an empty column or onto its own rank, and there is neither",
		piles: map[string]string{
			"C1": "KS KH KD KC", "C2": "QS QH QD QC", "C3": "JS JH JD JC", "C4": "TS TH TD TC", "C5": "9S 9H 9D 9C",
			"C6": "AH 2H 3H 5H", "C7": "4H AD 2D 6H", "C8": "3D 4D AC 7H", "C9": "2C 3C 4C 8H",
			"C10": "5D 6D 7D 8D", "C11": "5C 6C 7C 8C",
			"C12": "5S AS", "C13": "6S 2S", "C14": "7S 3S", "C15": "8S 4S",
		},
	},
	{
		name: "la peau without a move", game: "lapeau",
		why: "all thirteen stacks hold cards, so single cards move only; the tops are K, J, 9 of every suit and 7S, " +
			"none one below another of its suit, and no ace is on top, so nothing goes home or onto a stack",
		piles: map[string]string{
			"C1": "AS 2S 3S KS", "C2": "4S 5S 6S JS", "C3": "8S TS QS 9S",
			"C4": "AH 2H 3H KH", "C5": "4H 5H 6H JH", "C6": "7H 8H TH 9H",
			"C7": "QH AD 2D KD", "C8": "3D 4D 5D JD", "C9": "6D 7D 8D 9D",
			"C10": "TD QD AC KC", "C11": "2C 3C 4C JC", "C12": "5C 6C 7C 9C", "C13": "8C TC QC 7S",
		},
	},
	{
		name: "klondike ace under a king, stock empty", game: "klondike",
		why: "the stock and waste are empty and no column is empty, so KH (on the face-down AS) can go nowhere; " +
			"the other tops are JH 9H 7H KS 6H 3S, none one below another of the other colour, and F1 and F4 want the buried aces",
		piles: map[string]string{
			"F2": suit('D', 1, 13), "F3": suit('C', 1, 13),
			"C1": "AS | KH", "C2": "2S 4S 5S | JH", "C3": "6S 7S 8S | 9H", "C4": "9S TS JS | 7H",
			"C5": "QS AH 2H | KS", "C6": "3H 4H 5H | 6H", "C7": "8H TH QH | 3S",
		},
	},
	{
		name: "klondike ace under a king, a stock that only cycles", game: "klondike",
		why: "as above, with 4S and 8H in the stock: drawing and recycling turn them up for ever, but 4S needs a red 5 " +
			"and 8H a black 9 on top, and there is neither, so the search must see through the cycle",
		piles: map[string]string{
			"F2": suit('D', 1, 13), "F3": suit('C', 1, 13), "S": "4S 8H",
			"C1": "AS | KH", "C2": "2S 5S | JH", "C3": "6S 7S 8S | 9H", "C4": "9S TS JS | 7H",
			"C5": "QS AH 2H | KS", "C6": "3H 4H 5H | 6H", "C7": "TH QH | 3S",
		},
	},
	{
		name: "klondike ace under a king, draw 3, three passes", game: "klondike", opts: "draw=3 passes=3",
		why: "the same cards: three passes of a stock turned three at a time bring up nothing that plays",
		piles: map[string]string{
			"F2": suit('D', 1, 13), "F3": suit('C', 1, 13), "S": "4S 8H",
			"C1": "AS | KH", "C2": "2S 5S | JH", "C3": "6S 7S 8S | 9H", "C4": "9S TS JS | 7H",
			"C5": "QS AH 2H | KS", "C6": "3H 4H 5H | 6H", "C7": "TH QH | 3S",
		},
	},
}

// lostDeals are real deals that are lost for a reason one can check by hand.
var lostDeals = []lostCase{
	{
		name: "osmosis seed 1, 3H on 3C", game: "osmosis", seed: 1, tooBig: true,
		why: "R2 is 3C 3H JS 4H from the bottom. A reserve card can only go home, and a foundation below F1 takes " +
			"only ranks already in the one above, so no 3 goes home before the 3 of F1's suit, clubs (F1 starts with 9C); " +
			"3H covers 3C, so neither ever goes home",
	},
}

// TestSolveLostPositions requires an Unsolvable verdict, with no limit, on positions that
// cannot be won.
func TestSolveLostPositions(t *testing.T) {
	t.Parallel()
	for _, tc := range append(lostCases, lostDeals...) {
		t.Run(tc.name, func(t *testing.T) {
			var g *model.Game
			if tc.piles != nil {
				g = loadCase(t, tc.name, layout(tc.game, tc.opts, tc.piles))
			} else {
				var err error
				if g, err = model.NewGame(model.Config{Game: tc.game, Options: parseOptions(tc.opts), Seed: tc.seed}); err != nil {
					t.Fatal(err)
				}
			}
			if g.Won() {
				t.Fatalf("%s: the premise is wrong: the game is won", tc.name)
			}
			budget, limit := 200_000, time.Minute
			if tc.tooBig {
				budget, limit = 5_000, time.Second // enough to find a quick win, if the argument is wrong
			}
			if p := engineSearch(g, budget, limit); p.won || !p.exhausted && !tc.tooBig {
				t.Fatalf("%s: the premise is wrong: the engine's own search says %s\n%s", tc.name, p.verdict(), positionText(g))
			}
			r, err := solveUnchanged(context.Background(), g, positionOptions)
			if err != nil {
				t.Fatalf("%s [%s]: %v", tc.name, tc.opts, err)
			}
			if r.Status != Unsolvable || r.Limit != NoLimit {
				t.Errorf("%s [%s]: got %v (limit %q), want unsolvable: %s\nposition:\n%smoves: %s",
					tc.name, tc.opts, r, r.Limit, tc.why, positionText(g), lineText(r.Moves))
			}
			for _, why := range checkResult(r, positionOptions) {
				t.Errorf("%s: %s", tc.name, why)
			}
			t.Logf("%s: %v", tc.name, r)
		})
	}
}

type winCase struct {
	name, game, opts string
	piles            map[string]string
	want             [][]string // the shortest lines, each move as "FROM TO", when there are few; nil: any
}

// shortWinCases are positions a few commands from a win. The length of the shortest win is
// worked out again by the engine's breadth-first search, and the solver's line must have it.
var shortWinCases = []winCase{
	{
		name: "freecell queen over its king", game: "freecell",
		piles: map[string]string{
			"F1": suit('S', 1, 13), "F2": suit('H', 1, 11), "F3": suit('D', 1, 13), "F4": suit('C', 1, 13),
			"C1": "KH QH",
		},
		// QH home, to a cell or to an empty column: each leaves a position the game finishes by itself
	},
	{
		name: "klondike queen over its king", game: "klondike",
		piles: map[string]string{
			"F1": suit('S', 1, 13), "F2": suit('D', 1, 13), "F3": suit('C', 1, 13), "F4": suit('H', 1, 11),
			"C1": "KH QH",
		},
		want: [][]string{{"C1 F4"}}, // an empty column takes only a king, so QH can only go home
	},
	{
		name: "fifteen kings over a queen", game: "fifteen",
		piles: map[string]string{
			"C1": "AS AH AD AC", "C2": "2S 2H 2D 2C", "C3": "3S 3H 3D 3C", "C4": "4S 4H 4D 4C", "C5": "5S 5H 5D 5C",
			"C6": "6S 6H 6D 6C", "C7": "7S 7H 7D 7C", "C8": "8S 8H 8D 8C", "C9": "9S 9H 9D 9C", "C10": "TS TH TD TC",
			"C11": "JS JH JD JC", "C12": "QS QH QD", "C13": "QC KS KH KD", "C14": "KC",
		},
		// the three kings onto KC, then QC onto the queens or the queens onto QC; putting the
		// kings in the empty C15 instead costs a third command
		want: [][]string{{"C13 C14", "C13 C12"}, {"C13 C14", "C12 C13"}},
	},
	{
		name: "la peau done=aces, one ace to go", game: "lapeau", opts: "done=aces",
		piles: map[string]string{
			"F2": "AH", "F3": "AD", "F4": "AC",
			"C1": suit('S', 13, 2), "C2": suit('H', 13, 2), "C3": suit('D', 13, 2), "C4": suit('C', 13, 2), "C5": "AS",
		},
		want: [][]string{{"C5 F1"}}, // AS onto 2S leaves an ace that could still go home: not won
	},
	// Positions the game would finish by itself after any command: one command is needed, since
	// the game finishes itself only after a command, and the engine must be given one.
	{
		name: "freecell one card left", game: "freecell",
		piles: map[string]string{
			"F1": suit('S', 1, 13), "F2": suit('H', 1, 12), "F3": suit('D', 1, 13), "F4": suit('C', 1, 13),
			"C3": "KH",
		},
	},
	{
		name: "klondike one card left", game: "klondike",
		piles: map[string]string{
			"F1": suit('S', 1, 13), "F2": suit('D', 1, 13), "F3": suit('C', 1, 13), "F4": suit('H', 1, 12),
			"C1": "KH",
		},
		want: [][]string{{"C1 F4"}},
	},
	{
		name: "la peau one card left", game: "lapeau",
		piles: map[string]string{
			"F1": suit('S', 1, 13), "F2": suit('H', 1, 12), "F3": suit('D', 1, 13), "F4": suit('C', 1, 13),
			"C7": "KH",
		},
	},
}

// TestSolveShortWins requires the short line on positions a few commands from a win.
func TestSolveShortWins(t *testing.T) {
	for _, tc := range shortWinCases {
		t.Run(tc.name, func(t *testing.T) {
			g := loadCase(t, tc.name, layout(tc.game, tc.opts, tc.piles))
			shortest, ok := shortestWin(g, 4)
			if g.Won() || !ok || (tc.want != nil && shortest != len(tc.want[0])) {
				t.Fatalf("%s: the premise is wrong: won %v, the engine's shortest win %d commands (found %v), the test expects %d\n%s",
					tc.name, g.Won(), shortest, ok, len(tc.want[0]), positionText(g))
			}
			r, err := solveUnchanged(context.Background(), g, positionOptions)
			if err != nil {
				t.Fatalf("%s [%s]: a win in %d commands: %v\nposition:\n%s", tc.name, tc.opts, shortest, err, positionText(g))
			}
			if r.Status != Solved || r.Limit != NoLimit {
				t.Fatalf("%s [%s]: got %v (limit %q), want solved in %d commands\nposition:\n%s", tc.name, tc.opts, r, r.Limit, shortest, positionText(g))
			}
			for _, why := range checkResult(r, positionOptions) {
				t.Errorf("%s: %s", tc.name, why)
			}
			if len(r.Moves) != shortest {
				t.Errorf("%s: solved in %d commands (%s), but %d win", tc.name, len(r.Moves), lineText(r.Moves), shortest)
			}
			if tc.want != nil {
				var got []string
				for _, op := range r.Moves {
					if m, ok := op.(model.Move); ok {
						got = append(got, m.From.String()+" "+m.To.String())
					} else {
						got = append(got, op.String())
					}
				}
				var wants []string
				found := false
				for _, w := range tc.want {
					found = found || slices.Equal(got, w)
					wants = append(wants, strings.Join(w, ", "))
				}
				if !found {
					t.Errorf("%s: the line is %s, want the moves %s", tc.name, lineText(r.Moves), strings.Join(wants, " or "))
				}
			}
			fresh := loadCase(t, tc.name, layout(tc.game, tc.opts, tc.piles))
			if err := playLine(fresh, r.Moves); err != nil {
				t.Errorf("%s: the line %s does not replay: %v", tc.name, lineText(r.Moves), err)
			}
		})
	}
}

// wonCases are games already won: the answer is Solved with no command.
var wonCases = []winCase{
	{name: "freecell", game: "freecell", piles: map[string]string{
		"F1": suit('S', 1, 13), "F2": suit('H', 1, 13), "F3": suit('D', 1, 13), "F4": suit('C', 1, 13)}},
	{name: "klondike", game: "klondike", piles: map[string]string{
		"F1": suit('S', 1, 13), "F2": suit('D', 1, 13), "F3": suit('C', 1, 13), "F4": suit('H', 1, 13)}},
	{name: "fifteen", game: "fifteen", piles: map[string]string{
		"C1": "AS AH AD AC", "C2": "2S 2H 2D 2C", "C3": "3S 3H 3D 3C", "C4": "4S 4H 4D 4C", "C5": "5S 5H 5D 5C",
		"C6": "6S 6H 6D 6C", "C7": "7S 7H 7D 7C", "C8": "8S 8H 8D 8C", "C9": "9S 9H 9D 9C", "C10": "TS TH TD TC",
		"C11": "JS JH JD JC", "C12": "QS QH QD QC", "C13": "KS KH KD KC"}},
	{name: "la peau done=none", game: "lapeau", opts: "done=none", piles: map[string]string{
		"C1": suit('S', 13, 1), "C2": suit('H', 13, 1), "C3": suit('D', 13, 1), "C4": suit('C', 13, 1)}},
}

// TestSolveWonPositions requires Solved with no command for a game that is already won.
func TestSolveWonPositions(t *testing.T) {
	for _, tc := range wonCases {
		t.Run(tc.name, func(t *testing.T) {
			g := loadCase(t, tc.name, layout(tc.game, tc.opts, tc.piles))
			if !g.Won() {
				t.Fatalf("%s: the premise is wrong: the game is not won\n%s", tc.name, positionText(g))
			}
			r, err := solveUnchanged(context.Background(), g, positionOptions)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if r.Status != Solved || r.Limit != NoLimit || len(r.Moves) != 0 {
				t.Errorf("%s: got %v (limit %q, moves %s), want solved with no command", tc.name, r, r.Limit, lineText(r.Moves))
			}
			for _, why := range checkResult(r, positionOptions) {
				t.Errorf("%s: %s", tc.name, why)
			}
		})
	}
}

// TestEngineSearchWins checks the checker: the engine's exhaustive search, which confirms
// the solver's losses, must find the wins of the nearly won positions, by lines that replay.
func TestEngineSearchWins(t *testing.T) {
	for _, tc := range shortWinCases {
		g := loadCase(t, tc.name, layout(tc.game, tc.opts, tc.piles))
		p := engineSearch(g, 10_000, 10*time.Second)
		if !p.won {
			t.Errorf("%s: the engine's search says %s, but the position is won in a few commands", tc.name, p.verdict())
			continue
		}
		if err := playLine(loadCase(t, tc.name, layout(tc.game, tc.opts, tc.piles)), p.line); err != nil {
			t.Errorf("%s: the engine's search's line %s does not replay: %v", tc.name, lineText(p.line), err)
		}
	}
}
