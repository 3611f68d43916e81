package solve

import (
	"testing"

	"solitaire/model"
)

// pyramidBoard is the board of a Pyramid deal, compiled as the solver compiles it.
func pyramidBoard(t *testing.T, opts string, seed uint64) (*board, *model.Game) {
	t.Helper()
	g, _, b := dealBoard(t, dealConfig("pyramid", opts, int(seed)))
	return b, g
}

// TestClockOrdersStockPlaces: with a pass limit, draws leave the clocked key as it was and
// move the time on, through the turn of the waste; the full key tells the places apart; and a
// card leaving the stock changes the clocked key.
func TestClockOrdersStockPlaces(t *testing.T) {
	b, _ := pyramidBoard(t, "passes=2", 1)
	if !b.c.clocked || !b.c.pair || !b.c.stockPlays {
		t.Fatalf("pyramid passes=2: clocked %v, pair %v, stockPlays %v; want all", b.c.clocked, b.c.pair, b.c.stockPlays)
	}
	k0, t0 := b.clock()
	hashes := map[uint64]bool{b.hash: true}
	last, turned := t0, false
	for b.canDraw() {
		b.draw()
		k, tm := b.clock()
		if k != k0 || tm <= last {
			t.Fatalf("after a draw: clocked key %x (was %x), time %d (was %d)", k, k0, tm, last)
		}
		if hashes[b.hash] {
			t.Fatalf("two places of the stock share the key %x", b.hash)
		}
		hashes[b.hash] = true
		last, turned = tm, turned || b.recycles > 0
	}
	if !turned || len(hashes) != 2*(24+1) {
		t.Fatalf("%d places seen, turned %v: want two passes of 25 (none to 24 cards in the waste)", len(hashes), turned)
	}
	w := b.c.waste
	// A card of the waste to the discard pile: another position.
	b.transfer(w, b.c.found[0], 1, false)
	if k, _ := b.clock(); k == k0 {
		t.Fatal("a card leaving the waste left the clocked key as it was")
	}
}

// TestSetKeyTellsSameRanksApart: where the key reads ranks only (no Pyramid rule looks at
// suits), two cards of one rank in a set (the discard pile, the stock and waste keyed
// together) must not take each other out of the key: the deal, and the deal with two stock
// cards of one rank moved to the discard pile, are two positions.
func TestSetKeyTellsSameRanksApart(t *testing.T) {
	b, g := pyramidBoard(t, "", 3)
	if b.c.key == 0xFF || !b.c.piles[b.c.found[0]].set {
		t.Fatalf("pyramid: key %x, discard a set %v: want a rank key and a set", b.c.key, b.c.piles[b.c.found[0]].set)
	}
	st := g.State.Clone()
	var stock, discard *model.Pile
	for i := range st.Piles {
		switch g.Def.Piles[i].Role {
		case model.Stock:
			stock = &st.Piles[i]
		case model.Foundation:
			discard = &st.Piles[i]
		}
	}
	a, c := -1, -1
	for i := range stock.Cards {
		for j := i + 1; j < len(stock.Cards); j++ {
			if a < 0 && stock.Cards[i].Rank() == stock.Cards[j].Rank() {
				a, c = i, j
			}
		}
	}
	if a < 0 {
		t.Fatal("no two stock cards of one rank")
	}
	discard.Cards = append(discard.Cards, stock.Cards[a], stock.Cards[c])
	stock.Cards = append(append(stock.Cards[:a:a], stock.Cards[a+1:c]...), stock.Cards[c+1:]...)
	stock.Down = len(stock.Cards) - 1
	var moved board
	moved.load(b.c, &st)
	if moved.hash == b.hash {
		t.Fatalf("%v and %v moved from the stock to the discard pile: the key is the same", discard.Cards[0], discard.Cards[1])
	}
}
