package solve

import (
	"context"
	"strings"
	"testing"

	"solitaire/model"
)

// twinBoard loads a Klondike position with the given columns (C1, C2, ...), the four
// foundations empty, and every other card in the stock.
func twinBoard(t *testing.T, cols ...string) *board {
	t.Helper()
	piles := map[string]string{}
	used := map[string]bool{}
	for i, col := range cols {
		piles["C"+string(rune('1'+i))] = col
		for _, f := range strings.Fields(strings.ReplaceAll(col, "|", " ")) {
			used[f] = true
		}
	}
	var stock []string
	for _, s := range "CDHS" {
		for _, cs := range strings.Fields(suit(byte(s), 1, 13)) {
			if !used[cs] {
				stock = append(stock, cs)
			}
		}
	}
	piles["S"] = strings.Join(stock, " ") + " |"
	g := loadCase(t, strings.Join(cols, " / "), layout("klondike", "draw=3", piles))
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	var b board
	b.load(c, &g.State)
	return &b
}

// TestTwinKey: positions that differ only by swapping what lies on two twins share a key, at
// any depth, and a bare twin's tail too; positions that differ otherwise keep their own.
func TestTwinKey(t *testing.T) {
	var cols [maxPiles][maxCards]byte
	groups := []struct {
		name  string
		same  bool       // the positions share one key
		decks [][]string // each position's columns
	}{
		{"tails swapped on 8H and 8D, and on 7S and 7C below them", true, [][]string{
			{"JD QD 9S | 8H 7S 6D", "9C | 8D 7C 6H", "KH"},
			{"JD QD 9S | 8H 7C 6H", "9C | 8D 7S 6D", "KH"},
			{"JD QD 9S | 8H 7S 6H", "9C | 8D 7C 6D", "KH"},
			{"JD QD 9S | 8H 7C 6D", "9C | 8D 7S 6H", "KH"},
		}},
		{"a pair in a tail that moves, and its twin elsewhere", true, [][]string{
			{"JD QD 9S | 8H 7C 6H 5C 4H", "9C | 8D 7S 6D", "6S | 5S 4D"},
			{"JD QD 9S | 8H 7C 6H 5C 4D", "9C | 8D 7S 6D", "6S | 5S 4H"},
			{"JD QD 9S | 8H 7S 6D", "9C | 8D 7C 6H 5C 4H", "6S | 5S 4D"},
		}},
		{"one twin's tail, then the other's", true, [][]string{
			{"9S | 8H 7S 6D", "9C | 8D", "KH"},
			{"9S | 8H", "9C | 8D 7S 6D", "KH"},
		}},
		{"both twins bare, and the same tail on each", false, [][]string{
			{"9S | 8H", "9C | 8D", "KH"},
			{"9S | 8H 7S", "9C | 8D", "KH 7C"},
			{"9S | 8H 7C", "9C | 8D", "KH 7S"},
		}},
		{"the same tails on cards that are not twins", false, [][]string{
			{"9S | 8H 7S", "9H | 8C 7D", "KH"},
			{"9S | 8H 7S", "9H | 8S 7D", "KH"},
		}},
	}
	for _, gr := range groups {
		keys := map[uint64]bool{}
		hashes := map[uint64]bool{}
		for _, deck := range gr.decks {
			b := twinBoard(t, deck...)
			keys[b.twinKey(&cols)] = true
			hashes[b.hash] = true
		}
		if len(hashes) != len(gr.decks) {
			t.Errorf("%s: %d positions, %d plain keys: the cases repeat a position", gr.name, len(gr.decks), len(hashes))
		}
		want := len(gr.decks)
		if gr.same {
			want = 1
		}
		if len(keys) != want {
			t.Errorf("%s: %d twin keys, want %d", gr.name, len(keys), want)
		}
	}
}

// TestTwinBusy: the merging walk's folds hold back a card whose twin is covered.
func TestTwinBusy(t *testing.T) {
	b := twinBoard(t, "9S | 8H 7S 6D", "9C | 8D", "KH")
	for _, c := range []struct {
		card string
		busy bool
	}{{"8D", true}, {"8H", false}, {"7C", true}, {"7S", false}, {"6H", false}, {"9H", false}} {
		card, err := model.ParseCard(c.card)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.twinBusy(byte(card)); got != c.busy {
			t.Errorf("%s: twinBusy %v, want %v", c.card, got, c.busy)
		}
	}
}

// TestTwinsCompound: the merging walk alone must win a position whose only first move splits
// a run onto a twin: 7S lies on 8H, which the foundations want, above the buried 6S and 7D;
// 7S can go only onto 8D, and nothing else can move (no black 9 or empty column for 8H, cards
// stay on the foundations). The walk makes that split only as one move with 8H's going home;
// were the split left out, it would call the position lost.
func TestTwinsCompound(t *testing.T) {
	pos := layout("klondike", "no-foundation-return=true", map[string]string{
		"F1": suit('S', 1, 5), "F2": suit('D', 1, 6), "F3": suit('C', 1, 13), "F4": suit('H', 1, 7),
		"C1": "6S 7D | 8H 7S", "C2": "8D", "C3": "8S 9S TS JS QS | KS",
		"C4": "KH QH | JH", "C5": "KD QD | JD", "C6": "TH | 9H", "C7": "TD | 9D",
	})
	p := presets[0].clone()
	p.stock = []searchSpec{proveSpec} // the proving walk alone, with its crew
	g := loadCase(t, "split onto a twin", pos)
	r, err := Solve(context.Background(), g, Options{MaxStates: 100_000, preset: p})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Solved {
		t.Fatalf("%v, want solved\n%s", r, positionText(g))
	}
	if r.Moves[0].String() != "move C1 C2" || r.Moves[1].String() != "move C1 F4" {
		t.Errorf("the win starts %v, want move C1 C2 (7S onto 8D), move C1 F4 (8H home)", r.Moves[:2])
	}
}
