package solve

import (
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
