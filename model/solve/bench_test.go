package solve

import (
	"context"
	"math/rand/v2"
	"testing"
	"unsafe"

	"solitaire/model"
)

// benchDeals solves FreeCell deals first..last once per iteration and reports the rates.
func benchDeals(b *testing.B, first, last int64) {
	games := make([]*model.Game, 0, last-first+1)
	for d := first; d <= last; d++ {
		g, err := model.NewGame(model.Config{Game: "freecell", Deal: d})
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g)
	}
	b.ReportAllocs()
	b.ResetTimer()
	states, moves, solved := 0, 0, 0
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			r, err := Solve(context.Background(), g, Options{})
			if err != nil {
				b.Fatal(err)
			}
			states += r.States
			if r.Status == Solved {
				solved++
				moves += len(r.Moves)
			}
		}
	}
	n := float64(b.N * len(games))
	b.ReportMetric(b.Elapsed().Seconds()*1e6/n, "µs/deal")
	b.ReportMetric(float64(states)/n, "states/deal")
	b.ReportMetric(float64(moves)/float64(max(solved, 1)), "commands/solution")
	b.ReportMetric(float64(solved)/n, "solved/deal")
}

// BenchmarkFreeCell1to100 is Microsoft deals 1-100: time, positions and solution length per deal.
func BenchmarkFreeCell1to100(b *testing.B) { benchDeals(b, 1, 100) }

// BenchmarkFreeCellDeal3 is one easy deal: the fixed cost of a solve.
func BenchmarkFreeCellDeal3(b *testing.B) { benchDeals(b, 3, 3) }

// BenchmarkChild makes and takes back one move on a FreeCell deal, keying the position it
// reaches: the work of one generated child, which must not allocate.
func BenchmarkChild(b *testing.B) {
	g, err := model.NewGame(model.Config{Game: "freecell", Deal: 1})
	if err != nil {
		b.Fatal(err)
	}
	c, err := compileFor(g)
	if err != nil {
		b.Fatal(err)
	}
	s := &searcher{c: c, g: g}
	var bd board
	bd.load(c, &g.State)
	ms := s.gen(&bd, nil)
	if len(ms) == 0 {
		b.Fatal("no moves")
	}
	var tt hashSet
	tt.init(1 << 16)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := ms[i%len(ms)]
		mark := len(bd.log)
		bd.apply(m)
		tt.insert(bd.hash)
		_ = s.eval(&bd, &defaultWeights)
		bd.undoTo(mark)
	}
}

// BenchmarkGenerate lists the moves of a FreeCell position.
func BenchmarkGenerate(b *testing.B) {
	g, err := model.NewGame(model.Config{Game: "freecell", Deal: 1})
	if err != nil {
		b.Fatal(err)
	}
	c, _ := compileFor(g)
	s := &searcher{c: c, g: g}
	var bd board
	bd.load(c, &g.State)
	buf := make([]move, 0, 256)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = s.gen(&bd, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

// BenchmarkStoredBytes reports the bytes a stored position takes in the best-first search
// (packed position, node, open-list entry, key at the table's greatest load) for FreeCell.
func BenchmarkStoredBytes(b *testing.B) {
	g, _ := model.NewGame(model.Config{Game: "freecell", Deal: 1})
	c, _ := compileFor(g)
	var bd board
	bd.load(c, &g.State)
	size := 0
	for i := 0; i < b.N; i++ {
		size = bd.packedSize()
	}
	b.ReportMetric(float64(size+int(unsafe.Sizeof(node{}))+int(unsafe.Sizeof(openItem{}))+16), "bytes/position")
	b.ReportMetric(16, "bytes/key")
}

// BenchmarkFreeCell1to1000 is Microsoft deals 1-1000, the short range.
func BenchmarkFreeCell1to1000(b *testing.B) { benchDeals(b, 1, 1000) }

// BenchmarkJammed checks positions of Spiderette with the stock out for a jam (board.jammed):
// five a deal that random play meets after dealing the stock (about half jammed), and those
// along won lines (none jammed). The best-first searches make the check on each new position
// they reach with the stock out.
func BenchmarkJammed(b *testing.B) {
	var boards []board
	jammed := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g, c, bd := dealBoard(b, model.Config{Game: "spiderette", Seed: seed})
		s := &searcher{c: c, g: g}
		rng := rand.New(rand.NewPCG(seed, 1))
		for kept := 0; kept < 5; {
			ms := s.gen(bd, nil)
			if len(ms) == 0 {
				break
			}
			bd.apply(ms[rng.IntN(len(ms))])
			if bd.n[c.stock] == 0 {
				boards = append(boards, *bd)
				if bd.jammed() {
					jammed++
				}
				kept++
			}
		}
	}
	for _, seed := range []uint64{2, 5, 8} {
		alongLine(b, lineCase{"spiderette", nil, seed}, 3_000_000, func(_ int, g *model.Game, s *searcher, bd *board) {
			if bd.n[s.c.stock] == 0 {
				boards = append(boards, *bd)
			}
		})
	}
	if len(boards) == 0 || jammed == 0 || jammed == len(boards) {
		b.Fatalf("%d positions, %d jammed: the benchmark would time one case only", len(boards), jammed)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		boards[i%len(boards)].jammed()
	}
	b.ReportMetric(float64(jammed)/float64(len(boards)), "jammed/position")
	b.ReportMetric(float64(len(boards)), "positions")
}
