package solve

import (
	"context"
	"testing"

	"solitaire/model"
)

// TestBuries: the games whose stock is turned once, a card at a time, onto a waste, and that
// are won on the foundations take preset.buries' searches; no other does.
func TestBuries(t *testing.T) {
	for _, tc := range []struct {
		cfg  model.Config
		want bool
	}{
		{model.Config{Game: "fortythieves"}, true},
		{model.Config{Game: "klondike", Options: model.Options{"passes": "1"}}, true},
		{model.Config{Game: "klondike"}, false}, // turned again and again
		{model.Config{Game: "klondike", Options: model.Options{"draw": "3", "passes": "1"}}, false},
		{model.Config{Game: "natali"}, false},
		{model.Config{Game: "golf"}, false},   // won on the waste
		{model.Config{Game: "spider"}, false}, // no waste
		{model.Config{Game: "freecell"}, false},
	} {
		_, c, _ := dealBoard(t, tc.cfg)
		if c.buries != tc.want {
			t.Errorf("%s %v: buries %v, want %v", tc.cfg.Game, tc.cfg.Options, c.buries, tc.want)
		}
	}
}

// TestWasteWeight: weights.waste counts each card of the waste that much more, and the cards
// the foundations want by their depth in it.
func TestWasteWeight(t *testing.T) {
	g, c, b := dealBoard(t, model.Config{Game: "fortythieves", Seed: 1})
	s := &searcher{c: c, g: g}
	for range 10 {
		b.draw()
	}
	n := int32(b.n[c.waste])
	if n != 10 {
		t.Fatalf("%d cards in the waste after 10 draws, want 10", n)
	}
	plain := weights{home: 60, emptyCol: 30}
	heavy := plain
	heavy.waste = 39
	if got := s.eval(b, &heavy) - s.eval(b, &plain); got != -39*n {
		t.Errorf("ten waste cards at 39 more each: eval %d apart, want %d", got, -39*n)
	}
	// With a depth weight, a wanted card deep in the waste counts only where the waste weighs.
	plain.depth, heavy.depth = 6, 6
	wanted := int32(0)
	next := b.wanted()
	for k, x := range b.cards[c.waste][:n] {
		if next&(1<<x) != 0 {
			wanted += 6 * (n - 1 - int32(k))
		}
	}
	if wanted == 0 {
		t.Fatal("no card the foundations want lies under another in the waste: pick another deal")
	}
	if got := s.eval(b, &heavy) - s.eval(b, &plain); got != -39*n-wanted {
		t.Errorf("with depth 6: eval %d apart, want %d", got, -39*n-wanted)
	}
}

// TestBuriedSearchesWin: Forty Thieves deals that preset.buries' searches win within a small
// budget, and the stock's searches, which weigh a waste card as a stock card, do not; each
// line replays through the engine.
func TestBuriedSearchesWin(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{12, 13, 15} {
		cfg := model.Config{Game: "fortythieves", Seed: seed}
		for _, plain := range []bool{false, true} {
			g, err := model.NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			p := presets[0].clone()
			if plain {
				p.buries = nil
			}
			r, err := Solve(context.Background(), g, Options{MaxStates: 200_000, Shorten: ShortenOff, preset: p})
			if err != nil {
				t.Fatal(err)
			}
			if got, want := r.Status, map[bool]Status{false: Solved, true: GaveUp}[plain]; got != want {
				t.Fatalf("seed %d, stock's searches %v: %v, want %v", seed, plain, r, want)
			}
			if r.Status != Solved {
				continue
			}
			if err := replayDeal(t, cfg, r.Moves); err != nil {
				t.Errorf("seed %d: the line does not replay: %v", seed, err)
			}
		}
	}
}
