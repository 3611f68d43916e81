package model

import (
	"runtime"
	"testing"
)

// heapAfterGC is the live heap, after a full collection.
func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkHistory100kDraws plays 100,000 draws in Klondike and reports the memory the game then
// holds, its history included (under 20 MiB), and the time per draw.
func BenchmarkHistory100kDraws(b *testing.B) {
	const n = 100_000
	var held uint64
	for b.Loop() {
		before := heapAfterGC()
		g, err := NewGame(Config{Game: "klondike", Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		for range n {
			if _, err := g.Play(Draw{}); err != nil {
				b.Fatal(err)
			}
		}
		held = heapAfterGC() - before
		runtime.KeepAlive(g)
	}
	b.ReportMetric(float64(held)/(1<<20), "MiB/100k-draws")
	b.ReportMetric(float64(held)/n, "B/step")
}

// BenchmarkHistoryUndo10 undoes and redoes ten steps at the end of a 100,000-draw game.
func BenchmarkHistoryUndo10(b *testing.B) {
	g, err := NewGame(Config{Game: "klondike", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for range 100_000 {
		if _, err := g.Play(Draw{}); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, err := g.Apply(Undo{N: 10}); err != nil {
			b.Fatal(err)
		}
		if _, err := g.Apply(Redo{N: 10}); err != nil {
			b.Fatal(err)
		}
	}
}
