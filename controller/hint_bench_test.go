package controller

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"solitaire/model"
	"solitaire/view"
)

// BenchmarkHintLatency times a player's first hint (no line known yet, the default 1 s budget)
// over FreeCell deals 1 to HINT_LATENCY_DEALS (default 100; the target is stated for 1000) and
// over mid-game positions of every game: seeds 1-20, after 15 moves the heuristic picks with
// a little chance. It reports the median and 95th percentile (targets: 50 ms and 300 ms).
func BenchmarkHintLatency(b *testing.B) {
	deals := envInt("HINT_LATENCY_DEALS", 100)
	var games []*model.Game
	for d := 1; d <= deals; d++ {
		g, err := model.NewGame(model.Config{Game: "freecell", Deal: int64(d)})
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g)
	}
	fresh := len(games)
	for _, info := range model.Games() {
		for seed := uint64(1); seed <= 20; seed++ {
			g, err := model.NewGame(model.Config{Game: info.Name, Seed: seed})
			if err != nil {
				b.Fatal(err)
			}
			midGame(g, seed, 15)
			games = append(games, g)
		}
	}
	for b.Loop() {
		var fc, mid []time.Duration
		for i, g := range games {
			at, _ := g.Back(0)
			s := NewSessionAt(at, view.Style{ASCII: true}, frozen)
			s.Assist(AssistOptions{})
			start := time.Now()
			s.Exec(model.Hint{})
			if i < fresh {
				fc = append(fc, time.Since(start))
			} else {
				mid = append(mid, time.Since(start))
			}
		}
		all := append(slices.Clone(fc), mid...)
		for _, m := range []struct {
			name string
			d    []time.Duration
		}{{"freecell", fc}, {"midgame", mid}, {"all", all}} {
			slices.Sort(m.d)
			b.ReportMetric(float64(m.d[len(m.d)/2].Microseconds())/1000, m.name+"-median-ms")
			b.ReportMetric(float64(m.d[len(m.d)*95/100].Microseconds())/1000, m.name+"-p95-ms")
		}
	}
}

// midGame plays n moves on g: mostly the heuristic's first choice, sometimes another, so that
// positions are neither the deal nor a line a solver chose.
func midGame(g *model.Game, seed uint64, n int) {
	r := rand.New(rand.NewPCG(seed, 7))
	for k := 0; k < n && !g.Won(); k++ {
		sg := g.Suggestions()
		if len(sg) == 0 {
			return
		}
		i := 0
		if r.IntN(3) == 0 {
			i = r.IntN(len(sg))
		}
		g.Play(sg[i].Op)
	}
}
