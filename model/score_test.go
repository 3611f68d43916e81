package model

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// scoreGame is a Klondike game set up from piles written "C1=5h:KS 6C" (face-down cards
// before the colon), every pile not named empty; the rest of the deck does not matter here.
func scoreGame(t *testing.T, opts Options, piles ...string) *Game {
	t.Helper()
	g, err := NewGame(Config{Game: "klondike", Seed: 1, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g.State.Piles {
		g.State.Piles[i] = Pile{}
	}
	for _, p := range piles {
		name, cards, _ := strings.Cut(p, "=")
		i := g.Def.pileIndex(name)
		if i < 0 {
			t.Fatalf("no pile %s", name)
		}
		down, up, found := strings.Cut(cards, ":")
		if !found {
			down, up = "", cards
		}
		var pile Pile
		for _, c := range append(strings.Fields(down), strings.Fields(up)...) {
			card, err := ParseCard(c)
			if err != nil {
				t.Fatal(err)
			}
			pile.Cards = append(pile.Cards, card)
		}
		pile.Down = len(strings.Fields(down))
		if g.Def.Piles[i].Role == Stock {
			pile.Down = len(pile.Cards)
		}
		g.State.Piles[i] = pile
	}
	g.start = g.State.Clone()
	return g
}

// TestScoreEvents checks each event of standard scoring, and Vegas, on one step each.
func TestScoreEvents(t *testing.T) {
	// Enough cards elsewhere that no step wins the deal or finishes it automatically.
	rest := []string{"C7=KD QD JD 10D 9D 8D 7D:6D", "S=2C 3C 4C"}
	tests := []struct {
		name    string
		opts    Options
		piles   []string
		ops     []Op
		want    int
		wantSys string
	}{
		{"waste to tableau +5", nil, []string{"W=QH", "C1=KS"}, []Op{mv("W", "C1", 1)}, 5, ScoringStandard},
		{"waste to foundation +10", nil, []string{"W=AS"}, []Op{mv("W", "F1", 1)}, 10, ScoringStandard},
		{"tableau to foundation +10", nil, []string{"C1=AS"}, []Op{mv("C1", "F1", 1)}, 10, ScoringStandard},
		{"turning a card over +5 with the move that uncovers it", nil, []string{"C1=5H:AS"}, []Op{mv("C1", "F1", 1)}, 15, ScoringStandard},
		{"tableau to tableau scores nothing", nil, []string{"C1=QH", "C2=KS"}, []Op{mv("C1", "C2", 1)}, 0, ScoringStandard},
		{"foundation to tableau -15, never below 0", nil, []string{"C1=3D", "F1=AS 2S"}, []Op{mv("F1", "C1", 1)}, 0, ScoringStandard},
		{"foundation to tableau after earning", nil, []string{"W=2S AS", "C1=3D"}, []Op{mv("W", "F1", 1), mv("W", "F1", 1), mv("F1", "C1", 1)}, 5, ScoringStandard},
		{"draw 1: before the recycle", nil, []string{"W=9C QH", "C1=KS", "C2=10H"}, []Op{mv("W", "C1", 1), mv("W", "C2", 1), Draw{}, Draw{}, Draw{}}, 10, ScoringStandard},
		{"draw 1: a recycle costs 100, down to 0", nil, []string{"W=9C QH", "C1=KS", "C2=10H"}, []Op{mv("W", "C1", 1), mv("W", "C2", 1), Draw{}, Draw{}, Draw{}, Draw{}}, 0, ScoringStandard},
		{"draw 3: the first two recycles are free", Options{"draw": "3"}, []string{"W=QH", "C1=KS", "C2=8H", "C3=9C"}, []Op{mv("W", "C1", 1), mv("C2", "C3", 1), Draw{}, Draw{}}, 5, ScoringStandard},
		{"vegas: $52 a deal", Options{"scoring": "vegas"}, []string{"C1=QH"}, nil, -52, ScoringVegas},
		{"vegas: $5 a card home", Options{"scoring": "vegas"}, []string{"C1=5H:AS", "W=AD"}, []Op{mv("C1", "F1", 1), mv("W", "F2", 1)}, -42, ScoringVegas},
		{"none", Options{"scoring": "none"}, []string{"C1=AS"}, []Op{mv("C1", "F1", 1)}, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := scoreGame(t, tc.opts, append(append([]string{}, tc.piles...), rest...)...)
			for _, op := range tc.ops {
				if _, err := g.Apply(op); err != nil {
					t.Fatalf("%s: %v", op, err)
				}
			}
			if got := g.Score(); got.Points != tc.want || got.System != tc.wantSys {
				t.Errorf("score %+v, want %s %d", got, tc.wantSys, tc.want)
			}
		})
	}
}

// TestRecyclePenalty checks the cost of each turn of the waste: draw 1 pays for every pass after
// the first, draw 3 for every pass after the third.
func TestRecyclePenalty(t *testing.T) {
	for _, tc := range []struct {
		draw     string
		recycles int
		want     int
	}{
		{"1", 1, -100}, {"1", 2, -100},
		{"3", 1, 0}, {"3", 2, 0}, {"3", 3, -20}, {"3", 7, -20},
	} {
		g, err := NewGame(Config{Game: "klondike", Seed: 1, Options: Options{"draw": tc.draw}})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.points(Recycle, tc.recycles); got != tc.want {
			t.Errorf("draw %s, recycle %d: %d points, want %d", tc.draw, tc.recycles, got, tc.want)
		}
	}
}

// TestScoreUndoRestart checks that undo takes back the points of what it undoes, redo gives them
// again, and restart starts the score again (undone, the score before it comes back).
func TestScoreUndoRestart(t *testing.T) {
	g := scoreGame(t, nil, "C1=5H:AS", "W=2S", "C7=KD QD JD 10D 9D 8D 7D:6D", "S=2C 3C 4C")
	steps := []struct {
		op   Op
		want int
	}{
		{mv("C1", "F1", 1), 15},
		{mv("W", "F1", 1), 25},
		{Undo{N: 1}, 15},
		{Redo{N: 1}, 25},
		{Restart{}, 0},
		{Undo{N: 1}, 25},
		{Undo{N: 2}, 0},
	}
	for _, s := range steps {
		if _, err := g.Apply(s.op); err != nil {
			t.Fatalf("%s: %v", s.op, err)
		}
		if got := g.Score().Points; got != s.want {
			t.Errorf("after %s: score %d, want %d", s.op, got, s.want)
		}
	}
}

// TestVegasPasses checks that Vegas limits the passes as Windows does unless passes gives a number.
func TestVegasPasses(t *testing.T) {
	for _, tc := range []struct {
		opts Options
		want int
	}{
		{Options{"scoring": "vegas"}, 1},
		{Options{"scoring": "vegas", "draw": "3"}, 3},
		{Options{"scoring": "vegas", "passes": "2"}, 2},
		{Options{"scoring": "standard"}, 0},
		{Options{}, 0},
	} {
		g, err := NewGame(Config{Game: "klondike", Seed: 1, Options: tc.opts})
		if err != nil {
			t.Fatal(err)
		}
		if g.Def.Passes != tc.want {
			t.Errorf("%v: %d passes, want %d", tc.opts, g.Def.Passes, tc.want)
		}
	}
}

// TestScoreKeptMatchesReplay plays random Klondike commands, undo, redo and restart among them,
// and checks after each that the score kept in the history is the score of a full replay.
func TestScoreKeptMatchesReplay(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := NewGame(Config{Game: "klondike", Seed: seed, Options: Options{"draw": []string{"1", "3"}[seed%2]}})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 0x5c0e))
		for n := 0; n < 600 && !g.Won(); n++ {
			var op Op
			switch k := rng.IntN(20); {
			case k < 3 && g.CanUndo() > 0:
				op = Undo{N: 1 + rng.IntN(min(g.CanUndo(), 5))}
			case k < 5 && len(g.redo) > 0:
				op = Redo{N: 1}
			case k == 5 && g.Moves() > 0:
				op = Restart{}
			default:
				legal := g.Legal()
				if len(legal) == 0 {
					op = Undo{N: 1}
					break
				}
				op = legal[rng.IntN(len(legal))]
			}
			if _, err := g.Apply(op); err != nil {
				continue
			}
			got := g.Score().Points
			fresh := &Game{Info: g.Info, Def: g.Def, Config: g.Config, State: g.State, start: g.start,
				undo: make([]step, len(g.undo)), restarts: g.restarts}
			for i, s := range g.undo {
				fresh.undo[i] = step{op: s.op, hash: s.hash, snap: s.snap}
			}
			if want := fresh.Score().Points; got != want {
				t.Fatalf("seed %d command %d (%s): kept score %d, replayed %d", seed, n, op, got, want)
			}
		}
	}
}

// BenchmarkScoreLongGame is the cost of the status line's score after one more command in a
// 100,000-draw game: the kept scores make it independent of the game's length.
func BenchmarkScoreLongGame(b *testing.B) {
	g, err := NewGame(Config{Game: "klondike", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for range 100_000 {
		if _, err := g.Play(Draw{}); err != nil {
			b.Fatal(err)
		}
	}
	g.Score()
	for b.Loop() {
		if _, err := g.Play(Draw{}); err != nil {
			b.Fatal(err)
		}
		g.Score()
	}
}
