package solve

import (
	"cmp"
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"solitaire/model"
)

// TestPairsBlocked: the positions pairsBlocked calls lost, on boards laid out by hand.
func TestPairsBlocked(t *testing.T) {
	for _, tt := range []struct {
		name    string
		piles   map[string]string
		blocked bool
		passes  string
	}{
		// The stock's and the waste's cards need not leave: a pair stuck in the waste may stay.
		{"a pair stuck in the waste on its last pass", map[string]string{"W": "6C 7C", "P28": "KH"}, false, "1"},
		{"a seven with its partners in the waste", map[string]string{"W": "6C 6D", "P28": "7H"}, false, "1"},
		{"the waste's top and the stock's", map[string]string{"W": "6C", "S": "7H"}, false, "1"},
		{"a seven under its only six", map[string]string{"P1": "7H", "P2": "6C"}, true, ""},
		{"a seven under a six, the other six beside it", map[string]string{"P2": "7H", "P4": "6C", "P3": "6D", "P6": "7S"}, false, ""},
		{"both sevens under both sixes", map[string]string{"P1": "7H", "P2": "6C", "P3": "6D", "P5": "7S"}, true, ""},
		{"side by side", map[string]string{"P2": "7H", "P3": "6C"}, false, ""},
		{"under through another card", map[string]string{"P1": "7H", "P4": "6C", "P2": "KD"}, true, ""},
		{"a partner in the stock", map[string]string{"P1": "7H", "P2": "6C", "S": "6D 7S"}, false, ""},
		{"kings alone never block", map[string]string{"P1": "KH", "P2": "KC"}, false, ""},
	} {
		g, err := model.NewGame(model.Config{Game: "pyramid", Seed: 1, Options: model.Options{"passes": cmp.Or(tt.passes, "3")}})
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.State.Piles {
			g.State.Piles[i] = model.Pile{}
		}
		for name, cards := range tt.piles {
			p, _, _ := g.Pile(name)
			for _, f := range strings.Fields(cards) {
				c, err := model.ParseCard(f)
				if err != nil {
					t.Fatal(err)
				}
				p.Cards = append(p.Cards, c)
			}
			if name == "S" {
				p.Down = len(p.Cards) - 1
			}
		}
		c, err := compileFor(g)
		if err != nil {
			t.Fatal(err)
		}
		var b board
		b.load(c, &g.State)
		if got := b.pairsBlocked(); got != tt.blocked {
			t.Errorf("%s: pairsBlocked %v, want %v", tt.name, got, tt.blocked)
		}
	}
}

// TestPairsBlockedLeavesWins: seed 281 with one pass, after these commands, is won (P5 P7,
// S W, W P4, P2 P6, W P3, W P1) with a five left in the waste under both eights that are left:
// the waste's cards need not pair, and the position is not lost.
func TestPairsBlockedLeavesWins(t *testing.T) {
	g, err := model.NewGame(model.Config{Game: "pyramid", Seed: 281, Options: model.Options{"passes": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	line := "move P22 P24, draw, draw, move S P26, draw, move S P23, move P16 P27, move P20 P28, move P21 P25, " +
		"move W P15, draw, move S F1, move P17 P19, move P18 F1, draw, move S P13, move P11 F1, draw, move S P14, " +
		"move S F1, move S P10, draw, move S P9, move S P12, draw, draw, draw, move W P8, draw"
	for _, cmd := range strings.Split(line, ", ") {
		if _, err := g.Apply(parseCmd(t, cmd)); err != nil {
			t.Fatalf("%s: %v", cmd, err)
		}
	}
	c, err := compileFor(g)
	if err != nil {
		t.Fatal(err)
	}
	var b board
	b.load(c, &g.State)
	if b.pairsBlocked() {
		t.Error("pairsBlocked calls a won position lost")
	}
	if r, err := Solve(context.Background(), g, Options{MaxStates: 100_000, Shorten: ShortenOff}); err != nil || r.Status != Solved {
		t.Errorf("solve: %v %v, want solved", r, err)
	}
}

// parseCmd reads "move P5 P7" or "draw" as the engine's command.
func parseCmd(t *testing.T, s string) model.Op {
	f := strings.Fields(s)
	if f[0] == "draw" {
		return model.Draw{}
	}
	ref := func(n string) model.PileRef {
		r := model.PileRef{Kind: n[0]}
		for _, ch := range n[1:] {
			r.Index = r.Index*10 + int(ch-'0')
		}
		return r
	}
	return model.Move{From: ref(f[1]), To: ref(f[2])}
}

// TestPairsBlockedIsLost: wherever random play reaches a position pairsBlocked calls lost, the
// solver's search without its game knowledge (plainCopy: the engine's moves alone, no
// pairsBlocked) finds no win from it, and a short search of the engine's own none either.
func TestPairsBlockedIsLost(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	// 2 positions, each searched on 30,000 positions; 12 on 200,000 with the long sweeps.
	checked, want, budget, limit, proved := 0, 2, 30_000, time.Second, 0
	if sweeps() {
		want, budget, limit = 12, 200_000, 5*time.Second
	}
	for seed := uint64(1); seed <= 40 && checked < want; seed++ {
		g, err := model.NewGame(model.Config{Game: "pyramid", Seed: seed, Options: model.Options{"passes": "1"}})
		if err != nil {
			t.Fatal(err)
		}
		c, err := compileFor(g)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 60; step++ {
			var b board
			b.load(c, &g.State)
			if b.pairsBlocked() {
				checked++
				if p := engineSearch(g, budget/10, limit/10); p.won {
					t.Fatalf("pyramid seed %d, step %d: pairsBlocked calls it lost, but the engine wins in %d commands", seed, step, len(p.line))
				}
				opt := Options{MaxStates: 20 * budget, MaxMemory: 1 << 28, TimeLimit: limit, Shorten: ShortenOff}
				plain, err := solveWith(context.Background(), g, opt, c.plainCopy(), time.Now())
				switch {
				case err != nil:
					t.Fatal(err)
				case plain.Status == Solved:
					t.Fatalf("pyramid seed %d, step %d: pairsBlocked calls it lost, but the plain search wins in %d commands", seed, step, len(plain.Moves))
				case plain.Status == Unsolvable:
					proved++
				}
				break
			}
			legal := g.Legal()
			if len(legal) == 0 {
				break
			}
			if _, err := g.Apply(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d blocked positions, %d of them proved lost by the plain search", checked, proved)
	if checked < want || proved == 0 {
		t.Errorf("random play met %d blocked positions: the test checks too little", checked)
	}
}
