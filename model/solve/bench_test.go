package solve

import (
	"context"
	"testing"

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
