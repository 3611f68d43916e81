package solve

import (
	"context"
	"math"
	"testing"
	"time"

	"solitaire/model"
)

// TestCycleStartKey: where the stock turns three cards without a pass limit (classic
// Canfield), the places an empty waste's draws reach are one key, every other place its
// own, and cycleStartKey gives the others the key of those; with a pass limit each place is
// its own key (the turns left differ) and no key dominates.
func TestCycleStartKey(t *testing.T) {
	for _, tc := range []struct {
		opts  model.Options
		limit bool
	}{
		{model.Options{"classic": "true"}, false},
		{model.Options{"classic": "true", "passes": "3"}, true},
	} {
		g, err := model.NewGame(model.Config{Game: "canfield", Seed: 1, Options: tc.opts})
		if err != nil {
			t.Fatal(err)
		}
		c, err := compile(g.Def, g.State.Base)
		if err != nil {
			t.Fatal(err)
		}
		if c.plainCopy().cycleMerge {
			// The plain search offers a draw as a move of its own; merged places would
			// make each draw lead back to a position seen and the walk prove nothing.
			t.Errorf("%v: the plain copy merges the waste's places", tc.opts)
		}
		var b board
		b.load(c, &g.State)
		total := int(b.n[c.stock]) + int(b.n[c.waste])
		start, seen := b.hash, map[uint64]int{}
		for nw := 0; nw <= total; nw++ {
			b.rotate(nw)
			cp := b
			cp.rehash()
			if cp.hash != b.hash {
				t.Fatalf("%v: waste of %d: the key after turning is %#x, rehash gives %#x", tc.opts, nw, b.hash, cp.hash)
			}
			dom, ok := b.cycleStartKey()
			switch atStart := nw%3 == 0 || nw == total; {
			case tc.limit:
				if prev, dup := seen[b.hash]; dup {
					t.Errorf("%v: wastes of %d and %d cards share a key under a pass limit", tc.opts, prev, nw)
				}
				if ok {
					t.Errorf("%v: waste of %d: a position dominated under a pass limit", tc.opts, nw)
				}
			case atStart:
				if b.hash != start || ok {
					t.Errorf("waste of %d of %d cards (the cycle's start): key %#x (empty waste %#x), dominates %v; want the empty waste's key and no other", nw, total, b.hash, start, ok)
				}
			default:
				if prev, dup := seen[b.hash]; dup || b.hash == start {
					t.Errorf("waste of %d cards shares its key with the waste of %d (or the empty one's)", nw, prev)
				}
				if !ok || dom != start {
					t.Errorf("waste of %d cards: cycleStartKey %#x, %v; want the empty waste's key %#x", nw, dom, ok, start)
				}
			}
			seen[b.hash] = nw
		}
	}
}

// TestSharedWalksNeedBothEnds: two walks on one table each leave alone what the other stored,
// so the first to end has not seen everything: it must not claim a proof, and the deal is
// proved unsolvable only when the other ends too. A walk on its peer's table waits for the
// peer to set the table up.
func TestSharedWalksNeedBothEnds(t *testing.T) {
	g, err := model.NewGame(model.Config{Game: "canfield", Seed: 413, Options: model.Options{"classic": "true"}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	s := &searcher{c: c, g: g, opt: Options{MaxStates: math.MaxInt, MaxMemory: DefaultMaxMemory}, ctx: context.Background(), start: time.Now(), kept: new(kit)}
	var d0, d1 dfs
	d0.reset(s, promiseOrder, 0, 0)
	d1.reset(s, promiseOrder, 1, 0)
	share(&d0, &d1)
	s.running = []strategy{&d0, &d1}
	if _, status := d1.step(s, 100); status != GaveUp || d1.started {
		t.Fatalf("the borrowing walk, run before its peer: %v, started %v; want it to wait", status, d1.started)
	}
	// Turns of 1,000 positions until the first ends, so that both have stored some.
	var first, other *dfs
	for q := 0; first == nil && q < 10_000; q++ {
		for i, d := range []*dfs{&d0, &d1} {
			_, status := d.step(s, 1000)
			if status != GaveUp {
				t.Fatalf("a walk ended with %v before its peer ended; want gave up", status)
			}
			if d.done {
				first, other = d, d.crew[1-i]
				break
			}
		}
	}
	if first == nil || other.done {
		t.Fatalf("no walk ended alone (first %v)", first != nil)
	}
	before := s.states
	_, status := other.step(s, math.MaxInt)
	if status != Unsolvable {
		t.Fatalf("seed 413 once both walks ended: %v, want unsolvable", status)
	}
	t.Logf("the first walk ended at %d positions, the second stored %d more", before, s.states-before)
	// The same proof from one walk: the pair together stores about as many positions.
	r, err := Solve(context.Background(), g, Options{MaxStates: 10_000_000, Shorten: ShortenOff, preset: presetNamed(t, "walk")})
	if err != nil || r.Status != Unsolvable {
		t.Fatalf("one walk: %v %v, want unsolvable", r, err)
	}
	if s.states > r.States*11/10 {
		t.Errorf("the two walks stored %d positions, one walk %d: the shared table should store each position once", s.states, r.States)
	}
}

// TestSharedWalksKeepVerdicts: the solver's walks on one table (preset.sharedWalks) and the
// first walk alone reach the same verdict on every deal both decide, in games where the
// walk merges twins (Klondike), leaves out dominated stock places (classic Canfield) or
// neither (Osmosis), with enough deals proved lost to mean something.
func TestSharedWalksKeepVerdicts(t *testing.T) {
	t.Parallel()
	// Seeds 1-12, or three with the default size: 6 has deals lost within its budget.
	seeds, budget := []uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 300_000
	if !sweeps() {
		seeds, budget = []uint64{1, 2, 6}, 100_000
	}
	cfgs := []model.Config{}
	for _, seed := range seeds {
		cfgs = append(cfgs,
			model.Config{Game: "canfield", Seed: seed, Options: model.Options{"classic": "true"}},
			model.Config{Game: "klondike", Seed: seed, Options: model.Options{"passes": "1"}},
			model.Config{Game: "klondike", Seed: seed, Options: model.Options{"draw": "3"}},
			model.Config{Game: "osmosis", Seed: seed})
	}
	compared, lost := 0, 0
	for _, cfg := range cfgs {
		var r [2]Result
		for i, walks := range []int{1, max(2, presets[0].sharedWalks)} {
			p := presetNamed(t, "walk").clone()
			p.sharedWalks = walks
			g, err := model.NewGame(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if r[i], err = Solve(context.Background(), g, Options{MaxStates: budget, Shorten: ShortenOff, preset: p}); err != nil {
				t.Fatal(err)
			}
		}
		if r[0].Status == GaveUp || r[1].Status == GaveUp {
			continue
		}
		compared++
		if r[0].Status != r[1].Status {
			t.Errorf("%s: one walk says %v, the walks on one table %v", cfgName(cfg), r[0].Status, r[1].Status)
		}
		if r[0].Status == Unsolvable {
			lost++
		}
	}
	t.Logf("%d deals decided by both, %d lost", compared, lost)
	if compared < len(cfgs)/2 || lost < 3 || compared-lost < 3 {
		t.Errorf("%d of %d deals compared, %d lost: the test checks too little", compared, len(cfgs), lost)
	}
}
