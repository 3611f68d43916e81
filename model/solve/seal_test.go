package solve

import (
	"context"
	"testing"
	"time"

	"solitaire/model"
)

// TestSealsDeals: the check applies where a column's cards go only to other columns, under
// one rule, and to foundations built up by suit from the ace, with one deck.
func TestSealsDeals(t *testing.T) {
	for _, tc := range []struct {
		cfg  model.Config
		want bool
	}{
		{model.Config{Game: "yukon"}, true},
		{model.Config{Game: "yukon", Options: model.Options{"russian": "true"}}, true},
		{model.Config{Game: "klondike"}, true},
		{model.Config{Game: "klondike", Options: model.Options{"draw": "3"}}, true},
		{model.Config{Game: "freecell"}, false},     // free cells
		{model.Config{Game: "canfield"}, false},     // a reserve fills the columns
		{model.Config{Game: "spider"}, false},       // two decks, runs home
		{model.Config{Game: "spiderette"}, false},   // runs home
		{model.Config{Game: "fortythieves"}, false}, // two decks
		{model.Config{Game: "golf"}, false},         // won on a waste built on
		{model.Config{Game: "pyramid"}, false},      // pairs
	} {
		_, c, _ := dealBoard(t, tc.cfg)
		if c.seals != tc.want {
			t.Errorf("%s %v: seals %v, want %v", tc.cfg.Game, tc.cfg.Options, c.seals, tc.want)
		}
	}
}

// TestSealed: positions in which two cards of a column can never part, and near ones in
// which they can.
func TestSealed(t *testing.T) {
	for _, tc := range []struct {
		name string
		cols []string // Klondike columns, bottom first, '|' after the face-down cards
		want bool
	}{
		{"8S face up on both red nines, over AS", []string{"AS 9H 9D | 8S"}, true},
		{"8S on both red nines, AS elsewhere", []string{"AH 9H 9D | 8S"}, false},
		{"8S face down on the nines, under a card that parts", []string{"AS 9H 9D 8S | 4C"}, true},
		{"each 8 waits for a nine under the other", []string{"AS 9D | 8S", "AC 9H | 8C"}, true},
		{"the clubs' ace elsewhere: 8C can go home", []string{"AS 9D | 8S", "2H 9H | 8C"}, false},
		{"a king fills an empty column", []string{"AS QH QD | KS"}, false},
		{"a run: 9D carries 8S off 9H, which 8S may then take", []string{"AS | 9H 9D 8S"}, false},
		{"no card on another", []string{"| 8S", "| 9H"}, false},
	} {
		b := twinBoard(t, tc.cols...)
		if !b.c.seals {
			t.Fatal("klondike: seals is off")
		}
		if got := b.sealed(); got != tc.want {
			t.Errorf("%s %q: sealed %v, want %v", tc.name, tc.cols, got, tc.want)
		}
	}
	for _, tc := range []struct {
		cfg  model.Config
		want bool
	}{
		// C7 from the bottom: a spade, 9H, 9D, then 8S face down under the face-up cards.
		{model.Config{Game: "yukon", Seed: 163}, true},
		{model.Config{Game: "yukon", Seed: 1}, false},
		{model.Config{Game: "yukon", Seed: 2, Options: model.Options{"russian": "true"}}, true},
		{model.Config{Game: "klondike", Seed: 17}, true},
		{model.Config{Game: "klondike", Seed: 1}, false},
	} {
		_, _, b := dealBoard(t, tc.cfg)
		if got := b.sealed(); got != tc.want {
			t.Errorf("%s %v seed %d: sealed %v, want %v", tc.cfg.Game, tc.cfg.Options, tc.cfg.Seed, got, tc.want)
		}
	}
}

// TestSealedDealsAreLost holds the check to the search without it: a deal it seals the search
// proves lost, and no position of a line the search wins is sealed.
func TestSealedDealsAreLost(t *testing.T) {
	t.Parallel()
	opt := Options{MaxStates: 100_000, MaxMemory: DefaultMaxMemory, Shorten: ShortenOff}
	sealed, lost, won := 0, 0, 0
	scale := 1
	if sweeps() {
		scale, opt.MaxStates = 10, 300_000
	}
	for _, cfg := range []struct {
		game  string
		opts  model.Options
		seeds int
	}{
		{"yukon", nil, 30},
		{"yukon", model.Options{"russian": "true"}, 30},
		{"klondike", nil, 20},
		{"klondike", model.Options{"draw": "3"}, 10},
	} {
		for seed := 1; seed <= cfg.seeds*scale; seed++ {
			g, c, b := dealBoard(t, model.Config{Game: cfg.game, Options: cfg.opts, Seed: uint64(seed)})
			blind := *c
			blind.seals, blind.exact = false, nil
			blind.exactCopy()
			r, err := solveWith(context.Background(), g, opt, &blind, time.Now())
			if err != nil {
				t.Fatalf("%s %v seed %d: %v", cfg.game, cfg.opts, seed, err)
			}
			if b.sealed() {
				sealed++
				if r.Status == Solved {
					t.Errorf("%s %v seed %d: sealed, but the search wins it", cfg.game, cfg.opts, seed)
				}
				if r.Status == Unsolvable {
					lost++
				}
				continue
			}
			if r.Status != Solved {
				continue
			}
			won++
			for n := range r.Moves {
				if _, err := g.Apply(r.Moves[n]); err != nil {
					t.Fatalf("%s seed %d: the line does not replay: %v", cfg.game, seed, err)
				}
				b.load(c, &g.State)
				if !g.Won() && b.sealed() {
					t.Errorf("%s %v seed %d: the position after %d commands of a win is sealed", cfg.game, cfg.opts, seed, n+1)
					break
				}
			}
		}
	}
	if sealed == 0 || lost == 0 || won == 0 {
		t.Errorf("%d deals sealed, %d of them proved lost, %d won: the test compares nothing", sealed, lost, won)
	}
	t.Logf("%d deals sealed, %d of them proved lost by the search without the check; %d lines won", sealed, lost, won)
}

// TestEndKey: once the stock that deals onto the columns is empty, positions that differ
// only by which column holds which cards share a key (board.key); while it has cards, or
// where the stock deals nowhere, they do not.
func TestEndKey(t *testing.T) {
	for _, tc := range []struct {
		cfg   model.Config
		deals int // stock deals made first
		same  bool
	}{
		{model.Config{Game: "spiderette", Seed: 3}, 4, true},
		{model.Config{Game: "spider", Seed: 3}, 5, true},
		{model.Config{Game: "spider", Seed: 3}, 4, false}, // one deal left
		{model.Config{Game: "spiderette", Seed: 3}, 0, false},
		{model.Config{Game: "algerian", Seed: 3}, 0, false},
	} {
		_, c, b := dealBoard(t, tc.cfg)
		for range tc.deals {
			b.draw()
		}
		swapped := *b
		i, j := c.tabs[0], c.tabs[2]
		swapped.cards[i], swapped.cards[j] = b.cards[j], b.cards[i]
		swapped.n[i], swapped.n[j] = b.n[j], b.n[i]
		swapped.down[i], swapped.down[j] = b.down[j], b.down[i]
		swapped.rehash()
		b.rehash()
		if b.hash == swapped.hash {
			t.Fatalf("%s after %d deals: the board's own keys are one", tc.cfg.Game, tc.deals)
		}
		if got := b.key() == swapped.key(); got != tc.same {
			t.Errorf("%s after %d deals: keys one %v, want %v", tc.cfg.Game, tc.deals, got, tc.same)
		}
	}
}
